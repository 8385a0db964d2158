"""Discrete Mechanics Studio in Python: the systems of Lee, Leok and McClamroch's "Discrete
Control Systems", their variational (Lie group) integrators and Runge-Kutta methods, sweeps,
the Analysis studies, optimal control and the app's scenario files.

    >>> import dms
    >>> run = dms.run("planar-pendulum", "vi")          # the article's set-up
    >>> run.t.shape, run.summary["energy_max_dev"]

Every result is a class with named attributes; the time series are NumPy arrays that Python
owns. The computations release the GIL (two runs in two threads run in parallel) and stop at
Ctrl+C (KeyboardInterrupt). A bad input raises ValueError with the message `dmsim` prints.
"""

from __future__ import annotations

import json as _json
import re as _re
import warnings as _warnings
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence, Union

import numpy as _np

from . import _core

__version__: str = _core.__version__

__all__ = [
    "__version__", "Param", "MethodInfo", "Conserved", "System", "systems", "system", "methods", "Run", "run",
    "SweepRun", "Reference", "Sweep", "sweep", "merge_sweeps", "Axis", "Series", "Figure",
    "StudyField", "StudyInfo", "StudyResult", "studies", "study", "sweep_study", "equal_cost",
    "long_time", "phase_space", "distance", "rk45_steps", "Iteration", "ControlProblem",
    "ControlSolution", "control_problems", "control", "Scenario", "load_scenario",
    "save_scenario",
]


def _short(a) -> str:
    return "None" if a is None else f"array{tuple(a.shape)}"


def _name(system) -> str:
    return system.name if isinstance(system, System) else str(system)


# --- systems -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Param:
    """A parameter of a system (or an integrator setting): its name, unit, allowed range (as
    text, e.g. "(0, 1e6]", and as min/max with open ends), default (a float, a list of 3 for
    a vector, None when derived) and description."""

    name: str
    unit: str
    range: str
    default: Union[float, List[float], None]
    description: str
    min: float
    max: float
    min_open: bool
    max_open: bool
    dim: int


@dataclass(frozen=True)
class MethodInfo:
    """An integrator: its name (as dms.run and dmsim take it), label, description, whether it is
    adaptive (rtol/atol) or fixed-step (h), keeps the structure (|q| = 1, R in SO(3)) and is
    symplectic."""

    name: str
    label: str
    description: str
    adaptive: bool
    keeps_structure: bool
    symplectic: bool


@dataclass(frozen=True)
class Conserved:
    """A quantity the continuous system conserves: its name, symbol and unit, and where a run
    carries it: field "energy" (Run.energy) or "momentum" (the columns `components` of
    Run.momentum)."""

    name: str
    symbol: str
    unit: str
    field: str
    components: List[int]


@dataclass(frozen=True)
class System:
    """A mechanical system: its name (dms.run's `system`), title, parameters, the methods it
    has and the two the article compares, the article's set-up (h, T, rtol, atol), what its
    structure errors measure, whether it has an optimal-control
    problem (dms.control), and its conserved quantities (Conserved)."""

    name: str
    title: str
    params: List[Param]
    methods: List[MethodInfo]
    article_methods: List[str]
    article_setup: Dict[str, float]
    structure: str
    structure2: str
    has_momentum: bool
    has_control: bool
    conserved: List[Conserved]

    @property
    def method_names(self) -> List[str]:
        """The names of its methods, in the order the app lists them."""
        return [m.name for m in self.methods]

    def param(self, name: str) -> Param:
        """The parameter of that name; KeyError for another."""
        for p in self.params:
            if p.name == name:
                return p
        raise KeyError(name)

    def __repr__(self) -> str:
        return (f"System({self.name!r}, {self.title!r}, params=[{', '.join(p.name for p in self.params)}], "
                f"methods=[{', '.join(self.method_names)}], article_setup={self.article_setup})")


def _system(d) -> System:
    d = dict(d)
    d["params"] = [Param(**p) for p in d["params"]]
    d["methods"] = [MethodInfo(**m) for m in d["methods"]]
    d["conserved"] = [Conserved(**c) for c in d["conserved"]]
    return System(**d)


def systems() -> List[System]:
    """Every system, in the app's menu order."""
    return [_system(d) for d in _core.systems()]


def system(name: str) -> System:
    """The system of that name (e.g. "spherical-pendulum"); ValueError naming the known ones."""
    for s in systems():
        if s.name == name:
            return s
    names = ", ".join(s.name for s in systems())
    raise ValueError(f"--system '{name}': unknown system (one of {names})")


_lookup = system  # for the functions whose argument `system` hides it


def methods() -> List[MethodInfo]:
    """Every integrator, in the order the app lists them (a system has some of them)."""
    return [MethodInfo(**m) for m in _core.methods()]


# --- runs --------------------------------------------------------------------------------------


class Run:
    """One run from t = 0 to T.

    Attributes:
      system, method: the names run.
      summary: a dict equal, value for value, to `dmsim run`'s JSON for the same input (its
        cpu_s is this run's own CPU time).
      t, energy, structure: arrays of shape (N,): the sample times t_k, the total energy E_k
        and the primary structure error (see System.structure; 0 on a linear space).
      structure2: array (N,) of the secondary structure error, None where the system has none.
      momentum: array (N, 3) of the conserved angular momentum, None where there is none.
      state: the state by its named parts, the same for every method of a system (the names of
        final_state in `dmsim run`'s JSON): a dict of arrays, e.g. state["R"] of shape
        (N, 3, 3), state["q"] (N, 3), state["theta"] (N,); made from the stored samples on
        first use.
      state_names, state_columns: the integrator's own state coordinates, their names and an
        array (N, len(state_names)).
      parameters: the parameters the run used (complete and normalized).
      status: "ok" or "failed"; failure, failure_time: why and when it stopped early (None
        when it did not).
      warnings: what `dmsim run` warns about the input (a T that is not a whole number of
        steps, a normalized initial state).
    The arrays are copies the Run owns: they stay valid whatever happens to the run.
    """

    def __init__(self, system: str, method: str, d: dict):
        self.system = system
        self.method = method
        self.summary: dict = _json.loads(d["summary"])
        self.t: _np.ndarray = d["t"]
        self.energy: _np.ndarray = d["energy"]
        self.structure: _np.ndarray = d["structure"]
        self.structure2: Optional[_np.ndarray] = d["structure2"]
        self.momentum: Optional[_np.ndarray] = d["momentum"]
        self.state_names: List[str] = list(d["state_names"])
        self.state_columns: _np.ndarray = d["state_columns"]
        self.parameters: Dict[str, Union[float, List[float]]] = d["parameters"]
        self.status: str = d["status"]
        self.failure: Optional[str] = d["failure"]
        self.failure_time: Optional[float] = d["failure_time"]
        self.warnings: List[str] = list(d["warnings"])
        self._pose: Optional[_np.ndarray] = d["pose_columns"]
        self._state: Optional[Dict[str, _np.ndarray]] = None

    @property
    def state(self) -> Dict[str, _np.ndarray]:
        """The state by its named parts (see the class): arrays of shape (N, *part's shape)."""
        if self._state is None:
            self._state = dict(_core.named_states(self.system, self.method, self.t,
                                                  self.state_columns, self._pose))
        return self._state

    def __len__(self) -> int:
        return len(self.t)

    def __repr__(self) -> str:
        s = self.summary
        text = (f"Run({self.system!r}, {self.method!r}, samples={len(self)}, h={s['h']:g}, "
                f"T={s['T']:g}, energy_max_dev={s['energy_max_dev']:.3g}, "
                f"structure_max_err={s['structure_max_err']:.3g}, status={self.status!r}")
        if self.failure:
            text += f", failure={self.failure!r}"
        return text + ")"


def run(system: Union[str, System], method: str = "vi", h: Optional[float] = None,
        T: Optional[float] = None, params: Optional[Dict[str, Union[float, Sequence[float]]]] = None,
        rtol: Optional[float] = None, atol: Optional[float] = None, controller: str = "ode45",
        samples: str = "output", summation: str = "compensated") -> Run:
    """Runs `system` with `method` from t = 0 to T and returns the Run (its arrays and summary).

    Arguments (as `dmsim run`'s flags; None takes the system's article set-up):
      system: a system name ("mass-spring", "planar-pendulum", "spherical-pendulum",
        "dumbbell") or a dms.System.
      method: "vi" (the article's variational integrator), "rk45", "rk4", "vi4", "rattle",
        "rkmk4", "rk45-proj", "rk45-quat": one the system has (System.methods).
      h: the fixed step; for an adaptive method the output spacing [s].
      T: the horizon [s]; the samples are t_k = k h for k = 0..floor(T/h).
      params: the system's parameters by name (System.params), e.g. {"l": 2.0,
        "q0": [0.866, 0, 0.5]}; the others take their defaults.
      rtol, atol: the adaptive methods' relative and absolute tolerances.
      controller: the RK45 step-size controller, "ode45" (MATLAB's) or "scipy".
      samples: where RK45 is sampled, "output" (at t_k = k h by dense output) or "steps" (at its
        accepted steps).
      summation: how the variational steps add their increments, "compensated" or "plain".

    Raises ValueError with dmsim's message (the field, the value, the allowed range) for bad
    input, KeyboardInterrupt at Ctrl+C (checked every 4096 samples). A run that stops early
    (a non-finite state) is returned with status "failed" and the reason in Run.failure.
    """
    name = _name(system)
    d = _core.run(name, method, h, T, params, rtol, atol, controller, samples, summation, [])
    for w in d["warnings"]:
        _warnings.warn(w, stacklevel=2)
    return Run(name, method, d)


# --- sweeps ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SweepRun:
    """One run of a sweep: its method, h (fixed step) or rtol and atol (adaptive), steps,
    right-hand-side evaluations, CPU time, global error at T against the reference (None unless
    it finished), max energy, structure and momentum deviations, and status ("ok", "failed",
    "cancelled")."""

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
      summary: a dict equal to `dmsim sweep`'s JSON (with "shard" for a shard).
      warnings: what was normalized in the parameters.
    """

    def __init__(self, text: str, sharded: bool, warnings: Sequence[str] = ()):
        self._text = text
        d = _json.loads(text)
        if not sharded:
            d.pop("shard", None)
        self.summary: dict = d
        self.system: str = d["system"]
        self.T: float = d["T"]
        self.reference = Reference(**d["reference"])
        self.runs: List[SweepRun] = [SweepRun(**r) for r in d["runs"]]
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
    d = _core.sweep(_name(system), None if methods is None else list(methods),
                    None if h is None else [float(x) for x in h],
                    None if rtol is None else [float(x) for x in rtol], T, params,
                    None if jobs is None else float(jobs), shard)
    for w in d["warnings"]:
        _warnings.warn(w, stacklevel=2)
    return Sweep(d["json"], d["sharded"], d["warnings"])


def merge_sweeps(sweeps: Sequence[Sweep]) -> Sweep:
    """Joins the shards of one sweep (dms.sweep(..., shard="I/N") for I = 1..N) into the
    unsliced sweep, as `dmsim sweep --merge`. ValueError when they are of different sweeps, or
    a shard is missing or given twice."""
    return Sweep(_core.merge_sweeps([s._text for s in sweeps]), False)


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
    failed, and the parameter warnings."""

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
          jobs: Optional[int] = None, **inputs) -> StudyResult:
    """Runs the Analysis study `key` ("sweep", "equal-cost", "long-time", "phase", "distance",
    "rk45-steps") on `system` and returns its figures, summary and CSV.

    Arguments:
      key: the study (dms.studies() lists them with their inputs).
      system: a system name or a dms.System.
      methods: the methods it compares (default the article's two), for the studies that take
        methods.
      params: the system's parameters by name.
      jobs: threads (default the number of cores).
      **inputs: the study's inputs by key (StudyInfo.fields), as numbers, lists or text; the
        others take their defaults. ValueError names a bad one by its label, with its range.
    KeyboardInterrupt at Ctrl+C (the study is cancelled).
    """
    name = _name(system)
    d = _core.study(key, name, params, {k: _text(v) for k, v in inputs.items()},
                    None if methods is None else list(methods), None if jobs is None else float(jobs))
    for w in d["warnings"]:
        _warnings.warn(w, stacklevel=2)
    return StudyResult(key, name, d)


def sweep_study(system: Union[str, System], methods: Optional[Sequence[str]] = None,
                params: Optional[Dict[str, Union[float, Sequence[float]]]] = None,
                jobs: Optional[int] = None, **inputs) -> StudyResult:
    """The Analysis mode's work-precision and convergence study (dms.study("sweep", ...)): its
    figures of global error against cost and step size. For the sweep's records use dms.sweep.

    Arguments as dms.study's: system (a name or a dms.System), methods (default the article's
    two), params (the system's parameters by name), jobs (threads), **inputs (the study's inputs
    by key: dms.studies() lists them with their defaults).
    """
    return study("sweep", system, methods, params, jobs, **inputs)


def equal_cost(system: Union[str, System], methods: Optional[Sequence[str]] = None,
               params: Optional[Dict[str, Union[float, Sequence[float]]]] = None,
               jobs: Optional[int] = None, **inputs) -> StudyResult:
    """The equal-cost study (dms.study("equal-cost", ...)): the methods at the same number of
    right-hand-side evaluations, their energy and structure errors side by side.

    Arguments as dms.study's: system (a name or a dms.System), methods (default the article's
    two), params (the system's parameters by name), jobs (threads), **inputs (the study's inputs
    by key: dms.studies() lists them with their defaults).
    """
    return study("equal-cost", system, methods, params, jobs, **inputs)


def long_time(system: Union[str, System], methods: Optional[Sequence[str]] = None,
              params: Optional[Dict[str, Union[float, Sequence[float]]]] = None,
              jobs: Optional[int] = None, **inputs) -> StudyResult:
    """The long-time study (dms.study("long-time", ...)): max |E - E0| (and the structure or
    momentum error) per logarithmic bucket of t over many steps (input "steps").

    Arguments as dms.study's: system (a name or a dms.System), methods (default the article's
    two), params (the system's parameters by name), jobs (threads), **inputs (the study's inputs
    by key: dms.studies() lists them with their defaults).
    """
    return study("long-time", system, methods, params, jobs, **inputs)


def phase_space(system: Union[str, System], methods: Optional[Sequence[str]] = None,
                params: Optional[Dict[str, Union[float, Sequence[float]]]] = None,
                jobs: Optional[int] = None, **inputs) -> StudyResult:
    """The phase-space study (dms.study("phase", ...)): a circle of initial states carried by
    each method in the (q, p) plane, and its area (systems with one degree of freedom).

    Arguments as dms.study's: system (a name or a dms.System), methods (default the article's
    two), params (the system's parameters by name), jobs (threads), **inputs (the study's inputs
    by key: dms.studies() lists them with their defaults).
    """
    return study("phase", system, methods, params, jobs, **inputs)


def distance(system: Union[str, System], methods: Optional[Sequence[str]] = None,
             params: Optional[Dict[str, Union[float, Sequence[float]]]] = None,
             jobs: Optional[int] = None, **inputs) -> StudyResult:
    """The distance-from-a-reference study (dms.study("distance", ...)): each method's distance
    on the manifold from a fine reference run, per logarithmic bucket of t.

    Arguments as dms.study's: system (a name or a dms.System), methods (default the article's
    two), params (the system's parameters by name), jobs (threads), **inputs (the study's inputs
    by key: dms.studies() lists them with their defaults).
    """
    return study("distance", system, methods, params, jobs, **inputs)


def rk45_steps(system: Union[str, System], methods: Optional[Sequence[str]] = None,
               params: Optional[Dict[str, Union[float, Sequence[float]]]] = None,
               jobs: Optional[int] = None, **inputs) -> StudyResult:
    """RK45's steps (dms.study("rk45-steps", ...)): its accepted step sizes and evaluations
    against t at the given RelTol and AbsTol (inputs "rtol", "atol").

    Arguments as dms.study's: system (a name or a dms.System), methods (default the article's
    two), params (the system's parameters by name), jobs (threads), **inputs (the study's inputs
    by key: dms.studies() lists them with their defaults).
    """
    return study("rk45-steps", system, methods, params, jobs, **inputs)


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
    default, description: the keywords of dms.control) and choices (name, values)."""

    system: str
    title: str
    summary: str
    fields: List[dict]
    choices: List[dict]


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
        when control_times is empty).
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
        iteration limit: ControlProblem.fields) and its choices by name (e.g.
        transcription="rk2"); the others take their defaults.
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


# --- scenario files ----------------------------------------------------------------------------


@dataclass
class Scenario:
    """A scenario file of the app: the system, its parameters, the integrator settings (h, T,
    rtol, atol, controller, samples, summation), the methods shown side by side, and optionally
    the Analysis study (key, inputs as text) and the optimal-control fields and choices."""

    system: str
    parameters: Dict[str, Union[float, List[float]]] = field(default_factory=dict)
    settings: Dict[str, Union[float, str]] = field(default_factory=dict)
    methods: List[str] = field(default_factory=list)
    study: Optional[Dict[str, object]] = None
    control: Optional[Dict[str, object]] = None
    warnings: List[str] = field(default_factory=list, compare=False)

    def run(self, method: Optional[str] = None) -> Run:
        """dms.run of this scenario with `method` (default its first method, else vi)."""
        s = self.settings
        m = method or (self.methods[0] if self.methods else "vi")
        # as dmsim run --scenario: the file's warnings first
        d = _core.run(self.system, m, s.get("h"), s.get("T"), self.parameters, s.get("rtol"),
                      s.get("atol"), s.get("controller", "ode45"), s.get("samples", "output"),
                      s.get("summation", "compensated"), list(self.warnings))
        for w in d["warnings"]:
            _warnings.warn(w, stacklevel=2)
        return Run(self.system, m, d)


def load_scenario(path: str) -> Scenario:
    """Reads the scenario file at `path` (the app's File > Save scenario, `dmsim run --scenario`). ValueError
    naming the field for a malformed file or an out-of-range value; unknown keys become
    Scenario.warnings."""
    d = _core.load_scenario(str(path))
    return Scenario(**d)


def save_scenario(path: str, scenario: Optional[Scenario] = None, *, system: Optional[str] = None,
                  params: Optional[Dict[str, Union[float, Sequence[float]]]] = None,
                  h: Optional[float] = None, T: Optional[float] = None,
                  rtol: Optional[float] = None, atol: Optional[float] = None,
                  controller: Optional[str] = None, samples: Optional[str] = None,
                  summation: Optional[str] = None, methods: Optional[Sequence[str]] = None,
                  study: Optional[Dict[str, object]] = None,
                  control: Optional[Dict[str, object]] = None) -> None:
    """Writes the scenario file `path`, which the app and `dmsim run --scenario` open
    (atomically: a temporary file, then a rename).

    Either `scenario` (a Scenario, e.g. from load_scenario), or `system` with any of: params (by
    name), the settings h, T, rtol, atol, controller, samples, summation (default the article's
    set-up), methods (names), study ({"key": ..., "inputs": {...}}) and control ({"values":
    {...}, "choices": {...}}). Keywords given with `scenario` override its fields. ValueError
    with the loader's message for a bad value (nothing is written).
    """
    if scenario is None:
        if system is None:
            raise ValueError("save_scenario: give a scenario or a system")
        scenario = Scenario(_name(system))
    dms_system = _lookup(_name(system) if system is not None else scenario.system)
    settings = {"h": dms_system.article_setup["h"], "T": dms_system.article_setup["T"],
                "rtol": dms_system.article_setup["rtol"], "atol": dms_system.article_setup["atol"],
                "controller": "ode45", "samples": "output", "summation": "compensated"}
    settings.update(scenario.settings)
    for k, v in (("h", h), ("T", T), ("rtol", rtol), ("atol", atol), ("controller", controller),
                 ("samples", samples), ("summation", summation)):
        if v is not None:
            settings[k] = v
    d = {
        "system": dms_system.name,
        "parameters": dict(scenario.parameters, **(params or {})),
        "settings": settings,
        "methods": list(methods if methods is not None else scenario.methods) or None,
        "study": study if study is not None else scenario.study,
        "control": control if control is not None else scenario.control,
    }
    if d["study"] is not None:
        d["study"] = {"key": d["study"]["key"],
                      "inputs": {k: _text(v) for k, v in d["study"].get("inputs", {}).items()}}
    if d["control"] is not None:
        d["control"] = {"values": dict(d["control"].get("values", {})),
                        "choices": dict(d["control"].get("choices", {}))}
    _core.save_scenario(str(path), d)
