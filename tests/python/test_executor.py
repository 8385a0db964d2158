# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""dms.sweep and dms.study on a concurrent.futures.Executor (docs/cluster.md): on a local
dask.distributed cluster of two worker processes and on a ProcessPoolExecutor, the result equals
the threaded one bit for bit, CPU times aside; a bad executor, executor with jobs, a task that
raises and an interrupt while waiting. No test sleeps: each waits on its futures."""

import concurrent.futures as cf
import dataclasses
import multiprocessing
import os
import pathlib

import numpy as np
import pytest

import dms
from conftest import without_times

SYSTEM = "spherical-pendulum"
SWEEP = dict(methods=["vi", "rk45"], h=[0.1, 0.05, 0.025], rtol=[1e-4, 1e-6, 1e-8], T=1.0)
STUDY = dict(key="long-time", system=SYSTEM, methods=["vi", "rk45"], steps=1000)

# Debian 12's dask.distributed (2022.12) on its tornado: a deprecation that is theirs
pytestmark = pytest.mark.filterwarnings("ignore:make_current is deprecated:DeprecationWarning")


@pytest.fixture(scope="module")
def dms_on_path():
    """The folder that holds this dms first on PYTHONPATH, for the worker processes: each is a
    new interpreter that imports the tasks' module (dms._sweeps) by name."""
    folder = str(pathlib.Path(dms.__file__).resolve().parents[1])
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = folder if old is None else folder + os.pathsep + old
    yield
    if old is None:
        del os.environ["PYTHONPATH"]
    else:
        os.environ["PYTHONPATH"] = old


@pytest.fixture(scope="module")
def dask_executor(dms_on_path):
    distributed = pytest.importorskip("distributed", reason="python3-distributed (scripts/deps)")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            yield client.get_executor()


@pytest.fixture(scope="module")
def threaded_sweep():
    return dms.sweep(SYSTEM, jobs=2, **SWEEP)


@pytest.fixture(scope="module")
def threaded_study():
    return dms.study(jobs=2, **STUDY)


def assert_same_sweep(a: dms.Sweep, b: dms.Sweep) -> None:
    """Every number but the CPU times, bit for bit."""
    assert without_times(a.summary) == without_times(b.summary)
    assert [dataclasses.replace(r, cpu_s=0.0) for r in a.runs] == \
           [dataclasses.replace(r, cpu_s=0.0) for r in b.runs]
    for column in ("global_err", "angle_err", "position_err", "velocity_err"):
        assert getattr(a, column).tobytes() == getattr(b, column).tobytes(), column
    assert a.orders == b.orders and a.reference == b.reference


def assert_same_study(a: dms.StudyResult, b: dms.StudyResult) -> None:
    assert (a.summary, a.csv, a.failed, a.caption, a.warnings) == \
           (b.summary, b.csv, b.failed, b.caption, b.warnings)
    assert [(f.name, f.title, f.x, f.y, f.caption) for f in a.figures] == \
           [(f.name, f.title, f.x, f.y, f.caption) for f in b.figures]
    for fa, fb in zip(a.figures, b.figures):
        assert [s.name for s in fa.series] == [s.name for s in fb.series]
        for sa, sb in zip(fa.series, fb.series):
            assert sa.x.tobytes() == sb.x.tobytes() and sa.y.tobytes() == sb.y.tobytes(), sa.name


def test_sweep_on_dask_equals_threads(dask_executor, threaded_sweep):
    swept = dms.sweep(SYSTEM, executor=dask_executor, **SWEEP)
    assert len(swept.runs) == 6 and all(r.status == "ok" for r in swept.runs)
    assert_same_sweep(swept, threaded_sweep)


def test_study_on_dask_equals_threads(dask_executor, threaded_study):
    result = dms.study(executor=dask_executor, **STUDY)
    assert not result.failed
    assert_same_study(result, threaded_study)


def test_on_a_process_pool(dms_on_path, threaded_sweep, threaded_study):
    # spawn: a fork of this process, which holds the dask client's threads, could deadlock
    with cf.ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        # two shards of three runs each, the reference in both
        assert_same_sweep(dms.sweep(SYSTEM, executor=pool, tasks=2, **SWEEP), threaded_sweep)
        assert_same_study(dms.long_time(SYSTEM, ["vi", "rk45"], executor=pool, steps=1000),
                          threaded_study)


class Inline(cf.Executor):
    """Runs each task as it is submitted, in this thread, after `change` has had its arguments."""

    def __init__(self, change=lambda args: args):
        self.change = change
        self.calls = []

    def submit(self, fn, *args, **kwargs):
        args = self.change(args)
        self.calls.append(args)
        f = cf.Future()
        try:
            f.set_result(fn(*args, **kwargs))
        except Exception as e:  # noqa: BLE001 - handed to the caller through the future
            f.set_exception(e)
        return f


def test_the_shards_are_the_threaded_sweeps():
    ex = Inline()
    assert_same_sweep(dms.sweep(SYSTEM, executor=ex, tasks=4, **SWEEP),
                      dms.sweep(SYSTEM, jobs=1, **SWEEP))
    # plain arguments (an executor pickles them), the shards "I/N", N no more than the runs
    assert [a[-1] for a in ex.calls] == ["1/4", "2/4", "3/4", "4/4"]
    assert all(type(x) in (str, float, list, type(None)) for a in ex.calls for x in a)
    ex = Inline()
    dms.sweep(SYSTEM, executor=ex, tasks=50, **SWEEP)
    assert [a[-1] for a in ex.calls] == [f"{i}/6" for i in range(1, 7)]


def test_bad_executor_and_jobs():
    for bad in (object(), "dask", 4, cf.ProcessPoolExecutor):
        with pytest.raises(TypeError, match="executor"):
            dms.sweep(SYSTEM, executor=bad, **SWEEP)
        with pytest.raises(TypeError, match="executor"):
            dms.study(executor=bad, **STUDY)
    with pytest.raises(ValueError, match="jobs.*executor"):
        dms.sweep(SYSTEM, executor=Inline(), jobs=2, **SWEEP)
    with pytest.raises(ValueError, match="jobs.*executor"):
        dms.study(executor=Inline(), jobs=2, **STUDY)
    with pytest.raises(ValueError, match="shard.*executor"):
        dms.sweep(SYSTEM, executor=Inline(), shard="1/2", **SWEEP)
    with pytest.raises(ValueError, match="tasks"):
        dms.sweep(SYSTEM, tasks=2, **SWEEP)
    with pytest.raises(ValueError, match="tasks"):
        dms.sweep(SYSTEM, executor=Inline(), tasks=0, **SWEEP)


def test_bad_input_is_refused_before_anything_is_sent():
    ex = Inline()
    with pytest.raises(ValueError, match="--h"):
        dms.sweep(SYSTEM, executor=ex, methods=["vi"], h=[0.3], T=1.0)
    with pytest.raises(ValueError, match="Steps N"):
        dms.study(executor=ex, **dict(STUDY, steps=5))
    assert ex.calls == []


def test_a_task_that_raises_raises_here():
    # the third task gets a shard the core refuses: its ValueError, not a result
    def third_shard_bad(args):
        return args[:-1] + ("7/6",) if args[-1] == "3/6" else args

    with pytest.raises(ValueError, match="7/6"):
        dms.sweep(SYSTEM, executor=Inline(third_shard_bad), **SWEEP)

    def unknown_system(args):
        return ("no-such-system",) + args[1:]

    with pytest.raises(ValueError, match="no-such-system"):
        dms.study(executor=Inline(unknown_system), **STUDY)


class Interrupted(cf.Executor):
    """Starts nothing; Ctrl+C arrives as the third task is submitted."""

    def __init__(self):
        self.futures = []

    def submit(self, fn, *args, **kwargs):
        if len(self.futures) == 2:
            raise KeyboardInterrupt
        self.futures.append(cf.Future())
        return self.futures[-1]


class InterruptedWhileWaiting(Interrupted):
    """Ctrl+C arrives while the caller waits: the first task's future ends in KeyboardInterrupt
    once every task is submitted (set from submit, so no thread and no sleep)."""

    def submit(self, fn, *args, **kwargs):
        self.futures.append(cf.Future())
        if args[-1] == "6/6":
            self.futures[0].set_exception(KeyboardInterrupt())
        return self.futures[-1]


def test_an_interrupt_cancels_the_tasks_not_started():
    for ex in (Interrupted(), InterruptedWhileWaiting()):
        with pytest.raises(KeyboardInterrupt):
            dms.sweep(SYSTEM, executor=ex, **SWEEP)
        assert all(f.cancelled() for f in ex.futures[1:]), ex
        assert ex.futures[0].cancelled() or isinstance(ex.futures[0].exception(), KeyboardInterrupt)


def test_ensemble_on_dask_equals_threads(dask_executor):
    # 600 members: three tasks of 200 on the cluster's two workers
    kw = dict(members=600, spread={"omega0_1": 0.1}, seed=11, T=0.5)
    threaded = dms.ensemble("pendulum-chain", "vi", jobs=2, **kw)
    remote = dms.ensemble("pendulum-chain", "vi", executor=dask_executor, **kw)
    assert remote.members == 600 and not remote.failed.any()
    for k in threaded.final:
        assert np.array_equal(remote.final[k], threaded.final[k]), k
    for k in ("t", "energy_max_dev", "structure_max_err", "angmom_max_dev", "steps"):
        assert np.array_equal(getattr(remote, k), getattr(threaded, k)), k
