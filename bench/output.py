"""Memory of `overlord run -- CMD` against the size of CMD's output: the output is spooled to
the blob store with its hash computed as it goes, so the controller's peak resident memory
stays flat whatever the command writes.

Runs the installed console script twice in one run, in a throwaway home: once with a command
that writes 1 MiB, once with one that writes 512 MiB (both to stdout), each under a small
probe process that reports the peak RSS of its children (``RUSAGE_CHILDREN``: the largest of
the overlord process and the writer).

Usage: ``.venv/bin/python bench/output.py [--big-mib N]``
Last line: ``output memory ratio: X (target 1.5)``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OVERLORD = shutil.which("overlord", path=str(ROOT / ".venv" / "bin")) or shutil.which("overlord") or "overlord"

PROBE = ("import resource, subprocess, sys; "
         "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True); "
         "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")


def writer(mib: int) -> str:
    """Python code that writes ``mib`` MiB to stdout in 1 MiB pieces."""
    return f"import sys; b = b'o' * (1 << 20); w = sys.stdout.buffer.write; [w(b) for _ in range({mib})]"


def peak_kib(env: dict[str, str], cwd: Path, mib: int) -> int:
    """Peak RSS (KiB) of `overlord run -- python -c WRITER` and its children."""
    p = subprocess.run([sys.executable, "-c", PROBE, OVERLORD, "run", "--", sys.executable, "-c", writer(mib)],
                       cwd=cwd, env=env, capture_output=True, text=True, timeout=1800)
    if p.returncode != 0:
        raise SystemExit(f"the run failed: {p.stderr[-500:]}")
    return int(p.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--big-mib", type=int, default=512)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="overlord-bench-output-"))
    try:
        env = dict(os.environ, OVERLORD_HOME=str(tmp / "home"))
        subprocess.run([OVERLORD, "init"], env=env, check=True, capture_output=True)
        work = tmp / "work"
        work.mkdir()
        small = peak_kib(env, work, 1)
        big = peak_kib(env, work, args.big_mib)
        print(f"peak RSS writing 1 MiB: {small / 1024:.1f} MiB; writing {args.big_mib} MiB: {big / 1024:.1f} MiB")
        print(f"output memory ratio: {big / small:.2f} (target 1.5)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
