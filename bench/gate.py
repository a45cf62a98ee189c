"""Sandbox overhead of the gate: each Python corpus case's toolchain steps run bare and in
the bubblewrap sandbox, in the same run; the last line is the ratio of the totals.

Usage: ``.venv/bin/python bench/gate.py [--rounds N] [--corpus DIR]``
Last line: ``gate sandbox ratio: X (target 1.25)``.
"""

from __future__ import annotations

import argparse
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from overlord.gate.corpus import load_corpus  # noqa: E402
from overlord.gate.toolchains.python import PythonToolchain  # noqa: E402
from overlord.sandbox import SandboxRequest  # noqa: E402
from overlord.sandbox.bubblewrap import BubblewrapSandbox  # noqa: E402


def bare(case_dir: Path, steps, files, env) -> int:
    """Run the same steps without a sandbox in a fresh temp directory; nanoseconds."""
    scratch = Path(tempfile.mkdtemp(prefix="overlord-bench-"))
    try:
        start = time.monotonic_ns()
        for p in case_dir.iterdir():
            if p.is_file():
                shutil.copy(p, scratch / p.name)
        for name, data in files:
            (scratch / name).write_bytes(data)
        (scratch / "tmp").mkdir()
        env_d = {k: v.replace("{scratch}", str(scratch)) for k, v in env}
        for step in steps:
            r = subprocess.run(step.argv, cwd=scratch, env=env_d, capture_output=True)
            if r.returncode != 0 and step.stop_on_failure:
                break
        return time.monotonic_ns() - start
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--corpus", default=str(ROOT / "tests" / "corpus"))
    args = parser.parse_args()
    box = BubblewrapSandbox()
    reason = box.unavailable_reason()
    if reason:
        print(f"bubblewrap unavailable: {reason}", file=sys.stderr)
        return 2
    tc = PythonToolchain()
    cases = [c for c in load_corpus(args.corpus) if c.language == "python"]
    total_bare = total_box = 0
    for case in cases:
        bp = tc.plan(secrets.token_hex(16))
        case_files = tuple((p.name, p.read_bytes()) for p in sorted(case.path.iterdir())
                           if p.is_file())
        request = SandboxRequest(steps=bp.steps, files=case_files + bp.files, env=bp.env,
                                 read_only_paths=bp.read_only_paths, limits=bp.limits)
        b_ns = s_ns = 0
        for _ in range(args.rounds):
            b_ns += bare(case.path, bp.steps, bp.files, bp.env)
            start = time.monotonic_ns()
            box.run(request)
            s_ns += time.monotonic_ns() - start
        total_bare += b_ns
        total_box += s_ns
        print(f"{case.name:<45} bare {b_ns / args.rounds / 1e6:8.1f} ms   "
              f"sandbox {s_ns / args.rounds / 1e6:8.1f} ms   x{s_ns / b_ns:.2f}")
    ratio = total_box / total_bare if total_bare else float("inf")
    print(f"cases {len(cases)}, rounds {args.rounds}, containment "
          f"{f'cgroup-v{box.cgroup_root.version}' if box.cgroup_root else 'rlimit'}")
    print(f"gate sandbox ratio: {ratio:.2f} (target 1.25)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
