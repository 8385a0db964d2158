# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""dms.Simulator: stepping with a control held over each step, the state as a dict of arrays,
save and restore, and its refusals."""

import numpy as np
import pytest

import dms

FORCED = [s.name for s in dms.systems() if s.controls]


def test_the_controls_are_declared():
    tau = dms.system("pendulum-3d").controls
    assert [(c.name, c.shape, c.unit) for c in tau] == [("tau", [3], "N m")]
    assert [c.name for c in dms.system("dumbbell").controls] == ["tau", "f"]
    for name in FORCED:
        info = dms.system(name)
        # a dimension named by a letter is the structural parameter's value (a chain's n)
        dims = [[d if isinstance(d, int) else int(info.param(d).default) for d in c.shape]
                for c in info.controls]
        assert dms.Simulator(name).control_size == sum(int(np.prod(d)) for d in dims)


@pytest.mark.parametrize("name", FORCED)
def test_unforced_advance_is_dms_run(name):
    # the simulator's vi steps are dms.run's: the same state at T, bit for bit
    setup = dms.system(name).article_setup
    h = setup["h"]
    run = dms.run(name, "vi", h=h, T=20 * h)
    sim = dms.Simulator(name, "vi", h=h)
    sim.advance(20 * h)
    assert sim.k == 20
    for part, value in sim.state.items():
        assert np.array_equal(np.asarray(value), run.state[part][-1]), part


def test_torque_changes_the_planar_momentum_by_tau_h():
    # without gravity, a torque tau changes m l^2 Omega by tau h per step exactly (up to the
    # rounding of Omega's sum: a few ulps)
    sim = dms.Simulator("planar-pendulum", "vi", h=0.01, params={"g": 0.0, "m": 2.0, "l": 0.5},
                        summation="plain")
    ml2 = 2.0 * 0.5 ** 2
    omega0 = sim.state["Omega"]
    for _ in range(100):
        sim.step([0.3])
    assert abs(ml2 * (sim.state["Omega"] - omega0) - 100 * 0.3 * 0.01) <= 64 * np.finfo(float).eps


def test_a_control_law_damps_the_spring():
    # f = -c v takes energy out at every step: with c = 0.5 the energy falls by more than half
    # over 10 s (exp(-c t / m) = 0.007 for the continuous system)
    sim = dms.Simulator("mass-spring", "vi", h=0.01)
    e0 = sim.energy
    energies = []
    sim.advance(10.0, control=lambda t, s: [-0.5 * s["v"]])
    energies.append(sim.energy)
    assert sim.t == pytest.approx(10.0)
    assert energies[-1] < 0.01 * e0


def test_rk45_holds_the_control_over_each_interval():
    # a constant force on the spring: RK45 at a tight tolerance follows the exact forced motion
    sim = dms.Simulator("mass-spring", "rk45", h=0.05, rtol=1e-10, atol=1e-12)
    q0 = sim.state["q"]
    sim.advance(4.0, control=lambda t, s: [0.8])
    exact = 0.8 + (q0 - 0.8) * np.cos(4.0)
    assert abs(sim.state["q"] - exact) <= 1e-8


@pytest.mark.parametrize("method", ["vi", "rk45", "rk45-quat"])
def test_save_and_restore_repeat_the_steps(method):
    sim = dms.Simulator("pendulum-3d", method)
    for k in range(5):
        sim.step([0.01 * k, 0.0, -0.02])
    saved = sim.save()
    first = []
    for k in range(5):
        sim.step([0.0, 0.03, 0.01 * k])
        first.append(sim.state)
    sim.restore(saved)
    assert sim.t == saved.t
    for k in range(5):
        sim.step([0.0, 0.03, 0.01 * k])
        for part in first[k]:
            assert np.array_equal(sim.state[part], first[k][part])


def test_a_state_read_back_starts_the_same_steps():
    a = dms.Simulator("spherical-pendulum", "vi", summation="plain")
    for _ in range(7):
        a.step([0.1, 0.0, 0.0])
    b = dms.Simulator("spherical-pendulum", "vi", summation="plain", state=a.state)
    assert b.t == 0.0
    for _ in range(7):
        a.step([0.0, 0.2, 0.0])
        b.step([0.0, 0.2, 0.0])
    assert np.array_equal(a.state["q"], b.state["q"])
    assert np.array_equal(a.state["omega"], b.state["omega"])
    t = a.t
    a.state = b.state  # assigning restarts at the current time
    assert a.t == t


def test_bad_input_is_refused_naming_it():
    sim = dms.Simulator("pendulum-3d", "vi")
    with pytest.raises(ValueError, match="has 3 entries, got 2"):
        sim.step([1.0, 2.0])
    with pytest.raises(ValueError, match="not finite"):
        sim.step([0.0, float("nan"), 0.0])
    with pytest.raises(ValueError, match="flat array"):
        sim.step(np.zeros((3, 1)))
    assert sim.k == 0
    state = sim.state
    state["R"] = state["R"].reshape(9)
    with pytest.raises(ValueError, match=r"'R' must have shape \(3, 3\), got \(9,\)"):
        sim.state = state
    with pytest.raises(ValueError, match="'Omega' is missing"):
        sim.state = {"R": np.eye(3)}
    with pytest.raises(ValueError, match="not a rotation"):
        sim.state = {"R": 2 * np.eye(3), "Omega": np.zeros(3)}
    with pytest.raises(ValueError, match="not a whole number of steps"):
        sim.advance(1.5 * sim.h)

    def boom(t, s):
        if t > 0.05:
            raise KeyError("from the control law")
        return [0.0, 0.0, 0.0]

    with pytest.raises(KeyError, match="from the control law"):
        sim.advance(1.0, control=boom)
    assert 0.05 < sim.t < 1.0  # the steps before it are kept


def test_a_failed_step_keeps_the_last_good_state():
    sim = dms.Simulator("pendulum-3d", "vi", h=5.0)
    before = sim.state
    with pytest.raises(RuntimeError, match="failed"):
        sim.step()
    assert sim.t == 0.0
    assert np.array_equal(sim.state["R"], before["R"])
