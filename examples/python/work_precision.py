# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""A work-precision diagram from dms.sweep: each method's global error at T against its cost
(right-hand-side or force evaluations), on the spherical pendulum.

    PYTHONPATH=build/release/python python3 examples/python/work_precision.py [OUT_DIR]

writes work-precision.png and prints the fitted orders.
"""

import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import dms  # noqa: E402

out = sys.argv[1] if len(sys.argv) > 1 else "."
sweep = dms.sweep("spherical-pendulum", methods=["vi", "rattle", "rk4", "rk45"],
                  h=[0.1, 0.05, 0.025, 0.0125, 0.00625], rtol=[1e-3, 1e-5, 1e-7, 1e-9], T=10.0)
print(sweep)
fig, ax = plt.subplots(figsize=(6.4, 4.4), dpi=110)
styles = {"vi": ("x", "--"), "rattle": ("o", "-"), "rk4": ("s", "-"), "rk45": ("^", "-")}
for method in dict.fromkeys(r.method for r in sweep.runs):
    runs = [r for r in sweep.runs if r.method == method and r.global_err is not None]
    order = sweep.orders.get(method)
    label = method + (f" (order {order:.2f})" if order is not None else "")
    marker, line = styles.get(method, ("o", "-"))
    # vi and RATTLE give the same steps on the sphere: vi dashed, on top
    ax.loglog([r.fevals for r in runs], [r.global_err for r in runs], marker=marker, ls=line,
              label=label, zorder=3 if method == "vi" else 2)
ax.axhline(sweep.reference.error_bound, color="gray", lw=0.8, ls=":",
           label=f"reference's error bound ({sweep.reference.method})")
ax.set_xlabel("evaluations")
ax.set_ylabel("global error at T")
ax.set_title(f"Spherical pendulum, T = {sweep.T:g} s: work against precision")
ax.legend(fontsize=8)
fig.tight_layout()
fig.savefig(f"{out}/work-precision.png")
print(f"{out}/work-precision.png")
