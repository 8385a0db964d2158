# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The quadrotor's examples (Lee, Leok and McClamroch's two cases) fly from Python under the
geometric tracking controller: the state parts x, v, R, Omega, the control (f, M), and the
position error at the end."""

import numpy as np
import pytest

import dms


@pytest.mark.parametrize("name", ["quadrotor-tracking", "quadrotor-flip"])
def test_example_flies_with_its_controller(name):
    s = dms.load_example(name)
    assert s.system == "quadrotor"
    assert s.control_law.lstrip().startswith("{")
    run = s.run()
    n = len(run.t)
    assert n == round(s.settings["T"] / s.settings["h"]) + 1
    assert list(run.state) == ["x", "v", "R", "Omega"]
    assert run.state["x"].shape == (n, 3)
    assert run.state["v"].shape == (n, 3)
    assert run.state["R"].shape == (n, 3, 3)
    assert run.state["Omega"].shape == (n, 3)
    # the control the law gave: thrust f and torque M, 4 entries per step
    assert run.control.shape[1] == 4
    # the desired position at T: the tracking case's figure eight, the flip case's origin
    T = run.t[-1]
    xd = (np.array([0.4 * T, 0.4 * np.sin(np.pi * T), 0.6 * np.cos(np.pi * T)])
          if name == "quadrotor-tracking" else np.zeros(3))
    # converged to the zero-order hold's lag, (h/2) |x_d'''| / (k_x/m) = 5.8e-3 m at most
    # (tst_quadrotor)
    assert np.linalg.norm(run.state["x"][-1] - xd) < 5.8e-3
    # R stays a rotation to round-off with vi
    R = run.state["R"][-1]
    assert np.linalg.norm(R.T @ R - np.eye(3)) < 1e-12


def test_geometric_law_is_checked():
    with pytest.raises(ValueError, match="'case' = 'loop'"):
        dms.run("quadrotor", control='{"kind": "geometric-tracking", "case": "loop"}', T=0.1)
