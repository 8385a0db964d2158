# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The systems: their parameters, methods, conserved quantities and the article's set-up."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Union

from . import _core


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
    has_angular_momentum: bool
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


def system(name: str, potential: Optional[str] = None) -> System:
    """The system of that name (e.g. "spherical-pendulum"); ValueError naming the known ones.

    With `potential` (a typed potential, for the systems that take one, as dms.run's): that
    system with it, its parameters those of the potential and its `conserved` quantities what
    the potential keeps (a potential without a symmetry about e3 conserves no momentum)."""
    for s in systems():
        if s.name == name:
            if potential is None:
                return s
            return _system(_core.system_with_potential(name, potential))
    names = ", ".join(s.name for s in systems())
    raise ValueError(f"--system '{name}': unknown system (one of {names})")


_lookup = system  # for the functions whose argument `system` hides it


def methods() -> List[MethodInfo]:
    """Every integrator, in the order the app lists them (a system has some of them)."""
    return [MethodInfo(**m) for m in _core.methods()]
