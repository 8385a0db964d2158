# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The article's Figure 2: the total energy of the mass-spring, 2(a), and of the planar
pendulum, 2(b), by the variational integrator and by RK45 at the article's set-up.

    PYTHONPATH=build/release/python python3 examples/python/figure2.py [OUT_DIR]

writes fig2a.png and fig2b.png (matplotlib's Agg backend: no display needed).
"""

import sys
import warnings

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import dms  # noqa: E402

out = sys.argv[1] if len(sys.argv) > 1 else "."
warnings.simplefilter("ignore", UserWarning)  # the article's T is not a whole number of steps

for stem, system in (("fig2a", "mass-spring"), ("fig2b", "planar-pendulum")):
    fig, ax = plt.subplots(figsize=(7, 3.6), dpi=110)
    for method, color in (("rk45", "tab:red"), ("vi", "tab:blue")):
        run = dms.run(system, method)  # the article's h, T and tolerances
        ax.plot(run.t, run.energy, color=color, lw=0.8,
                label=f"{method}: max |E - E0| = {run.summary['energy_max_dev']:.2g}")
    ax.set_xlabel("t [s]")
    ax.set_ylabel("E [J]")
    ax.set_title(f"Figure {stem[3]}({stem[4]}): {dms.system(system).title}, total energy")
    ax.legend(loc="best", fontsize=8)
    fig.tight_layout()
    fig.savefig(f"{out}/{stem}.png")
    print(f"{out}/{stem}.png")
