# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""dms.ensemble: a sampled member is dms.run of its parameters, bit for bit; members given as
states continue another ensemble; threads do not change the result; bad input is a ValueError
naming the argument or the member."""

import numpy as np
import pytest

import dms

SYSTEM = "pendulum-chain"


def test_sampled_members_are_their_runs():
    e = dms.ensemble(SYSTEM, "vi", members=4, spread={"omega0_1": 0.1}, seed=3, T=2.0, jobs=2)
    assert e.members == 4 and not e.failed.any() and e.params is not None
    for i in (0, 3):
        run = dms.run(SYSTEM, "vi", T=2.0, params=e.params[i])
        final = run.state
        for name, value in e.final.items():
            assert np.array_equal(value[i], final[name][-1]), name
        assert e.energy_max_dev[i] == run.summary["energy_max_dev"]
        assert e.structure_max_err[i] == run.summary["structure_max_err"]
        assert e.t[i] == run.t[-1]
    # the sampler moved the members apart
    assert not np.array_equal(e.final["q"][0], e.final["q"][1])


def test_threads_and_seeds():
    a = dms.ensemble(SYSTEM, "rk45", members=6, spread={"q0_2": 0.05}, seed=1, T=1.0, jobs=1)
    b = dms.ensemble(SYSTEM, "rk45", members=6, spread={"q0_2": 0.05}, seed=1, T=1.0, jobs=2)
    c = dms.ensemble(SYSTEM, "rk45", members=6, spread={"q0_2": 0.05}, seed=2, T=1.0, jobs=2)
    for k in a.final:
        assert np.array_equal(a.final[k], b.final[k])
    assert np.array_equal(a.energy_max_dev, b.energy_max_dev)
    assert not np.array_equal(a.final["q"], c.final["q"])


def test_states_continue_an_ensemble():
    first = dms.ensemble(SYSTEM, "vi", members=3, spread={"omega0_2": 0.2}, seed=5, T=1.0)
    second = dms.ensemble(SYSTEM, "vi", first.final, T=1.0)
    assert second.members == 3
    for i in range(3):
        # a member given by its state is the simulator from that state (its compensated sums
        # start afresh there, as they do in any run from a state)
        state = {k: v[i] for k, v in first.final.items()}
        sim = dms.Simulator(SYSTEM, "vi", state=state)
        sim.advance(1.0)
        for name, value in second.final.items():
            assert np.array_equal(value[i], sim.state[name]), name
    # the same as a list of per-member dicts
    listed = dms.ensemble(SYSTEM, "vi", [{k: v[i] for k, v in first.final.items()}
                                         for i in range(3)], T=1.0)
    assert np.array_equal(listed.final["q"], second.final["q"])


def test_bad_input():
    with pytest.raises(ValueError, match="one way"):
        dms.ensemble(SYSTEM, "vi")
    with pytest.raises(ValueError, match="one way"):
        dms.ensemble(SYSTEM, "vi", {"q": np.zeros((2, 2, 3))}, members=2)
    with pytest.raises(ValueError, match="spread of omega0_1"):
        dms.ensemble(SYSTEM, "vi", members=2, spread={"omega0_1": -1.0})
    with pytest.raises(ValueError, match="has no parameter 'nope'"):
        dms.ensemble(SYSTEM, "vi", members=2, spread={"nope": 1.0})
    with pytest.raises(ValueError, match="member 1"):
        dms.ensemble(SYSTEM, "vi", member_params=[{}, {"m_1": -1.0}], T=0.5)
    good = dms.ensemble(SYSTEM, "vi", members=2, T=0.5).final
    bad = {k: v.copy() for k, v in good.items()}
    bad["q"] = bad["q"][:, :1, :]  # one link short
    with pytest.raises(ValueError, match="member 0"):
        dms.ensemble(SYSTEM, "vi", bad, T=0.5)
    with pytest.raises(ValueError, match="states"):
        dms.ensemble(SYSTEM, "vi", {"q": np.zeros((2, 2, 3)), "omega": np.zeros((3, 2, 3))})
    with pytest.raises(ValueError, match="seed"):
        dms.ensemble(SYSTEM, "vi", members=2, seed=-1)


def test_dmsim_ensemble_matches_dms(dmsim, tmp_path):
    final = tmp_path / "final.json"
    csv = tmp_path / "members.csv"
    args = ["ensemble", "--system", SYSTEM, "--members", "5", "--spread", "omega0_1=0.1",
            "--seed", "3", "--T", "1", "--jobs", "2"]
    report = dmsim.json(*args, "--final", str(final), "--csv", str(csv))
    e = dms.ensemble(SYSTEM, "vi", members=5, spread={"omega0_1": 0.1}, seed=3, T=1.0)
    assert report["members"] == 5 and report["failed"] == 0
    assert report["energy_max_dev"]["max"] == e.energy_max_dev.max()
    import json
    states = json.loads(final.read_text())
    assert np.array_equal(np.array([s["q"] for s in states]), e.final["q"])
    rows = csv.read_text().splitlines()
    assert rows[0].startswith("member,t_end,status,energy_max_dev") and len(rows) == 6
    # the final states start the next ensemble, as dms.ensemble's states do
    again = dmsim.json("ensemble", "--system", SYSTEM, "--states", str(final), "--T", "1")
    assert again["members"] == 5
    assert again["energy_max_dev"]["max"] == dms.ensemble(SYSTEM, "vi", e.final,
                                                          T=1.0).energy_max_dev.max()
    assert "one way" in dmsim.error("ensemble", "--system", SYSTEM)
    assert "--members" in dmsim.error("ensemble", "--system", SYSTEM, "--members", "0")
    bad = tmp_path / "bad.json"
    bad.write_text('[{"q": [[1, 0, 0]], "omega": [[0, 0, 0], [0, 0, 0]]}]')
    assert "member 0's part 'q'" in dmsim.error("ensemble", "--system", SYSTEM, "--states",
                                                str(bad))
