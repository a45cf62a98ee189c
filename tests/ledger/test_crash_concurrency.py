"""Crash safety (SIGKILL while appending) and concurrency (processes x threads) on real stores."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.ledger.conftest import reopen

APPENDER = Path(__file__).with_name("appender.py")
ROOT = Path(__file__).resolve().parents[2]


def _spawn(home, runs: int, threads: int, checkpoint_every: int = 0) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, str(APPENDER), str(home.home.root), str(runs), str(threads), str(checkpoint_every)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, text=True,
    )


@pytest.mark.slow
def test_sigkill_while_appending_50_times_leaves_no_partial_event(make_home):
    home = make_home("sqlite")
    rng = random.Random(20261129)
    for _ in range(50):
        proc = _spawn(home, -1, 2, checkpoint_every=3)
        # wait until it is appending (its first run is printed: however slow the machine is
        # to start an interpreter), then kill at a random moment of the appending
        assert proc.stdout is not None and proc.stdout.readline(), proc.stderr.read() if proc.stderr else ""
        time.sleep(rng.random() * 0.4)
        proc.send_signal(signal.SIGKILL)
        proc.communicate()
    fresh = reopen(home, writable=True)
    try:
        report = fresh.verify(workers=2)
        assert report.ok, report.summary()
        assert report.events > 50, "the appender never got to append"
        # the ledger still takes new events and a new checkpoint after all that
        fresh.checkpoint(at=datetime.now(UTC))
        assert fresh.verify(workers=1).ok
    finally:
        fresh.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_four_processes_four_threads_lose_nothing(make_home, kind):
    home = make_home(kind)
    runs_each = 15
    procs = [_spawn(home, runs_each, 4) for _ in range(4)]
    printed = []
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
        printed += out.split()
    assert len(printed) == 4 * 4 * runs_each
    fresh = reopen(home)
    try:
        rows = list(fresh.ledger.rows())
        ids = [r.notification_id for r in rows]
        assert ids == sorted(ids) and len(set(ids)) == len(ids), "notification order must strictly increase"
        per_stream = Counter(r.originator_id for r in rows)
        assert set(per_stream) == set(printed), "every appended run is there, and nothing else"
        assert set(per_stream.values()) == {3}, "no event lost or duplicated"
        fresh.checkpoint(at=datetime.now(UTC))
        report = fresh.verify(workers=2)
        assert report.ok, report.summary()
        assert report.events == 4 * 4 * runs_each * 3 + 1
    finally:
        fresh.close()
