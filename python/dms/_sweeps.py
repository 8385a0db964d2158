# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Work-precision sweeps: dms.sweep, dms.merge_sweeps."""

from __future__ import annotations

import json as _json
import warnings as _warnings
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Union

import numpy as _np

from . import _core
from ._systems import System, _name, _number, _numbers_of, _text, _texts, methods, system
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
          jobs: Optional[int] = None, shard: Optional[str] = None) -> Sweep:
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
    Raises ValueError with dmsim's message for bad input, KeyboardInterrupt at Ctrl+C (the
    runs not yet finished are cancelled), RuntimeError when the reference run fails.
    """
    d = _core.sweep(_name(system), _texts("methods", methods), _numbers_of("h", h),
                    _numbers_of("rtol", rtol), _number("T", T), _params(params),
                    _number("jobs", jobs), _text("shard", shard))
    for w in d["warnings"]:
        _warnings.warn(w, stacklevel=2)
    return Sweep(d["json"], d["sharded"], d["warnings"])


def merge_sweeps(sweeps: Sequence[Sweep]) -> Sweep:
    """Joins the shards of one sweep (dms.sweep(..., shard="I/N") for I = 1..N) into the
    unsliced sweep, as `dmsim sweep --merge`. ValueError when they are of different sweeps, or
    a shard is missing or given twice."""
    return Sweep(_core.merge_sweeps([s._text for s in sweeps]), False)
