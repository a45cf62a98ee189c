"""Ledger throughput: signed Overlord against plain eventsourcing (JSON, unsigned), same run.

Prints events/s for batched appends, one-event-per-save appends and verification, and the
ratios Overlord/plain. Last line: ``ledger append ratio: X (target 0.3)`` (batched appends).

Usage: .venv/bin/python bench/ledger.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import resource
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

from eventsourcing.application import Application

from overlord.domain.run import Run
from overlord.domain.settlement import settle_exit
from overlord.ledger.session import init_home

AT = datetime(2026, 11, 29, tzinfo=UTC)


def make_runs(n: int) -> list[Run]:
    runs = []
    for i in range(n):
        r = Run.open(run_id=uuid.uuid4(), cwd="/w", argv=["pytest", "-q", str(i)], policy_hash="p" * 64,
                     overlord_version="0.1.0", runtime="command", sandbox="none", at=AT)
        r.record_exit(exit_code=0, signal=None, duration_ns=123456789, stdout_blob="a" * 64, stderr_blob="b" * 64,
                      stdout_bytes=100, stderr_bytes=0, at=AT)
        r.settle(settle_exit(0, None), at=AT)
        runs.append(r)
    return runs


def timed(fn) -> float:  # noqa: ANN001
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def _cpu_seconds() -> float:
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def bench_plain(tmp: Path, n: int) -> dict[str, float]:
    out: dict[str, float] = {}
    for mode in ("batched", "single"):
        _plain_mode(tmp, n, mode, out)
    return out


def _plain_mode(tmp: Path, n: int, mode: str, out: dict[str, float]) -> None:
    app = Application(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp / f"plain-{mode}.sqlite")})
    runs = make_runs(n)
    if mode == "batched":
        secs = timed(lambda: [app.save(*runs[i : i + 100]) for i in range(0, n, 100)])
    else:
        def one_by_one() -> None:
            for r in runs:
                events = list(r.collect_events())
                for e in events:
                    app.events.put([e])
        secs = timed(one_by_one)
    out[mode] = 3 * n / secs
    if mode == "batched":
        def read_all() -> None:
            start, count = None, 0
            while True:
                page = app.recorder.select_notifications(start=start, limit=1000, inclusive_of_start=False) if start else app.recorder.select_notifications(start=None, limit=1000)
                if not page:
                    break
                for nt in page:
                    app.mapper.to_domain_event(nt)
                    count += 1
                start = page[-1].id
            assert count == 3 * n
        out["verify"] = 3 * n / timed(read_all)
    app.close()


def bench_overlord(tmp: Path, n: int) -> dict[str, float]:
    out: dict[str, float] = {}
    for mode in ("batched", "single"):
        _overlord_mode(tmp, n, mode, out)
    return out


def _overlord_mode(tmp: Path, n: int, mode: str, out: dict[str, float]) -> None:
    s = init_home(tmp / f"home-{mode}")
    runs = make_runs(n)
    if mode == "batched":
        secs = timed(lambda: [s.ledger.append(*runs[i : i + 100]) for i in range(0, n, 100)])
    else:
        def one_by_one() -> None:
            for r in runs:
                for e in list(r.collect_events()):
                    s.ledger.events.put([e])
        secs = timed(one_by_one)
    out[mode] = 3 * n / secs
    if mode == "batched":
        s.blobs.put(b"")  # the bench's blob names are fake; verify only what is real below
        report = None

        def verify() -> None:
            nonlocal report
            report = s.verify(workers=min(2, os.cpu_count() or 1))
        cpu0 = _cpu_seconds()
        out["verify"] = 3 * n / timed(verify)
        # CPU time of this process and its (reaped) workers: a figure that holds even
        # when other work shares the machine
        out["verify_cpu_us"] = (_cpu_seconds() - cpu0) / (3 * n) * 1e6
        assert report is not None and report.events == 3 * n
    s.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5000, help="runs of 3 events each (default 5000)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        plain = bench_plain(tmp, args.runs)
        ours = bench_overlord(tmp, args.runs)
    print(f"events: {3 * args.runs}")
    for k in ("batched", "single", "verify"):
        print(f"{k:8} plain {plain[k]:>10,.0f} ev/s   overlord {ours[k]:>10,.0f} ev/s   ratio {ours[k] / plain[k]:.2f}")
    cores = min(2, os.cpu_count() or 1)
    print(f"overlord verify: {ours['verify']:,.0f} events/s (target 15,000); "
          f"{ours['verify_cpu_us']:.0f} us of CPU per event, so at most {cores * 1e6 / ours['verify_cpu_us']:,.0f} events/s "
          f"on {cores} idle cores; load average now {os.getloadavg()[0]:.2f}")
    print(f"ledger append ratio: {ours['batched'] / plain['batched']:.2f} (target 0.3)")


if __name__ == "__main__":
    main()
