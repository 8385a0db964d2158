# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""dms.run(..., control=...): a control law typed as text (as dmsim run --control) or a Python
callable closes the run; the two forms of one law give the same run; Run.control holds the
controls; to_csv writes them; the errors name what is wrong; Simulator.advance takes the text."""

import math

import numpy as np
import pytest

import dms

PD = "tau=[20*R32 - 4*Omega1, -20*R31 - 4*Omega2, -4*Omega3]"
INVERTED = {"rotvec0": [math.pi + 0.05, 0.0, 0.0], "Omega0": [0.0, 0.0, 0.0]}


def pd(t, s):
    R, W = s["R"], s["Omega"]
    return [20 * R[2, 1] - 4 * W[0], -20 * R[2, 0] - 4 * W[1], -4 * W[2]]


def tilt(R):
    return math.atan2(math.hypot(R[2, 0], R[2, 1]), -R[2, 2])


@pytest.mark.parametrize("method", ["vi", "rk45"])
def test_text_and_callable_give_the_same_run(method):
    a = dms.run("pendulum-3d", method, T=5, params=INVERTED, control=PD)
    b = dms.run("pendulum-3d", method, T=5, params=INVERTED, control=pd)
    assert a.status == b.status == "ok"
    # the states, times and energies bit for bit
    assert a.state_columns.tobytes() == b.state_columns.tobytes()
    assert a.t.tobytes() == b.t.tobytes()
    assert a.energy.tobytes() == b.energy.tobytes()
    # the controls equal (muParser writes -4*0 as +0 where Python writes -0: equal numbers)
    assert a.control.shape == b.control.shape == (len(a), 3)
    assert np.array_equal(a.control, b.control, equal_nan=True)
    assert np.isnan(a.control[-1]).all() and not np.isnan(a.control[:-1]).any()
    assert a.summary["control"]["law"] == PD
    assert b.summary["control"] == {"callable": "pd"}
    # held upright
    assert tilt(a.state["R"][-1]) < 1e-3 * tilt(a.state["R"][0])


def test_a_free_run_has_no_control():
    r = dms.run("mass-spring", h=0.01, T=1)
    assert r.control is None
    assert "control" not in r.summary


def test_the_run_matches_dmsim_and_its_csv(tmp_path):
    r = dms.run("mass-spring", h=0.01, T=2, control="f=-0.4*v")
    k = np.arange(len(r) - 1)
    assert np.array_equal(r.control[k, 0], -0.4 * r.state["v"][k])
    path = tmp_path / "run.csv"
    assert r.to_csv(path) == len(r)
    header = path.read_text().splitlines()[0].split(",")
    assert header[-1] == "f"
    rows = np.genfromtxt(path, delimiter=",", skip_header=1, usecols=len(header) - 1)
    assert np.array_equal(rows[:-1], r.control[:-1, 0])


def test_the_callable_exception_is_raised_again():
    raised = KeyError("boom")
    calls = []

    def law(t, s):
        calls.append(t)
        if len(calls) > 3:
            raise raised
        return [0.0, 0.0, 0.0]

    with pytest.raises(KeyError) as info:
        dms.run("pendulum-3d", control=law)
    assert info.value is raised
    assert len(calls) == 4  # the run stopped there


def test_refusals():
    with pytest.raises(ValueError, match=r"expected \(3,\): the entries tau1 tau2 tau3"):
        dms.run("pendulum-3d", control=lambda t, s: [0.0, 0.0])
    with pytest.raises(ValueError, match=r"tau2 = '2\*Omega1\+': syntax error at column"):
        dms.run("pendulum-3d", control="tau=[1, 2*Omega1+, 3]")
    with pytest.raises(ValueError, match=r"tau3 = 'Kp\*R13': unknown name 'Kp' \(the names are t"):
        dms.run("pendulum-3d", control="tau=[1, 2, Kp*R13]")
    with pytest.raises(ValueError, match="takes 3 expressions"):
        dms.run("pendulum-3d", control="tau=[1, 2]")
    with pytest.raises(TypeError, match="control"):
        dms.run("pendulum-3d", control=3)
    with pytest.warns(UserWarning, match="is NaN at step 15"):
        r = dms.run("mass-spring", T=1, control="f=sqrt(0.5 - t)")
    assert r.status == "failed"
    assert "f = 'sqrt(0.5 - t)' is NaN at step 15" in r.failure


def test_the_chain_names_its_entries():
    # a force on the last bob of two, along e1: q1_2 is the first component of q_2
    law = "f=[0, 0, 0, -q1_2, 0, 0]"
    r = dms.run("pendulum-chain", T=0.5, params={"n": 2}, control=law)
    assert r.status == "ok"
    assert np.array_equal(r.control[:-1, 3], -r.state["q"][:-1, 1, 0])


def test_simulator_advance_takes_the_text():
    a = dms.Simulator("pendulum-3d", params=INVERTED)
    b = dms.Simulator("pendulum-3d", params=INVERTED)
    a.advance(2.0, control=PD)
    b.advance(2.0, control=pd)
    sa, sb = a.state, b.state
    assert sa["R"].tobytes() == sb["R"].tobytes()
    assert sa["Omega"].tobytes() == sb["Omega"].tobytes()
    with pytest.raises(ValueError, match="unknown name 'x'"):
        a.advance(1.0, control="tau=[x, 0, 0]")
    with pytest.raises(RuntimeError, match="is NaN at step"):
        a.advance(1.0, control="tau=[sqrt(2.5 - t), 0, 0]")


def test_scenario_keeps_the_law(tmp_path):
    s = dms.load_example("inverted-3d-pendulum-pd")
    assert s.control_law == PD
    r = s.run()
    assert r.summary["control"]["law"] == PD
    assert tilt(r.state["R"][-1]) < 1e-3 * tilt(r.state["R"][0])
    path = tmp_path / "s.json"
    dms.save_scenario(path, s, control_law="tau=[0, 0, -Omega3]")
    assert dms.load_scenario(path).control_law == "tau=[0, 0, -Omega3]"
    with pytest.raises(ValueError, match="'control_law'.*unknown name 'x'"):
        dms.save_scenario(path, s, control_law="tau=[x, 0, 0]")
    assert dms.load_scenario(tmp_path / "s.json").control_law == "tau=[0, 0, -Omega3]"
