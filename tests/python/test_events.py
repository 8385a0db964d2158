# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Events: dms.run(events=[dms.Event(...)]) and dmsim run --event. The planar pendulum's period
from its zero crossings (RK45 at rtol 1e-12 to 1e-9, vi to its O(h^2)), a typed expression and a
callable alike, a terminal event keeping the samples, the same events as dmsim's JSON, bad
input named (the expression and the step), a callable that raises stopping the run and raised
again."""

import math

import numpy as np
import pytest

import dms
from conftest import without_times


def exact_period(l, g, theta0):
    """4 sqrt(l/g) K(sin(theta0/2)), K(k) = pi / (2 AGM(1, sqrt(1 - k^2)))."""
    a, b = 1.0, math.sqrt(1.0 - math.sin(theta0 / 2) ** 2)
    for _ in range(60):
        a, b = (a + b) / 2, math.sqrt(a * b)
    return 4 * math.sqrt(l / g) * math.pi / (2 * a)


THETA0 = 2.0
PERIOD = exact_period(9.81, 9.81, THETA0)


def falling_spacing(run):
    t = [e.t for e in run.events if e.direction == -1]
    return (t[-1] - t[0]) / (len(t) - 1)


@pytest.mark.parametrize("f", ["theta", lambda t, s: s["theta"]])
def test_rk45_period_to_1e9(f):
    run = dms.run("planar-pendulum", "rk45", h=0.1, T=60, rtol=1e-12, atol=1e-12,
                  params={"theta0": THETA0}, events=[dms.Event(f, direction=-1)])
    assert run.status == "ok"
    assert len(run.events) == 7
    assert all(e.direction == -1 and e.event == 0 and not e.terminal for e in run.events)
    assert abs(falling_spacing(run) - PERIOD) < 1e-9
    assert abs(run.events[0].t - PERIOD / 4) < 1e-9
    assert abs(run.events[0].state["theta"]) < 1e-9
    assert run.events[0].state["R"].shape == (2, 2)
    assert run.stopped_by_event is None


def test_vi_period_to_its_order():
    errors = []
    for h in (0.05, 0.025):
        run = dms.run("planar-pendulum", "vi", h=h, T=60, params={"theta0": THETA0},
                      events=[dms.Event("theta", direction=-1)])
        errors.append(falling_spacing(run) - PERIOD)
        assert 0.5 * h * h < abs(errors[-1]) < 2 * h * h
    assert 3.5 < errors[0] / errors[1] < 4.5


def test_callable_sees_the_named_state():
    seen = []

    def radial(t, state):
        seen.append((t, state))
        return float(state["q"][2] - 0.9)

    run = dms.run("spherical-pendulum", "vi", T=20, events=[dms.Event(radial)])
    assert run.events
    assert isinstance(seen[0][1]["q"], np.ndarray) and seen[0][1]["q"].shape == (3,)
    for e in run.events:
        assert abs(e.state["q"][2] - 0.9) < 1e-10
    typed = dms.run("spherical-pendulum", "vi", T=20, events=[dms.Event("q3 - 0.9")])
    assert [e.t for e in typed.events] == pytest.approx([e.t for e in run.events], abs=1e-12)


@pytest.mark.parametrize("method", ["rk45", "vi"])
def test_terminal_event_keeps_the_samples(method):
    whole = dms.run("planar-pendulum", method, h=0.01, T=20, params={"theta0": THETA0})
    run = dms.run("planar-pendulum", method, h=0.01, T=20, params={"theta0": THETA0},
                  events=[dms.Event("Omega", direction=1, terminal=True)])
    assert run.status == "ok"
    assert run.stopped_by_event == 0
    (e,) = run.events
    assert e.terminal and e.direction == 1
    assert abs(e.t - PERIOD / 2) < 1e-3
    assert run.t[-1] <= e.t < run.t[-1] + 0.01
    n = len(run.t)
    assert n == math.floor(e.t / 0.01) + 1
    assert np.array_equal(run.state_columns, whole.state_columns[:n])
    assert run.summary["t_end"] == run.t[-1]


def test_same_as_dmsim(dmsim):
    run = dms.run("planar-pendulum", "rk45", T=20,
                  events=[dms.Event("theta", direction=-1), dms.Event("Omega", terminal=True)])
    expected = dmsim.json("run", "--system", "planar-pendulum", "--integrator", "rk45",
                          "--T", "20", "--event", "theta;falling", "--event", "Omega;stop")
    assert without_times(run.summary) == without_times(expected)
    assert expected["stopped_by_event"] == 1
    assert [e["t"] for e in expected["events"]] == [e.t for e in run.events]


def test_bad_expressions_are_named(dmsim):
    for expr, says in (("theta +", "syntax error"), ("thetaa", "unknown name 'thetaa'")):
        with pytest.raises(ValueError) as e:
            dms.run("planar-pendulum", events=[dms.Event(expr)])
        assert f"event '{expr}'" in str(e.value) and says in str(e.value)
        assert str(e.value) == dmsim.error("run", "--system", "planar-pendulum", "--event", expr)
    assert "'up'" in dmsim.error("run", "--system", "planar-pendulum", "--event", "theta;up")


def test_nan_stops_the_run_naming_the_step(dmsim):
    with pytest.warns(UserWarning):
        run = dms.run("planar-pendulum", "vi", T=10, events=[dms.Event("sqrt(0.5 - t)")])
    assert run.status == "failed"
    assert "event 0 'sqrt(0.5 - t)' is nan at step 17" in run.failure
    assert len(run.t) == 17 and run.failure_time == run.t[-1]
    p = dmsim("run", "--system", "planar-pendulum", "--T", "10", "--event", "sqrt(0.5 - t)")
    assert p.returncode == 3 and "is nan at step 17" in p.stderr


def test_callable_that_raises_is_raised_again():
    def boom(t, state):
        if t > 1.0:
            raise KeyError("boom")
        return 1.0

    with pytest.raises(KeyError) as e:
        dms.run("planar-pendulum", "vi", T=10, events=[dms.Event(boom)])
    run = e.value.run
    assert run.status == "failed"
    assert "event 0 'test_callable_that_raises_is_raised_again.<locals>.boom' at step 34" in \
        run.failure
    assert len(run.t) == 34
    assert any("at step 34" in n for n in e.value.__notes__)
    # RK45: raised from inside its step
    with pytest.raises(KeyError):
        dms.run("planar-pendulum", "rk45", T=10, events=[dms.Event(boom)])

    with pytest.warns(UserWarning):
        run = dms.run("planar-pendulum", "vi", T=1, events=[dms.Event(lambda t, s: None)])
    assert "returned None, not a number" in run.failure
    # at the start: not h's failure (a fixed step's first step did not fail); the sample is kept
    assert "at the start" in run.failure and len(run.t) == 1


def test_event_arguments_are_checked():
    with pytest.raises(ValueError, match="direction"):
        dms.Event("theta", direction=2)
    with pytest.raises(ValueError, match="expected an expression"):
        dms.Event(3.0)
    with pytest.raises(ValueError, match="events"):
        dms.run("planar-pendulum", events=dms.Event("theta"))
    with pytest.raises(ValueError, match="not a dms.Event"):
        dms.run("planar-pendulum", events=["theta"])


def test_to_csv_stops_with_the_run(tmp_path):
    run = dms.run("planar-pendulum", "vi", T=20, events=[dms.Event("Omega", terminal=True)])
    assert run.to_csv(tmp_path / "r.csv") == len(run.t)
