# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Bad input raises ValueError with the message dmsim prints for the same input."""

import pytest

import dms

CASES = [
    # (dms.run keywords, dmsim run flags)
    (dict(system="pendulum"), ["--system", "pendulum"]),
    (dict(system="mass-spring", method="rattle"), ["--system", "mass-spring", "--integrator", "rattle"]),
    (dict(system="mass-spring", method="euler"), ["--system", "mass-spring", "--integrator", "euler"]),
    (dict(system="planar-pendulum", h=-0.1), ["--system", "planar-pendulum", "--h", "-0.1"]),
    (dict(system="planar-pendulum", h=2.0, T=1.0), ["--system", "planar-pendulum", "--h", "2", "--T", "1"]),
    (dict(system="planar-pendulum", rtol=2.0), ["--system", "planar-pendulum", "--rtol", "2"]),
    (dict(system="planar-pendulum", controller="matlab"), ["--system", "planar-pendulum", "--rk", "matlab"]),
    (dict(system="planar-pendulum", samples="every"), ["--system", "planar-pendulum", "--rk-samples", "every"]),
    (dict(system="planar-pendulum", params={"l": -1}), ["--system", "planar-pendulum", "--set", "l=-1"]),
    (dict(system="planar-pendulum", params={"length": 1}), ["--system", "planar-pendulum", "--set", "length=1"]),
]


@pytest.mark.parametrize("kwargs,flags", CASES)
def test_run_errors_are_dmsims(dmsim, kwargs, flags):
    expected = dmsim.error("run", *flags)
    with pytest.raises(ValueError) as e:
        dms.run(**kwargs)
    assert str(e.value) == expected


def test_sweep_errors_are_dmsims(dmsim):
    expected = dmsim.error("sweep", "--system", "planar-pendulum", "--h", "0.3", "--T", "1")
    with pytest.raises(ValueError) as e:
        dms.sweep("planar-pendulum", h=[0.3], T=1)
    assert str(e.value) == expected
    expected = dmsim.error("sweep", "--system", "planar-pendulum", "--methods", "vi,leapfrog")
    with pytest.raises(ValueError) as e:
        dms.sweep("planar-pendulum", methods=["vi", "leapfrog"])
    assert str(e.value) == expected


def test_control_errors_are_dmsims(dmsim):
    expected = dmsim.error("control", "--system", "planar-pendulum", "--running-cost", "tau^2 + w")
    with pytest.raises(ValueError) as e:
        dms.control("planar-pendulum", running_cost="tau^2 + w")
    assert str(e.value) == expected


def test_a_parameter_that_is_not_a_number():
    with pytest.raises(ValueError, match=r"params\['l'\] = 'long': expected a number"):
        dms.run("planar-pendulum", params={"l": "long"})


def test_study_input_errors_name_the_field():
    with pytest.raises(ValueError, match="Steps N"):
        dms.long_time("planar-pendulum", steps=-5)
    with pytest.raises(ValueError, match="unknown input 'stepz'"):
        dms.long_time("planar-pendulum", stepz=5)
