# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""One rule for every input and every system: what is changed or ignored is a warning naming
it (warnings.warn and Run.warnings, the text of dmsim run's JSON), what cannot be run is a
ValueError naming the argument; a run that fails warns."""

import warnings

import pytest

import dms
from conftest import without_times


def warned(**kwargs):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run = dms.run(**kwargs)
    return run, [str(w.message) for w in caught]


@pytest.mark.parametrize("system,name", [("spherical-pendulum", "q0"),
                                         ("custom-sphere-particle", "q0"),
                                         ("pendulum-chain", "q0_1")])
def test_a_normalized_q0_warns_for_every_system(dmsim, system, name):
    run, said = warned(system=system, T=1, params={name: [0, 0, 2]})
    assert f"{name} has length 2: scaled to 1" in said
    assert said == run.warnings
    expected = dmsim.json("run", "--system", system, "--T", "1", "--set", f"{name}=0,0,2")
    assert run.warnings == expected["warnings"]


def test_settings_a_fixed_step_method_ignores_warn():
    run, said = warned(system="spherical-pendulum", method="vi", T=1, rtol=1e-8, atol=1e-10,
                       controller="scipy")
    assert said == ["rtol, atol and controller are ignored: vi is a fixed-step method (rtol, "
                    "atol, the controller and the sampling set the adaptive methods' steps)"]
    run, said = warned(system="spherical-pendulum", method="rk45", T=1, summation="plain")
    assert said == ["summation is ignored: rk45 is an adaptive method (the summation is the "
                    "fixed-step methods')"]
    # what is not given is not reported, nor a scenario file's settings
    run, said = warned(system="spherical-pendulum", method="vi", T=1)
    assert said == []


@pytest.mark.parametrize("kwargs,says", [
    (dict(params={"n": True}), r"params\['n'\] = True: expected a number"),
    (dict(params="m=0.5"), r"params = 'm=0.5': expected a dict"),
    (dict(h="0.01"), r"h = '0.01': expected a number"),
    (dict(T=[1.0]), r"T = \[1.0\]: expected a number"),
    (dict(controller=1), r"controller = 1: expected a string"),
])
def test_a_value_of_the_wrong_type_names_the_argument(kwargs, says):
    with pytest.raises(ValueError, match=says):
        dms.run("pendulum-chain", **kwargs)


def test_sweep_arguments_of_the_wrong_type_name_the_argument():
    with pytest.raises(ValueError, match=r"h\[1\] = '0.01': expected a number"):
        dms.sweep("mass-spring", methods=["vi"], h=[0.02, "0.01"])
    with pytest.raises(ValueError, match=r"params = 'm=0.5'"):
        dms.sweep("mass-spring", params="m=0.5")


def test_parameters_keep_whole_numbers():
    run = dms.run("pendulum-chain", T=0.1, params={"n": 3})
    assert run.parameters["n"] == 3 and isinstance(run.parameters["n"], int)
    assert isinstance(run.parameters["g"], float)


@pytest.mark.parametrize("system,h", [("pendulum-3d", "1"), ("pendulum-chain", "1"),
                                      ("planar-pendulum", "2"), ("spherical-pendulum", "3")])
def test_a_failed_first_step_is_refused_naming_h(dmsim, system, h):
    with pytest.raises(ValueError) as e:
        dms.run(system, "vi", h=float(h), T=6)
    assert str(e.value).startswith(f"--h {h} is too large for {system}")
    assert str(e.value) == dmsim.error("run", "--system", system, "--h", h, "--T", "6")


def test_a_failed_run_warns(dmsim):
    run, said = warned(system="planar-pendulum", method="vi", h=1.0, T=5,
                       params={"theta0": 3.1})
    assert run.status == "failed" and len(run) == 5
    assert said[-1].startswith("integration failed at t = 4: ")
    assert run.warnings == said
    expected = dmsim.json("run", "--system", "planar-pendulum", "--h", "1", "--T", "5", "--set",
                          "theta0=3.1")
    assert without_times(run.summary) == without_times(expected)


def test_scenario_and_study_arguments_of_the_wrong_type_name_the_argument(tmp_path):
    path = tmp_path / "s.json"
    with pytest.raises(ValueError, match=r"h = '0.01': expected a number"):
        dms.save_scenario(path, system="mass-spring", h="0.01")
    with pytest.raises(ValueError, match=r"params = 'm=0.5'"):
        dms.save_scenario(path, system="mass-spring", params="m=0.5")
    assert not path.exists()
    with pytest.raises(ValueError, match=r"params = 'm=0.5'"):
        dms.long_time("planar-pendulum", params="m=0.5")
    with pytest.raises(ValueError, match=r"jobs = True: expected a number"):
        dms.long_time("planar-pendulum", jobs=True)
