# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Scenario files: saved by dms and loaded back equal, run by dmsim run --scenario as by dms."""

import pytest

import dms
from conftest import without_times


def test_round_trip(tmp_path, dmsim):
    path = tmp_path / "lecture.json"
    dms.save_scenario(path, system="spherical-pendulum", params={"l": 1.5, "q0": [0, 0.6, 0.8]},
                      h=0.02, T=40, methods=["vi", "rattle"],
                      study={"key": "long-time", "inputs": {"steps": 20000}},
                      control={"values": {"T": 1.0}, "choices": {"transcription": "vi"}})
    s = dms.load_scenario(path)
    assert s.system == "spherical-pendulum"
    assert s.parameters["l"] == 1.5 and s.parameters["q0"] == [0, 0.6, 0.8]
    assert s.settings["h"] == 0.02 and s.settings["T"] == 40
    assert s.methods == ["vi", "rattle"]
    assert s.study == {"key": "long-time", "inputs": {"steps": "20000"}}
    assert s.control == {"values": {"T": 1.0}, "choices": {"transcription": "vi"}}
    # saved again, loaded again: the same scenario
    again = tmp_path / "again.json"
    dms.save_scenario(again, s)
    assert dms.load_scenario(again) == s
    # the app's and dmsim's reading of the file: the same run
    run = s.run()
    expected = dmsim.json("run", "--scenario", str(path))
    assert without_times(run.summary) == without_times(expected)


def test_bad_scenario_is_refused_and_nothing_written(tmp_path):
    path = tmp_path / "bad.json"
    with pytest.raises(ValueError, match="'l'"):
        dms.save_scenario(path, system="planar-pendulum", params={"l": -2})
    assert not path.exists()
    path.write_text('{"schema_version": 1, "system": "planar-pendulum", "settings": {"h": "x"}}')
    with pytest.raises(ValueError, match="h"):
        dms.load_scenario(path)


def test_a_scenario_that_cannot_run_as_written_is_refused(tmp_path):
    # a typed potential's parameters without the potential: refused when written, by the field
    path = tmp_path / "typed.json"
    with pytest.raises(ValueError, match=r"'parameters\.k': custom-sphere-particle has no "
                                         r"parameter 'k'.*in 'potential'"):
        dms.save_scenario(path, system="custom-sphere-particle", params={"k": 3.0, "g": 9.81})
    assert not path.exists()
    # and when read (a file written by hand)
    path.write_text('{"schema_version": 1, "system": "custom-sphere-particle", '
                    '"parameters": {"k": 3, "g": 9.81}}')
    with pytest.raises(ValueError, match=r"'parameters\.k'"):
        dms.load_scenario(path)
    # with potential=, the file runs the potential it names
    expr = "-m*g*l*q3 + k*q1^2"
    dms.save_scenario(path, system="custom-sphere-particle", params={"k": 3.0, "g": 9.81},
                      potential=expr, T=10)
    back = dms.load_scenario(path)
    assert back.potential == expr and back.warnings == []
    direct = dms.run("custom-sphere-particle", "vi", T=10, params={"k": 3.0, "g": 9.81},
                     potential=expr)
    assert back.run("vi").summary["final_state"] == direct.summary["final_state"]
