"""The snapshotter: what a seal holds, what it skips, what it re-reads; inotify seals agree
with full walks; the gitignore matcher; the PostToolUse notification through the real client."""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from overlord.adapters.layers import MODE_EXEC, MODE_FILE, MODE_LINK, GitIgnore, Snapshotter, tree_hash


def store():
    blobs: dict[str, bytes] = {}

    def put(data: bytes) -> str:
        h = hashlib.sha256(data).hexdigest()
        blobs[h] = data
        return h

    return blobs, put


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@pytest.mark.parametrize("watch", [True, False])
def test_seal_changes_skips_and_tree(tmp_path, watch):
    root = tmp_path / "w"
    (root / "src").mkdir(parents=True)
    (root / "src" / "a.py").write_text("a\n")
    (root / "run.sh").write_text("#!/bin/sh\n")
    os.chmod(root / "run.sh", 0o755)
    (root / "link").symlink_to("src/a.py")
    (root / ".gitignore").write_text("build/\n*.log\n!keep.log\n")
    for p in ("build/x.o", "debug.log", "keep.log", ".git/HEAD", ".overlord/x", "home/keys/log.key", ".claude/settings.json"):
        (root / p).parent.mkdir(parents=True, exist_ok=True)
        (root / p).write_text("x\n")
    blobs, put = store()
    snap = Snapshotter(root, put, never=[root / "home"], watch=watch)
    s0 = snap.seal()
    got = {p: (b, m) for p, b, m in s0.changes}
    assert set(got) == {".gitignore", "src/a.py", "run.sh", "link", "keep.log"}
    assert got["run.sh"][1] == MODE_EXEC and got["src/a.py"][1] == MODE_FILE and got["link"] == (sha(b"src/a.py"), MODE_LINK)
    assert s0.tree == tree_hash(s0.changes) and s0.files == 5
    assert snap.seal().changes == []  # nothing changed
    # same size, same second: the racy rule re-reads it
    (root / "src" / "a.py").write_text("b\n")
    (root / "new.txt").write_text("n\n")
    (root / "run.sh").unlink()
    s1 = snap.seal()
    assert s1.changes == [("new.txt", sha(b"n\n"), MODE_FILE), ("run.sh", None, 0), ("src/a.py", sha(b"b\n"), MODE_FILE)]
    shutil.rmtree(root / "src")
    assert [c[:2] for c in snap.seal().changes] == [("src/a.py", None)]
    (root / ".gitignore").write_text("*.txt\n")
    s3 = snap.seal()
    assert ("new.txt", None, 0) in s3.changes and any(c[0] == "debug.log" for c in s3.changes)
    assert blobs[sha(b"n\n")] == b"n\n"


def test_watch_agrees_with_walk_over_random_edits(tmp_path):
    root = tmp_path / "w"
    root.mkdir()
    rng = random.Random(7)
    watched, walked = Snapshotter(root, store()[1], watch=True), Snapshotter(root, store()[1], watch=False)
    dirs = ["", "a", "a/b", "c"]
    for step in range(120):
        op = rng.random()
        d = root / rng.choice(dirs)
        if op < 0.5:
            d.mkdir(parents=True, exist_ok=True)
            (d / f"f{rng.randint(0, 6)}.txt").write_text(f"{step}\n" * rng.randint(0, 3))
        elif op < 0.65:
            files = [p for p in root.rglob("*") if p.is_file()]
            if files:
                rng.choice(files).unlink()
        elif op < 0.72 and (root / "a").exists():
            target = root / f"moved{step}"
            (root / "a").rename(target)
            target.rename(root / "a")  # a directory moved away and back
        elif op < 0.78 and (root / "c").exists():
            shutil.rmtree(root / "c")
        elif op < 0.85:
            files = [p for p in root.rglob("*") if p.is_file()]
            if files:
                os.chmod(rng.choice(files), rng.choice([0o644, 0o755]))
        if step % 3 == 0:
            a, b = watched.seal(), walked.seal()
            assert (a.changes, a.tree) == (b.changes, b.tree), step
    assert watched.seal().tree == walked.seal().tree
    assert watched.walks < walked.walks


def test_gitignore_matcher():
    g = GitIgnore("# c\n*.pyc\n/top.txt\ndocs/**/gen/\n!important.pyc\nfoo/bar\n\\#hash\n")
    assert g.ignored("x/y.pyc", False) and not g.ignored("important.pyc", False)
    assert g.ignored("top.txt", False) and not g.ignored("sub/top.txt", False)
    assert g.ignored("docs/a/b/gen", True) and g.ignored("docs/gen", True) and not g.ignored("docs/gen", False)
    assert g.ignored("foo/bar", False) and not g.ignored("x/foo/bar", False) and g.ignored("#hash", False)


def test_post_tool_use_notifies_the_service_and_never_blocks(tmp_path):
    """The real hook client with --post: the service's callback gets the payload; with no
    service it prints nothing and exits 0."""
    from overlord.adapters.hooks.install import CLIENT, hook_command
    from overlord.domain.guard import GuardPolicy
    from overlord.supervision.decision_service import DecisionCore, DecisionService

    digest = hashlib.sha256(CLIENT.read_bytes()).hexdigest()
    command = hook_command(sys.executable, CLIENT, digest, 3000, post=True)
    got = []
    core = DecisionCore(GuardPolicy(worker_root=str(tmp_path)), overlord_home="/nonexistent", run_id="r1")
    core.on_post_tool_use = lambda payload: got.append(json.loads(payload)) or {"layer": 1}
    payload = json.dumps({"hook_event_name": "PostToolUse", "tool_name": "Write", "tool_use_id": "toolu_1",
                          "tool_input": {}, "tool_response": {}}).encode()
    with DecisionService(Path("/tmp") / f"ovl-post-{os.getpid()}.sock", core) as service:
        env = {"PATH": "/usr/bin:/bin", "OVERLORD_SOCKET": str(service.socket_path), "OVERLORD_RUN_ID": "r1"}
        p = subprocess.run(["/bin/sh", "-c", command], input=payload, env=env, capture_output=True, timeout=30)
        assert p.returncode == 0 and p.stdout == b""
        assert got and got[0]["tool_use_id"] == "toolu_1"
        wrong = subprocess.run(["/bin/sh", "-c", command], input=payload, env={**env, "OVERLORD_RUN_ID": "other"},
                               capture_output=True, timeout=30)
        assert wrong.returncode == 0 and len(got) == 1
    gone = subprocess.run(["/bin/sh", "-c", command], input=payload, env=env, capture_output=True, timeout=30)
    assert gone.returncode == 0 and gone.stdout == b""
