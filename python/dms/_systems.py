# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The systems: their parameters, methods, conserved quantities and the article's set-up."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Union

import numbers as _numbers

import numpy as _np

from . import _core


def _short(a) -> str:
    return "None" if a is None else f"array{tuple(a.shape)}"


def _name(system) -> str:
    if isinstance(system, System):
        return system.name
    return _text("system", system)


def _number(name: str, value) -> Optional[float]:
    """`value` as a float, None as None; ValueError naming the argument for anything that is
    not a real number (a string, a truth value: True would be read as 1)."""
    if value is None:
        return None
    if isinstance(value, (bool, _np.bool_)) or not isinstance(value, _numbers.Real):
        raise ValueError(f"{name} = {value!r}: expected a number")
    return float(value)


def _whole(name: str, value) -> Optional[int]:
    """`value` as an int (a whole number), None as None; ValueError naming the argument."""
    x = _number(name, value)
    if x is not None and x != int(x):
        raise ValueError(f"{name} = {value!r}: expected a whole number")
    return None if x is None else int(x)


def _text(name: str, value) -> Optional[str]:
    """`value` if it is a string, None as None; ValueError naming the argument otherwise."""
    if value is None or isinstance(value, str):
        return value
    raise ValueError(f"{name} = {value!r}: expected a string")


def _texts(name: str, values) -> Optional[List[str]]:
    """A sequence of strings as a list (None as None); ValueError naming the argument."""
    if values is None:
        return None
    if isinstance(values, str) or not hasattr(values, "__iter__"):
        raise ValueError(f"{name} = {values!r}: expected a list of strings")
    return [_text(f"{name}[{i}]", v) for i, v in enumerate(values)]


def _numbers_of(name: str, values) -> Optional[List[float]]:
    """A sequence of numbers as a list of floats (None as None); ValueError naming the argument
    and the entry."""
    if values is None:
        return None
    if isinstance(values, str) or not hasattr(values, "__iter__"):
        raise ValueError(f"{name} = {values!r}: expected a list of numbers")
    return [_number(f"{name}[{i}]", v) for i, v in enumerate(values)]

# --- run settings ------------------------------------------------------------------------------

# the table of a run's settings (core/integrators/settingkeys.h): each key's names, kind, allowed
# values and the methods that read it
_SETTING_KEYS = _core.setting_keys()


def _setting_key(name: str) -> Optional[dict]:
    """The setting named `name` (canonical, or an alias such as "samples"), or None."""
    for k in _SETTING_KEYS:
        if name == k["name"] or name in k["aliases"]:
            return k
    return None


def _settings(arguments: dict) -> Dict[str, Union[float, str]]:
    """The run settings among a function's `arguments` (its locals(): the arguments named as
    the table's keys of the settings dicts and its canonical names, e.g. samples and sampling)
    that are given (not None), by the name given, each checked for its type (ValueError naming
    the argument). Two names of one setting are refused."""
    out: Dict[str, Union[float, str]] = {}
    for k in _SETTING_KEYS:
        names = [n for n in dict.fromkeys((k["dict_key"], k["name"]))
                 if arguments.get(n) is not None]
        if len(names) > 1:
            raise ValueError(f"{names[0]} and {names[1]} are the same setting ({k['name']}): "
                             f"give one")
        for n in names:
            out[n] = _number(n, arguments[n]) if k["kind"] == "number" else _text(n, arguments[n])
    return out

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
class StatePartInfo:
    """One named part of a run's state (Run.state[name]): its shape after the samples' axis (a
    number, or the name of the structural parameter that sets it, e.g. ["n", 3] for a chain's
    q; empty for a scalar), its SI unit ("" where it has none) and what it is."""

    name: str
    shape: List[Union[int, str]]
    unit: str
    description: str


@dataclass(frozen=True)
class System:
    """A mechanical system: its name (dms.run's `system`), title, parameters, the methods it
    has and the two the article compares, the article's set-up (h, T, rtol, atol), what its
    structure errors measure, whether it has an optimal-control
    problem (dms.control), its conserved quantities (Conserved), the named parts of its
    state (StatePartInfo, in Run.state's order) and the channels of its control u
    (dms.Simulator.step's u is their entries, flattened, in this order; empty: it cannot be
    forced)."""

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
    controls: List[StatePartInfo] = field(default_factory=list)

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
    d["state"] = [StatePartInfo(**p) for p in d["state"]]
    d["controls"] = [StatePartInfo(**p) for p in d["controls"]]
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
