"""Layer seals against `git status`, same tree, same run.

A 10,000-file tree (a git repository, committed, its index warm). The seal is made as the
controller makes it: a live process whose Snapshotter index is warm (one seal already made),
one file changed, then ``LayerSealer.seal`` (the paths inotify reported since the last seal
re-checked, or a full walk when it cannot vouch; the changed file re-read and stored as a blob;
the signed ``LayerSealed`` event appended to a real ledger). Against it: ``git status
--porcelain`` on the same tree after the same change. Medians over the rounds.
Last line: ``layer seal ratio: X (target 2)`` (seal / git status; lower is better).

Usage: .venv/bin/python bench/layers.py [--files N] [--rounds N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

from overlord.adapters.clock import SystemClock
from overlord.adapters.layers import LayerSealer, Snapshotter
from overlord.domain.run import Run
from overlord.ledger.session import init_home
from overlord.supervision.decision_service import RunRecorder

GIT_ENV = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": "/nonexistent", "GIT_CONFIG_NOSYSTEM": "1",
           "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_AUTHOR_NAME": "b", "GIT_AUTHOR_EMAIL": "b@x",
           "GIT_COMMITTER_NAME": "b", "GIT_COMMITTER_EMAIL": "b@x"}


def make_tree(root: Path, files: int) -> list[Path]:
    paths = []
    for i in range(files):
        d = root / f"pkg{i // 500:02d}" / f"mod{(i // 50) % 10}"
        d.mkdir(parents=True, exist_ok=True)
        p = d / f"file{i:05d}.py"
        p.write_text(f"# file {i}\n" + "x = 1\n" * (i % 40))
        paths.append(p)
    (root / ".gitignore").write_text("*.pyc\n__pycache__/\n")
    subprocess.run(["git", "init", "-q"], cwd=root, env=GIT_ENV, check=True)
    subprocess.run(["git", "add", "-A"], cwd=root, env=GIT_ENV, check=True)
    subprocess.run(["git", "commit", "-q", "-m", "tree"], cwd=root, env=GIT_ENV, check=True)
    return paths


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", type=int, default=10_000)
    ap.add_argument("--rounds", type=int, default=15)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="ovl-bench-layers-") as tmp:
        root = Path(tmp) / "work"
        root.mkdir()
        paths = make_tree(root, args.files)
        session = init_home(Path(tmp) / "home")
        clock = SystemClock()
        run_id = uuid.uuid4()
        session.ledger.append(Run.open(run_id=run_id, cwd=str(root), argv=["bench"], policy_hash="p" * 64,
                                       overlord_version="bench", runtime="command", sandbox="none", at=clock.now()))
        sealer = LayerSealer(Snapshotter(root, session.blobs.put, never=(session.home.root,)),
                             RunRecorder(session.ledger, run_id, clock).apply, clock)
        t = time.perf_counter()
        first = sealer.seal(None, always=True)
        cold = time.perf_counter() - t
        time.sleep(0.05)  # past the racy window: the warm index trusts every stat
        sealer.seal(None, always=True)
        subprocess.run(["git", "status", "--porcelain"], cwd=root, env=GIT_ENV, capture_output=True, check=True)
        seals, stats, reads = [], [], []
        for r in range(args.rounds):
            target = paths[(r * 7919) % len(paths)]
            target.write_text(target.read_text() + f"y = {r}\n")
            t = time.perf_counter()
            s = sealer.seal(f"toolu_{r}")
            seals.append(time.perf_counter() - t)
            assert s is not None and [c[0] for c in s.changes] == [str(target.relative_to(root))], s and s.changes
            reads.append(s.read)
            t = time.perf_counter()
            out = subprocess.run(["git", "status", "--porcelain"], cwd=root, env=GIT_ENV, capture_output=True, check=True)
            stats.append(time.perf_counter() - t)
            assert out.stdout.strip(), "git status saw the change"
            time.sleep(0.03)
        session.close()
    seal_ms, git_ms = statistics.median(seals) * 1e3, statistics.median(stats) * 1e3
    print(f"tree: {first.files} files; cold seal {cold * 1e3:.1f} ms (every file read and stored)")
    print(f"warm seal (one changed file, LayerSealed signed and appended): median {seal_ms:.2f} ms over {args.rounds} "
          f"rounds, files re-read per seal: {statistics.median(reads):.0f}")
    print(f"full walks: {sealer.snapshotter.walks} (layer 0 and the warm-up), the rest from inotify")
    print(f"git status --porcelain: median {git_ms:.2f} ms")
    print(f"layer seal ratio: {seal_ms / git_ms:.2f} (target 2)")


if __name__ == "__main__":
    main()
