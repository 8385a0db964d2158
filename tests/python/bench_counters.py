# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""dms_bench's counters, not its timings: the chain's and the two-body problem's product runs
count their steps and evaluations as dmsim run's JSON does, and the typed sphere particle is
benchmarked beside the spherical pendulum. Not part of the pytest suite of dms (the benchmarks
are built in Release only): CTest runs it as bench_counters with DMS_BENCH and DMS_DMSIM set."""

import json
import os
import subprocess

import pytest


def bench(filter_: str, tmp_path) -> dict:
    path = os.environ.get("DMS_BENCH")
    if not path or not os.path.exists(path):
        pytest.fail(f"dms_bench not found at {path!r} (set DMS_BENCH)")
    out = tmp_path / "bench.json"
    # the exit status is not this test's concern (a timing check may fail on a shared
    # machine): the counters in the JSON are
    subprocess.run([path, f"--benchmark_filter={filter_}", "--benchmark_min_time=0.01",
                    f"--benchmark_out={out}", "--benchmark_out_format=json"],
                   capture_output=True, text=True)
    return {b["name"]: b for b in json.loads(out.read_text())["benchmarks"]}


def dmsim(*args: str) -> dict:
    p = subprocess.run([os.environ["DMS_DMSIM"], *args], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def test_chain_and_two_body_runs_count_steps_and_evaluations(tmp_path):
    b = bench("pendulum-chain/n2/(vi|rk45)_run|two-body/(vi|rk45)_run", tmp_path)
    assert set(b) == {"pendulum-chain/n2/vi_run", "pendulum-chain/n2/rk45_run",
                      "two-body/vi_run", "two-body/rk45_run"}
    # the chain's set-up: T = 5 at its default h; the two-body's: its bench set-up
    for method in ("vi", "rk45"):
        j = dmsim("run", "--system", "pendulum-chain", "--integrator", method, "--T", "5",
                  "--rk-samples", "output")
        run = b[f"pendulum-chain/n2/{method}_run"]
        assert run["steps"] == j["steps"] and run["fevals"] == j["fevals"], (method, run, j)
    for name in ("two-body/vi_run", "two-body/rk45_run"):
        assert b[name]["steps"] > 0 and b[name]["fevals"] >= b[name]["steps"]


def test_typed_sphere_particle_is_benchmarked(tmp_path):
    b = bench("typed-potential/", tmp_path)
    assert {"typed-potential/spherical-pendulum/vi_run",
            "typed-potential/custom-sphere-particle/vi_run"} <= set(b)
    fixed = b["typed-potential/spherical-pendulum/vi_run"]
    typed = b["typed-potential/custom-sphere-particle/vi_run"]
    assert fixed["steps"] == typed["steps"] == 1000
    assert typed["allocs_per_step"] == 0
