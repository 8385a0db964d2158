# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The Python module's budgets, as ratios measured in one run of this script (a Release build):

- dms.run of the planar pendulum at the article's set-up (33 334 samples), the CPU time to its
  arrays in Python, within 1.2x of the same run through the core in C++ to its samples (each
  into the summary, the shadow energy and the columns dms.run returns: bench/python_peer.cpp,
  dms_run_peer);
- 10^6 samples returned with at most 1.2x of their own bytes in peak memory above the run (the
  arrays of the samples and of the run's shadow energy);
- dms.sweep with jobs=2 within 1.1x of dmsim sweep --jobs 2 (wall time, the same sweep);
- dms.Simulator.step(u) called from Python once per step within 3x of the same steps inside
  dms.run (the chain of 2, vi);
- dms.ensemble of 1000 chains of 2 (vi, T = 2 s) on 2 threads at least 1.8x as fast as on one
  (wall time; reported as the ratio of the times, budget 1/1.8).

    PYTHONPATH=build/release/python python3 bench/python_bench.py [--dmsim build/release/app/dmsim/dmsim]

Prints each figure with its budget; exits 1 when one is over it.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import warnings

import dms
import numpy as np

parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("--dmsim", default=os.path.join("build", "release", "app", "dmsim", "dmsim"))
parser.add_argument("--repeats", type=int, default=15)
args = parser.parse_args()
warnings.simplefilter("ignore", UserWarning)
over = []


def report(what, ratio, budget):
    print(f"{what:<58} {ratio:6.3f}  (budget {budget})  {'ok' if ratio <= budget else 'OVER'}")
    if ratio > budget:
        over.append(what)


# 1. a run to arrays against the same run through the core in C++ to its samples' columns
# (bench/python_peer.cpp): medians of blocks of warm repeats, the two sides alternating
peer = os.path.join(os.path.dirname(args.dmsim), "..", "..", "bench", "dms_run_peer")
py_cpu, cpp_cpu, summary_cpu = [], [], []
for _ in range(5):
    cpp_cpu.append(float(subprocess.run([peer, str(args.repeats)], capture_output=True, text=True,
                                        check=True).stdout))
    out = subprocess.run([args.dmsim, "run", "--system", "planar-pendulum"], capture_output=True,
                         text=True, check=True).stdout
    summary_cpu.append(json.loads(out)["cpu_s"])
    block = []
    for _ in range(args.repeats):
        c0 = time.thread_time()
        run = dms.run("planar-pendulum", "vi")
        block.append(time.thread_time() - c0)
        assert len(run) == 33334
        del run
    py_cpu.append(statistics.median(block))
py_s, cpp_s = statistics.median(py_cpu), statistics.median(cpp_cpu)
dmsim_s = statistics.median(summary_cpu)
print(f"planar pendulum, article set-up, 33334 samples: dms.run {py_s * 1e3:.3f} ms CPU, "
      f"the core in C++ to its columns {cpp_s * 1e3:.3f} ms, dmsim run (summary only) "
      f"{dmsim_s * 1e3:.3f} ms")
report("dms.run / the core's run to its samples (CPU time)", py_s / cpp_s, 1.2)

# 2. peak memory of 10^6 samples, in a fresh process: the resident size before the run and its
# peak during it (Linux: writing 5 to /proc/self/clear_refs resets the peak to the current size)
probe = r"""
import warnings, dms
warnings.simplefilter("ignore")
def status(key):
    for line in open("/proc/self/status"):
        if line.startswith(key + ":"):
            return int(line.split()[1]) * 1024
dms.run("planar-pendulum", "vi", T=3.0)
with open("/proc/self/clear_refs", "w") as f:
    f.write("5")
before = status("VmRSS")
run = dms.run("planar-pendulum", "vi", T=30000.0)
after = status("VmHWM")
own = sum(a.nbytes for a in (run.t, run.energy, run.structure, run.state_columns,
                              run.shadow_energy.t, run.shadow_energy.value))
print(len(run), own, after - before)
"""
n, own, peak = map(int, subprocess.run([sys.executable, "-c", probe], capture_output=True,
                                       text=True, check=True).stdout.split())
print(f"{n} samples: arrays {own / 2**20:.1f} MiB, peak memory above the run {peak / 2**20:.1f} MiB")
report("peak memory above the run / the arrays' bytes", peak / own, 1.2)

# 3. a sweep on two threads from Python against dmsim sweep --jobs 2 (wall time)
spec = dict(methods=["vi", "rk4", "rk45"], h=[0.01, 0.005, 0.0025, 0.00125],
            rtol=[1e-4, 1e-6, 1e-8], T=200.0)
flags = ["--methods", "vi,rk4,rk45", "--h", "0.01,0.005,0.0025,0.00125",
         "--rtol", "1e-4,1e-6,1e-8", "--T", "200"]
py_wall, cli_wall = [], []
for _ in range(max(3, args.repeats // 3)):
    t0 = time.perf_counter()
    subprocess.run([args.dmsim, "sweep", "--system", "dumbbell", "--jobs", "2", *flags],
                   capture_output=True, check=True)
    cli_wall.append(time.perf_counter() - t0)
    t0 = time.perf_counter()
    dms.sweep("dumbbell", jobs=2, **spec)
    py_wall.append(time.perf_counter() - t0)
py_s, cli_s = statistics.median(py_wall), statistics.median(cli_wall)
print(f"dumbbell sweep, {len(spec['methods'])} methods, jobs=2: dms.sweep {py_s:.3f} s, "
      f"dmsim sweep {cli_s:.3f} s (wall)")
report("dms.sweep(jobs=2) / dmsim sweep --jobs 2 (wall time)", py_s / cli_s, 1.1)

# 4. the forced simulator stepped from Python, one call per step with a control array, against
# the same steps inside dms.run (the chain of 2, vi, at its set-up's h): CPU per step, medians of
# blocks, the two sides alternating
chain_h = dms.system("pendulum-chain").article_setup["h"]
n_steps = 20000
zero_u = np.zeros(6)
run_cpu, step_cpu = [], []
for _ in range(5):
    block_run, block_step = [], []
    for _ in range(max(3, args.repeats // 3)):
        c0 = time.thread_time()
        dms.run("pendulum-chain", "vi", h=chain_h, T=n_steps * chain_h)
        block_run.append(time.thread_time() - c0)
        sim = dms.Simulator("pendulum-chain", "vi", h=chain_h)
        step = sim.step
        c0 = time.thread_time()
        for _ in range(n_steps):
            step(zero_u)
        block_step.append(time.thread_time() - c0)
    run_cpu.append(statistics.median(block_run))
    step_cpu.append(statistics.median(block_step))
run_s, step_s = statistics.median(run_cpu), statistics.median(step_cpu)
print(f"chain of 2, vi, {n_steps} steps: dms.run {run_s / n_steps * 1e6:.2f} us/step, "
      f"Simulator.step(u) from Python {step_s / n_steps * 1e6:.2f} us/step (CPU)")
report("Simulator.step(u) per call / dms.run per step (chain of 2)", step_s / run_s, 3.0)

# 5. an ensemble on two threads against one: 1000 chains of 2, wall time, the best of three
def ensemble_wall(jobs):
    best = float("inf")
    for _ in range(3):
        w0 = time.perf_counter()
        e = dms.ensemble("pendulum-chain", "vi", members=1000, spread={"omega0_1": 0.1}, T=2.0,
                         jobs=jobs)
        best = min(best, time.perf_counter() - w0)
        assert e.members == 1000 and not e.failed.any()
    return best


one, two = ensemble_wall(1), ensemble_wall(2)
print(f"ensemble of 1000 chains of 2, T = 2 s: {one:.3f} s on one thread, {two:.3f} s on two "
      f"(speed-up {one / two:.2f})")
report("dms.ensemble(jobs=2) / jobs=1, 1000 chains (wall time)", two / one, round(1 / 1.8, 3))

sys.exit(1 if over else 0)
