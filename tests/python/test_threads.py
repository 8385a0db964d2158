# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The GIL is released while computing: a run in another thread goes on beside a long one, and
Ctrl+C (KeyboardInterrupt) stops a long run or sweep within a chunk. The tests compare the order
of events and the process's CPU time (the work done), never wall-clock time, which the machine's
load would move."""

import _thread
import sys
import threading
import time

import pytest

import dms


@pytest.fixture
def no_voluntary_switch():
    """The interpreter keeps the GIL in a thread until that thread releases it (dms does while
    computing): another thread then runs only while dms computes without the GIL."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(100.0)
    yield
    sys.setswitchinterval(old)


def test_two_runs_in_two_threads_run_in_parallel(no_voluntary_switch):
    # the long run holds no GIL while it computes: the short one, started once the long one is
    # computing, ends first. With the GIL held through the long run it could only end after.
    started = threading.Event()
    ended = []

    def long_run():
        started.set()
        dms.run("planar-pendulum", "vi", T=30000.0)  # 10^6 steps
        ended.append("long")

    def short_run():
        started.wait()
        dms.run("planar-pendulum", "vi", T=300.0)  # 10^4 steps
        ended.append("short")

    threads = [threading.Thread(target=long_run), threading.Thread(target=short_run)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert ended == ["short", "long"]


def interrupted_after_start(call):
    """Calls `call` with Ctrl+C raised by another thread as soon as `call` releases the GIL to
    compute; returns the process's CPU seconds until KeyboardInterrupt came out of it (the
    interrupting thread only waits, so they are the call's work)."""
    ready = threading.Event()

    def interrupter():
        ready.wait()
        _thread.interrupt_main()  # runs once the main thread computes without the GIL

    t = threading.Thread(target=interrupter)
    t.start()
    t0 = time.process_time()
    try:
        with pytest.raises(KeyboardInterrupt):
            ready.set()
            call()
        return time.process_time() - t0
    finally:
        t.join()


def test_ctrl_c_stops_a_long_run(no_voluntary_switch):
    # the interrupt is checked every 4096 samples: the interrupted run (400 001 samples) stops
    # before a run a tenth as long (40 001, about ten such chunks) has ended; a run that never
    # checked would take ten times that
    t0 = time.process_time()
    dms.run("dumbbell", "vi", T=2000.0)
    tenth = time.process_time() - t0
    stopped = interrupted_after_start(lambda: dms.run("dumbbell", "vi", T=20000.0))
    assert stopped < tenth, (stopped, tenth)


def test_ctrl_c_stops_a_sweep(no_voluntary_switch):
    kw = dict(methods=["vi", "rk4"], h=[0.002, 0.001, 0.0005], T=100.0, jobs=1)
    t0 = time.process_time()
    dms.sweep("dumbbell", **kw)
    full = time.process_time() - t0
    # checked every 50 ms; the runs not yet finished are cancelled. The whole sweep's CPU time
    # is the reference: in a Release build about 0.5 s, so a shorter one would come near the
    # 50 ms between checks (wall time, during which the one sweep thread computes)
    stopped = interrupted_after_start(lambda: dms.sweep("dumbbell", **kw))
    assert stopped < full / 3, (stopped, full)
