# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""One run of one method: dms.run and its Run."""

from __future__ import annotations

import json as _json
import warnings as _warnings
from dataclasses import field
from typing import Callable, Dict, List, Optional, Sequence, Union

import numpy as _np

from . import _core
from ._systems import System, _name, _number, _settings, _text, methods, system, systems


# --- events ------------------------------------------------------------------------------------


class Event:
    """An event of dms.run(events=[...]): the zero crossings of a scalar function of the state,
    located between samples (docs/numerics.md, "Events").

    f: a typed expression (str) in t, the state's entries by name and the system's scalar
      parameters, as `dmsim run --event` (docs/cli.md: theta, Omega; q1 q2 q3; R11 ... R33;
      x1_1 ... for a part whose name ends in a digit), or a callable f(t, state) -> float, state
      the named state as a dict (a scalar part as a float, another as an array of its shape,
      as Run.state's rows). A callable is called from the run, with the GIL held; an exception
      it raises stops the run and is raised again by dms.run (its .run attribute is the
      stopped Run, with its samples up to then).
    direction: +1 the rising crossings only (f from negative to non-negative), -1 the falling
      ones, 0 both.
    terminal: True ends the run at the first crossing: its samples up to that time are kept, and
      the crossing (with its state) is the last of Run.events.
    """

    def __init__(self, f: Union[str, Callable[[float, Dict[str, object]], float]],
                 direction: int = 0, terminal: bool = False):
        if not isinstance(f, str) and not callable(f):
            raise ValueError(f"Event: f = {f!r}: expected an expression (str) or a callable "
                             f"f(t, state) -> float")
        if isinstance(direction, bool) or direction not in (-1, 0, 1):
            raise ValueError(f"Event: direction = {direction!r}: expected -1, 0 or 1")
        if not isinstance(terminal, bool):
            raise ValueError(f"Event: terminal = {terminal!r}: expected True or False")
        self.f = f
        self.direction = int(direction)
        self.terminal = terminal

    def __repr__(self) -> str:
        return f"Event({self.f!r}, direction={self.direction}, terminal={self.terminal})"


class LocatedEvent:
    """A crossing located along a run (Run.events).

    Attributes:
      t: its time [s].
      state: the named state at t (a dict as Run.state's rows: a scalar part as a float,
        another as an array of its shape), from the interpolant.
      event: the index of its Event in the list given to dms.run.
      direction: +1 rising, -1 falling.
      terminal: whether it ended the run.
    """

    def __init__(self, d: dict):
        self.t: float = d["t"]
        self.state: Dict[str, object] = dict(d["state"])
        self.event: int = d["event"]
        self.direction: int = d["direction"]
        self.terminal: bool = d["terminal"]

    def __repr__(self) -> str:
        return (f"LocatedEvent(t={self.t:.15g}, event={self.event}, "
                f"direction={self.direction:+d}, terminal={self.terminal})")


def _events(events) -> list:
    """`events` for the core: a list of (f, direction, terminal); ValueError naming events for
    anything but a sequence of dms.Event."""
    if events is None:
        return []
    if isinstance(events, Event) or isinstance(events, (str, bytes)) or \
            not isinstance(events, Sequence):
        raise ValueError(f"events = {events!r}: expected a list of dms.Event")
    out = []
    for e in events:
        if not isinstance(e, Event):
            raise ValueError(f"events: {e!r} is not a dms.Event (write dms.Event(f, "
                             f"direction=0, terminal=False))")
        out.append((e.f, e.direction, e.terminal))
    return out


# --- runs --------------------------------------------------------------------------------------


class ShadowEnergy:
    """The shadow (modified) energy H~ of a variational run, computed from its samples: the energy
    the symplectic map conserves to high order, flat where E oscillates (docs/shadow-energy.md).

    Attributes:
      t, value: arrays (M,) of the times and the values of H~ (of order 4: on every sample but
        the first and the last); empty for a run that has none.
      order: the construction's order (4), None for a run that has none (Run.shadow_energy_reason
        says why).
    A ShadowEnergy is false when the run has none.
    """

    def __init__(self, t: _np.ndarray, value: _np.ndarray, order: Optional[int]):
        self.t = t
        self.value = value
        self.order = order

    def __bool__(self) -> bool:
        return self.order is not None

    def __repr__(self) -> str:
        if self.order is None:
            return "ShadowEnergy(none)"
        return f"ShadowEnergy(order={self.order}, values={len(self.t)})"


class Run:
    """One run from t = 0 to T.

    Attributes:
      system, method: the names run.
      summary: a dict equal, value for value, to `dmsim run`'s JSON for the same input (its
        cpu_s is this run's own CPU time).
      t, energy, structure: arrays of shape (N,): the sample times t_k, the total energy E_k
        and the primary structure error (see System.structure; 0 on a linear space).
      structure2: array (N,) of the secondary structure error, None where the system has none.
      shadow_energy: the run's shadow energy H~ (ShadowEnergy: t, value, order), order None and
        empty arrays for a run that has none; shadow_energy_reason says why in words (None when
        it has one). summary["shadow_max_dev"] is max |H~ - H~_0| over every value.
      momentum: array (N, 3) of the angular momentum (the total angular momentum about the
        pivot, or about the centre of mass for the dumbbell and the two bodies, in the inertial
        frame), None where the system has none (System.has_angular_momentum). Which of its
        columns the system conserves: System.conserved (the "momentum" entry's components).
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
      events: the crossings of the events given (dms.Event), located in time order
        (LocatedEvent: t, state, event, direction, terminal); empty without events.
      stopped_by_event: the index of the terminal event that ended the run, else None.
      control: for a run closed by a control law (dms.run's control), an array (N, m) of the
        control held over the step from each sample (the entries of the system's control
        channels in their order, e.g. tau1 tau2 tau3); its last row NaN (no step follows the
        last sample). None for a free run.
    The arrays are copies the Run owns: they stay valid whatever happens to the run.
    """

    def __init__(self, system: str, method: str, d: dict, args: Optional[tuple] = None):
        self._args = args  # what made it (dms._core.run_csv's arguments after the path)
        self.system = system
        self.method = method
        self.summary: dict = _json.loads(d["summary"])
        self.t: _np.ndarray = d["t"]
        self.energy: _np.ndarray = d["energy"]
        self.structure: _np.ndarray = d["structure"]
        self.structure2: Optional[_np.ndarray] = d["structure2"]
        self.momentum: Optional[_np.ndarray] = d["momentum"]
        self.shadow_energy = ShadowEnergy(d["shadow_t"], d["shadow_value"], d["shadow_order"])
        self.shadow_energy_reason: Optional[str] = d["shadow_reason"]
        self.state_names: List[str] = list(d["state_names"])
        self.state_columns: _np.ndarray = d["state_columns"]
        self.parameters: Dict[str, Union[int, float, List[float]]] = d["parameters"]
        self.status: str = d["status"]
        self.failure: Optional[str] = d["failure"]
        self.failure_time: Optional[float] = d["failure_time"]
        self.warnings: List[str] = list(d["warnings"])
        self.events: List[LocatedEvent] = [LocatedEvent(e) for e in d.get("events", [])]
        self.stopped_by_event: Optional[int] = d.get("stopped_by_event")
        self.control: Optional[_np.ndarray] = d["control"]
        self._pose: Optional[_np.ndarray] = d["pose_columns"]
        named = d.get("named_state")
        self._state: Optional[Dict[str, _np.ndarray]] = None if named is None else dict(named)

    @property
    def state(self) -> Dict[str, _np.ndarray]:
        """The state by its named parts (see the class): arrays of shape (N, *part's shape)."""
        if self._state is None:
            self._state = dict(_core.named_states(self.system, self.method, self.t,
                                                  self.state_columns, self._pose))
        return self._state

    def to_csv(self, path: str) -> int:
        """Writes the run's time series to the CSV file `path`, the file `dmsim run --csv`
        writes for the same input (one writer, the core's core/io/runcsv.h): a header row, then
        one row per sample kept (the every, t_eval or final_only given to dms.run, as dmsim run's
        --every, --t-eval, --final-only; shadow_energy then empty), the columns method,t,energy,energy_dev,structure,structure2,
        L1,L2,L3,x,y,z,shadow_energy and the state coordinates (state_names); an empty cell where the run has
        no value. The run is made again, each sample streamed into the file (a run is
        deterministic: the rows are this run's samples, t equal to Run.t; x, y, z, the drawn
        point, is not kept in the arrays). Written atomically (a temporary file, then a rename).
        Returns the number of rows. ValueError naming to_csv when the file cannot be written;
        KeyboardInterrupt at Ctrl+C (nothing is written)."""
        if self._args is None:
            raise ValueError("to_csv: this Run does not know the input that made it")
        return _core.run_csv(str(path), *self._args)

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


class RunChunk:
    """Samples of a run streamed by dms.run(stream=callback): the samples kept (every one, every
    k-th, those at t_eval) in the order made, a chunk at a time (up to 4096 samples of the run
    per chunk), instead of being held by the Run.

    Attributes (as Run's, for the chunk's M samples):
      t, energy, structure: arrays (M,).
      structure2: array (M,), None where the system has none.
      momentum: array (M, 3), None where the system has none.
      state_columns: array (M, len(state_names)) of the integrator's own coordinates.
      control: array (M, m) of a run closed by a control law, else None.
      state: the named state, a dict of arrays (M, *part's shape), made on first use.
    """

    def __init__(self, system: str, method: str, d: dict):
        self._system = system
        self._method = method
        self.t: _np.ndarray = d["t"]
        self.energy: _np.ndarray = d["energy"]
        self.structure: _np.ndarray = d["structure"]
        self.structure2: Optional[_np.ndarray] = d["structure2"]
        self.momentum: Optional[_np.ndarray] = d["momentum"]
        self.state_columns: _np.ndarray = d["state_columns"]
        self.control: Optional[_np.ndarray] = d["control"]
        self._pose: Optional[_np.ndarray] = d["pose_columns"]
        named = d.get("named_state")
        self._state: Optional[Dict[str, _np.ndarray]] = None if named is None else dict(named)

    @property
    def state(self) -> Dict[str, _np.ndarray]:
        """The named state of the chunk's samples: arrays of shape (M, *part's shape)."""
        if self._state is None:
            self._state = dict(_core.named_states(self._system, self._method, self.t,
                                                  self.state_columns, self._pose))
        return self._state

    def __len__(self) -> int:
        return len(self.t)

    def __repr__(self) -> str:
        if len(self) == 0:
            return "RunChunk(samples=0)"
        return f"RunChunk(samples={len(self)}, t={self.t[0]:g}..{self.t[-1]:g})"


def _output(every, t_eval, final_only, stream):
    """dms.run's every, t_eval, final_only and stream, checked for their types (the ranges are
    the core's): ValueError naming the argument."""
    if every is not None:
        if isinstance(every, bool) or not isinstance(every, (int, _np.integer)):
            raise ValueError(f"every = {every!r}: expected a whole number >= 1 (every k-th "
                             f"sample)")
        every = int(every)
    if t_eval is not None:
        if isinstance(t_eval, (str, bytes)):
            raise ValueError(f"t_eval = {t_eval!r}: expected a sorted sequence of times in "
                             f"[0, T]")
        try:
            times = _np.asarray(t_eval, dtype=float)
        except (TypeError, ValueError):
            raise ValueError(f"t_eval = {t_eval!r}: expected a sorted sequence of times in "
                             f"[0, T]") from None
        if times.ndim != 1:
            raise ValueError(f"t_eval: expected a 1-D sequence of times, got shape "
                             f"{times.shape}")
        t_eval = [float(x) for x in times]
    if not isinstance(final_only, (bool, _np.bool_)):
        raise ValueError(f"final_only = {final_only!r}: expected True or False")
    final_only = bool(final_only)
    if stream is not None:
        if not callable(stream):
            raise ValueError(f"stream = {stream!r}: expected a callable stream(chunk) or None")
        if final_only:
            raise ValueError("stream and final_only exclude each other: final_only keeps one "
                             "sample, which the Run holds; give one")
    return every, t_eval, final_only


def run(system: Union[str, System], method: str = "vi", h: Optional[float] = None,
        T: Optional[float] = None, params: Optional[Dict[str, Union[float, Sequence[float]]]] = None,
        rtol: Optional[float] = None, atol: Optional[float] = None,
        controller: Optional[str] = None, samples: Optional[str] = None,
        summation: Optional[str] = None, potential: Optional[str] = None, *,
        sampling: Optional[str] = None, events: Optional[Sequence[Event]] = None,
        control: Union[None, str, Callable[[float, Dict[str, Union[float, _np.ndarray]]],
                                           Union[Sequence[float], _np.ndarray]]] = None,
        every: Optional[int] = None, t_eval: Optional[Sequence[float]] = None,
        final_only: bool = False, stream: Optional[Callable[["RunChunk"], None]] = None) -> Run:
    """Runs `system` with `method` from t = 0 to T and returns the Run (its arrays and summary).

    Arguments (as `dmsim run`'s flags; None takes the system's article set-up):
      system: a system name or a dms.System: one of those listed under "Systems" below.
      method: one the system has (System.methods, listed below): "vi" is the article's
        variational integrator.
      h: the fixed step; for an adaptive method the output spacing [s].
      T: the horizon [s]; the samples are t_k = k h for k = 0..floor(T/h).
      params: the system's parameters by name (System.params), e.g. {"l": 2.0,
        "q0": [0.866, 0, 0.5]}; the others take their defaults.
      rtol, atol: the adaptive methods' relative and absolute tolerances.
      controller: the RK45 step-size controller, "ode45" (MATLAB's; None) or "scipy".
      sampling: where RK45 is sampled, "output" (at t_k = k h by dense output; None) or "steps"
        (at its accepted steps); samples is its older name (give one of the two).
      summation: how the variational steps add their increments, "compensated" (None) or
        "plain".
      potential: the potential typed for "custom-rigid-body" (in R11 ... R33) or
        "custom-sphere-particle" (in q1, q2, q3, m, l), as dmsim run --potential; each other
        name in it is a parameter that params must give.
      control: a control law closing the run, held over each step (a zero-order hold); the
        Run then has a `control` array (N, m). Either a str, the law typed as `dmsim run
        --control` takes it: "CHANNEL=[e1, e2, ...]; ..." with one expression per entry of each
        control channel, in t, the named state's entries (R11 ... R33, Omega1 ... Omega3, q1_2:
        q's 1st component of link 2, ...) and the parameters by name (docs/cli.md), e.g.
        "tau=[20*R23 - 4*Omega1, -20*R13 - 4*Omega2, -4*Omega3]" or "f=-0.4*v"; or a callable
        control(t, state) -> u, state a dict of the named state's parts (as Run.state at one
        sample: arrays, a scalar part as a float), u the flat array of the control's m entries
        (the channels' entries in order, a matrix channel row by row). The callable is called
        once per step, from the run's thread holding the GIL; an exception it raises stops the
        run and is raised here; a u of another shape raises ValueError naming the expected
        shape. A str and a callable computing the same numbers give the same run.

      events: a list of dms.Event: their zero crossings are located (Run.events), and a
        terminal one ends the run (docs/numerics.md, "Events").

    Which samples the Run keeps (at most one of every, t_eval and final_only; the summary and
    the shadow energy's shadow_max_dev cover every sample whatever is kept, and the run is made
    once):
      every: keep every k-th sample, k >= 1 a whole number: the samples 0, k, 2k, ... and the
        last one always, ceil(N/k) + 1 samples of a run of N steps (None: every sample). The
        shadow energy's arrays then hold its values at the kept samples.
      t_eval: keep the samples at these times (sorted, finite, in [0, T]; T is N h for a fixed
        step and for RK45 sampled at k h): RK45 (rk45, rk45-proj, rk45-quat) gives its dense
        output there, the same numbers as its samples at k h with sampling "output"; a
        fixed-step method the cubic through its samples around t, entry by entry, with the
        named state (Run.state) taken back onto SO(d) and S^2 (docs/numerics.md, "Output at
        given times"); a time equal to a sample's gives that sample. No shadow energy arrays.
      final_only: keep the last sample only (no shadow energy arrays).
      stream: a callable stream(chunk) given the samples kept as they are made, a dms.RunChunk
        at a time (up to 4096 samples of the run each), instead of the Run holding them: the
        Run's arrays are then empty (its summary whole). With every or t_eval, the chunks hold
        the samples kept. An exception it raises stops the run and is raised here.

    rtol, atol, controller and sampling given to a fixed-step method, and summation given to a
    method other than vi, vi4, vi6, vi8 and rattle, are ignored with a warning naming them (the
    table of dmsim list: which methods read which setting).

    Warnings (warnings.warn, and kept in Run.warnings): what dmsim run warns about, the same
    text: a T that is not a whole number of steps, a parameter the system changed (a q0 scaled
    to unit length, an omega0 made tangent), settings the method ignores, a run that failed.

    Raises ValueError with dmsim's message (the field, the value, the allowed range) for bad
    input, and naming the argument for a value of the wrong type (h="0.01", params="m=0.5",
    params={"n": True}); KeyboardInterrupt at Ctrl+C (checked every 4096 samples). A
    fixed-step run whose first step fails (h too large for the initial state) is refused with
    ValueError naming h; a run that stops later (no solution of a step, a non-finite state, a
    typed law that gives NaN or inf, naming its expression and the step) is returned with status
    "failed", the reason in Run.failure and a warning. A typed law that does not parse or names
    an unknown variable raises ValueError naming the expression and the names allowed. An event
    expression that does not parse or names an unknown name is refused with ValueError naming
    it; one whose value is not finite stops the run (status "failed", Run.failure naming the
    event and the step); a callable event that raises stops the run and its exception is raised
    again here, with a note naming the event and the step and the stopped Run as its .run.

    {systems}
    """
    arguments = dict(locals())
    for key in ("events", "every", "t_eval", "final_only", "stream"):
        del arguments[key]
    every, t_eval, final_only = _output(every, t_eval, final_only, stream)
    name = _name(system)
    method = _text("method", method)
    settings = _settings(arguments)
    args = (name, method, settings, _params(params))
    potential = _text("potential", potential)
    if control is not None and not isinstance(control, str) and not callable(control):
        raise TypeError(f"control = {control!r}: expected a str (a typed law, as dmsim run "
                        f"--control) or a callable control(t, state) -> u")
    core_events = _events(events)
    chunks = None if stream is None else (lambda c: stream(RunChunk(name, method, c)))
    d = _core.run(*args, [], potential, True, core_events, control, every, t_eval, final_only,
                  chunks)
    r = Run(name, method, d, args + (potential, core_events, control, every, t_eval, final_only))
    if callable(control):
        r.summary["control"] = {"callable": getattr(control, "__qualname__", repr(control))}
    _raise_event_exception(d, r)
    for w in d["warnings"]:
        _warnings.warn(w, stacklevel=2)
    return r


def _raise_event_exception(d: dict, r: Run) -> None:
    """Raises again the exception a callable event raised in the run `r` (d: the core's
    output), with a note naming the event and the step and r as its .run."""
    exc = d.get("event_exception")
    if exc is None:
        return
    try:
        exc.run = r
    except AttributeError:
        pass
    if hasattr(exc, "add_note"):
        exc.add_note(f"dms.run: the run stopped: {r.failure}")
    raise exc


def _params(params):
    """`params` for the core: a dict (its values checked there) or None; ValueError naming
    params for anything else (params="m=0.5")."""
    if params is None or isinstance(params, dict):
        return params
    if hasattr(params, "keys") and hasattr(params, "__getitem__"):
        return {k: params[k] for k in params.keys()}
    raise ValueError(f"params = {params!r}: expected a dict of parameter names to values, "
                     f"e.g. {{'m': 0.5}}")


def _systems_doc() -> str:
    """The "Systems" section of run's docstring, made from the registry when dms is imported:
    each system's name, title, methods and the named parts of its state with their shapes."""
    lines = ["Systems (Run.state[part] has shape (N, *shape); shapes at the default set-up):"]
    for s in systems():
        info = _core.state_parts(s.name)
        parts = ", ".join(f"{n} {tuple(shape)}" for n, shape in info["parts"])
        lines.append(f"  {s.name}: {s.title}.")
        lines.append(f"    methods: {', '.join(s.method_names)}.")
        line = f"    state: {parts}"
        if info["structural"]:
            given = ", ".join(f"{k} = {v:g}" for k, v in info["structural"].items())
            line += f" (at the default {given})"
        lines.append(line + ".")
    return "\n".join(lines)


run.__doc__ = run.__doc__.replace("{systems}", _systems_doc().replace("\n", "\n    "))
