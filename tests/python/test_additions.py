# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""What a script needs beyond a run's arrays: Run.to_csv (dmsim run --csv's file), initial
states as arrays (a rotation matrix, a chain's (n, 3) q0), the example scenarios installed with
the package, and the version in every result's summary."""

import pathlib

import numpy as np
import pytest

import dms

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("system,method,flags,kwargs", [
    ("spherical-pendulum", "vi", [], {}),
    ("spherical-pendulum", "rattle", ["--T", "3"], dict(T=3)),
    ("dumbbell", "rk45-quat", ["--T", "20"], dict(T=20)),
    ("pendulum-chain", "rk45", ["--T", "2", "--set", "n=3"], dict(T=2, params={"n": 3})),
])
def test_to_csv_is_dmsims_file(dmsim, tmp_path, system, method, flags, kwargs):
    cli = tmp_path / "cli.csv"
    p = dmsim("run", "--system", system, "--integrator", method, *flags, "--csv", str(cli))
    assert p.returncode == 0, p.stderr
    run = dms.run(system, method, **kwargs)
    ours = tmp_path / "dms.csv"
    rows = run.to_csv(ours)
    assert ours.read_bytes() == cli.read_bytes()
    assert rows == len(run)
    # its t and energy columns are the run's arrays
    table = np.genfromtxt(ours, delimiter=",", names=True, dtype=None, encoding="utf-8")
    assert np.array_equal(table["t"], run.t) and np.array_equal(table["energy"], run.energy)


def test_to_csv_of_a_scenario_run(tmp_path, dmsim):
    s = dms.load_example("heavy-top")
    path = tmp_path / "top.csv"
    s.run("vi").to_csv(path)
    cli = tmp_path / "cli.csv"
    p = dmsim("run", "--scenario", str(ROOT / "resources" / "examples" / "heavy-top.json"),
              "--integrator", "vi", "--csv", str(cli))
    assert p.returncode == 0, p.stderr
    assert path.read_bytes() == cli.read_bytes()


def test_attitude_as_a_rotation_matrix():
    a = np.array([0.3, -0.2, 0.5])
    angle = np.linalg.norm(a)
    k = a / angle
    K = np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    R = np.eye(3) + np.sin(angle) * K + (1 - np.cos(angle)) * K @ K
    for system, name in (("pendulum-3d", "rotvec0"), ("dumbbell", "att0")):
        by_vector = dms.run(system, T=0.5, params={name: list(a)})
        for given in ({"R0": R}, {name: R}, {"R0": R.tolist()}):
            by_matrix = dms.run(system, T=0.5, params=given)
            assert by_matrix.parameters[name] == pytest.approx(list(a), abs=1e-14)
            assert np.allclose(by_matrix.state["R"][0], R, atol=1e-14)
            assert np.allclose(by_matrix.state["R"][-1], by_vector.state["R"][-1], atol=1e-12)
    with pytest.raises(ValueError, match=r"params\['R0'\]"):
        dms.run("pendulum-3d", T=0.5, params={"R0": 2 * np.eye(3)})


def test_chain_initial_state_as_arrays():
    q0 = np.array([[0.6, 0, 0.8], [0, 0.6, 0.8], [0.8, 0, 0.6]])
    w0 = np.array([[0, 1, 0], [-1, 0, 0], [0, -1, 0]])
    by_arrays = dms.run("pendulum-chain", T=0.5, params={"n": 3, "q0": q0, "omega0": w0})
    by_names = dms.run("pendulum-chain", T=0.5, params={
        "n": 3, **{f"q0_{i + 1}": list(q0[i]) for i in range(3)},
        **{f"omega0_{i + 1}": list(w0[i]) for i in range(3)}})
    assert by_arrays.summary["final_state"] == by_names.summary["final_state"]
    assert np.array_equal(by_arrays.state["q"][0], q0)
    # more rows than links: refused naming the parameter and what the system has
    with pytest.raises(ValueError, match=r"params\['q0'\] has 3 rows, but pendulum-chain has "
                                         r"q0_1 \.\. q0_2"):
        dms.run("pendulum-chain", T=0.5, params={"q0": q0})


def test_examples_are_installed_with_the_package():
    names = dms.examples()
    assert names == sorted(p.stem for p in (ROOT / "resources" / "examples").glob("*.json"))
    assert (pathlib.Path(dms.__file__).parent / "examples" / "heavy-top.json").exists()
    s = dms.load_example("chain-of-eight")
    assert s.system == "pendulum-chain" and s.parameters["n"] == 8
    assert s.title == "A chain of eight spherical pendula" and "implicit" in s.description
    with pytest.raises(ValueError, match="'nope' is not an example.*heavy-top"):
        dms.load_example("nope")


def test_version_in_every_summary(dmsim):
    assert dms.run("mass-spring", T=1).summary["version"] == dms.__version__
    assert dmsim.json("run", "--system", "mass-spring", "--T", "1")["version"] == dms.__version__
    sw = dms.sweep("mass-spring", methods=["vi"], h=[0.02, 0.01, 0.005], T=1)
    assert sw.summary["version"] == dms.__version__
    st = dms.rk45_steps("mass-spring")
    assert st.version == dms.__version__ and st.summary.endswith(dms.__version__)
    c = dms.control("dumbbell", h=0.2, T=2.0)
    assert c.report["version"] == dms.__version__


def test_two_body_json_has_the_bodies(dmsim, tmp_path):
    # with the bodies and the named states, a script computes the total angular momentum:
    # here the first sample's, against the CSV's L1, L2, L3 (the run's own)
    csv = tmp_path / "kw4.csv"
    j = dmsim.json("run", "--system", "two-body", "--T", "600", "--set", "rotvec2=0,0.3,0",
                   "--csv", str(csv))
    bodies = j["bodies"]
    assert len(bodies) == 2 and [len(b["spheres"]) for b in bodies] == [7, 3]
    for b in bodies:
        m = np.array([s["mass"] for s in b["spheres"]])
        r = np.array([s["radius"] for s in b["spheres"]])
        c = np.array([s["centre"] for s in b["spheres"]])
        assert b["mass"] == pytest.approx(m.sum(), rel=1e-15)
        assert np.allclose(m @ c, 0, atol=1e-9 * m.sum() * np.abs(c).max())  # at the centre of mass
        J = sum(mi * (0.4 * ri ** 2 * np.eye(3) + ci @ ci * np.eye(3) - np.outer(ci, ci))
                for mi, ri, ci in zip(m, r, c))
        assert np.allclose(np.array(b["inertia"]).reshape(3, 3), J, rtol=1e-12)

    def angular_momentum(state):
        L = np.zeros(3)
        for k, b in zip("12", bodies):
            R = np.array(state["R" + k]).reshape(3, 3)
            J = np.array(b["inertia"]).reshape(3, 3)
            x, v = np.array(state["x" + k]), np.array(state["v" + k])
            L += b["mass"] * np.cross(x, v) + R @ J @ np.array(state["Omega" + k])
        return L

    table = np.genfromtxt(csv, delimiter=",", names=True, dtype=None, encoding="utf-8")
    L0 = np.array([table["L1"][0], table["L2"][0], table["L3"][0]])
    assert np.allclose(angular_momentum(j["initial_state"]), L0, rtol=1e-10, atol=0)
    L1 = angular_momentum(j["final_state"])
    assert np.linalg.norm(L1 - L0) <= j["angmom_max_dev"] + 1e-9 * np.linalg.norm(L0)
    # dms.run's summary has the same
    run = dms.run("two-body", T=600, params={"rotvec2": [0, 0.3, 0]})
    assert run.summary["bodies"] == bodies
    # and a system without spheres has none
    assert "bodies" not in dmsim.json("run", "--system", "pendulum-3d", "--T", "1")
