# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every Analysis study as a function: its figures by name, their series as arrays, the summary
and the CSV, at inputs that make it quick."""

import numpy as np
import pytest

import dms

QUICK = {
    # the studies' own quick inputs (dmsim figures --quick) where they have them
    "sweep": dict(function=dms.sweep_study, system="planar-pendulum",
                  inputs=dict(h="0.1,0.05,0.025", rtol="1e-3,1e-5", T=2)),
    "equal-cost": dict(function=dms.equal_cost, system="mass-spring", inputs={}),
    "long-time": dict(function=dms.long_time, system="planar-pendulum", inputs=dict(steps=10000)),
    "phase": dict(function=dms.phase_space, system="planar-pendulum", inputs={}),
    "distance": dict(function=dms.distance, system="spherical-pendulum", inputs=dict(T=20)),
    "rk45-steps": dict(function=dms.rk45_steps, system="planar-pendulum", inputs=dict(T=20)),
    "symplecticity": dict(function=dms.symplecticity, system="planar-pendulum",
                          inputs=dict(steps=100)),
}


def test_every_study_has_a_function():
    assert sorted(s.key for s in dms.studies()) == sorted(QUICK)


@pytest.mark.parametrize("key", sorted(QUICK))
def test_study(key):
    case = QUICK[key]
    info = next(s for s in dms.studies() if s.key == key)
    known = {f.key for f in info.fields[case["system"]]}
    inputs = {k: v for k, v in case["inputs"].items() if k in known}
    assert set(inputs) == set(case["inputs"]), (key, known)
    result = case["function"](case["system"], jobs=2, **inputs)
    assert result.key == key and not result.failed, result.summary
    assert result.figures and result.summary and result.csv
    for f in result.figures:
        assert result[f.name] is f
        assert f.series
        for s in f.series:
            assert isinstance(s.x, np.ndarray) and s.x.dtype == np.float64
            assert s.x.shape == s.y.shape
            assert f[s.name] is s
    assert "<" not in result.summary  # plain text; the app's HTML in summary_html


def test_long_time_figures_named():
    r = dms.long_time("planar-pendulum", steps=10000)
    energy = r["long-time-energy"]
    assert {s.name for s in energy.series} >= {"variational", "RK45"} or len(energy.series) >= 2
    assert energy.x.log and energy.y.log
