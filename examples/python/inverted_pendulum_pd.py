# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The 3D pendulum held upside down by a PD law, in both of dms.run's forms: the law typed as
text (as `dmsim run --control` and the scenario key control_law take it) and the same law as a
Python callable control(t, state) -> u. The two runs are the same run; vi and rk45 settle alike.

The body's centre of mass is at rho = 0.3 e3 (body frame) and gravity pulls along +e3, so it is
upright when R e3 = -e3. R^T e3 = (R31, R32, R33) is gravity's direction in the body frame and
gravity's torque is m g |rho| (e3 x R^T e3): the law tau = -Kp (e3 x R^T e3) - Kd Omega with
Kp = 20 N m > m g |rho| holds it.

    PYTHONPATH=build/release/python python3 examples/python/inverted_pendulum_pd.py [OUT_DIR]

writes inverted-pendulum-pd.png (the tilt from upright and the torque against t).
"""

import math
import sys

import matplotlib
import numpy as np

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import dms  # noqa: E402

out = sys.argv[1] if len(sys.argv) > 1 else "."
Kp, Kd = 20.0, 4.0
law = f"tau=[{Kp:g}*R32 - {Kd:g}*Omega1, -{Kp:g}*R31 - {Kd:g}*Omega2, -{Kd:g}*Omega3]"


def pd(t, state):
    R, W = state["R"], state["Omega"]
    return [Kp * R[2, 1] - Kd * W[0], -Kp * R[2, 0] - Kd * W[1], -Kd * W[2]]


def tilt(R):
    """The angle from upright of each attitude in R (N, 3, 3)."""
    return np.arctan2(np.hypot(R[:, 2, 0], R[:, 2, 1]), -R[:, 2, 2])


params = {"rotvec0": [math.pi + 0.05, 0.0, 0.0], "Omega0": [0.0, 0.0, 0.0]}
fig, (ax1, ax2) = plt.subplots(2, 1, sharex=True, figsize=(7, 6))
for method in ["vi", "rk45"]:
    typed = dms.run("pendulum-3d", method, h=0.01, T=10, params=params, control=law)
    called = dms.run("pendulum-3d", method, h=0.01, T=10, params=params, control=pd)
    assert typed.state_columns.tobytes() == called.state_columns.tobytes()
    a = tilt(typed.state["R"])
    print(f"{method}: tilt {a[0]:.3g} rad at t = 0, {a[-1]:.3g} rad at t = {typed.t[-1]:g}")
    ax1.semilogy(typed.t, np.maximum(a, 1e-300), label=method)
    ax2.plot(typed.t[:-1], typed.control[:-1, 0], label=f"{method}: tau1")
ax1.set_ylabel("tilt from upright [rad]")
ax1.legend()
ax2.set_xlabel("t [s]")
ax2.set_ylabel("torque [N m]")
ax2.legend()
fig.suptitle(f"pendulum-3d held upside down: {law}", fontsize=8)
fig.savefig(f"{out}/inverted-pendulum-pd.png", dpi=100)
