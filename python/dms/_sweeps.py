# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Work-precision sweeps: dms.sweep, dms.merge_sweeps."""

from __future__ import annotations

import concurrent.futures as _futures
import json as _json
import warnings as _warnings
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Union

import numpy as _np

from . import _core
from ._systems import System, _name, _number, _numbers_of, _text, _texts, _whole, methods, system
from ._runs import _params, run


# --- sweeps ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SweepRun:
    """One run of a sweep: its method, h (fixed step) or rtol and atol (adaptive), steps,
    right-hand-side evaluations, CPU time, global error at T against the reference (None unless
    it finished), max energy, structure and momentum deviations, status ("ok", "failed",
    "cancelled"), and the global error's parts (dmsim sweep --csv's columns).

    The error at T is measured on the manifold, in parts, each in its own unit:
      angle_err: the geodesic angle between the configurations' rotational parts (S^1, S^2,
        SO(3)) [rad];
      position_err: the distance between their translational parts [m];
      velocity_err: the norm of the difference of the velocities [rad/s or m/s, as the system's
        velocities are];
    a part the system does not have is 0. global_err is sqrt(angle_err^2 + position_err^2 +
    velocity_err^2): one number for a work-precision diagram, a norm on the product of the parts
    that adds their values whatever their units (radians and metres alike), not a physical
    quantity. For a system with several parts (the dumbbell, the two-body problem) compare the
    parts themselves."""

    method: str
    h: Optional[float]
    rtol: Optional[float]
    atol: Optional[float]
    steps: int
    fevals: int
    cpu_s: float
    global_err: Optional[float]
    energy_max_dev: float
    structure_max_err: Optional[float]
    momentum_max_dev: Optional[float]
    status: str
    angle_err: Optional[float] = None
    position_err: Optional[float] = None
    velocity_err: Optional[float] = None


@dataclass(frozen=True)
class Reference:
    """A sweep's reference: RK45 at `rtol` (or the exact solution) and the bound of its own
    error at T."""

    method: str
    rtol: float
    h: Optional[float]
    error_bound: float


class Sweep:
    """A work-precision and convergence sweep, the same numbers as `dmsim sweep`.

    Attributes:
      system, T: what was swept.
      runs: the SweepRun records, by method as listed, then by h or rtol.
      orders: the order fitted to each fixed-step method's global errors, by method name (None
        when fewer than three runs are in the asymptotic range, or for an adaptive method).
      reference: the Reference and its error bound.
      global_err, angle_err, position_err, velocity_err: arrays (len(runs),) of the runs' global
        errors at T and their parts (SweepRun says what each measures, in which unit; global_err
        adds the parts whatever their units), NaN for a run without an error (failed,
        cancelled): the columns of dmsim sweep --csv.
      summary: a dict equal to `dmsim sweep`'s JSON (with "shard" for a shard).
      warnings: what was normalized in the parameters.
    """

    def __init__(self, text: str, sharded: bool, warnings: Sequence[str] = ()):
        self._text = text
        d = _json.loads(text)
        # the error parts, which the core's JSON keeps in its "shard" object, run by run
        parts = [x.get("error") for x in d.get("shard", {}).get("runs", [])]
        if not sharded:
            d.pop("shard", None)
        self.summary: dict = d
        self.system: str = d["system"]
        self.T: float = d["T"]
        self.reference = Reference(**d["reference"])
        self.runs: List[SweepRun] = []
        for i, r in enumerate(d["runs"]):
            e = parts[i] if i < len(parts) else None
            self.runs.append(SweepRun(**r, **({} if e is None else dict(
                angle_err=e[0], position_err=e[1], velocity_err=e[2]))))

        def column(name: str) -> _np.ndarray:
            return _np.array([_np.nan if getattr(r, name) is None else getattr(r, name)
                              for r in self.runs], dtype=float)

        self.global_err: _np.ndarray = column("global_err")
        self.angle_err: _np.ndarray = column("angle_err")
        self.position_err: _np.ndarray = column("position_err")
        self.velocity_err: _np.ndarray = column("velocity_err")
        self.orders: Dict[str, Optional[float]] = dict(d["orders"])
        self.warnings: List[str] = list(warnings)

    def __repr__(self) -> str:
        orders = ", ".join(f"{m}: {'None' if p is None else f'{p:.3f}'}" for m, p in self.orders.items())
        return (f"Sweep({self.system!r}, T={self.T:g}, runs={len(self.runs)}, orders={{{orders}}}, "
                f"reference={self.reference.method} rtol {self.reference.rtol:g} "
                f"bound {self.reference.error_bound:.2g})")


def sweep(system: Union[str, System], methods: Optional[Sequence[str]] = None,
          h: Optional[Sequence[float]] = None, rtol: Optional[Sequence[float]] = None,
          T: Optional[float] = None, params: Optional[Dict[str, Union[float, Sequence[float]]]] = None,
          jobs: Optional[int] = None, shard: Optional[str] = None, *,
          executor: Optional[_futures.Executor] = None, tasks: Optional[int] = None) -> Sweep:
    """Sweeps the methods of `system` over step sizes and tolerances (`dmsim sweep`).

    Arguments (None: `dmsim sweep`'s defaults):
      system: a system name or a dms.System.
      methods: the method names (default every method the system has).
      h: the steps of the fixed-step methods; each must divide T.
      rtol: the RelTols of the adaptive methods, in [1e-11, 0.1] (AbsTol = RelTol / 1000).
      T: the horizon (default a tenth of the article's, a whole number of the largest h).
      params: the system's parameters by name.
      jobs: threads (default the number of cores); the results do not depend on it.
      shard: "I/N", only the I-th of N disjoint slices (join them with dms.merge_sweeps).
      executor: a concurrent.futures.Executor that runs the sweep instead of this process's
        threads: a dask.distributed Client's get_executor(), an mpi4py.futures.MPIPoolExecutor,
        a ProcessPoolExecutor (docs/cluster.md). The runs go out as shards ("I/N", one thread
        each), which are merged in shard order as dms.merge_sweeps merges them: the result is
        the one with jobs, bit for bit, CPU times aside. The workers need dms (the same build:
        the numbers are those of its machine code). Not with jobs or shard.
      tasks: how many shards the executor gets (default one per run, at most that). Each shard
        also runs the reference (RK45 at RelTol 1e-13 and 1e-12, unless the system's motion has
        a closed form), so fewer, larger shards spend less on it.
    Raises ValueError with dmsim's message for bad input (checked here, before anything is
    sent), KeyboardInterrupt at Ctrl+C (the runs not yet finished are cancelled; with an
    executor, the tasks not yet started), RuntimeError when the reference run fails. A task that
    raises on an executor raises here. TypeError when executor has no submit method.
    """
    _check_executor(executor, jobs)
    if executor is None and tasks is not None:
        raise ValueError(f"tasks = {tasks!r}: only with an executor")
    name, ms, hs = _name(system), _texts("methods", methods), _numbers_of("h", h)
    rs, t, ps = _numbers_of("rtol", rtol), _number("T", T), _params(params)
    if executor is None:
        d = _core.sweep(name, ms, hs, rs, t, ps, _number("jobs", jobs), _text("shard", shard))
        for w in d["warnings"]:
            _warnings.warn(w, stacklevel=2)
        return Sweep(d["json"], d["sharded"], d["warnings"])
    if shard is not None:
        raise ValueError(f"shard = {shard!r} and executor: give one of them (the executor runs "
                         f"every shard of the sweep)")
    count = _whole("tasks", tasks)
    if count is not None and count < 1:
        raise ValueError(f"tasks = {tasks!r}: expected a whole number of at least 1")
    plan = _core.sweep_plan(name, ms, hs, rs, t, ps)
    for w in plan["warnings"]:
        _warnings.warn(w, stacklevel=2)
    n = max(1, min(plan["runs"], count if count is not None else plan["runs"]))
    ps = _plain(ps)
    texts = _on_executor(executor, _sweep_task,
                         [(name, ms, hs, rs, t, ps, f"{i}/{n}") for i in range(1, n + 1)])
    return Sweep(_core.merge_sweeps(texts), False, plan["warnings"])


# --- on an executor ----------------------------------------------------------------------------


def _check_executor(executor, jobs) -> None:
    """TypeError unless `executor` is None or an object with submit (not a class: an instance
    of one); ValueError for it with `jobs`."""
    if executor is None:
        return
    if isinstance(executor, type) or not callable(getattr(executor, "submit", None)):
        raise TypeError(f"executor = {executor!r}: expected a concurrent.futures.Executor (with "
                        f"a submit method), e.g. a dask.distributed Client's get_executor()")
    if jobs is not None:
        raise ValueError(f"jobs = {jobs!r} and executor: give one of them (jobs is the number "
                         f"of threads here; with an executor its workers run the tasks)")


def _plain(params):
    """`params` with NumPy values as Python floats and lists, for a task's arguments."""
    if params is None:
        return None
    return {k: (v.tolist() if hasattr(v, "tolist") else v) for k, v in params.items()}


def _on_executor(executor, fn: Callable[..., Any], arguments: List[tuple]) -> List[Any]:
    """fn(*a) for each a in `arguments` on `executor`, the results in the order of `arguments`
    whatever order they finish in. The first task that raises (the earliest in `arguments`
    among those that did when the wait ended) raises here; then, as at KeyboardInterrupt, the
    tasks not yet started are cancelled and no result is returned."""
    submitted: List[Any] = []
    try:
        for a in arguments:
            submitted.append(executor.submit(fn, *a))
        if all(isinstance(f, _futures.Future) for f in submitted):
            done, _ = _futures.wait(submitted, return_when=_futures.FIRST_EXCEPTION)
            for f in submitted:
                if f in done and not f.cancelled() and f.exception() is not None:
                    raise f.exception()
        return [f.result() for f in submitted]
    except BaseException:
        for f in submitted:
            f.cancel()
        raise


def _sweep_task(system: str, methods, h, rtol, T, params, shard: str) -> str:
    """A task of dms.sweep on an executor: shard "I/N" of the sweep on one thread, as its JSON
    text (a module-level function of plain arguments, which an executor pickles by name)."""
    return _core.sweep(system, methods, h, rtol, T, params, 1.0, shard)["json"]


def merge_sweeps(sweeps: Sequence[Sweep]) -> Sweep:
    """Joins the shards of one sweep (dms.sweep(..., shard="I/N") for I = 1..N) into the
    unsliced sweep, as `dmsim sweep --merge`. ValueError when they are of different sweeps, or
    a shard is missing or given twice."""
    return Sweep(_core.merge_sweeps([s._text for s in sweeps]), False)
