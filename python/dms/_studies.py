# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The Analysis studies: their figures, series and named results."""

from __future__ import annotations

import concurrent.futures as _futures
import re as _re
import warnings as _warnings
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Union

import numpy as _np

from . import _core
from ._systems import System, _name, _number, _texts, methods, system, systems
from ._systems import _text as _check_text
from ._runs import _params, run
from ._sweeps import _check_executor, _on_executor, _plain, sweep


# --- the Analysis studies ----------------------------------------------------------------------


@dataclass(frozen=True)
class Axis:
    """An axis of a figure: its label, unit and whether it is logarithmic."""

    label: str
    unit: str
    log: bool


@dataclass(frozen=True)
class Series:
    """A curve of a figure: its legend name and its points (NumPy arrays x, y)."""

    name: str
    x: _np.ndarray
    y: _np.ndarray

    def __repr__(self) -> str:
        return f"Series({self.name!r}, points={len(self.x)})"


@dataclass(frozen=True)
class Figure:
    """A figure of a study: title, axes, its series (by name: figure["RK45"]) and caption."""

    name: str
    title: str
    x: Axis
    y: Axis
    series: List[Series]
    caption: str

    def __getitem__(self, name: str) -> Series:
        for s in self.series:
            if s.name == name:
                return s
        raise KeyError(f"{name!r} (series: {', '.join(s.name for s in self.series)})")

    def __repr__(self) -> str:
        return f"Figure({self.name!r}, {self.title!r}, series=[{', '.join(repr(s.name) for s in self.series)}])"


@dataclass(frozen=True)
class StudyField:
    """An input of a study: its key (the keyword of dms.study), label, default (as text) and
    what it means."""

    key: str
    label: str
    default: str
    tooltip: str


@dataclass(frozen=True)
class StudyInfo:
    """A study of the Analysis mode: its key (dms.study's), name, description, whether it runs
    the methods it is given, the systems it applies to and its inputs per system."""

    key: str
    name: str
    description: str
    uses_methods: bool
    supports: Dict[str, bool]
    fields: Dict[str, List[StudyField]]


class StudyResult:
    """What a study computed: its figures (by name: result["long-time-energy"]), the summary
    (plain text; summary_html as the app shows it), the CSV behind the figures, whether a run
    failed, the parameter warnings, and the version that computed it (`version`, also the
    summary's last line, "computed by Discrete Mechanics Studio VERSION")."""

    def __init__(self, key: str, system: str, d: dict):
        self.key = key
        self.system = system
        names = list(d["figure_names"])
        self.figures: List[Figure] = []
        for i, f in enumerate(d["figures"]):
            self.figures.append(Figure(
                name=names[i] if i < len(names) else f"figure{i + 1}", title=f["title"],
                x=Axis(**f["x"]), y=Axis(**f["y"]),
                series=[Series(s["name"], s["x"], s["y"]) for s in f["series"]],
                caption=f["caption"]))
        self.summary_html: str = d["summary"]
        text = _re.sub(r"<br\s*/?>", "\n", self.summary_html)
        self.summary: str = _re.sub(r"<[^>]+>", "", text).replace("&nbsp;", " ").strip()
        self.version: str = _core.__version__
        self.summary += f"\ncomputed by Discrete Mechanics Studio {self.version}"
        self.csv: str = d["csv"]
        self.failed: bool = d["failed"]
        self.caption: str = d["caption"]
        self.warnings: List[str] = list(d["warnings"])

    def __getitem__(self, name: str) -> Figure:
        for f in self.figures:
            if f.name == name:
                return f
        raise KeyError(f"{name!r} (figures: {', '.join(f.name for f in self.figures)})")

    def __repr__(self) -> str:
        return (f"StudyResult({self.key!r}, {self.system!r}, figures=[{', '.join(repr(f.name) for f in self.figures)}], "
                f"failed={self.failed})")


def studies() -> List[StudyInfo]:
    """Every study of the Analysis mode, in menu order."""
    out = []
    for d in _core.studies():
        fields = {s: [StudyField(**f) for f in fs] for s, fs in d["fields"].items()}
        out.append(StudyInfo(d["key"], d["name"], d["description"], d["uses_methods"],
                             dict(d["supports"]), fields))
    return out


def _text(value) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple, _np.ndarray)):
        return ",".join(_text(v) for v in value)
    if isinstance(value, (int, _np.integer)):
        return str(int(value))
    return repr(float(value))


def study(key: str, system: Union[str, System], methods: Optional[Sequence[str]] = None,
          params: Optional[Dict[str, Union[float, Sequence[float]]]] = None,
          jobs: Optional[int] = None, *, executor: Optional[_futures.Executor] = None,
          **inputs) -> StudyResult:
    """Runs the Analysis study `key` ("sweep", "equal-cost", "long-time", "phase", "distance",
    "rk45-steps", "symplecticity") on `system` and returns its figures, summary and CSV.

    Arguments:
      key: the study (dms.studies() lists them with their inputs).
      system: a system name or a dms.System.
      methods: the methods it compares (default the article's two), for the studies that take
        methods.
      params: the system's parameters by name.
      jobs: threads (default the number of cores).
      executor: a concurrent.futures.Executor that computes the study instead of this process
        (a dask.distributed Client's get_executor(), an mpi4py.futures.MPIPoolExecutor:
        docs/cluster.md), with the same result bit for bit. The study is one task there, on
        every core of the worker's machine: none of the studies splits into tasks, as its
        figures, summary and CSV are made from all its runs at once inside the core (the
        equal-cost study's search is a sequence of runs besides). To spread a work-precision sweep over many workers use
        dms.sweep(..., executor=...), whose runs are split; to spread many studies, call this
        from several threads or submit dms.study itself. Not with jobs.
      **inputs: the study's inputs by key (StudyInfo.fields), as numbers, lists or text; the
        others take their defaults. ValueError names a bad one by its label, with its range.
    KeyboardInterrupt at Ctrl+C (the study is cancelled; on an executor, the task if it has not
    started). The input is checked here, before anything is sent to an executor; an error the
    task raises there raises here. TypeError when executor has no submit method.
    """
    _check_executor(executor, jobs)
    name = _name(system)
    key, params = _check_text("key", key), _params(params)
    texts = {k: _text(v) for k, v in inputs.items()}
    methods = _texts("methods", methods)
    if executor is None:
        d = _core.study(key, name, params, texts, methods, _number("jobs", jobs))
    else:
        _core.study_check(key, name, params, texts, methods)
        d = _on_executor(executor, _study_task, [(key, name, _plain(params), texts, methods)])[0]
    for w in d["warnings"]:
        _warnings.warn(w, stacklevel=2)
    return StudyResult(key, name, d)


def _study_task(key: str, system: str, params, inputs: Dict[str, str], methods) -> dict:
    """The task of dms.study on an executor: the study on every core of the worker's machine,
    as _core.study's dict (a module-level function of plain arguments, which an executor
    pickles by name)."""
    return _core.study(key, system, params, inputs, methods, None)


def sweep_study(system: Union[str, System], methods: Optional[Sequence[str]] = None,
                params: Optional[Dict[str, Union[float, Sequence[float]]]] = None,
                jobs: Optional[int] = None, *, executor: Optional[_futures.Executor] = None,
                **inputs) -> StudyResult:
    """The Analysis mode's work-precision and convergence study (dms.study("sweep", ...)): its
    figures of global error against cost and step size. For the sweep's records use dms.sweep.

    Arguments as dms.study's: system (a name or a dms.System), methods (default the article's
    two), params (the system's parameters by name), jobs (threads), executor (a
    concurrent.futures.Executor that computes it, as one task), **inputs (the study's inputs by
    key: dms.studies() lists them with their defaults).
    """
    return study("sweep", system, methods, params, jobs, executor=executor, **inputs)


def equal_cost(system: Union[str, System], methods: Optional[Sequence[str]] = None,
               params: Optional[Dict[str, Union[float, Sequence[float]]]] = None,
               jobs: Optional[int] = None, *,
               executor: Optional[_futures.Executor] = None, **inputs) -> StudyResult:
    """The equal-cost study (dms.study("equal-cost", ...)): the methods at the same number of
    right-hand-side evaluations, their energy and structure errors side by side.

    Arguments as dms.study's: system (a name or a dms.System), methods (default the article's
    two), params (the system's parameters by name), jobs (threads), executor (a
    concurrent.futures.Executor that computes it, as one task), **inputs (the study's inputs by
    key: dms.studies() lists them with their defaults).
    """
    return study("equal-cost", system, methods, params, jobs, executor=executor, **inputs)


def long_time(system: Union[str, System], methods: Optional[Sequence[str]] = None,
              params: Optional[Dict[str, Union[float, Sequence[float]]]] = None,
              jobs: Optional[int] = None, *,
              executor: Optional[_futures.Executor] = None, **inputs) -> StudyResult:
    """The long-time study (dms.study("long-time", ...)): max |E - E0| (and the structure or
    momentum error) per logarithmic bucket of t over many steps (input "steps").

    Arguments as dms.study's: system (a name or a dms.System), methods (default the article's
    two), params (the system's parameters by name), jobs (threads), executor (a
    concurrent.futures.Executor that computes it, as one task), **inputs (the study's inputs by
    key: dms.studies() lists them with their defaults).
    """
    return study("long-time", system, methods, params, jobs, executor=executor, **inputs)


def phase_space(system: Union[str, System], methods: Optional[Sequence[str]] = None,
                params: Optional[Dict[str, Union[float, Sequence[float]]]] = None,
                jobs: Optional[int] = None, *, executor: Optional[_futures.Executor] = None,
                **inputs) -> StudyResult:
    """The phase-space study (dms.study("phase", ...)): a circle of initial states carried by
    each method in the (q, p) plane, and its area (systems with one degree of freedom).

    Arguments as dms.study's: system (a name or a dms.System), methods (default the article's
    two), params (the system's parameters by name), jobs (threads), executor (a
    concurrent.futures.Executor that computes it, as one task), **inputs (the study's inputs by
    key: dms.studies() lists them with their defaults).
    """
    return study("phase", system, methods, params, jobs, executor=executor, **inputs)


def distance(system: Union[str, System], methods: Optional[Sequence[str]] = None,
             params: Optional[Dict[str, Union[float, Sequence[float]]]] = None,
             jobs: Optional[int] = None, *,
             executor: Optional[_futures.Executor] = None, **inputs) -> StudyResult:
    """The distance-from-a-reference study (dms.study("distance", ...)): each method's distance
    on the manifold from a fine reference run, per logarithmic bucket of t.

    Arguments as dms.study's: system (a name or a dms.System), methods (default the article's
    two), params (the system's parameters by name), jobs (threads), executor (a
    concurrent.futures.Executor that computes it, as one task), **inputs (the study's inputs by
    key: dms.studies() lists them with their defaults).
    """
    return study("distance", system, methods, params, jobs, executor=executor, **inputs)


def rk45_steps(system: Union[str, System], methods: Optional[Sequence[str]] = None,
               params: Optional[Dict[str, Union[float, Sequence[float]]]] = None,
               jobs: Optional[int] = None, *,
               executor: Optional[_futures.Executor] = None, **inputs) -> StudyResult:
    """RK45's steps (dms.study("rk45-steps", ...)): its accepted step sizes and evaluations
    against t at the given RelTol and AbsTol (inputs "rtol", "atol").

    Arguments as dms.study's: system (a name or a dms.System), methods (default the article's
    two), params (the system's parameters by name), jobs (threads), executor (a
    concurrent.futures.Executor that computes it, as one task), **inputs (the study's inputs by
    key: dms.studies() lists them with their defaults).
    """
    return study("rk45-steps", system, methods, params, jobs, executor=executor, **inputs)


def symplecticity(system: Union[str, System], methods: Optional[Sequence[str]] = None,
                  params: Optional[Dict[str, Union[float, Sequence[float]]]] = None,
                  jobs: Optional[int] = None, *,
                  executor: Optional[_futures.Executor] = None, **inputs) -> StudyResult:
    """The tangent map against the symplectic form (dms.study("symplecticity", ...)): for each
    method |J^T Omega J - Omega| / (|J|^2 |Omega|) along N steps (inputs "steps", "h",
    "points"), J the product of the steps' exact derivatives (Simulator.linearize).

    Arguments as dms.study's: system (a name or a dms.System), methods (default the article's
    two), params (the system's parameters by name), jobs (threads), executor (a
    concurrent.futures.Executor that computes it, as one task), **inputs (the study's inputs by
    key: dms.studies() lists them with their defaults).
    """
    return study("symplecticity", system, methods, params, jobs, executor=executor, **inputs)
