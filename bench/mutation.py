"""The gate's time with its mutation runs against the same gate without them, on the Python
cases of the hand-made corpus, in the same process, rounds interleaved.

Usage: ``.venv/bin/python bench/mutation.py [--rounds N] [--corpus DIR]``
Last line: ``mutation ratio: X (target 2)``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from overlord.gate.corpus import load_corpus  # noqa: E402
from overlord.gate.runner import check_artifact  # noqa: E402
from overlord.gate.toolchains import all_toolchains  # noqa: E402
from overlord.gate.toolchains.base import MutationSettings  # noqa: E402
from overlord.gate.toolchains.python import PythonToolchain  # noqa: E402
from overlord.sandbox.bubblewrap import BubblewrapSandbox  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--corpus", default=str(ROOT / "tests" / "corpus"))
    args = parser.parse_args()
    box = BubblewrapSandbox()
    reason = box.unavailable_reason()
    if reason:
        print(f"bubblewrap unavailable: {reason}", file=sys.stderr)
        return 2
    with_m = all_toolchains()
    without = dict(with_m)
    without["python"] = PythonToolchain(mutation=MutationSettings(enabled=False))
    cases = [c for c in load_corpus(args.corpus) if c.language == "python"]
    total_with = total_without = 0
    mutants = 0
    for case in cases:
        w_ns = o_ns = 0
        for _ in range(args.rounds):
            start = time.monotonic_ns()
            report = check_artifact(case.path, box, toolchains=with_m)
            w_ns += time.monotonic_ns() - start
            start = time.monotonic_ns()
            check_artifact(case.path, box, toolchains=without)
            o_ns += time.monotonic_ns() - start
        ran = sum(len(f.run) for f in report.mutation.functions) if report.mutation else 0
        mutants += ran
        total_with += w_ns
        total_without += o_ns
        print(f"{case.name:<45} without {o_ns / args.rounds / 1e6:8.1f} ms   with "
              f"{w_ns / args.rounds / 1e6:8.1f} ms   mutants {ran:3d}   x{w_ns / o_ns:.2f}")
    ratio = total_with / total_without if total_without else float("inf")
    print(f"cases {len(cases)}, rounds {args.rounds}, mutants run {mutants}")
    print(f"mutation ratio: {ratio:.2f} (target 2)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
