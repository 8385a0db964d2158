# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""dms.run against dmsim run: every system and method at the article's set-up, value for value;
the arrays' shapes, dtypes and ownership; what the arrays say against the summary."""

import gc

import numpy as np
import pytest

import dms
from conftest import without_times

CASES = [(s.name, m.name) for s in dms.systems() for m in s.methods]


@pytest.mark.parametrize("system,method", CASES)
def test_summary_equals_dmsim_run(dmsim, system, method):
    run = dms.run(system, method)
    expected = dmsim.json("run", "--system", system, "--integrator", method)
    # the same code makes both (core/sim/runreport.h): every value equal, CPU time aside
    assert without_times(run.summary) == without_times(expected)
    assert list(run.summary) == list(expected)  # the fields in dmsim's order


@pytest.mark.parametrize("system,method", CASES)
def test_named_state_is_dmsims(system, method):
    run = dms.run(system, method)
    n = len(run)
    final, initial = run.summary["final_state"], run.summary["initial_state"]
    assert list(run.state) == list(final)  # the parts in the system's order
    for name, part in run.state.items():
        assert part.shape[0] == n and part.dtype == np.float64, name
        # the same samples' numbers through the same function: equal to the last bit
        assert part[-1].ravel().tolist() == np.ravel(final[name]).tolist(), name
        assert part[0].ravel().tolist() == np.ravel(initial[name]).tolist(), name
    # each part's shape is the one the system declares (a structural parameter's name read from
    # the run's parameters, e.g. a chain's ["n", 3])
    declared = dms.system(system).state
    assert [p.name for p in declared] == list(run.state)
    for p in declared:
        shape = tuple(int(run.parameters[d]) if isinstance(d, str) else d for d in p.shape)
        assert run.state[p.name].shape == (n,) + shape, p.name


@pytest.mark.parametrize("system,method", CASES)
def test_arrays_agree_with_summary(system, method):
    run = dms.run(system, method)
    s = run.summary
    n = s["samples"]
    for name in ("t", "energy", "structure"):
        a = getattr(run, name)
        assert a.shape == (n,) and a.dtype == np.float64 and a.flags.c_contiguous, name
    assert run.state_columns.shape == (n, len(run.state_names))
    # the summary is computed from the same samples: its maxima are the arrays' maxima exactly
    assert run.energy[0] == s["energy0"]
    assert np.max(np.abs(run.energy - run.energy[0])) == s["energy_max_dev"]
    assert np.max(run.structure) == s["structure_max_err"]
    assert run.t[-1] == s["t_end"]
    sysinfo = dms.system(system)
    if sysinfo.has_angular_momentum:
        assert run.momentum.shape == (n, 3)
    else:
        assert run.momentum is None
    if sysinfo.has_momentum:
        # the deviation counts the components the system conserves
        cols = [k for c in sysinfo.conserved if c.field == "momentum" for k in c.components]
        dev = np.max(np.linalg.norm((run.momentum - run.momentum[0])[:, cols], axis=1))
        assert dev == s["angmom_max_dev"]
    else:
        assert "angmom_max_dev" not in s
    if sysinfo.structure2:
        assert np.max(run.structure2) == s["structure2_max_err"]
    else:
        assert run.structure2 is None
    assert run.status == s["status"] == "ok" and run.failure is None


def test_samples_at_k_h():
    run = dms.run("planar-pendulum", "vi")  # the article's set-up: h = 0.03, T = 1000
    h = run.summary["h"]
    assert len(run) == 33334
    # t_k = k h, each one product rounded once: at most half an ulp of t_k apart
    k = np.arange(len(run))
    assert np.all(np.abs(run.t - k * h) <= 0.5 * np.spacing(run.t + 1.0) + np.spacing(k * h))


def test_arrays_outlive_the_run():
    run = dms.run("spherical-pendulum", "vi", T=10)
    energy, state = run.energy, run.state_columns
    copies = energy.copy(), state.copy()
    del run
    gc.collect()
    # the arrays own their memory (not a view into the freed run): unchanged after the run
    # is gone and other allocations reuse the heap
    other = dms.run("dumbbell", "vi", T=10)
    assert np.array_equal(energy, copies[0]) and np.array_equal(state, copies[1])
    assert energy.base is not None and not isinstance(energy.base, np.ndarray)
    del other


def test_parameters_and_settings_reach_the_run(dmsim):
    run = dms.run("spherical-pendulum", "rk45", h=0.1, T=20, params={"l": 2.0, "m": 3.0},
                  rtol=1e-6, atol=1e-9, controller="scipy", samples="steps")
    expected = dmsim.json("run", "--system", "spherical-pendulum", "--integrator", "rk45",
                          "--h", "0.1", "--T", "20", "--set", "l=2", "--set", "m=3",
                          "--rtol", "1e-6", "--atol", "1e-9", "--rk", "scipy",
                          "--rk-samples", "steps")
    assert without_times(run.summary) == without_times(expected)
    assert run.parameters["l"] == 2.0
    assert len(run) == expected["samples"]


def test_warnings_as_dmsim(dmsim):
    with pytest.warns(UserWarning, match="not a whole number of steps"):
        run = dms.run("planar-pendulum", "vi", T=1.001)
    expected = dmsim.json("run", "--system", "planar-pendulum", "--T", "1.001")
    assert run.summary["warnings"] == expected["warnings"] == run.warnings


def test_systems(dmsim):
    # every system of the registry, in dmsim's (the menu's) order, the article's four first
    names = [s.name for s in dms.systems()]
    assert names == [s["system"] for s in dmsim.json("list", "--json")["systems"]]
    assert names[:4] == ["mass-spring", "planar-pendulum", "spherical-pendulum", "dumbbell"]
    sp = dms.system("spherical-pendulum")
    assert sp.article_setup == {"h": 0.05, "T": 200.0, "rtol": 1e-3, "atol": 1e-6}
    assert "vi" in sp.method_names and "rk45" in sp.method_names
    assert sp.param("q0").dim == 3 and sp.has_momentum
    assert [c.field for c in dms.system("mass-spring").conserved] == ["energy"]
    assert dms.__version__.count(".") == 2
    assert "spherical-pendulum" in repr(sp)


def test_conserved_as_dmsim_list(dmsim):
    listed = {s["system"]: s["conserved"] for s in dmsim.json("list", "--json")["systems"]}
    for s in dms.systems():
        assert [c.__dict__ for c in s.conserved] == listed[s.name], s.name


def test_spherical_pendulum_momentum_from_positions_and_velocities():
    # L = m l^2 q x qdot with qdot = omega x q, recomputed from the state arrays: the whole vector,
    # and RK45's drift off the sphere shows in its vertical component (it keeps omega_3 exactly)
    p = dms.system("spherical-pendulum")
    m, l = p.param("m").default, p.param("l").default
    for method in ("vi", "rk45"):
        run = dms.run("spherical-pendulum", method)
        q, w = run.state["q"], run.state["omega"]
        L = m * l**2 * np.cross(q, np.cross(w, q))
        scale = np.max(np.abs(L))
        assert np.max(np.abs(run.momentum - L)) <= 64 * np.finfo(float).eps * scale
        assert np.max(np.abs(run.momentum[:, :2])) > 1e-3 * scale
        drift = run.summary["angmom_max_dev"] / abs(L[0, 2])
        if method == "rk45":
            assert drift > 1e-2
        else:
            assert drift < 1e-12


def test_conserved_components_follow_the_potential():
    sym = dms.system("custom-sphere-particle", potential="k*(q1^2 + q2^2) - m*9.81*l*q3")
    asym = dms.system("custom-sphere-particle", potential="k*q1 - m*9.81*l*q3")
    assert [c.components for c in sym.conserved if c.field == "momentum"] == [[2]]
    assert [c.field for c in asym.conserved] == ["energy"]
    assert asym.has_angular_momentum and not asym.has_momentum
    run = dms.run("custom-sphere-particle", "vi", T=1.0, params={"k": 1.0},
                  potential="k*q1 - m*9.81*l*q3")
    assert run.momentum.shape == (run.t.size, 3)
    assert "angmom_max_dev" not in run.summary


def _shadow4(q, p, Ld, h):
    """The order-4 shadow energy from the samples, written out: w(a, b) = (p_a + p_b).(q_b - q_a)
    - 2 sum L_d over the steps a..b, and H~ = (2/3 w(0,1) + 2/3 w(1,2) - 1/6 w(0,2)) / (2h) on
    each window of three samples (docs/shadow-energy.md)."""
    L = np.array([Ld(q[k], q[k + 1]) for k in range(len(q) - 1)])

    def w(a, b):
        return np.vdot(p[a] + p[b], q[b] - q[a]) - 2 * L[a:b].sum()

    return np.array([(2 / 3 * w(i, i + 1) + 2 / 3 * w(i + 1, i + 2) - 1 / 6 * w(i, i + 2)) / (2 * h)
                     for i in range(len(q) - 2)])


def _hat(v):
    return np.array([[0, -v[2], v[1]], [v[2], 0, -v[0]], [-v[1], v[0], 0]])


def test_shadow_energy_recomputed_from_the_state():
    # the spherical pendulum (S^2 in R^3) and the 3D pendulum (SO(3) in R^{3x3}): H~ of order 4
    # recomputed here from run.state and the parameters agrees with run.shadow_energy to the
    # rounding of actions of size E h divided by 2h: a few tens of eps E / h
    eps = np.finfo(float).eps
    sp = dms.run("spherical-pendulum", "vi", T=20.0)
    m, l, g = (sp.parameters[k] for k in ("m", "l", "g"))
    h = sp.summary["h"]
    q, w = sp.state["q"], sp.state["omega"]
    p = m * l**2 * np.cross(w, q)
    H = _shadow4(q, p, lambda a, b: m * l**2 / (2 * h) * np.sum((b - a) ** 2)
                 + h * m * g * l / 2 * (a[2] + b[2]), h)
    assert sp.shadow_energy and sp.shadow_energy.order == 4 and sp.shadow_energy_reason is None
    assert np.allclose(sp.shadow_energy.t, sp.t[1:-1], rtol=0, atol=1e-12)
    assert np.max(np.abs(sp.shadow_energy.value - H)) < 64 * eps * m * g * l / h
    assert sp.summary["shadow_max_dev"] == np.max(np.abs(sp.shadow_energy.value - sp.shadow_energy.value[0]))

    top = dms.run("pendulum-3d", "vi", T=5.0)
    J = np.diag(top.parameters["J"])
    Jd = 0.5 * np.trace(J) * np.eye(3) - J
    mass, g, rho = top.parameters["m"], top.parameters["g"], np.array(top.parameters["rho"])
    h = top.summary["h"]
    R, W = top.state["R"], top.state["Omega"]
    P = np.array([0.5 * Rk @ _hat(J @ Wk) for Rk, Wk in zip(R, W)])

    def Ld(R0, R1):
        U = -mass * g * ((R0 @ rho)[2] + (R1 @ rho)[2])
        return np.trace((np.eye(3) - R0.T @ R1) @ Jd) / h - h / 2 * U

    H = _shadow4(R, P, Ld, h)
    scale = 0.5 * W[0] @ J @ W[0] + mass * g * np.linalg.norm(rho)
    assert np.max(np.abs(top.shadow_energy.value - H)) < 64 * eps * scale / h
    # it is flatter than E by orders of magnitude (O(h^4) against O(h^2))
    assert np.ptp(top.shadow_energy.value) * 100 < np.ptp(top.energy)


def test_shadow_energy_absent_says_why():
    run = dms.run("pendulum-3d", "rk45", T=1.0)
    assert not run.shadow_energy and run.shadow_energy.order is None
    assert run.shadow_energy.t.size == 0
    assert "symplectic" in run.shadow_energy_reason
    assert run.summary["shadow_max_dev"] is None and run.summary["shadow_order"] is None


def test_higher_order_compositions_by_name():
    # vi6 and vi8 by the keyword: vi's compositions of 7 and 15 steps, on the rotation group to
    # round-off like vi (a few eps of |R^T R - I|), and at the same h their energy errors fall
    # with the order, h^4, h^6, h^8 (on the 3D pendulum at h = 0.01 over 30 s: vi4 1.6e-5, vi6
    # 7.1e-9, vi8 1.3e-13 of an energy of 0.035 J)
    dev = {}
    for method in ("vi4", "vi6", "vi8"):
        run = dms.run("pendulum-3d", method=method)
        assert run.summary["integrator"] == method
        assert run.summary["status"] == "ok"
        assert run.summary["structure_max_err"] < 20 * np.finfo(float).eps
        dev[method] = run.summary["energy_max_dev"]
    assert dev["vi6"] < dev["vi4"] / 100
    assert dev["vi8"] < dev["vi6"] / 100
