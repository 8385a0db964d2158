# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""dms.sweep and dms.merge_sweeps against dmsim sweep: the same JSON, the runs as records, the
fitted orders; a sweep in shards merges into the unsliced one."""

import json

import pytest

import dms
from conftest import without_times

ARGS = dict(h=[0.1, 0.05, 0.025, 0.0125], rtol=[1e-4, 1e-6], T=2.0)
FLAGS = ["--h", "0.1,0.05,0.025,0.0125", "--rtol", "1e-4,1e-6", "--T", "2"]


@pytest.fixture(scope="module")
def swept():
    return dms.sweep("planar-pendulum", jobs=2, **ARGS)


def test_sweep_equals_dmsim_sweep(dmsim, swept):
    expected = dmsim.json("sweep", "--system", "planar-pendulum", "--jobs", "2", *FLAGS)
    assert without_times(swept.summary) == without_times(expected)
    assert "shard" not in swept.summary


def test_records_and_orders(swept):
    s = swept.summary
    assert len(swept.runs) == len(s["runs"])
    for rec, row in zip(swept.runs, s["runs"]):
        assert rec.method == row["method"] and rec.h == row["h"] and rec.global_err == row["global_err"]
    assert swept.orders == s["orders"]
    # vi is of order 2, rk4 of order 4: the fitted slopes within a tenth of their orders (the
    # leading error term dominates at these steps: tst_analysis checks the same bound)
    assert swept.orders["vi"] == pytest.approx(2.0, abs=0.1)
    assert swept.orders["rk4"] == pytest.approx(4.0, abs=0.1)
    assert swept.orders["rk45"] is None
    assert swept.reference.method == "rk45" and swept.reference.error_bound > 0
    assert "planar-pendulum" in repr(swept)


def test_shards_merge_into_the_sweep(dmsim, swept, tmp_path):
    shards = [dms.sweep("planar-pendulum", shard=f"{i}/3", jobs=1, **ARGS) for i in (1, 2, 3)]
    assert all("shard" in s.summary for s in shards)
    merged = dms.merge_sweeps([shards[2], shards[0], shards[1]])
    assert without_times(merged.summary) == without_times(swept.summary)
    files = []
    for i, s in enumerate(shards):
        path = tmp_path / f"s{i}.json"
        path.write_text(json.dumps(s.summary))
        files.append(str(path))
    expected = dmsim.json("sweep", "--merge", *files)
    assert merged.summary == expected  # the merge keeps the shards' CPU times
    with pytest.raises(ValueError, match="missing|shard"):
        dms.merge_sweeps(shards[:2])


def test_error_parts_are_dmsims_csv_columns(dmsim, tmp_path):
    # the dumbbell's error has all three parts (an angle, a position, a velocity)
    args = ["--system", "dumbbell", "--methods", "vi,rk45", "--h", "0.4,0.2,0.1", "--rtol",
            "1e-4,1e-6", "--T", "2", "--jobs", "2"]
    csv = tmp_path / "sweep.csv"
    p = dmsim("sweep", *args, "--csv", str(csv))
    assert p.returncode == 0, p.stderr
    import csv as _csv
    rows = list(_csv.DictReader(csv.open()))
    s = dms.sweep("dumbbell", methods=["vi", "rk45"], h=[0.4, 0.2, 0.1], rtol=[1e-4, 1e-6], T=2,
                  jobs=2)
    assert len(rows) == len(s.runs)
    for i, (rec, row) in enumerate(zip(s.runs, rows)):
        for part in ("angle_err", "position_err", "velocity_err", "global_err"):
            assert getattr(rec, part) == float(row[part]), (i, part)
            assert getattr(s, part)[i] == float(row[part]), (i, part)
        assert rec.position_err > 0 and rec.angle_err > 0 and rec.velocity_err > 0
        # global_err is the norm of the parts, whatever their units
        assert rec.global_err == pytest.approx((rec.angle_err ** 2 + rec.position_err ** 2 +
                                                rec.velocity_err ** 2) ** 0.5, rel=1e-15)
    assert s.angle_err.shape == (len(s.runs),) and s.angle_err.dtype.kind == "f"
    # a merged sweep keeps the parts
    shards = [dms.sweep("dumbbell", methods=["vi", "rk45"], h=[0.4, 0.2, 0.1], rtol=[1e-4, 1e-6],
                        T=2, jobs=1, shard=f"{i}/2") for i in (1, 2)]
    merged = dms.merge_sweeps(shards)
    assert list(merged.position_err) == list(s.position_err)


def test_default_sweep_fits_the_high_orders():
    # the default sweep (dmsim sweep's, with no --h) gives vi6 and vi8 steps of their own, where
    # their errors are above round-off: their fitted orders are 6 and 8 within 0.3 (the
    # tolerance of the fit over five steps, as for vi and vi4)
    s = dms.sweep("pendulum-3d", methods=["vi", "vi6", "vi8"])
    assert abs(s.orders["vi"] - 2) < 0.3
    assert abs(s.orders["vi6"] - 6) < 0.3
    assert abs(s.orders["vi8"] - 8) < 0.3
    hs = {m: sorted({r.h for r in s.runs if r.method == m}) for m in ("vi", "vi8")}
    assert hs["vi8"] != hs["vi"]
    # steps given replace every method's: vi8 at the article's steps is at round-off
    given = dms.sweep("pendulum-3d", methods=["vi8"], h=hs["vi"])
    assert sorted({r.h for r in given.runs}) == hs["vi"]
