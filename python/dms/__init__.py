# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
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

from . import _core
from ._systems import (  # noqa: F401
    Param,
    MethodInfo,
    Conserved,
    StatePartInfo,
    System,
    systems,
    system,
    methods,
)
from ._runs import (  # noqa: F401
    Event,
    LocatedEvent,
    Run,
    RunChunk,
    ShadowEnergy,
    run,
)
from ._sweeps import (  # noqa: F401
    SweepRun,
    Reference,
    Sweep,
    sweep,
    merge_sweeps,
)
from ._studies import (  # noqa: F401
    Axis,
    Series,
    Figure,
    StudyField,
    StudyInfo,
    StudyResult,
    studies,
    study,
    sweep_study,
    equal_cost,
    long_time,
    phase_space,
    distance,
    rk45_steps,
    symplecticity,
)
from ._control import (  # noqa: F401
    Iteration,
    ControlProblem,
    ControlSolution,
    control_problems,
    control,
)
from ._sim import Lqr, Simulator, lqr  # noqa: F401
from ._ensemble import Ensemble, ensemble  # noqa: F401
from ._scenario import (  # noqa: F401
    ControlFields,
    Scenario,
    load_scenario,
    save_scenario,
    examples,
    load_example,
)

__version__: str = _core.__version__

__all__ = [
    "__version__", "Param", "MethodInfo", "Conserved", "StatePartInfo", "System", "systems", "system", "methods", "Run", "RunChunk", "ShadowEnergy", "run", "Event", "LocatedEvent",
    "SweepRun", "Reference", "Sweep", "sweep", "merge_sweeps", "Axis", "Series", "Figure",
    "StudyField", "StudyInfo", "StudyResult", "studies", "study", "sweep_study", "equal_cost",
    "long_time", "phase_space", "distance", "rk45_steps", "symplecticity", "Iteration", "ControlProblem",
    "ControlSolution", "control_problems", "control", "ControlFields", "Scenario", "load_scenario",
    "save_scenario", "examples", "load_example", "Simulator", "Lqr", "lqr", "Ensemble", "ensemble",
]

# the classes and functions present themselves as dms's, where the user meets them
for _n in __all__[1:]:
    globals()[_n].__module__ = __name__
del _n
