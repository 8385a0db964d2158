# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Your own integrator, in NumPy, against the article's variational integrator on the
spherical pendulum: the same equations (q' = omega x q, omega' = (g/l) q x e3, gravity along
+e3), the same initial state and step, the energy and the unit-length error of q side by side.

The integrator here is the explicit midpoint rule (RK2) with q projected back onto the sphere
after every step: second order like vi, but neither symplectic nor variational.

    PYTHONPATH=build/release/python python3 examples/python/own_integrator.py [OUT_DIR]

writes own-integrator.png.
"""

import sys

import matplotlib
import numpy as np

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import dms  # noqa: E402

out = sys.argv[1] if len(sys.argv) > 1 else "."
system = "spherical-pendulum"
T = 200.0
ref = dms.run(system, "vi", T=T)  # the article's h = 0.05 and initial state
p = ref.parameters
m, l, g, h = p["m"], p["l"], p["g"], ref.summary["h"]
e3 = np.array([0.0, 0.0, 1.0])


def rhs(y):
    q, w = y[:3], y[3:]
    return np.concatenate([np.cross(w, q), g / l * np.cross(q, e3)])


def energy(y):
    q, w = y[..., :3], y[..., 3:]
    return 0.5 * m * l**2 * np.sum(w * w, axis=-1) - m * g * l * (q @ e3)


# the vi run's first state, in its own coordinates (q1..q3, w1..w3)
names = ref.state_names
y = ref.state_columns[0].copy()
assert names == ["q1", "q2", "q3", "w1", "w2", "w3"], names
steps = len(ref) - 1
ys = np.empty((steps + 1, 6))
ys[0] = y
for k in range(steps):
    y = y + h * rhs(y + 0.5 * h * rhs(y))  # explicit midpoint
    y[:3] /= np.linalg.norm(y[:3])  # back onto S^2
    y[3:] -= (y[3:] @ y[:3]) * y[:3]  # omega tangent to q
    ys[k + 1] = y
t = ref.t
mine = energy(ys)
# our energy formula at vi's first state gives dms's energy: the same system
assert abs(mine[0] - ref.energy[0]) <= 1e-12 * abs(ref.energy[0]) + 1e-12

fig, ax = plt.subplots(figsize=(7, 3.6), dpi=110)
ax.plot(t, mine - mine[0], color="tab:orange", lw=0.8, label="my midpoint + projection")
ax.plot(t, ref.energy - ref.energy[0], color="tab:blue", lw=0.8, label="dms vi (variational)")
ax.set_xlabel("t [s]")
ax.set_ylabel("E - E0 [J]")
ax.set_title(f"Spherical pendulum, h = {h:g} s: energy error")
ax.legend(fontsize=8)
fig.tight_layout()
fig.savefig(f"{out}/own-integrator.png")
print(f"max |E - E0|: mine {np.max(np.abs(mine - mine[0])):.3g}, vi {ref.summary['energy_max_dev']:.3g}")
print(f"{out}/own-integrator.png")
