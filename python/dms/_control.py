# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Optimal control: dms.control and its solution."""

from __future__ import annotations

import json as _json
import warnings as _warnings
from dataclasses import dataclass
from typing import Callable, Dict, List, Optional, Union

import numpy as _np

from . import _core
from ._systems import System, _name, system


# --- optimal control ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Iteration:
    """One iteration of an optimal-control solve: its number (0 is the initial guess), function
    evaluations so far, cost, constraint violation, and a shooting method's residual (else
    None)."""

    iteration: int
    evaluations: int
    cost: float
    constraint_violation: float
    residual: Optional[float]


@dataclass(frozen=True)
class ControlProblem:
    """A system's optimal-control problem: its title, summary, fields (name, unit, range,
    default, description: the keywords of dms.control), choices (name, values) and the fields
    typed as expressions (name, description, and what the empty field means: running_cost,
    terminal_cost)."""

    system: str
    title: str
    summary: str
    fields: List[dict]
    choices: List[dict]
    expressions: List[dict]


class ControlSolution:
    """The outcome of dms.control.

    Attributes:
      report: a dict equal to `dmsim control`'s JSON for the same input (its cpu_s and wall_s
        are this solve's).
      converged, status, message: whether it converged, the solver's last word, why it failed.
      iterations, evaluations, cost, terminal_error: the solve's figures.
      history: the Iteration records.
      t, energy, structure: arrays (N,) along the maneuver; position: array (N, 3) of the
        drawn point (the bob, the centre of mass).
      controls: by channel symbol ("u", "u^f", "u^m"), arrays (M, 3) at control_times (or at t
        when control_times is empty); (M,) for a scalar control (the mass-spring's force, the
        quadrotor's thrust "f").
      table, columns: `dmsim control --csv`'s table as an array and its column names.
      warnings: what the solve changes in the values given.
    """

    def __init__(self, system: str, d: dict):
        self.system = system
        self.report: dict = _json.loads(d["report"])
        for k in ("converged", "status", "message", "iterations", "evaluations", "cost",
                  "terminal_error", "t", "energy", "structure", "position", "control_times",
                  "table"):
            setattr(self, k, d[k])
        self.cancelled: bool = d["cancelled"]
        self.history: List[Iteration] = [Iteration(**h) for h in d["history"]]
        self.controls: Dict[str, _np.ndarray] = {c["symbol"]: c["values"] for c in d["controls"]}
        self.control_units: Dict[str, str] = {c["symbol"]: c["unit"] for c in d["controls"]}
        self.columns: List[str] = list(d["csv_columns"])
        self.warnings: List[str] = list(d["warnings"])

    def __repr__(self) -> str:
        return (f"ControlSolution({self.system!r}, converged={self.converged}, status={self.status!r}, "
                f"iterations={self.iterations}, cost={self.cost:.6g}, "
                f"terminal_error={self.terminal_error:.3g}, samples={len(self.t)})")


def control_problems() -> List[ControlProblem]:
    """The optimal-control problems, one per system that has one."""
    return [ControlProblem(**d) for d in _core.control_problems()]


def control(system: Union[str, System], progress: Optional[Callable[[Iteration], Optional[bool]]] = None,
            **fields) -> ControlSolution:
    """Solves the optimal-control problem of `system` (`dmsim control`).

    Arguments:
      system: "spherical-pendulum" or "dumbbell" (dms.control_problems() lists them).
      progress: called once per iteration with an Iteration; returning False stops the solve
        (status "cancelled").
      **fields: the problem's fields by name (T, h, the targets, the solver's tolerances and
        iteration limit: ControlProblem.fields), its choices by name (e.g.
        transcription="rk2", target="cost") and its typed costs as text (running_cost="...",
        terminal_cost="...": ControlProblem.expressions); the others take their defaults.
    Raises ValueError with dmsim's message for bad input, KeyboardInterrupt at Ctrl+C (checked
    once per iteration). A solve that does not converge is returned with converged False.
    """
    name = _name(system)
    callback = None
    if progress is not None:
        callback = lambda d: progress(Iteration(**d))  # noqa: E731
    d = _core.control(name, fields, callback)
    for w in d["warnings"]:
        _warnings.warn(w, stacklevel=2)
    return ControlSolution(name, d)
