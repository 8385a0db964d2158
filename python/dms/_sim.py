# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The forced simulator, dms.Simulator, and the discrete LQR on its derivative, dms.lqr."""

from __future__ import annotations

import math as _math
from typing import Callable, Dict, List, Optional, Sequence, Tuple, Union

import numpy as _np

from . import _core
from ._runs import _params
from ._systems import System, _name, _number, _settings, _text, system as _lookup

StateDict = Dict[str, Union[float, _np.ndarray]]


class Simulator:
    """One system and one method advanced a step at a time, with a control held constant over
    each step (a zero-order hold): a control loop, a step response, a state to save and resume.

    Simulator(system, method="vi", h=None, params=None, potential=None, state=None, *,
              rtol=None, atol=None, controller=None, summation=None)

      system, method, h, params, potential, rtol, atol, controller, summation: as dms.run's;
        h is the step (for RK45, the interval over which it takes its adaptive steps and the
        control is held). None takes the system's article set-up.
      state: where to start, a dict of the state's parts as `state` gives them (the system's
        names and shapes, dms.system(name).state); None: the parameters' initial state.

    The control u of a step is the entries of the system's control channels
    (dms.system(name).controls), flattened in their order: for a rigid body the torque in
    body coordinates [N m] (and on a free body then the force on the mass centre, in inertial
    coordinates [N]); for a point mass on a sphere the force on it in inertial coordinates [N];
    for the planar pendulum the torque about the pivot, for the mass-spring the force along
    the rail. It enters the variational methods (vi, vi4, vi6, vi8, rattle) through the discrete
    Lagrange-d'Alembert principle, half the step's impulse at each end, and the Runge-Kutta
    methods through their vector field. Without u a step is the same as a step of dms.run.

    Raises ValueError naming the argument for bad input (a wrong-shaped u or state part, a
    state off its manifold, a number that is not finite); a step that fails (no solution of
    the implicit step, a non-finite state) raises RuntimeError with the reason and leaves the
    state the last good one.
    """

    def __init__(self, system: Union[str, System], method: str = "vi", h: Optional[float] = None,
                 params: Optional[Dict[str, Union[float, Sequence[float]]]] = None,
                 potential: Optional[str] = None, state: Optional[StateDict] = None, *,
                 rtol: Optional[float] = None, atol: Optional[float] = None,
                 controller: Optional[str] = None, summation: Optional[str] = None) -> None:
        arguments = dict(locals())
        arguments.pop("state")
        self.system: str = _name(system)
        self.method: str = _text("method", method)
        self.potential: Optional[str] = _text("potential", potential)
        settings = _settings(arguments)
        self._sim = _core.Simulator(self.system, self.method, settings, _params(params),
                                    self.potential, state)
        self.warnings: List[str] = list(self._sim.warnings)
        self._info = _lookup(self.system, self.potential)

    @property
    def t(self) -> float:
        """The time of the current state [s]: the steps taken times h."""
        return self._sim.t

    @property
    def k(self) -> int:
        """The steps taken."""
        return self._sim.k

    @property
    def h(self) -> float:
        """The step [s]."""
        return self._sim.h

    @property
    def controls(self):
        """The control channels (dms.StatePartInfo): u's entries, in this order."""
        return self._info.controls

    @property
    def control_size(self) -> int:
        """The number of entries of u."""
        return self._sim.control_size

    @property
    def state(self) -> StateDict:
        """The current state, a dict of its parts by name (as Run.state's at one sample: R a
        3 x 3 array, a scalar a float). Assigning a dict of the same parts restarts from it at
        the current time; the methods' own extra state (the compensated sums' low-order bits,
        RK45's step size) starts afresh."""
        return self._sim.get_state()

    @state.setter
    def state(self, value: StateDict) -> None:
        self._sim.set_state(value)

    @property
    def energy(self) -> float:
        """The total energy of the current state [J]."""
        return self._sim.quantities()["energy"]

    @property
    def momentum(self) -> _np.ndarray:
        """The angular momentum of the current state, inertial frame (as Run.momentum's)."""
        return self._sim.quantities()["momentum"]

    @property
    def structure(self) -> float:
        """The current structure error (as Run.structure's)."""
        return self._sim.quantities()["structure"]

    def step(self, u: Optional[Union[Sequence[float], _np.ndarray]] = None) -> None:
        """One step of h with u held over it (None: no control)."""
        self._sim.step(u)

    def advance(self, T: float,
                control: Union[None, str,
                       Callable[[float, StateDict], Union[Sequence[float], _np.ndarray]]] = None,
                ) -> None:
        """Steps through a time T (a whole number of steps: round(T / h), ValueError when T is
        not within 1e-9 of one). control(t, state) -> u, called before each step with the
        step's start time and state, gives the control held over it; None: no control (the
        steps then run without the interpreter). An exception raised by control stops the
        advance there and propagates: the steps before it are kept. control may also be a
        control law typed as dms.run and dmsim run --control take it, e.g.
        "tau=[20*R32 - 4*Omega1, -20*R31 - 4*Omega2, -4*Omega3]": compiled once (ValueError
        naming the expression and the names allowed when it does not parse or names an
        unknown variable), evaluated before each step without the interpreter; a NaN or inf
        from it stops the advance with RuntimeError naming the expression and the step."""
        T = _number("T", T)
        if not T >= 0 or not _math.isfinite(T):
            raise ValueError(f"T = {T} is out of range: a duration in [0, inf) s")
        n = round(T / self.h)
        if abs(n * self.h - T) > 1e-9 * max(1.0, T):
            raise ValueError(f"T = {T} is not a whole number of steps of h = {self.h}: "
                             f"the simulator steps by h (give T = k h)")
        if control is None:
            self._sim.steps(n)
            return
        if isinstance(control, str):
            self._sim.steps_law(n, control)
            return
        if not callable(control):
            raise TypeError("control must be a callable control(t, state) -> u, a typed law "
                            "(str) or None")
        sim = self._sim
        for _ in range(n):
            sim.step(control(sim.t, sim.get_state()))

    def linearize(self, state: Optional[StateDict] = None,
                  u: Optional[Union[Sequence[float], _np.ndarray]] = None,
                  ) -> Tuple[_np.ndarray, _np.ndarray]:
        """(A, B): the derivative of one step from `state` (None: the current state) with u
        held over it (None: at u = 0), A = dx_{k+1}/dx_k and B = dx_{k+1}/du_k, in the
        system's tangent coordinates (`tangent`: a rotation's change is R xi^, a unit vector's
        xi x q, other parts their entries). Exact derivatives of the method's step (the
        implicit function theorem on the variational step, the stages of a Runge-Kutta step
        on the variational equation), not difference quotients. The simulator's state does not
        change. ValueError when the method has no derivative on this system (rk45-proj,
        rkmk4), saying so."""
        if state is None:
            return self._sim.linearize(u)
        saved = self._sim.save()
        try:
            self._sim.set_state(state)
            return self._sim.linearize(u)
        finally:
            self._sim.restore(saved)

    @property
    def tangent(self) -> List[str]:
        """The names of the tangent coordinates, A's rows and columns in order (e.g. "R.xi1",
        "Omega1")."""
        return list(self._sim.tangent_names())

    def symplectic_form(self) -> _np.ndarray:
        """The canonical symplectic form of the system's phase space at the current state, in
        the tangent coordinates: a step's A satisfies A^T form(x_{k+1}) A = form(x_k) when the
        step is symplectic."""
        return self._sim.symplectic_form()

    def save(self):
        """The whole state now, the methods' own extra state included: restore(saved) and the
        same steps repeat bit for bit."""
        return self._sim.save()

    def restore(self, saved) -> None:
        """Back to a state save() gave (of this simulator; ValueError for another's)."""
        self._sim.restore(saved)

    def counters(self) -> Dict[str, int]:
        """The work so far: steps, RK45's rejected steps, evaluations of the forces, Newton
        iterations."""
        return self._sim.counters()

    def __repr__(self) -> str:
        return (f"Simulator({self.system!r}, {self.method!r}, h={self.h}, t={self.t}, "
                f"controls=[{', '.join(c.name for c in self.controls)}])")


class Lqr:
    """A discrete LQR design (dms.lqr): the step's derivative at the reference, the Riccati
    solution and the gain, and the law that applies it.

      A, B: the step's derivative at (x*, u*) in tangent coordinates (`tangent` names them).
      K: the gain (m x d) of u = u* - K delta(x); X: the stabilizing solution of the discrete
        algebraic Riccati equation; iterations, residual: the doubling algorithm's.
      radius: the spectral radius of A - B K (below 1: the linear loop is stable).
      law: the feedback as a typed control law, for dms.run(control=...), Simulator.advance,
        dmsim run --control, a scenario's control_law or the app's forcing panel.
      spin: the reference's rate for reference="steady-rotation" [rad/s], else 0.
    """

    def __init__(self, d: dict) -> None:
        self.A: _np.ndarray = d["A"]
        self.B: _np.ndarray = d["B"]
        self.K: _np.ndarray = d["K"]
        self.X: _np.ndarray = d["X"]
        self.iterations: int = d["iterations"]
        self.residual: float = d["residual"]
        self.radius: float = d["radius"]
        self.tangent: List[str] = list(d["tangent"])
        self.law: str = d["law"]
        self.spin: _np.ndarray = d["spin"]

    def __repr__(self) -> str:
        return (f"Lqr(K: {self.K.shape[0]} x {self.K.shape[1]}, radius={self.radius:.6g}, "
                f"iterations={self.iterations})")


def lqr(system: Union[str, System], method: str = "vi", h: Optional[float] = None,
        params: Optional[Dict[str, Union[float, Sequence[float]]]] = None,
        potential: Optional[str] = None, state: Optional[StateDict] = None,
        u: Optional[Union[Sequence[float], _np.ndarray]] = None,
        Q: Optional[_np.ndarray] = None, R: Optional[_np.ndarray] = None, *,
        reference: str = "fixed", rtol: Optional[float] = None, atol: Optional[float] = None,
        controller: Optional[str] = None, summation: Optional[str] = None) -> Lqr:
    """The discrete LQR of one method about an equilibrium: the step's exact derivative
    (Simulator.linearize), the discrete Riccati equation solved by the doubling algorithm, and
    the law u = u* - K delta(x), delta the state's tangent coordinates from x* to first order
    in its entries (a rotation's vee(skew(R*^T R)), a unit vector's q* x q).

      system, method, h, params, potential, rtol, atol, controller, summation: as
        dms.Simulator's (the method and step the gain is designed for).
      state: the equilibrium x*, a dict of the state's parts; None: the parameters' initial
        state.
      u: the control u* that holds it; None: 0.
      Q (d x d) weights delta, R (m x m) weights u; None: the identity.
      reference: "fixed" (x*), or "steady-rotation": the method's own steady rotation from x*
        (a sleeping top), the law then reading t.

    ValueError naming the argument for bad input, or when the pair (A, B) cannot be
    stabilized."""
    arguments = dict(locals())
    for k in ("state", "u", "Q", "R", "reference"):
        arguments.pop(k)
    settings = _settings(arguments)
    d = _core.lqr(_name(system), _text("method", method), settings, _params(params),
                  _text("potential", potential), state, u, Q, R, _text("reference", reference))
    return Lqr(d)
