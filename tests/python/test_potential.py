# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""dms.run(..., potential=...) against dmsim run --potential: the same summary, the same
refusals, and a scenario that keeps the expression."""

import pytest

import dms
from conftest import without_times

EXPR = "-m*g*l*q3 + k*q1^2"
PARAMS = {"g": 9.81, "k": 3.0}


def test_run_equals_dmsim(dmsim):
    run = dms.run("custom-sphere-particle", "vi", T=10, params=PARAMS, potential=EXPR)
    expected = dmsim.json("run", "--system", "custom-sphere-particle", "--T", "10",
                          "--potential", EXPR, "--set", "g=9.81", "--set", "k=3")
    assert without_times(run.summary) == without_times(expected)
    assert run.parameters["k"] == 3.0


def test_refusals_are_dmsims(dmsim):
    for expr, params in (("q1 +* q2", {}), ("k*q1", {}), ("erf(q1)", {})):
        with pytest.raises(ValueError) as e:
            dms.run("custom-sphere-particle", potential=expr, params=params)
        args = ["run", "--system", "custom-sphere-particle", "--potential", expr]
        assert str(e.value) == dmsim.error(*args)


@pytest.mark.parametrize("expr,says", [("q1 \u00b7 q2", "character U+00B7 '\u00b7' at column 4"),
                                       ("q1\u00b2", "character U+00B2 '\u00b2' at column 3")])
def test_non_ascii_character_is_named(dmsim, expr, says):
    with pytest.raises(ValueError) as e:
        dms.run("custom-sphere-particle", potential=expr)
    assert says in str(e.value)
    assert str(e.value) == dmsim.error("run", "--system", "custom-sphere-particle", "--potential",
                                       expr)


def test_fixed_potential_refused():
    with pytest.raises(ValueError, match="--potential applies to custom-rigid-body"):
        dms.run("pendulum-3d", potential="R33")


def test_scenario_keeps_the_potential(tmp_path):
    path = tmp_path / "typed.json"
    dms.save_scenario(path, dms.Scenario("custom-sphere-particle", dict(PARAMS), potential=EXPR),
                      T=10)
    back = dms.load_scenario(path)
    assert back.potential == EXPR
    a = back.run("vi")
    b = dms.run("custom-sphere-particle", "vi", T=10, params=PARAMS, potential=EXPR)
    assert a.summary["final_state"] == b.summary["final_state"]
