# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The examples (examples/python) run headless (matplotlib's Agg backend) and write their
figures."""

import os
import pathlib
import subprocess
import sys

import pytest

pytest.importorskip("matplotlib")
EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples" / "python"
FIGURES = {"figure2.py": ["fig2a.png", "fig2b.png"],
           "work_precision.py": ["work-precision.png"],
           "own_integrator.py": ["own-integrator.png"],
           "pendulum_period.py": ["pendulum-period.png"],
           "inverted_pendulum_pd.py": ["inverted-pendulum-pd.png"],
           "lqr_symplecticity.py": ["lqr-symplecticity.png"]}


def test_every_example_is_listed():
    assert sorted(p.name for p in EXAMPLES.glob("*.py")) == sorted(FIGURES)


@pytest.mark.parametrize("example", sorted(FIGURES))
def test_example_runs(example, tmp_path):
    env = dict(os.environ, MPLBACKEND="Agg")
    p = subprocess.run([sys.executable, str(EXAMPLES / example), str(tmp_path)],
                       capture_output=True, text=True, env=env)
    assert p.returncode == 0, p.stderr
    for name in FIGURES[example]:
        png = tmp_path / name
        assert png.exists() and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name
