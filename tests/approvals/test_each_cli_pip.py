"""The approval of an offline `pip install` of a local wheel with the real Codex and Gemini CLIs
(replaying a transcript offline, in bubblewrap, through `overlord run --mission` as a user runs
it; Claude Code's is tests/approvals/test_claude_pip.py): with nobody approving, it is denied at
the timeout and nothing is installed; approved through `overlord approve`, it runs. Each CLI's
own hook deadline (Codex's ``config.toml``, Gemini's system settings) is above the approval
timeout, or the CLI would give up on the hook first.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
import uuid

import pytest

from overlord.domain.run import Run
from overlord.ledger.session import open_home
from tests.approvals.test_claude_pip import OV, WHEEL, finish, journal, set_approval, wait_pending
from tests.approvals.test_claude_pip import world as world  # noqa: F401 - the home, the root and the wheel
from tests.conftest import need_part
from tests.truth.agents import MODEL, cli, shell_block

CLIS = ("codex", "gemini")


def start(world, runtime: str, timeout_ms: int) -> tuple[subprocess.Popen, str]:
    """``overlord run --mission`` of one pip install through the CLI's own shell tool."""
    tmp, home, root, env = world
    set_approval(home, timeout_ms)
    command = (f"{sys.executable} -m pip install --no-index --no-deps --no-cache-dir --target {root}/site "
               f"{root}/dist/{WHEEL}")
    (tmp / "t.json").write_text(json.dumps([
        {"blocks": [{"text": "Installing the local wheel."}, shell_block(runtime, command)]},
        {"blocks": [{"text": "Done."}]},
    ]))
    (tmp / "mission.toml").write_text(
        f'[mission]\ngoal = "install demo_pkg"\nruntime = "{runtime}"\nmodels = ["{MODEL[runtime]}"]\n'
        '[limits]\ntimeout_ms = 300000\n'
        f'[connector]\nmode = "replay"\ntranscript = "{tmp / "t.json"}"\n')
    proc = subprocess.Popen([*OV, "run", "--json", "--mission", str(tmp / "mission.toml"), "--root", str(root)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return proc, command


def hook_deadlines_ms(home, runtime: str, run_id: str) -> list[tuple[int, str]]:
    """``(the CLI's own deadline for the guard's hook in ms, its command)`` as the run's CLI reads them."""
    run_dir = home / "runs" / run_id
    if runtime == "codex":
        config = tomllib.loads((run_dir / "runtime-home" / ".codex" / "config.toml").read_text())
        return [(h["timeout"] * 1000, h["command"]) for m in config["hooks"]["PreToolUse"] for h in m["hooks"]]
    [settings] = (run_dir / "guard").glob("system-*/settings.json")
    return [(h["timeout"], h["command"]) for m in json.loads(settings.read_text())["hooks"]["BeforeTool"]
            for h in m["hooks"]]


def tool_result_heard(home, runtime: str, run_id: str) -> str:
    """What the model's next request carried back for the shell call, in that API's shape:
    a Responses ``function_call_output``'s ``output``, a Gemini ``functionResponse``'s
    ``response`` (``error`` when the CLI did not run it)."""
    session = open_home(home, writable=False)
    try:
        calls = [e for e in (session.ledger.mapper.to_domain_event(r) for r in session.ledger.stream_rows(uuid.UUID(run_id)))
                 if isinstance(e, Run.ConnectorCalled) and e.status == 200]
        body = json.loads(session.blobs.get(calls[1].request_blob))
    finally:
        session.close()
    if runtime == "codex":
        return "\n".join(i["output"] for i in body["input"] if i.get("type") == "function_call_output")
    return "\n".join(json.dumps(p["functionResponse"]["response"]) for c in body["contents"] for p in c["parts"]
                     if "functionResponse" in p)


def _decided(events: list[dict]) -> list[str]:
    return [e["summary"] for e in events if e["event_type"] == "ToolCallDecided" and not e["summary"].startswith("probe")]


@pytest.mark.parametrize("runtime", CLIS)
def test_nobody_approving_denies_at_the_timeout_and_nothing_is_installed(world, runtime):  # noqa: F811
    need_part(os.path.exists("/usr/bin/bwrap"), "bubblewrap")
    cli(runtime)
    _, _, root, env = world
    proc, _ = start(world, runtime, timeout_ms=3000)
    s = finish(proc)
    assert s["stop_code"] == "completed", s
    assert not (root / "site").exists() or not any((root / "site").iterdir()), "nothing was installed"
    events = journal(env, s["run_id"])
    kinds = [e["event_type"] for e in events]
    assert kinds.count("ApprovalRequested") == 1, kinds
    [resolved] = [e for e in events if e["event_type"] == "ApprovalResolved"]
    assert "timeout" in resolved["summary"], resolved
    decided = _decided(events)
    assert len(decided) == 1 and " deny (package_install)" in decided[0] and "pip install" in decided[0], decided
    heard = tool_result_heard(world[1], runtime, s["run_id"])  # the agent was told, in its API's shape
    assert "Denied (package_install)" in heard and "not approved: timeout" in heard, heard
    report = subprocess.run([*OV, "report", s["run_id"]], env=env, capture_output=True, text=True)
    assert "ApprovalRequested" in report.stdout and "ApprovalResolved" in report.stdout
    assert subprocess.run([*OV, "verify"], env=env, capture_output=True).returncode == 0


@pytest.mark.parametrize("runtime", CLIS)
def test_approved_through_overlord_approve_it_runs(world, runtime):  # noqa: F811
    need_part(os.path.exists("/usr/bin/bwrap"), "bubblewrap")
    cli(runtime)
    _, home, root, env = world
    proc, command = start(world, runtime, timeout_ms=180_000)
    try:
        pending = wait_pending(env, proc)
        assert pending["class"] == "package_install" and "pip install --no-index" in pending["summary"], pending
        assert not (root / "site").exists(), "nothing runs while it waits"
        deadlines = hook_deadlines_ms(home, runtime, pending["run"])
        assert deadlines and all(ms > 195_000 and "--timeout-ms 195000" in cmd for ms, cmd in deadlines), \
            "the CLI's deadline for the hook is above the hook client's, which is above the approval timeout"
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
    assert "approved by cli" in resolved["summary"], resolved
    decided = _decided(events)
    assert len(decided) == 1 and " allow" in decided[0] and "pip install" in decided[0], decided
    heard = tool_result_heard(home, runtime, s["run_id"])
    assert "Denied" not in heard and "demo_pkg" in heard, heard  # pip's own output came back to the model
    again = subprocess.run([*OV, "approve", pending["id"]], env=env, capture_output=True, text=True)
    assert again.returncode == 2, "its run is over: no live run holds it"
    assert subprocess.run([*OV, "verify"], env=env, capture_output=True).returncode == 0
