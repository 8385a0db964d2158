# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Simulator.linearize, dms.lqr and the symplecticity study from Python."""

import math

import numpy as np
import pytest
import scipy.linalg

import dms


def test_linearize_matches_central_differences_of_the_step():
    # a 0.3 rad tilt from upright, turning: a generic state; central differences with e = 1e-6
    # err by about e^2 |Phi'''| + eps/e ~ 1e-10, against derivatives of order 1
    sim = dms.Simulator("pendulum-3d", "vi", params={"rotvec0": [math.pi + 0.3, 0.1, 0],
                                                     "Omega0": [0.2, -0.1, 0.3]})
    u = np.array([0.1, -0.2, 0.05])
    A, B = sim.linearize(u=u)
    assert A.shape == (6, 6) and B.shape == (6, 3)
    assert sim.tangent == ["R.xi1", "R.xi2", "R.xi3", "Omega1", "Omega2", "Omega3"]
    x0 = sim.state

    def step(state, control):
        s = dms.Simulator("pendulum-3d", "vi", state=state)
        s.step(control)
        return s.state

    def moved(state, delta):
        R = state["R"] @ scipy.linalg.expm(hat(delta[:3]))
        return {"R": R, "Omega": state["Omega"] + delta[3:]}

    def difference(a, b):
        W = scipy.linalg.logm(a["R"].T @ b["R"]).real
        return np.concatenate([[W[2, 1], W[0, 2], W[1, 0]], b["Omega"] - a["Omega"]])

    y = step(x0, u)
    e = 1e-6
    Afd = np.column_stack([
        (difference(y, step(moved(x0, e * d), u)) - difference(y, step(moved(x0, -e * d), u)))
        / (2 * e) for d in np.eye(6)])
    Bfd = np.column_stack([
        (difference(y, step(x0, u + e * d)) - difference(y, step(x0, u - e * d))) / (2 * e)
        for d in np.eye(3)])
    assert np.abs(A - Afd).max() < 1e-7 * max(1, np.abs(A).max())
    assert np.abs(B - Bfd).max() < 1e-7 * max(1, np.abs(B).max())
    # the state is untouched, and a given state is linearized without moving the simulator
    assert np.array_equal(sim.state["R"], x0["R"])
    A2, _ = sim.linearize(state=y, u=u)
    assert not np.array_equal(A2, A) and np.array_equal(sim.state["R"], x0["R"])


def hat(w):
    return np.array([[0, -w[2], w[1]], [w[2], 0, -w[0]], [-w[1], w[0], 0]])


def test_the_variational_step_is_symplectic_and_rk4_is_not():
    # A^T W(x1) A = W(x0): vi to round-off; RK4's defect is O(h^5) per step, far above it
    defects = {}
    for method in ("vi", "rk4"):
        sim = dms.Simulator("pendulum-3d", method, params={"Omega0": [1.0, 0.5, -0.3]})
        W0 = sim.symplectic_form()
        A, _ = sim.linearize()
        sim.step()
        defects[method] = np.linalg.norm(A.T @ sim.symplectic_form() @ A - W0) / np.linalg.norm(W0)
    assert defects["vi"] < 1e-13
    assert defects["rk4"] > 1e3 * defects["vi"]


def test_lqr_gain_agrees_with_scipy_and_holds_the_pendulum_inverted():
    design = dms.lqr("pendulum-3d", "vi", params={"rotvec0": [math.pi, 0, 0],
                                                   "Omega0": [0, 0, 0]})
    X = scipy.linalg.solve_discrete_are(design.A, design.B, np.eye(6), np.eye(3))
    K = np.linalg.solve(np.eye(3) + design.B.T @ X @ design.B, design.B.T @ X @ design.A)
    # two solvers of one well-conditioned Riccati equation: agreement to 1e-8 relative
    assert np.abs(design.K - K).max() < 1e-8 * np.abs(K).max()
    assert design.radius < 1
    sim = dms.Simulator("pendulum-3d", "vi", params={"rotvec0": [math.pi + 0.2, 0, 0],
                                                     "Omega0": [0, 0, 0]})
    sim.advance(20.0, control=design.law)
    # the closed loop's error shrinks as radius^k over 2000 steps: what is left of the 0.2 rad
    # is far below 1e-8 when the gain holds the nonlinear motion too
    upright = scipy.linalg.expm(hat([math.pi, 0, 0]))
    W = scipy.linalg.logm(upright.T @ sim.state["R"]).real
    assert np.linalg.norm([W[2, 1], W[0, 2], W[1, 0]]) < 1e-8
    assert np.linalg.norm(sim.state["Omega"]) < 1e-8


def test_lqr_refuses_bad_input():
    with pytest.raises(ValueError, match="Q"):
        dms.lqr("pendulum-3d", params={"rotvec0": [math.pi, 0, 0]}, Q=np.eye(5))
    with pytest.raises(ValueError, match="reference"):
        dms.lqr("pendulum-3d", reference="moving")
    with pytest.raises(ValueError, match="no derivative"):
        dms.Simulator("pendulum-3d", "rkmk4").linearize()


def test_symplecticity_study_separates_vi_from_rk45():
    r = dms.study("symplecticity", "pendulum-3d", methods=["vi", "rk45"], steps=300)
    series = {s.name: np.asarray(s.y) for s in r.figures[0].series}
    labels = {m.name: m.label for m in dms.methods()}
    vi, rk = (series[labels[m]] for m in ("vi", "rk45"))
    assert vi.max() < 1e-12
    assert rk[-1] > 1e3 * vi.max()


@pytest.mark.parametrize("name,method", [(n, m) for n in ("inverted-3d-pendulum-lqr",
                                                           "chain-upright-lqr", "sleeping-top-lqr")
                                          for m in ("vi", "rk45")])
def test_lqr_examples_settle(name, method):
    # each example's law (dms.lqr's, written into the file) holds its system: the end state's
    # tilt from upright is below 1e-4 rad, where it starts at 0.05 to 0.2 rad (the linear
    # loops' factors radius^N over the examples' horizons are 1e-9 and below for the pendulum
    # and the chain, 3e-4 for the top)
    example = dms.load_example(name)
    assert example.control_law
    run = example.run(method)
    assert run.failure is None, run.failure
    state = {k: v[-1] for k, v in run.state.items()}
    if "q" in state:
        up = [-q[2] for q in state["q"]]
    else:
        R = state["R"]
        axis = np.array(example.parameters.get("rho", [0, 0, 1.0]), dtype=float)
        up = [-(R @ axis)[2] / np.linalg.norm(axis)]
    tilt = max(math.acos(min(1.0, u)) for u in up)
    assert tilt < 1e-4, tilt


@pytest.mark.parametrize("method", ["vi", "rk4"])
def test_quadrotor_linearize_matches_central_differences(method):
    # a tilted, turning, moving quadrotor at 1.2 times the hover thrust: the thrust f R e3 turns
    # with the body, so its derivative in R is of the size of gravity's effect on the step;
    # central differences with e = 1e-6 err by about e^2 |Phi'''| + eps/e ~ 1e-10
    params = {"rotvec0": [0.3, -0.2, 0.1], "Omega0": [0.5, -0.3, 0.2], "v0": [0.1, 0.2, -0.3]}
    sim = dms.Simulator("quadrotor", method, params=params)
    u = np.array([1.2 * 4.34 * 9.81, 0.3, -0.2, 0.1])
    A, B = sim.linearize(u=u)
    assert A.shape == (12, 12) and B.shape == (12, 4)
    assert sim.tangent[:6] == ["R.xi1", "R.xi2", "R.xi3", "Omega1", "Omega2", "Omega3"]
    assert sim.tangent[6:] == ["x1", "x2", "x3", "v1", "v2", "v3"]
    x0 = sim.state

    def step(state, control):
        s = dms.Simulator("quadrotor", method, state=state)
        s.step(control)
        return s.state

    def moved(state, delta):
        return {"R": state["R"] @ scipy.linalg.expm(hat(delta[:3])),
                "Omega": state["Omega"] + delta[3:6], "x": state["x"] + delta[6:9],
                "v": state["v"] + delta[9:]}

    def difference(a, b):
        W = scipy.linalg.logm(a["R"].T @ b["R"]).real
        return np.concatenate([[W[2, 1], W[0, 2], W[1, 0]], b["Omega"] - a["Omega"],
                               b["x"] - a["x"], b["v"] - a["v"]])

    y = step(x0, u)
    e = 1e-6
    Afd = np.column_stack([
        (difference(y, step(moved(x0, e * d), u)) - difference(y, step(moved(x0, -e * d), u)))
        / (2 * e) for d in np.eye(12)])
    Bfd = np.column_stack([
        (difference(y, step(x0, u + e * d)) - difference(y, step(x0, u - e * d))) / (2 * e)
        for d in np.eye(4)])
    assert np.abs(A - Afd).max() < 1e-7 * max(1, np.abs(A).max())
    assert np.abs(B - Bfd).max() < 1e-7 * max(1, np.abs(B).max())
