"""The decision service records every decision as a signed ToolCallDecided; verify still passes."""

from __future__ import annotations

import json

from overlord.domain.guard import GuardPolicy
from overlord.supervision.decision_service import DecisionCore, canonical_digest, safe_value
from tests.hook.conftest import decision_of, payload, run_client


def test_round_trip_records_decisions_and_verify_passes(session, root, service, run_id):
    env = {"OVERLORD_SOCKET": str(service.socket_path), "OVERLORD_RUN_ID": str(run_id)}
    assert decision_of(run_client(payload(root), env)) == "allow"
    assert decision_of(run_client(payload(root, "Bash", command="git commit -m x"), env)) == "deny"
    assert decision_of(run_client(payload(root, "Write", file_path="/etc/x", content="y", n=1.5), env)) == "deny"
    assert decision_of(run_client(b"garbage", env)) == "deny"
    run = session.ledger.get(run_id)
    assert run.tool_calls == 4 and run.denials == 3
    assert service.denials == 3
    report = session.verify(workers=1)
    assert report.ok, report
    rows = [r for r in session.ledger.rows() if r.topic == "overlord.run.ToolCallDecided"]
    assert len(rows) == 4


def test_probe_is_recorded_but_not_counted(session, root, service, run_id):
    env = {"OVERLORD_SOCKET": str(service.socket_path), "OVERLORD_RUN_ID": str(run_id)}
    service.core.expect_probe("toolu_1")
    assert decision_of(run_client(payload(root, "Bash", command="git commit -m x"), env)) == "deny"
    assert service.denials == 0
    assert session.ledger.get(run_id).denials == 0


def test_unwritable_ledger_is_a_deny(root):
    def broken(_):
        raise RuntimeError("disk full")

    core = DecisionCore(GuardPolicy(worker_root=str(root)), overlord_home="/nonexistent-home", recorder=broken)
    answer = core.decide_payload(payload(root).decode(), run_id="x")
    assert answer["decision"] == "deny" and "could not record" in answer["reason"]


def test_safe_value_and_digest():
    v = safe_value({"a": 1.5, "b": [2**70, "\ud800"], 3: None})
    assert v == {"a": "1.5", "b": [str(2**70), "?"], "3": None}
    assert canonical_digest({"b": 1, "a": 2}) == canonical_digest({"a": 2, "b": 1})
    assert len(canonical_digest(object())) == 64


def test_in_process_cli_records(session, root, run_id, monkeypatch, capsys):
    from typer.testing import CliRunner

    from cli.main import app

    home = str(session.home.root)
    res = CliRunner().invoke(app, ["hook", "claude-code"], input=payload(root, "Bash", command="git push"),
                             env={"OVERLORD_HOME": home, "OVERLORD_RUN_ID": str(run_id)})
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout.strip().splitlines()[-1])
    assert out["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert session.ledger.get(run_id).denials == 1


def test_in_process_cli_without_run_denies(session, root):
    from typer.testing import CliRunner

    from cli.main import app

    res = CliRunner().invoke(app, ["hook", "claude-code"], input=payload(root),
                             env={"OVERLORD_HOME": str(session.home.root), "OVERLORD_RUN_ID": ""})
    assert res.exit_code == 0
    assert json.loads(res.stdout.strip().splitlines()[-1])["hookSpecificOutput"]["permissionDecision"] == "deny"


def test_in_process_hook_on_an_endless_stdin_is_a_recorded_deny(session, root, run_id):
    """``overlord hook claude-code < /dev/zero`` read 6.8 GB: now one byte past the 8 MiB cap
    ends the read, the call is denied in one line, and the deny is recorded in the run."""
    import os

    from tests.conftest import overlord_cmd
    from tests.hostile.conftest import MAX_RSS_BYTES, run_measured

    env = {k: v for k, v in os.environ.items() if not k.startswith("OVERLORD_")}
    env.update(OVERLORD_HOME=str(session.home.root), OVERLORD_RUN_ID=str(run_id))
    out = run_measured([*overlord_cmd(), "hook", "claude-code"], env=env, cwd=root, stdin="/dev/zero")
    assert not out.hung and out.code == 0 and out.max_rss_bytes < MAX_RSS_BYTES, out
    assert out.stderr.splitlines() == ["overlord guard: the tool call on stdin is over the 8 MiB limit"], out.stderr
    hso = json.loads(out.stdout)["hookSpecificOutput"]
    assert hso["permissionDecision"] == "deny" and "over the 8 MiB limit" in hso["permissionDecisionReason"]
    assert session.ledger.get(run_id).denials == 1
