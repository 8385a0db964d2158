# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""dms.ensemble: one system and method from many initial conditions, on every core or on the
workers of a concurrent.futures executor, kept as arrays with the members first."""

from __future__ import annotations

import concurrent.futures as _futures
import math as _math
from typing import Dict, List, Optional, Sequence, Union

import numpy as _np

from . import _core
from ._runs import _params
from ._sweeps import _check_executor, _on_executor, _plain
from ._systems import System, _name, _settings, _text, _whole

StateDict = Dict[str, Union[float, _np.ndarray]]

# members per task on an executor: enough work per task to outweigh sending it
_TASK_MEMBERS = 256


class Ensemble:
    """The outcome of dms.ensemble, member i in row i of every array.

      system, method: as given.
      members: the number of members M.
      final: the last good state of each member, a dict of the state's parts (the system's
        names, dms.system(name).state) each of shape (M, *part's shape).
      t: (M,) the time each member ended at (T unless its run failed).
      energy_max_dev, energy_mean_dev: (M,) max and mean |E - E0| over every step.
      structure_max_err, structure2_max_err: (M,) the largest structure errors over every step.
      angmom_max_dev: (M,) max |L - L0| over the conserved components.
      steps, fevals, newton: (M,) the integrator's work.
      failed: (M,) True where a member's run failed; reasons: the reason of each ("" if none).
      params: the parameter set of each member (a list of dicts) when they came from the
        sampler or were given, else None.
    """

    def __init__(self, system: str, method: str, d: dict,
                 params: Optional[List[dict]]) -> None:
        self.system = system
        self.method = method
        self.final: Dict[str, _np.ndarray] = dict(d["final"])
        self.t: _np.ndarray = d["t"]
        self.members: int = int(self.t.shape[0])
        self.energy_max_dev: _np.ndarray = d["energy_max_dev"]
        self.energy_mean_dev: _np.ndarray = d["energy_mean_dev"]
        self.structure_max_err: _np.ndarray = d["structure_max_err"]
        self.structure2_max_err: _np.ndarray = d["structure2_max_err"]
        self.angmom_max_dev: _np.ndarray = d["angmom_max_dev"]
        self.steps: _np.ndarray = d["steps"]
        self.fevals: _np.ndarray = d["fevals"]
        self.newton: _np.ndarray = d["newton"]
        self.failed: _np.ndarray = _np.asarray(d["failed"], dtype=bool)
        self.reasons: List[str] = list(d["reasons"])
        self.params: Optional[List[dict]] = params

    def __repr__(self) -> str:
        return (f"Ensemble({self.system!r}, {self.method!r}, members={self.members}, "
                f"failed={int(self.failed.sum())})")


def _member_states(states) -> Optional[List[dict]]:
    """`states` as a list of per-member dicts: a list of dicts as given, or a dict of arrays
    with the members first (as Ensemble.final) split row by row; ValueError naming states."""
    if states is None:
        return None
    if isinstance(states, dict):
        arrays = {k: _np.asarray(v, dtype=float) for k, v in states.items()}
        counts = {k: (a.shape[0] if a.ndim > 0 else None) for k, a in arrays.items()}
        if not arrays or any(c is None for c in counts.values()) or len(set(counts.values())) != 1:
            raise ValueError(f"states: a dict of arrays with the members first, all of one "
                             f"length M, got the lengths {counts}")
        m = next(iter(counts.values()))
        return [{k: a[i].tolist() for k, a in arrays.items()} for i in range(m)]
    if isinstance(states, (list, tuple)):
        return [_plain(s) if isinstance(s, dict) else s for s in states]
    raise ValueError(f"states = {type(states).__name__}: expected a dict of (M, ...) arrays "
                     f"or a list of M state dicts")


def _merge(parts: List[dict]) -> dict:
    """The results of consecutive tasks as one, members in order."""
    if len(parts) == 1:
        return parts[0]
    out = {"final": {k: _np.concatenate([p["final"][k] for p in parts]) for k in parts[0]["final"]},
           "failed": sum((list(p["failed"]) for p in parts), []),
           "reasons": sum((list(p["reasons"]) for p in parts), [])}
    for k in ("t", "energy_max_dev", "energy_mean_dev", "structure_max_err", "structure2_max_err",
              "angmom_max_dev", "steps", "fevals", "newton"):
        out[k] = _np.concatenate([p[k] for p in parts])
    return out


def _ensemble_task(system, method, settings, params, potential, states, member_params):
    """A task of dms.ensemble on an executor: its members on every core of the worker (a
    module-level function of plain arguments, which an executor pickles by name)."""
    return _core.ensemble(system, method, settings, params, potential, states, member_params,
                          None)


def ensemble(system: Union[str, System], method: str = "vi",
             states: Union[None, StateDict, Sequence[StateDict]] = None, *,
             h: Optional[float] = None, T: Optional[float] = None,
             params: Optional[Dict[str, Union[float, Sequence[float]]]] = None,
             member_params: Optional[Sequence[Dict[str, Union[float, Sequence[float]]]]] = None,
             members: Optional[int] = None,
             spread: Optional[Dict[str, float]] = None, seed: int = 0,
             rtol: Optional[float] = None, atol: Optional[float] = None,
             controller: Optional[str] = None, sampling: Optional[str] = None,
             summation: Optional[str] = None, potential: Optional[str] = None,
             jobs: Optional[int] = None,
             executor: Optional[_futures.Executor] = None) -> Ensemble:
    """Runs `system` with `method` from M initial conditions to T and returns an Ensemble: each
    member's final state and its summary over every step, as arrays (nothing else is stored).

    Arguments:
      system, method, h, T, params, rtol, atol, controller, sampling, summation, potential: as
        dms.run's; params are the parameters every member shares.
      states: the members' initial states, a dict of the state's parts with the members first
        (e.g. another Ensemble's final: shapes (M, *part's shape)) or a list of M state dicts.
        Each member is then the forced simulator's run with no control (dms.Simulator from that
        state, advanced to T); for RK45 its steps end at every t_k = k h.
      member_params: instead of states, one parameter dict per member (over params): each
        member is then the system's own run from its parameters, as dms.run(params=...) makes
        it, bit for bit.
      members, spread, seed: instead of both, the sampler: `members` parameter sets around
        params, each entry of each parameter named in `spread` (a dict of names to standard
        deviations, e.g. {"q0": 0.01}) drawn from a normal distribution, seeded by `seed` (one
        seed, the same members on every machine), then normalized by the system.
      jobs: threads in this process (None: every core).
      executor: a concurrent.futures.Executor (a dask.distributed Client's get_executor(), an
        mpi4py.futures.MPIPoolExecutor, a ProcessPoolExecutor) whose workers run the members in
        tasks of at most 256; the result is the same, bit for bit, as here.

    Raises ValueError naming the argument and the member for bad input (nothing is run); a
    member whose run fails keeps its last good state, with failed[i] and reasons[i] set.
    KeyboardInterrupt at Ctrl+C.
    """
    arguments = dict(locals())
    for k in ("states", "member_params", "members", "spread", "seed", "jobs", "executor"):
        arguments.pop(k)
    _check_executor(executor, jobs)
    name = _name(system)
    method = _text("method", method)
    potential = _text("potential", potential)
    settings = _settings(arguments)
    given = [k for k, v in (("states", states), ("member_params", member_params),
                            ("members", members)) if v is not None]
    if len(given) != 1:
        raise ValueError("give the members one way: states, member_params or members (with "
                         f"spread), got {', '.join(given) if given else 'none'}")
    if spread is not None and members is None:
        raise ValueError("spread is the sampler's: give it with members")
    base = _plain(_params(params))
    plist: Optional[List[dict]] = None
    slist = _member_states(states)
    if members is not None:
        count = _whole("members", members)
        seed_value = _whole("seed", seed)
        if seed_value is None or seed_value < 0:
            raise ValueError(f"seed = {seed!r}: expected a whole number >= 0")
        plist = list(_core.sample_params(name, base, potential, dict(spread or {}), count,
                                         seed_value))
    elif member_params is not None:
        if isinstance(member_params, dict) or not hasattr(member_params, "__iter__"):
            raise ValueError("member_params: expected a list of parameter dicts, one per member")
        plist = [_plain(_params(p)) for p in member_params]
    if jobs is not None:
        jobs = _whole("jobs", jobs)
    if executor is None:
        d = _core.ensemble(name, method, settings, base, potential, slist, plist, jobs)
        return Ensemble(name, method, d, plist)
    items = slist if slist is not None else plist
    tasks = max(1, _math.ceil(len(items) / _TASK_MEMBERS))
    cuts = [round(i * len(items) / tasks) for i in range(tasks + 1)]
    arguments_list = [(name, method, settings, base, potential,
                       slist[a:b] if slist is not None else None,
                       plist[a:b] if plist is not None else None)
                      for a, b in zip(cuts[:-1], cuts[1:])]
    return Ensemble(name, method, _merge(_on_executor(executor, _ensemble_task, arguments_list)),
                    plist)
