# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The run settings by the core's table: sampling= is the clear name of samples= (both taken, one
at a time), in dms.run and in the scenario files, and a setting a method does not read is said."""

import warnings

import numpy as np
import pytest

import dms
from conftest import without_times


def test_sampling_is_samples(dmsim):
    by_new = dms.run("mass-spring", "rk45", T=3.5, sampling="steps")
    by_old = dms.run("mass-spring", "rk45", T=3.5, samples="steps")
    assert by_new.summary["rk_samples"] == "steps"
    assert without_times(by_new.summary) == without_times(by_old.summary)
    expected = dmsim.json("run", "--system", "mass-spring", "--integrator", "rk45", "--T", "3.5",
                          "--rk-samples", "steps")
    assert without_times(by_new.summary) == without_times(expected)
    # not the output's samples: more than T/h + 1 of them would be a coincidence
    assert len(by_new) != len(dms.run("mass-spring", "rk45", T=3.5))
    with pytest.raises(ValueError, match=r"samples and sampling are the same setting"):
        dms.run("mass-spring", "rk45", T=3.5, samples="steps", sampling="steps")


def test_a_setting_the_method_does_not_read_is_said():
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        dms.run("mass-spring", "vi", T=0.7, sampling="steps")
    assert [str(w.message) for w in said] == [
        "sampling is ignored: vi is a fixed-step method (rtol, atol, the controller and the "
        "sampling set the adaptive methods' steps)"]


def test_scenario_sampling(tmp_path):
    path = tmp_path / "s.json"
    dms.save_scenario(path, system="mass-spring", sampling="steps", controller="scipy")
    s = dms.load_scenario(path)
    assert s.settings["samples"] == "steps" and s.settings["controller"] == "scipy"
    # a setting given replaces the scenario's, whichever of its names either uses
    dms.save_scenario(path, s, sampling="output")
    assert dms.load_scenario(path).settings["samples"] == "output"


def test_every_setting_is_an_argument():
    # the settings are one table in the core; dms.run and dms.save_scenario take each by its
    # canonical name and by its key in the settings dicts (sampling and samples), so that a
    # setting the table gains cannot be left out of the Python signatures unseen
    import inspect
    keys = dms._core.setting_keys()
    assert {k["name"] for k in keys} >= {"h", "T", "rtol", "atol", "controller", "sampling",
                                         "summation"}
    for f in (dms.run, dms.save_scenario):
        arguments = inspect.signature(f).parameters
        for k in keys:
            for name in (k["name"], k["dict_key"]):
                assert name in arguments, f"{f.__name__} lacks {name} ({k['name']})"


def test_rk853_has_its_own_controller():
    # rk853 (DOP853) reads rtol, atol and the sampling but steps by its own controller: RK45's
    # controller given to it is said to be ignored, and the run is the one without it
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        scipy = dms.run("mass-spring", "rk853", T=3.5, controller="scipy")
    assert [str(w.message) for w in said] == [
        "controller is ignored: rk853 steps by its own controller (the controller is rk45, "
        "rk45-quat and rk45-proj's)"]
    plain = dms.run("mass-spring", "rk853", T=3.5)
    assert scipy.summary["fevals"] == plain.summary["fevals"]
    assert np.array_equal(scipy.state["q"], plain.state["q"])
    assert scipy.summary["rk"] == "none"
    tight = dms.run("mass-spring", "rk853", T=3.5, rtol=1e-10, atol=1e-13)
    assert tight.summary["accepted"] > plain.summary["accepted"]
