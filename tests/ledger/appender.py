"""A worker process for the crash and concurrency tests: appends runs to a home.

Usage: python appender.py HOME RUNS THREADS [CHECKPOINT_EVERY] [PG_PASSWORD]
RUNS < 0 means forever (until killed). Prints one line per run appended: its id.
"""

from __future__ import annotations

import sys
import threading
import uuid
from datetime import UTC, datetime
from pathlib import Path

from overlord.domain.run import Run
from overlord.domain.settlement import settle_exit
from overlord.ledger.session import open_home


def now() -> datetime:
    return datetime.now(UTC)


def main() -> None:
    home, runs, threads = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    checkpoint_every = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    session = open_home(home)
    lock = threading.Lock()

    def work() -> None:
        i = 0
        while runs < 0 or i < runs:
            run = Run.open(run_id=uuid.uuid4(), cwd="/w", argv=["x", str(i)], policy_hash="", overlord_version="t",
                           runtime="command", sandbox="none", at=now())
            session.ledger.append(run)
            blob = session.blobs.put(f"{run.id}".encode())
            run.record_exit(exit_code=0, signal=None, duration_ns=1, stdout_blob=blob, stderr_blob=blob,
                            stdout_bytes=36, stderr_bytes=36, at=now())
            run.settle(settle_exit(0, None), at=now())
            session.ledger.append(run)
            with lock:
                print(run.id, flush=True)
            i += 1
            if checkpoint_every and i % checkpoint_every == 0:
                session.checkpoint(at=now())

    pool = [threading.Thread(target=work) for _ in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    session.close()


if __name__ == "__main__":
    main()
