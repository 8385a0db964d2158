# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The output a caller chooses: dms.run(every=k, t_eval=times, final_only=True, stream=callback)
and dmsim run --every, --t-eval, --final-only. A strided or final-only run ends in the same state,
bit for bit, with the same summary as a run that stores every step (every system, vi and rk45);
RK45 at given times is its dense output; a fixed-step run's is the cubic through its samples;
stream delivers the stored run's samples in chunks; dmsim's rows are the module's; bad input
named."""

import math

import numpy as np
import pytest

import dms
from conftest import without_times


def methods_of(system):
    names = [m for m in ("vi", "rk45") if m in system.method_names]
    return names or [system.method_names[0]]


CASES = [(s.name, m) for s in dms.systems() for m in methods_of(s)]


def short(system):
    """The set-up's step over 40 steps."""
    h = dms.system(system).article_setup["h"]
    return h, 40 * h


def same_samples(a, b, rows=None):
    """The arrays of run a equal those of run b (at b's rows `rows`), bit for bit."""
    rows = slice(None) if rows is None else rows
    assert np.array_equal(a.t, b.t[rows])
    assert np.array_equal(a.energy, b.energy[rows])
    assert np.array_equal(a.structure, b.structure[rows])
    assert np.array_equal(a.state_columns, b.state_columns[rows])
    if b.momentum is not None:
        assert np.array_equal(a.momentum, b.momentum[rows])


@pytest.mark.parametrize("system,method", CASES)
def test_strided_and_final_end_like_every_step(system, method):
    h, T = short(system)
    full = dms.run(system, method, h=h, T=T)
    n = len(full) - 1
    for k in (1, 3, 7, 1000):
        some = dms.run(system, method, h=h, T=T, every=k)
        assert len(some) == math.ceil(n / k) + 1
        rows = list(range(0, n + 1, k))
        if rows[-1] != n:
            rows.append(n)
        same_samples(some, full, rows)
        assert without_times(some.summary) == without_times(full.summary)
    last = dms.run(system, method, h=h, T=T, final_only=True)
    same_samples(last, full, [n])
    assert without_times(last.summary) == without_times(full.summary)
    for part, values in last.state.items():
        assert np.array_equal(values[0], full.state[part][-1])


@pytest.mark.parametrize("method", ["rk45", "rk45-proj"])
def test_rk45_at_given_times_is_its_dense_output(method):
    full = dms.run("spherical-pendulum", method, h=0.01, T=2, sampling="output")
    rows = [0, 1, 57, 58, 150, len(full) - 1]
    at = dms.run("spherical-pendulum", method, h=0.01, T=2, sampling="output",
                 t_eval=full.t[rows])
    same_samples(at, full, rows)
    assert without_times(at.summary) == without_times(full.summary)
    # sampled at its own steps, the run's interpolant gives times between them
    steps = dms.run("spherical-pendulum", method, h=0.01, T=2, sampling="steps",
                    t_eval=[0.0, 0.123, 1.0, 2.0])
    assert list(steps.t) == [0.0, 0.123, 1.0, 2.0]
    assert np.all(np.abs(np.linalg.norm(steps.state["q"], axis=1) - 1) < 1e-6)


def lagrange(ts, xs, t):
    """The cubic through the points (ts, xs) at t, in the core's order of operations
    (core/sim/sampleinterpolant.cpp)."""
    out = np.zeros_like(xs[0])
    for j in range(len(ts)):
        w = 1.0
        for l in range(len(ts)):
            if l != j:
                w *= (t - ts[l]) / (ts[j] - ts[l])
        out = out + w * xs[j]
    return out


@pytest.mark.parametrize("system", ["pendulum-3d", "spherical-pendulum", "mass-spring"])
def test_fixed_step_at_given_times_is_the_cubic(system):
    h, T = short(system)
    full = dms.run(system, "vi", h=h, T=T)
    times = [0.0, 0.3 * h, 2.5 * h, full.t[20], 31.7 * h, full.t[-1]]
    at = dms.run(system, "vi", h=h, T=T, t_eval=times)
    assert list(at.t) == times
    for i, t in enumerate(times):
        k = int(np.searchsorted(full.t, t))  # the first sample at or after t
        if full.t[k] == t:
            assert np.array_equal(at.state_columns[i], full.state_columns[k])
            continue
        lo = max(0, k - 3)
        expected = lagrange(full.t[lo:k + 1], full.state_columns[lo:k + 1], t)
        # the same operations in the same order: equal up to NumPy's own rounding of a sum of
        # four products (a few ulps of the state's size)
        assert np.allclose(at.state_columns[i], expected, rtol=4e-16, atol=4e-16)
    # the named state on the manifold: R a rotation, q a unit vector, to round-off
    if "R" in at.state:
        R = at.state["R"]
        err = np.abs(np.einsum("nji,njk->nik", R, R) - np.eye(3)).max()
        assert err < 1e-14
    if system == "spherical-pendulum":
        assert np.abs(np.linalg.norm(at.state["q"], axis=1) - 1).max() < 1e-15


@pytest.mark.parametrize("method,options", [("vi", {}), ("vi", {"every": 5}),
                                            ("rk45", {"t_eval": [0, 0.5, 1.25, 3.0]})])
def test_stream_gives_the_stored_samples_in_chunks(method, options):
    stored = dms.run("mass-spring", method, h=0.0005, T=3, **options)
    chunks = []
    streamed = dms.run("mass-spring", method, h=0.0005, T=3, stream=chunks.append, **options)
    assert len(streamed) == 0
    assert without_times(streamed.summary) == without_times(stored.summary)
    assert all(isinstance(c, dms.RunChunk) for c in chunks)
    if "t_eval" not in options:
        assert len(chunks) > 1
    joined = type("Joined", (), {})()
    joined.t = np.concatenate([c.t for c in chunks])
    joined.energy = np.concatenate([c.energy for c in chunks])
    joined.structure = np.concatenate([c.structure for c in chunks])
    joined.state_columns = np.concatenate([c.state_columns for c in chunks])
    joined.momentum = None
    same_samples(joined, stored)
    assert np.array_equal(np.concatenate([c.state["q"] for c in chunks]), stored.state["q"])


def test_stream_raising_stops_the_run():
    def stop(chunk):
        raise RuntimeError("enough")
    with pytest.raises(RuntimeError, match="enough"):
        dms.run("mass-spring", h=0.001, T=100, stream=stop)


def test_to_csv_and_dmsim_keep_the_same_rows(tmp_path, dmsim):
    run = dms.run("spherical-pendulum", "vi", h=0.01, T=1, every=7)
    path = tmp_path / "every.csv"
    assert run.to_csv(path) == len(run)
    rows = np.genfromtxt(path, delimiter=",", names=True, dtype=None, encoding=None)
    assert np.array_equal(rows["t"], run.t)
    cli = tmp_path / "cli.csv"
    report = dmsim.json("run", "--system", "spherical-pendulum", "--h", "0.01", "--T", "1",
                        "--every", "7", "--csv", str(cli))
    assert without_times(report) == without_times(run.summary)
    assert cli.read_text() == path.read_text()
    # --t-eval from a file, one time per line, and as a list
    times = tmp_path / "times.txt"
    times.write_text("0\n0.125\n\n0.5\n1\n")
    at = dms.run("spherical-pendulum", "rk45", h=0.01, T=1, t_eval=[0, 0.125, 0.5, 1])
    for given in (str(times), "0,0.125,0.5,1"):
        dmsim.json("run", "--system", "spherical-pendulum", "--integrator", "rk45", "--h", "0.01",
                   "--T", "1", "--t-eval", given, "--csv", str(cli))
        rows = np.genfromtxt(cli, delimiter=",", names=True, dtype=None, encoding=None)
        assert np.array_equal(rows["t"], at.t)
        assert np.array_equal(rows["q1"], at.state_columns[:, 0])
    dmsim.json("run", "--system", "spherical-pendulum", "--h", "0.01", "--T", "1",
               "--final-only", "--csv", str(cli))
    rows = np.genfromtxt(cli, delimiter=",", names=True, dtype=None, encoding=None)
    assert rows["t"].size == 1 and float(rows["t"]) == run.t[-1]


@pytest.mark.parametrize("kwargs,message", [
    ({"every": 0}, "every = 0: must be a whole number >= 1"),
    ({"every": 2.5}, "every = 2.5: expected a whole number >= 1"),
    ({"every": True}, "every = True: expected a whole number >= 1"),
    ({"t_eval": [0.5, 0.2]}, r"t_eval\[1\] = 0.2: the times must be sorted"),
    ({"t_eval": [0, 11]}, r"t_eval\[1\] = 11: out of range; the times must be in \[0, 10\]"),
    ({"t_eval": [float("nan")]}, r"t_eval\[0\] = nan: must be finite"),
    ({"t_eval": []}, "t_eval: is empty"),
    ({"t_eval": [[0, 1]]}, "t_eval: expected a 1-D sequence"),
    ({"t_eval": "0,1"}, "t_eval = '0,1': expected a sorted sequence"),
    ({"every": 2, "final_only": True}, "every and final_only exclude each other"),
    ({"every": 2, "t_eval": [1]}, "every and t_eval exclude each other"),
    ({"final_only": True, "stream": print}, "stream and final_only exclude each other"),
    ({"stream": 3}, "stream = 3: expected a callable"),
    ({"final_only": "yes"}, "final_only = 'yes': expected True or False"),
])
def test_bad_choices_are_named(kwargs, message):
    with pytest.raises(ValueError, match=message):
        dms.run("mass-spring", h=0.1, T=10, **kwargs)


def test_dmsim_names_the_flags(dmsim):
    base = ("run", "--system", "mass-spring", "--h", "0.1", "--T", "10")
    assert dmsim.error(*base, "--every", "0") == \
        "--every 0: must be a whole number >= 1 (every K-th sample)"
    assert dmsim.error(*base, "--every", "2", "--final-only").startswith(
        "--every and --final-only exclude each other")
    assert dmsim.error(*base, "--t-eval", "3,1").startswith(
        "--t-eval[1] = 1: the times must be sorted")
    assert dmsim.error(*base, "--t-eval", "0,12").startswith(
        "--t-eval[1] = 12: out of range; the times must be in [0, 10]")
    assert "no such file" in dmsim.error(*base, "--t-eval", "nofile")


@pytest.mark.parametrize("method", ["rk45", "vi"])
def test_given_times_beside_events(method):
    """An event's locator and the output at given times watch the same run: the samples at the
    times are those without events, up to a terminal event's time and none after it."""
    times = [0.0, 0.4, 1.1, 2.5, 4.0]
    args = dict(h=0.01, T=5, params={"theta0": 2.0}, t_eval=times)
    plain = dms.run("planar-pendulum", method, **args)
    seen = dms.run("planar-pendulum", method, events=[dms.Event("theta")], **args)
    same_samples(seen, plain)
    assert len(seen.events) == 1  # theta falls through 0 at a quarter period, 2.09 s
    stopped = dms.run("planar-pendulum", method, events=[dms.Event("theta", terminal=True)],
                      **args)
    t_stop = stopped.events[-1].t
    assert 1.1 < t_stop < 2.5
    same_samples(stopped, plain, [0, 1, 2])
