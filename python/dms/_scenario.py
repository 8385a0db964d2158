# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The app's scenario files: dms.load_scenario, dms.save_scenario."""

from __future__ import annotations

import pathlib as _pathlib
import warnings as _warnings
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Union

from . import _core
from ._systems import _lookup, _name, _setting_key, _settings, _texts, methods, system
from ._systems import _text as _check_text
from ._runs import Run, _params, run
from ._studies import _text, study
from ._control import control


# --- scenario files ----------------------------------------------------------------------------


class ControlFields(dict):
    """A scenario's optimal-control fields and choices, {"values": {...}, "choices": {...}}, and
    its typed costs ("running_cost", "terminal_cost": text): a dict as the file holds it, which,
    called, solves them: scenario.control() is dms.control(scenario.system, **values,
    **choices, running_cost=..., terminal_cost=...)."""

    system: str = ""

    def __call__(self, progress=None, **fields):
        """Solves the scenario's optimal-control problem (dms.control) with its fields and
        choices. Arguments: progress: as dms.control's (called once per iteration; False stops
        the solve); **fields: fields or choices by name that override the file's."""
        given = dict(self.get("values", {}))
        given.update(self.get("choices", {}))
        given.update({k: v for k, v in self.items() if k not in ("values", "choices")})
        given.update(fields)
        return control(self.system, progress, **given)


@dataclass
class Scenario:
    """A scenario file of the app: the system, its parameters, the integrator settings (h, T,
    rtol, atol, controller, samples (the sampling), summation; the table of `dmsim list`), the
    methods shown side by side, and optionally the Analysis study (key, inputs as text) and the
    optimal-control fields and choices, and the control law closing its runs (`control_law`,
    typed as dms.run's control and dmsim run --control take it; "control_law" in the file); an
    example says what it shows in `title` and `description`."""

    system: str
    parameters: Dict[str, Union[float, List[float]]] = field(default_factory=dict)
    settings: Dict[str, Union[float, str]] = field(default_factory=dict)
    methods: List[str] = field(default_factory=list)
    study: Optional[Dict[str, object]] = None
    control: Optional[Dict[str, object]] = None
    potential: Optional[str] = None
    title: Optional[str] = None
    description: Optional[str] = None
    control_law: Optional[str] = None
    warnings: List[str] = field(default_factory=list, compare=False)

    def __post_init__(self) -> None:
        # the control block, a dict, is also callable: scenario.control() solves it
        if self.control is not None and not isinstance(self.control, ControlFields):
            self.control = ControlFields(self.control)
        if self.control is not None:
            self.control.system = self.system

    def run(self, method: Optional[str] = None) -> Run:
        """dms.run of this scenario with `method` (default its first method, else vi), closed by
        its control_law when it has one."""
        m = method or (self.methods[0] if self.methods else "vi")
        # as dmsim run --scenario: the file's warnings first
        settings = {k: v for k, v in self.settings.items() if v is not None}
        args = (self.system, m, settings, self.parameters)
        d = _core.run(*args, list(self.warnings), self.potential, False, [], self.control_law)
        for w in d["warnings"]:
            _warnings.warn(w, stacklevel=2)
        return Run(self.system, m, d, args + (self.potential, [], self.control_law))


_EXAMPLES = _pathlib.Path(__file__).resolve().parent / "examples"


def examples() -> List[str]:
    """The names of the example scenarios installed with the package (the app's File >
    Examples), sorted, e.g. "heavy-top", "chain-of-eight"; dms.load_example(name) reads one."""
    return sorted(p.stem for p in _EXAMPLES.glob("*.json"))


def load_example(name: str) -> Scenario:
    """The example scenario `name` (one of dms.examples()), as dms.load_scenario reads it:
    dms.load_example("heavy-top").run(); an optimal-control example's .control() solves it
    (dms.load_example("chain-swing-up").control()). ValueError naming the known examples for
    another."""
    names = examples()
    if not isinstance(name, str) or name not in names:
        raise ValueError(f"load_example: {name!r} is not an example (one of {', '.join(names)})")
    return load_scenario(str(_EXAMPLES / f"{name}.json"))


def load_scenario(path: str) -> Scenario:
    """Reads the scenario file at `path` (the app's File > Save scenario, `dmsim run --scenario`).
    ValueError naming the field for a malformed file, an out-of-range value or a parameter the
    system does not have (the run would not be the one written); unknown keys become
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
                  control: Optional[Dict[str, object]] = None,
                  potential: Optional[str] = None, sampling: Optional[str] = None,
                  control_law: Optional[str] = None) -> None:
    """Writes the scenario file `path`, which the app and `dmsim run --scenario` open
    (atomically: a temporary file, then a rename).

    Either `scenario` (a Scenario, e.g. from load_scenario), or `system` with any of: params (by
    name), the settings h, T, rtol, atol, controller, sampling (or its older name samples),
    summation (default the article's set-up), methods (names), study ({"key": ...,
    "inputs": {...}}), control ({"values": {...}, "choices": {...}}, and the typed costs
    "running_cost", "terminal_cost" as text) and potential (the typed
    potential of "custom-rigid-body" or "custom-sphere-particle", as dms.run's; its parameters
    go in params) and control_law (a control law typed as dms.run's control takes it, checked
    against the system). Keywords given with
    `scenario` override its fields. A scenario that cannot be run as written is refused with
    the loader's message naming the field, and nothing is written: a bad value, or a parameter
    the system does not have (a typed potential's parameters without the potential:
    "'parameters.k': custom-sphere-particle has no parameter 'k' ...").
    """
    # a value of the wrong type is refused naming the argument, as dms.run does
    given = _settings(locals())
    potential = _check_text("potential", potential)
    control_law = _check_text("control_law", control_law)
    params = _params(params)
    methods = _texts("methods", methods)
    if scenario is None:
        if system is None:
            raise ValueError("save_scenario: give a scenario or a system")
        scenario = Scenario(_name(system))
    dms_system = _lookup(_name(system) if system is not None else scenario.system)
    # the scenario's settings with those given (a setting given replaces each of its names);
    # the core completes them with the system's set-up
    settings = {k: v for k, v in scenario.settings.items() if v is not None}
    for n, v in given.items():
        key = _setting_key(n)
        settings = {k: x for k, x in settings.items() if _setting_key(k) is not key}
        settings[n] = v
    d = {
        "system": dms_system.name,
        "potential": potential if potential is not None else scenario.potential,
        "parameters": dict(scenario.parameters, **(params or {})),
        "settings": settings,
        "methods": list(methods if methods is not None else scenario.methods) or None,
        "study": study if study is not None else scenario.study,
        "control": control if control is not None else scenario.control,
        "title": scenario.title,
        "description": scenario.description,
        "control_law": control_law if control_law is not None else scenario.control_law,
    }
    if d["study"] is not None:
        d["study"] = {"key": d["study"]["key"],
                      "inputs": {k: _text(v) for k, v in d["study"].get("inputs", {}).items()}}
    if d["control"] is not None:
        # the typed costs (running_cost, terminal_cost) are text beside the values and choices
        d["control"] = dict({k: _check_text(k, v) for k, v in d["control"].items()
                             if k not in ("values", "choices")},
                            values=dict(d["control"].get("values", {})),
                            choices=dict(d["control"].get("choices", {})))
    _core.save_scenario(str(path), d)
