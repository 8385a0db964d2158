# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""dms.control against dmsim control: the same report; the trajectory and controls as arrays;
progress by a callback, which can stop the solve."""

import numpy as np
import pytest

import dms
from conftest import without_times


@pytest.mark.parametrize("system,fields,flags", [
    ("spherical-pendulum", dict(T=1.0), ["--T", "1"]),
    ("spherical-pendulum", dict(T=1.0, transcription="rk2"), ["--T", "1", "--transcription", "rk2"]),
])
def test_report_equals_dmsim_control(dmsim, system, fields, flags):
    seen = []
    sol = dms.control(system, progress=seen.append, **fields)
    expected = dmsim.json("control", "--system", system, *flags)
    assert without_times(sol.report) == without_times(expected)
    assert sol.converged and sol.iterations == expected["iterations"]
    assert sol.cost == expected["cost"]
    # one call per iteration, the initial guess (iteration 0) included
    assert [it.iteration for it in seen] == list(range(len(seen)))
    assert seen[-1].cost == sol.history[-1].cost
    n = len(sol.t)
    assert sol.position.shape == (n, 3) and sol.energy.shape == (n,)
    assert sol.table.shape == (n, len(sol.columns))
    u = sol.controls["u"]
    assert u.ndim == 2 and u.shape[1] == 3 and u.dtype == np.float64
    assert "converged=True" in repr(sol)


def test_progress_returning_false_stops_the_solve():
    calls = []

    def stop_at_two(it):
        calls.append(it.iteration)
        return it.iteration < 2

    sol = dms.control("spherical-pendulum", progress=stop_at_two, T=1.0)
    assert sol.cancelled and not sol.converged
    assert calls == [0, 1, 2]


def test_an_exception_in_the_callback_is_raised():
    def fail(it):
        raise RuntimeError("from the callback")

    with pytest.raises(RuntimeError, match="from the callback"):
        dms.control("spherical-pendulum", progress=fail, T=1.0)
