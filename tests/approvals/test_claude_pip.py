"""A real Claude Code run (replaying a transcript offline) whose agent runs an offline
`pip install` of a local wheel, in an approval class: with nobody approving, it is denied at
the timeout and nothing is installed; approved through `overlord approve`, it runs and the
package is there. Both through `overlord run --mission` as a user runs it, in bubblewrap.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

from overlord.adapters.clock import SystemClock
from overlord.ledger.session import open_home
from overlord.supervision.policy_keeper import apply_change, plan_change
from tests.claude.conftest import claude_bin  # noqa: F401 - the real CLI fixture
from tests.conftest import need_part, overlord_cmd

OV = overlord_cmd()
WHEEL = "demo_pkg-0.1-py3-none-any.whl"


def build_wheel(dist: Path) -> Path:
    """A minimal, valid pure-Python wheel: demo_pkg with VALUE = 42 (RECORD hashes included)."""
    files = {
        "demo_pkg/__init__.py": b"VALUE = 42\n",
        "demo_pkg-0.1.dist-info/METADATA": b"Metadata-Version: 2.1\nName: demo-pkg\nVersion: 0.1\n",
        "demo_pkg-0.1.dist-info/WHEEL": b"Wheel-Version: 1.0\nGenerator: overlord-tests\nRoot-Is-Purelib: true\n"
                                        b"Tag: py3-none-any\n",
    }
    record = []
    for name, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{name},sha256={digest},{len(data)}")
    record.append("demo_pkg-0.1.dist-info/RECORD,,")
    dist.mkdir(parents=True, exist_ok=True)
    path = dist / WHEEL
    with zipfile.ZipFile(path, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
        z.writestr("demo_pkg-0.1.dist-info/RECORD", "\n".join(record) + "\n")
    return path


@pytest.fixture
def world(tmp_path):
    home, root = tmp_path / "home", tmp_path / "work"
    root.mkdir()
    env = dict(os.environ, OVERLORD_HOME=str(home))
    assert subprocess.run([*OV, "init"], env=env, capture_output=True).returncode == 0
    build_wheel(root / "dist")
    return tmp_path, home, root, env


def set_approval(home: Path, timeout_ms: int) -> None:
    """The owner's change (what `overlord policy set` applies once confirmed on the terminal)."""
    session = open_home(home)
    try:
        text = f'[approval]\nclasses = ["package_install"]\ntimeout_ms = {timeout_ms}\n'.encode()
        apply_change(session, plan_change(session, text, source="policy.toml"), clock=SystemClock())
    finally:
        session.close()


def start(world, timeout_ms: int) -> tuple[subprocess.Popen, Path]:
    tmp, home, root, env = world
    set_approval(home, timeout_ms)
    command = (f"{sys.executable} -m pip install --no-index --no-deps --no-cache-dir --target {root}/site "
               f"{root}/dist/{WHEEL}")
    (tmp / "t.json").write_text(json.dumps([
        {"blocks": [{"text": "Installing the local wheel."},
                    {"tool": "Bash", "input": {"command": command, "description": "install demo_pkg"}}]},
        {"blocks": [{"text": "Done."}]},
    ]))
    (tmp / "mission.toml").write_text(
        '[mission]\ngoal = "install demo_pkg"\nruntime = "claude-code"\nmodels = ["claude-sonnet-4-5"]\n'
        '[limits]\ntimeout_ms = 300000\nmax_turns = 6\n'
        f'[connector]\nmode = "replay"\ntranscript = "{tmp / "t.json"}"\n')
    proc = subprocess.Popen([*OV, "run", "--json", "--mission", str(tmp / "mission.toml"), "--root", str(root)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return proc, root


def journal(env, run_id: str) -> list[dict]:
    p = subprocess.run([*OV, "journal", "--json", "--run", run_id], env=env, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    return [json.loads(line) for line in p.stdout.splitlines()]


def wait_pending(env, proc: subprocess.Popen) -> dict:
    end = time.monotonic() + 240
    while time.monotonic() < end:
        assert proc.poll() is None, proc.communicate()
        p = subprocess.run([*OV, "approvals", "--json"], env=env, capture_output=True, text=True)
        pending = json.loads(p.stdout)["pending"] if p.returncode == 0 else []
        if pending:
            return pending[0]
        time.sleep(0.2)
    raise AssertionError("the pip install was never parked")


def finish(proc: subprocess.Popen) -> dict:
    out, err = proc.communicate(timeout=400)
    assert out.strip(), err
    return json.loads(out)


def test_nobody_approving_denies_at_the_timeout_and_nothing_is_installed(world, claude_bin):  # noqa: F811
    need_part(os.path.exists("/usr/bin/bwrap"), "bubblewrap")
    _, _, root, env = world
    proc, root = start(world, timeout_ms=3000)
    s = finish(proc)
    assert s["stop_code"] == "completed", s
    assert not (root / "site").exists() or not any((root / "site").iterdir()), "nothing was installed"
    events = journal(env, s["run_id"])
    kinds = [e["event_type"] for e in events]
    assert "ApprovalRequested" in kinds
    [resolved] = [e for e in events if e["event_type"] == "ApprovalResolved"]
    assert "timeout" in resolved["summary"]
    decided = [e["summary"] for e in events if e["event_type"] == "ToolCallDecided" and not e["summary"].startswith("probe")]
    assert decided == [d for d in decided if d.startswith("Bash deny (package_install)")] and len(decided) == 1
    returned = [e["summary"] for e in events if e["event_type"] == "ToolReturned"]
    assert returned and "denied by the guard" in returned[0]
    report = subprocess.run([*OV, "report", s["run_id"]], env=env, capture_output=True, text=True)
    assert "ApprovalRequested" in report.stdout and "ApprovalResolved" in report.stdout
    assert subprocess.run([*OV, "verify"], env=env, capture_output=True).returncode == 0


def test_approved_through_overlord_approve_it_runs(world, claude_bin):  # noqa: F811
    need_part(os.path.exists("/usr/bin/bwrap"), "bubblewrap")
    _, _, root, env = world
    proc, root = start(world, timeout_ms=180_000)
    try:
        pending = wait_pending(env, proc)
        assert pending["class"] == "package_install" and "pip install --no-index" in pending["summary"]
        assert not (root / "site").exists(), "nothing runs while it waits"
        hook = json.loads((root / ".claude" / "settings.json").read_text())["hooks"]["PreToolUse"][0]["hooks"][0]
        assert hook["timeout"] * 1000 > 180_000 and "--timeout-ms 195000" in hook["command"], \
            "the hook's own deadline is above the approval timeout"
        # and so is the deadline in the managed settings the sandboxed CLI reads (a hook the
        # CLI times out would let the call through)
        [managed] = (world[1] / "runs" / pending["run"] / "guard").glob("system-*/managed-settings.json")
        [entry] = json.loads(managed.read_text())["hooks"]["PreToolUse"]
        assert entry["hooks"][0]["timeout"] * 1000 > 195_000 and "--timeout-ms 195000" in entry["hooks"][0]["command"]
        p = subprocess.run([*OV, "approve", pending["id"]], env=env, capture_output=True, text=True)
        assert p.returncode == 0 and "approved" in p.stdout, p.stdout + p.stderr
        s = finish(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert s["stop_code"] == "completed", s
    assert (root / "site" / "demo_pkg" / "__init__.py").read_text() == "VALUE = 42\n", "pip installed it"
    events = journal(env, s["run_id"])
    [resolved] = [e for e in events if e["event_type"] == "ApprovalResolved"]
    assert "approved by cli" in resolved["summary"]
    decided = [e["summary"] for e in events if e["event_type"] == "ToolCallDecided" and not e["summary"].startswith("probe")]
    assert len(decided) == 1 and decided[0].startswith("Bash allow"), decided
    again = subprocess.run([*OV, "approve", pending["id"]], env=env, capture_output=True, text=True)
    assert again.returncode == 2, "its run is over: no live run holds it"
    assert subprocess.run([*OV, "verify"], env=env, capture_output=True).returncode == 0
