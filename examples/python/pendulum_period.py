# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The planar pendulum's period from the zero crossings of theta (dms.Event), against the
exact period 4 sqrt(l/g) K(sin(theta0/2)) (K by the arithmetic-geometric mean): RK45 at a tight
tolerance (its dense output locates the crossings) and the variational integrator vi at a few
steps h (the cubic through its samples; its error falls as h^2). A callable event finds the same
crossings as the typed expression.

    PYTHONPATH=build/release/python python3 examples/python/pendulum_period.py [OUT_DIR]

prints the periods and writes pendulum-period.png.
"""

import math
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import dms  # noqa: E402

out = sys.argv[1] if len(sys.argv) > 1 else "."
theta0, l, g = 2.0, 9.81, 9.81


def ellipk(k):
    """K(k) = pi / (2 AGM(1, sqrt(1 - k^2)))."""
    a, b = 1.0, math.sqrt(1.0 - k * k)
    while abs(a - b) > 1e-16 * a:
        a, b = (a + b) / 2, math.sqrt(a * b)
    return math.pi / (2 * a)


exact = 4 * math.sqrt(l / g) * ellipk(math.sin(theta0 / 2))
params = {"theta0": theta0, "l": l, "g": g}


def period(run):
    """The mean spacing of theta's falling zeros."""
    t = [e.t for e in run.events]
    return (t[-1] - t[0]) / (len(t) - 1)


falling = dms.Event("theta", direction=-1)
rk = dms.run("planar-pendulum", "rk45", h=0.1, T=60, rtol=1e-12, atol=1e-12, params=params,
             events=[falling])
print(f"exact period            {exact:.15f} s")
print(f"rk45, rtol 1e-12        {period(rk):.15f} s  error {period(rk) - exact:+.2e}")
same = dms.run("planar-pendulum", "rk45", h=0.1, T=60, rtol=1e-12, atol=1e-12, params=params,
               events=[dms.Event(lambda t, state: state["theta"], direction=-1)])
print(f"rk45, a callable event  {period(same):.15f} s")

hs = [0.2, 0.1, 0.05, 0.025, 0.0125]
errors = []
for h in hs:
    vi = dms.run("planar-pendulum", "vi", h=h, T=60, params=params, events=[falling])
    errors.append(abs(period(vi) - exact))
    print(f"vi, h = {h:<7g}         {period(vi):.15f} s  error {period(vi) - exact:+.2e}")

fig, ax = plt.subplots(figsize=(5, 4))
ax.loglog(hs, errors, "o-", label="vi")
ax.loglog(hs, [errors[0] * (h / hs[0]) ** 2 for h in hs], "k--", label="slope 2")
ax.axhline(abs(period(rk) - exact) or 1e-16, color="C1", label="rk45, rtol 1e-12")
ax.set_xlabel("h [s]")
ax.set_ylabel("|period - exact| [s]")
ax.set_title(f"Planar pendulum, theta0 = {theta0}: period from events")
ax.legend()
fig.tight_layout()
fig.savefig(f"{out}/pendulum-period.png", dpi=100)
