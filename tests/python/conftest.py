# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The pytest suite of the Python module dms. CTest runs it (label "python") with PYTHONPATH on
the build's python/ folder and DMS_DMSIM the dmsim it compares with; by hand:
    PYTHONPATH=build/release/python DMS_DMSIM=build/release/app/dmsim/dmsim \\
        python3 -m pytest tests/python
"""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def dmsim_path() -> str:
    path = os.environ.get("DMS_DMSIM", str(ROOT / "build" / "release" / "app" / "dmsim" / "dmsim"))
    if not os.path.exists(path):
        pytest.fail(f"dmsim not found at {path} (set DMS_DMSIM)")
    return path


class Dmsim:
    """dmsim run as a subprocess: its JSON, or its exit code and message."""

    def __call__(self, *args: str):
        p = subprocess.run([dmsim_path(), *args], capture_output=True, text=True)
        return p

    def json(self, *args: str) -> dict:
        p = self(*args)
        assert p.returncode in (0, 3), p.stderr
        return json.loads(p.stdout)

    def error(self, *args: str) -> str:
        """The message of a refused input (exit code 2), without "dmsim: "."""
        p = self(*args)
        assert p.returncode == 2, (p.returncode, p.stdout, p.stderr)
        line = p.stderr.strip().splitlines()[0]
        assert line.startswith("dmsim: ")
        return line[len("dmsim: "):]


@pytest.fixture(scope="session")
def dmsim() -> Dmsim:
    return Dmsim()


def without_times(d):
    """A JSON value without its CPU and wall times (the only fields that differ between two
    computations of the same input)."""
    if isinstance(d, dict):
        return {k: without_times(v) for k, v in d.items() if k not in ("cpu_s", "wall_s")}
    if isinstance(d, list):
        return [without_times(v) for v in d]
    return d
