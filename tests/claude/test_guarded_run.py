"""End to end with the real Claude Code CLI: the guard armed in a worker root, a live decision
service on a real home, the CLI replaying a transcript through the connector.

A Write inside the root lands; a Write outside the root is denied and absent from disk; a
``git commit`` is denied; the ledger holds ToolCallDecided allow/deny/deny with the right
classes; the agent got the contract message; verify passes.
"""

from __future__ import annotations

import shutil
import tempfile
import uuid
from pathlib import Path

import pytest

from overlord.adapters.connector.transcript import Transcript
from overlord.adapters.paths import RealPathResolver
from overlord.adapters.runtimes import claude_code as cc
from overlord.domain import runtime_records as rr
from overlord.domain.guard import GuardPolicy, ToolCall, decide_tool_call
from overlord.domain.run import Run
from overlord.ledger.session import init_home
from overlord.supervision.decision_service import DecisionCore, DecisionService, RunRecorder, arm_guard
from tests.claude.conftest import ROOT, CliRun, run_cli
from tests.conftest import StepClock  # noqa: F401 - one test clock for every suite

FIRST_MISSION = ROOT / "examples" / "first-mission" / "transcript.json"




@pytest.fixture
def short_dir():
    d = tempfile.mkdtemp(prefix="ovl-cc-", dir="/tmp")
    yield Path(d)
    shutil.rmtree(d, ignore_errors=True)


def guarded_run(claude_bin, session, *, root: Path, home: Path, sock_dir: Path, transcript: Transcript,
                clock: StepClock) -> tuple[uuid.UUID, GuardPolicy, CliRun]:
    """Open a run, host its decision service, arm the guard in ``root`` and run the CLI."""
    run_id = uuid.uuid4()
    session.ledger.append(Run.open(run_id=run_id, cwd=str(root), argv=["claude"], policy_hash="",
                                   overlord_version="test", runtime="claude-code", sandbox="none", at=clock.now()))
    policy = GuardPolicy(worker_root=str(root))
    core = DecisionCore(policy, overlord_home=str(session.home.root),
                        recorder=RunRecorder(session.ledger, run_id, clock), run_id=str(run_id))
    with DecisionService(sock_dir / "guard.sock", core, deadline_ms=5000) as service:
        inst = arm_guard(session, root=root, policy=policy, clock=clock, run_id=run_id, service=service)
        assert Path(inst.settings_path) == root / ".claude" / "settings.json"
        run = run_cli(claude_bin, root=root, home=home, transcript=transcript,
                      inv=cc.Invocation(prompt="Write hello.txt, then commit.", max_turns=8,
                                        allowed_tools=("Read", "Write", "Edit", "Bash")),
                      extra_env={"OVERLORD_SOCKET": str(service.socket_path), "OVERLORD_RUN_ID": str(run_id)})
    return run_id, policy, run


def test_guarded_run_allows_inside_denies_outside_and_git(claude_bin, tmp_path, fresh_home, short_dir):
    root = (tmp_path / "work").resolve()
    root.mkdir()
    outside = tmp_path / "outside" / "escaped.txt"
    outside.parent.mkdir()
    inside = root / "hello.txt"
    session = init_home(tmp_path / "ovl-home")
    clock = StepClock()
    try:
        transcript = Transcript.from_json([
            {"blocks": [{"text": "Writing the greeting."},
                        {"tool": "Write", "input": {"file_path": str(inside), "content": "hello\n"}}]},
            {"blocks": [{"tool": "Write", "input": {"file_path": str(outside), "content": "escaped\n"}}]},
            {"blocks": [{"tool": "Bash", "input": {"command": "git commit -m x", "description": "commit"}}]},
            {"blocks": [{"text": "All done."}]},
        ])
        run_id, policy, run = guarded_run(claude_bin, session, root=root, home=fresh_home, sock_dir=short_dir,
                                          transcript=transcript, clock=clock)
        assert run.proc.returncode == 0, run.explain()

        # on disk
        assert inside.read_text() == "hello\n", run.explain()
        assert not outside.exists()

        # in the ledger: the probes, then allow / deny / deny
        rows = _decisions(session, run_id)
        real = [r for r in rows if not r["probe"]]
        assert [(r["tool"], r["decision"], r["denial_class"]) for r in real] == [
            ("Write", "allow", None), ("Write", "deny", "write_outside"), ("Bash", "deny", "git_mutation"),
        ], real
        assert sum(1 for r in rows if r["probe"]) == 2
        uses = run.of(rr.ToolUsed)
        assert [r["tool_use_id"] for r in real] == [u.id for u in uses]
        aggregate = session.ledger.get(run_id)
        assert aggregate.denials == 2 and aggregate.tool_calls == 3  # probes not counted

        # the agent was told the contract
        results = {r.tool_use_id: r for r in run.of(rr.ToolReturned)}
        expected = decide_tool_call(ToolCall("Write", {"file_path": str(outside), "content": "escaped\n"}, str(root)),
                                    policy, overlord_home=str(session.home.root), resolver=RealPathResolver())
        denied = results[uses[1].id]
        assert denied.is_error, denied
        assert expected.message in denied.content, denied.content
        assert f"under {root}" in denied.content and "Do not retry" in denied.content, denied.content
        assert results[uses[2].id].is_error and "Git history and refs belong to the supervisor" in results[uses[2].id].content
        assert not results[uses[0].id].is_error

        # the run's own account
        final = run.of(rr.Finished)[-1]
        assert not final.is_error and final.result == "All done.", run.explain()
        assert final.num_turns == 4
        assert [r.turn for r in run.requests if r.path == "/v1/messages"] == [0, 1, 2, 3]
        assert all(r.model for r in run.requests if r.path == "/v1/messages")

        report = session.verify(workers=1)
        assert report.ok, report
    finally:
        session.close()


def _decisions(session, run_id) -> list[dict]:
    """The run's ToolCallDecided events (read through the signing mapper), as dicts, in order."""
    events = (session.ledger.mapper.to_domain_event(se) for se in session.ledger.stream_rows(run_id))
    return [vars(e) for e in events if type(e).__name__ == "ToolCallDecided"]


def test_the_shipped_first_mission_replays_with_relative_paths(claude_bin, tmp_path, fresh_home, short_dir):
    root = (tmp_path / "project").resolve()
    root.mkdir()
    session = init_home(tmp_path / "ovl-home")
    try:
        run_id, _, run = guarded_run(claude_bin, session, root=root, home=fresh_home, sock_dir=short_dir,
                                     transcript=Transcript.from_file(FIRST_MISSION), clock=StepClock())
        assert run.proc.returncode == 0, run.explain()
        assert (root / "greet.py").read_text().startswith("def greet(name: str) -> str:")
        assert not (tmp_path / "escaped-note.txt").exists()
        real = [r for r in _decisions(session, run_id) if not r["probe"]]
        assert [(r["tool"], r["decision"], r["denial_class"]) for r in real] == [
            ("Write", "allow", None), ("Write", "deny", "write_outside"), ("Bash", "deny", "git_mutation"),
        ], real
        results = run.of(rr.ToolReturned)
        assert [r.denied for r in results] == [False, True, True]
        assert f"Write only under {root}" in results[1].content
        assert session.verify(workers=1).ok
    finally:
        session.close()
