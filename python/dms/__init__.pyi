# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Type stubs of the package dms (Discrete Mechanics Studio): every public name."""

from concurrent.futures import Executor
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

__version__: str

class Param:
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

class MethodInfo:
    name: str
    label: str
    description: str
    adaptive: bool
    keeps_structure: bool
    symplectic: bool

class Conserved:
    name: str
    symbol: str
    unit: str
    field: str
    components: List[int]

class StatePartInfo:
    name: str
    shape: List[Union[int, str]]
    unit: str
    description: str

class System:
    name: str
    title: str
    params: List[Param]
    methods: List[MethodInfo]
    article_methods: List[str]
    article_setup: Dict[str, float]
    structure: str
    structure2: str
    has_momentum: bool
    has_angular_momentum: bool
    has_control: bool
    conserved: List[Conserved]
    state: List[StatePartInfo]
    controls: List[StatePartInfo]
    @property
    def method_names(self) -> List[str]: ...
    def param(self, name: str) -> Param: ...

def systems() -> List[System]: ...

def system(name: str, potential: Optional[str] = ...) -> System: ...

def methods() -> List[MethodInfo]: ...

class ShadowEnergy:
    t: np.ndarray
    value: np.ndarray
    order: Optional[int]
    def __bool__(self) -> bool: ...

class Event:
    f: Union[str, Callable[[float, Dict[str, Any]], float]]
    direction: int
    terminal: bool
    def __init__(self, f: Union[str, Callable[[float, Dict[str, Any]], float]], direction: int = 0, terminal: bool = False) -> None: ...

class LocatedEvent:
    t: float
    state: Dict[str, Any]
    event: int
    direction: int
    terminal: bool

class Run:
    system: str
    method: str
    summary: dict
    t: np.ndarray
    energy: np.ndarray
    structure: np.ndarray
    structure2: Optional[np.ndarray]
    momentum: Optional[np.ndarray]
    shadow_energy: ShadowEnergy
    shadow_energy_reason: Optional[str]
    @property
    def state(self) -> Dict[str, np.ndarray]: ...
    state_names: List[str]
    state_columns: np.ndarray
    parameters: Dict[str, Union[int, float, List[float]]]
    status: str
    failure: Optional[str]
    failure_time: Optional[float]
    warnings: List[str]
    events: List[LocatedEvent]
    stopped_by_event: Optional[int]
    control: Optional[np.ndarray]
    def to_csv(self, path: str) -> int: ...
    def __len__(self) -> int: ...

class RunChunk:
    t: np.ndarray
    energy: np.ndarray
    structure: np.ndarray
    structure2: Optional[np.ndarray]
    momentum: Optional[np.ndarray]
    state_columns: np.ndarray
    control: Optional[np.ndarray]
    @property
    def state(self) -> Dict[str, np.ndarray]: ...
    def __len__(self) -> int: ...

def run(system: Union[str, System], method: str = "vi", h: Optional[float] = None, T: Optional[float] = None, params: Optional[Dict[str, Union[float, Sequence[float]]]] = None, rtol: Optional[float] = None, atol: Optional[float] = None, controller: Optional[str] = None, samples: Optional[str] = None, summation: Optional[str] = None, potential: Optional[str] = None, *, sampling: Optional[str] = None, events: Optional[Sequence[Event]] = None, control: Union[None, str, Callable[[float, Dict[str, Union[float, np.ndarray]]], Union[Sequence[float], np.ndarray]]] = None, every: Optional[int] = None, t_eval: Optional[Sequence[float]] = None, final_only: bool = False, stream: Optional[Callable[[RunChunk], None]] = None) -> Run: ...

class SweepRun:
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
    angmom_max_dev: Optional[float]
    status: str
    angle_err: Optional[float]
    position_err: Optional[float]
    velocity_err: Optional[float]

class Reference:
    method: str
    rtol: float
    h: Optional[float]
    error_bound: float

class Sweep:
    system: str
    T: float
    runs: List[SweepRun]
    orders: Dict[str, Optional[float]]
    reference: Reference
    summary: dict
    warnings: List[str]
    global_err: np.ndarray
    angle_err: np.ndarray
    position_err: np.ndarray
    velocity_err: np.ndarray

def sweep(system: Union[str, System], methods: Optional[Sequence[str]] = None, h: Optional[Sequence[float]] = None, rtol: Optional[Sequence[float]] = None, T: Optional[float] = None, params: Optional[Dict[str, Union[float, Sequence[float]]]] = None, jobs: Optional[int] = None, shard: Optional[str] = None, *, executor: Optional[Executor] = None, tasks: Optional[int] = None) -> Sweep: ...

def merge_sweeps(sweeps: Sequence[Sweep]) -> Sweep: ...

class Axis:
    label: str
    unit: str
    log: bool

class Series:
    name: str
    x: np.ndarray
    y: np.ndarray

class Figure:
    name: str
    title: str
    x: Axis
    y: Axis
    series: List[Series]
    caption: str
    def __getitem__(self, name: str) -> Series: ...

class StudyField:
    key: str
    label: str
    default: str
    tooltip: str

class StudyInfo:
    key: str
    name: str
    description: str
    uses_methods: bool
    supports: Dict[str, bool]
    fields: Dict[str, List[StudyField]]

class StudyResult:
    key: str
    system: str
    figures: List[Figure]
    summary: str
    summary_html: str
    csv: str
    failed: bool
    caption: str
    warnings: List[str]
    version: str
    def __getitem__(self, name: str) -> Figure: ...

def studies() -> List[StudyInfo]: ...

def study(key: str, system: Union[str, System], methods: Optional[Sequence[str]] = None, params: Optional[Dict[str, Union[float, Sequence[float]]]] = None, jobs: Optional[int] = None, *, executor: Optional[Executor] = None, **inputs: object) -> StudyResult: ...

def sweep_study(system: Union[str, System], methods: Optional[Sequence[str]] = None, params: Optional[Dict[str, Union[float, Sequence[float]]]] = None, jobs: Optional[int] = None, *, executor: Optional[Executor] = None, **inputs: object) -> StudyResult: ...

def equal_cost(system: Union[str, System], methods: Optional[Sequence[str]] = None, params: Optional[Dict[str, Union[float, Sequence[float]]]] = None, jobs: Optional[int] = None, *, executor: Optional[Executor] = None, **inputs: object) -> StudyResult: ...

def long_time(system: Union[str, System], methods: Optional[Sequence[str]] = None, params: Optional[Dict[str, Union[float, Sequence[float]]]] = None, jobs: Optional[int] = None, *, executor: Optional[Executor] = None, **inputs: object) -> StudyResult: ...

def phase_space(system: Union[str, System], methods: Optional[Sequence[str]] = None, params: Optional[Dict[str, Union[float, Sequence[float]]]] = None, jobs: Optional[int] = None, *, executor: Optional[Executor] = None, **inputs: object) -> StudyResult: ...

def distance(system: Union[str, System], methods: Optional[Sequence[str]] = None, params: Optional[Dict[str, Union[float, Sequence[float]]]] = None, jobs: Optional[int] = None, *, executor: Optional[Executor] = None, **inputs: object) -> StudyResult: ...

def rk45_steps(system: Union[str, System], methods: Optional[Sequence[str]] = None, params: Optional[Dict[str, Union[float, Sequence[float]]]] = None, jobs: Optional[int] = None, *, executor: Optional[Executor] = None, **inputs: object) -> StudyResult: ...

def symplecticity(system: Union[str, System], methods: Optional[Sequence[str]] = None, params: Optional[Dict[str, Union[float, Sequence[float]]]] = None, jobs: Optional[int] = None, *, executor: Optional[Executor] = None, **inputs: object) -> StudyResult: ...

class Iteration:
    iteration: int
    evaluations: int
    cost: float
    constraint_violation: float
    residual: Optional[float]

class ControlProblem:
    system: str
    title: str
    summary: str
    fields: List[dict]
    choices: List[dict]
    expressions: List[dict]

class ControlSolution:
    system: str
    report: dict
    converged: bool
    cancelled: bool
    status: str
    message: str
    iterations: int
    evaluations: int
    cost: float
    terminal_error: float
    history: List[Iteration]
    t: np.ndarray
    energy: np.ndarray
    structure: np.ndarray
    position: np.ndarray
    controls: Dict[str, np.ndarray]
    control_units: Dict[str, str]
    control_times: np.ndarray
    table: np.ndarray
    columns: List[str]
    warnings: List[str]

def control_problems() -> List[ControlProblem]: ...

def control(system: Union[str, System], progress: Optional[Callable[[Iteration], Optional[bool]]] = None, **fields: object) -> ControlSolution: ...

class ControlFields(Dict[str, object]):
    system: str
    def __call__(self, progress: Optional[Callable[[Iteration], Optional[bool]]] = None, **fields: object) -> ControlSolution: ...

class Scenario:
    system: str
    parameters: Dict[str, Union[float, List[float]]]
    settings: Dict[str, Union[float, str]]
    methods: List[str]
    study: Optional[Dict[str, object]]
    control: Optional[ControlFields]
    potential: Optional[str]
    title: Optional[str]
    description: Optional[str]
    control_law: Optional[str]
    warnings: List[str]
    def run(self, method: Optional[str] = None) -> Run: ...

def load_scenario(path: str) -> Scenario: ...

def save_scenario(path: str, scenario: Optional[Scenario] = None, *, system: Optional[str] = None, params: Optional[Dict[str, Union[float, Sequence[float]]]] = None, h: Optional[float] = None, T: Optional[float] = None, rtol: Optional[float] = None, atol: Optional[float] = None, controller: Optional[str] = None, samples: Optional[str] = None, summation: Optional[str] = None, methods: Optional[Sequence[str]] = None, study: Optional[Dict[str, object]] = None, control: Optional[Dict[str, object]] = None, potential: Optional[str] = None, sampling: Optional[str] = None, control_law: Optional[str] = None) -> None: ...

def examples() -> List[str]: ...

def load_example(name: str) -> Scenario: ...

class Simulator:
    system: str
    method: str
    potential: Optional[str]
    warnings: List[str]
    def __init__(self, system: Union[str, System], method: str = ..., h: Optional[float] = ..., params: Optional[Dict[str, Union[float, Sequence[float]]]] = ..., potential: Optional[str] = ..., state: Optional[Dict[str, Union[float, np.ndarray]]] = ..., *, rtol: Optional[float] = ..., atol: Optional[float] = ..., controller: Optional[str] = ..., summation: Optional[str] = ...) -> None: ...
    @property
    def t(self) -> float: ...
    @property
    def k(self) -> int: ...
    @property
    def h(self) -> float: ...
    @property
    def controls(self) -> List[StatePartInfo]: ...
    @property
    def control_size(self) -> int: ...
    @property
    def state(self) -> Dict[str, Union[float, np.ndarray]]: ...
    @state.setter
    def state(self, value: Dict[str, Union[float, np.ndarray]]) -> None: ...
    @property
    def energy(self) -> float: ...
    @property
    def momentum(self) -> np.ndarray: ...
    @property
    def structure(self) -> float: ...
    def step(self, u: Optional[Union[Sequence[float], np.ndarray]] = ...) -> None: ...
    def advance(self, T: float, control: Union[None, str, Callable[[float, Dict[str, Union[float, np.ndarray]]], Union[Sequence[float], np.ndarray]]] = ...) -> None: ...
    def linearize(self, state: Optional[Dict[str, Union[float, np.ndarray]]] = ..., u: Optional[Union[Sequence[float], np.ndarray]] = ...) -> Tuple[np.ndarray, np.ndarray]: ...
    @property
    def tangent(self) -> List[str]: ...
    def symplectic_form(self) -> np.ndarray: ...
    def save(self) -> Any: ...
    def restore(self, saved: Any) -> None: ...
    def counters(self) -> Dict[str, int]: ...

class Lqr:
    A: np.ndarray
    B: np.ndarray
    K: np.ndarray
    X: np.ndarray
    iterations: int
    residual: float
    radius: float
    tangent: List[str]
    law: str
    spin: np.ndarray

def lqr(system: Union[str, System], method: str = ..., h: Optional[float] = ..., params: Optional[Dict[str, Union[float, Sequence[float]]]] = ..., potential: Optional[str] = ..., state: Optional[Dict[str, Union[float, np.ndarray]]] = ..., u: Optional[Union[Sequence[float], np.ndarray]] = ..., Q: Optional[np.ndarray] = ..., R: Optional[np.ndarray] = ..., *, reference: str = ..., rtol: Optional[float] = ..., atol: Optional[float] = ..., controller: Optional[str] = ..., summation: Optional[str] = ...) -> Lqr: ...

class Ensemble:
    system: str
    method: str
    members: int
    final: Dict[str, np.ndarray]
    t: np.ndarray
    energy_max_dev: np.ndarray
    energy_mean_dev: np.ndarray
    structure_max_err: np.ndarray
    structure2_max_err: np.ndarray
    angmom_max_dev: np.ndarray
    steps: np.ndarray
    fevals: np.ndarray
    newton: np.ndarray
    failed: np.ndarray
    reasons: List[str]
    params: Optional[List[Dict[str, Any]]]

def ensemble(system: Union[str, System], method: str = ..., states: Union[None, Dict[str, Union[float, np.ndarray]], Sequence[Dict[str, Union[float, np.ndarray]]]] = ..., *, h: Optional[float] = ..., T: Optional[float] = ..., params: Optional[Dict[str, Union[float, Sequence[float]]]] = ..., member_params: Optional[Sequence[Dict[str, Union[float, Sequence[float]]]]] = ..., members: Optional[int] = ..., spread: Optional[Dict[str, float]] = ..., seed: int = ..., rtol: Optional[float] = ..., atol: Optional[float] = ..., controller: Optional[str] = ..., sampling: Optional[str] = ..., summation: Optional[str] = ..., potential: Optional[str] = ..., jobs: Optional[int] = ..., executor: Optional[Any] = ...) -> Ensemble: ...
