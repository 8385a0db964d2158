# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The DMOC examples by IPOPT: dms.load_example(name).control() solves them as dmsim control
--example does; the RK45 replay of the optimal controls ends farther from the target than vi's;
an unreachable target is a solution with converged False and the reason in words."""

import re

import numpy as np
import pytest

import dms
from conftest import without_times


def test_example_control_equals_dmsim_control_example(dmsim):
    example = dms.load_example("pendulum-3d-maneuver")
    # the control block is the file's dict, and callable
    assert isinstance(example.control, dict)
    assert example.control["values"]["u_max"] == 3
    seen = []
    sol = example.control(progress=seen.append)
    expected = dmsim.json("control", "--example", "pendulum-3d-maneuver")
    assert without_times(sol.report) == without_times(expected)
    assert sol.converged and seen and seen[-1].cost == sol.history[-1].cost
    # the solver's tolerance is 1e-8: vi's replay of the controls ends within it; RK45's, which
    # the controls were not made for, by its own error over the maneuver (rtol 1e-3)
    assert sol.report["terminal_error"] <= 1e-8
    assert sol.report["rk45_terminal_error"] > 100 * sol.report["terminal_error"]
    assert set(sol.controls) == {"tau"} and sol.controls["tau"].shape == (200, 3)


def test_every_dmoc_example_is_its_systems_problem():
    for name, system in [("pendulum-3d-maneuver", "pendulum-3d"),
                         ("chain-swing-up", "pendulum-chain"),
                         ("custom-rigid-body-reorientation", "custom-rigid-body"),
                         ("mass-spring-rest", "mass-spring"),
                         ("planar-pendulum-swing-up", "planar-pendulum"),
                         ("two-body-reorientation", "two-body"),
                         ("custom-sphere-particle-transfer", "custom-sphere-particle"),
                         ("quadrotor-flip", "quadrotor")]:
        example = dms.load_example(name)
        assert example.system == system
        problem = [p for p in dms.control_problems() if p.system == system]
        assert len(problem) == 1
        # the fields' defaults as text: "2", "(0, 0, 1.5708)"
        defaults = {f["name"]: [float(x) for x in re.split(r"[,\s()]+", f["default"]) if x]
                    for f in problem[0].fields}
        for k, v in example.control["values"].items():
            given = v if isinstance(v, list) else [v]
            assert defaults[k] == pytest.approx(given, rel=1e-4), (name, k)


def test_unreachable_target_in_words():
    sol = dms.control("pendulum-chain", u_max=0.5, max_iter=60)
    assert not sol.converged
    assert sol.message.startswith("the target cannot be reached with |u_i| <= 0.5 N in 3 s: ")
    assert "constraint violation" in sol.message


def test_bad_field_names_it(dmsim):
    with pytest.raises(ValueError, match="u_max"):
        dms.control("pendulum-3d", u_max=-1)
    assert "--example 'nope'" in dmsim.error("control", "--example", "nope")


def test_the_control_blocks_values_are_solved():
    example = dms.load_example("pendulum-3d-maneuver")
    example.control["values"]["T"] = 1.5
    sol = example.control(u_max=0.8)
    # the file's block as changed, and the keyword over it
    assert sol.report["T"] == 1.5 and sol.report["N"] == 150 and sol.report["u_max"] == 0.8


@pytest.mark.parametrize("name,symbols,width", [
    ("mass-spring-rest", {"f"}, 1),
    ("planar-pendulum-swing-up", {"tau"}, 1),
    ("custom-sphere-particle-transfer", {"f"}, 3),
    ("two-body-reorientation", {"tau1", "tau2", "f"}, 3),
])
def test_new_examples_converge_and_replay_to_the_target(name, symbols, width):
    sol = dms.load_example(name).control()
    assert sol.converged, sol.message
    # the defects are at round-off (tol 1e-8): vi's replay of the controls ends within tol
    assert sol.report["terminal_error"] <= 1e-8
    assert set(sol.controls) == symbols
    for u in sol.controls.values():
        # a scalar control's values are (M,), a vector's (M, 3)
        assert u.shape == ((sol.report["N"],) if width == 1 else (sol.report["N"], width))


def test_typed_costs_as_keywords_equal_dmsims(dmsim):
    sol = dms.control("mass-spring", running_cost="f^2 + 4*q^2", terminal_cost="100*(q^2 + v^2)",
                      target="cost")
    expected = dmsim.json("control", "--system", "mass-spring", "--running-cost", "f^2 + 4*q^2",
                          "--terminal-cost", "100*(q^2 + v^2)", "--target", "cost")
    assert without_times(sol.report) == without_times(expected)
    assert sol.converged and sol.report["running_cost"] == "f^2 + 4*q^2"
    # x_N is free: the replay reaches the solution's x_N, near (not at) the target
    assert sol.report["replay_error"] <= 1e-8
    assert 0 < sol.report["terminal_error"] < 0.1
    assert sol.report["terminal_cost_value"] > 0


def test_a_scenarios_typed_costs_are_solved(tmp_path):
    path = tmp_path / "costs.json"
    dms.save_scenario(path, system="mass-spring",
                      control={"values": {"T": 6.3}, "choices": {"target": "cost"},
                               "running_cost": "f^2", "terminal_cost": "1000*(q^2 + v^2)"})
    scenario = dms.load_scenario(path)
    assert scenario.control["terminal_cost"] == "1000*(q^2 + v^2)"
    sol = scenario.control()
    assert sol.converged and sol.report["target"] == "cost"
    assert sol.report["terminal_cost"] == "1000*(q^2 + v^2)"


def test_bad_costs_name_the_expression():
    with pytest.raises(ValueError, match=r"--running-cost 'f\^2 \+ w': unknown name 'w'"):
        dms.control("mass-spring", running_cost="f^2 + w")
    with pytest.raises(ValueError, match="no terminal cost is given"):
        dms.control("mass-spring", target="cost")
    sol = dms.control("mass-spring", running_cost="f^2 + log(q - 10)")
    assert not sol.converged
    assert sol.message.startswith("the cost is not finite") and "log(q - 10)" in sol.message


def test_quadrotor_flip_is_solved_and_still_flown_by_its_controller():
    example = dms.load_example("quadrotor-flip")
    # one example, two uses: run() flies the geometric controller, control() solves the flip
    assert example.control_law and example.control["values"]["f_max"] == 80
    sol = example.control()
    assert sol.converged, sol.message
    # the solver's tolerance is 1e-8: vi's replay of the controls ends within it
    assert sol.report["terminal_error"] <= 1e-8
    f, M = sol.controls["f"], sol.controls["M"]
    assert f.shape == (50,) and M.shape == (50, 3)
    # the thrust only pushes: 0 <= f <= f_max, and the optimum cuts it to 0 (upside down it
    # would push the body down); |M_i| <= M_max
    assert f.min() >= 0 and f.max() <= 80 and np.abs(M).max() <= 5
    assert f.min() < 1e-6 and sol.report["min_f"] == f.min()
    assert example.run().failure is None
