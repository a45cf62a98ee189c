"""Issue 11 item 1: the pinned checkpoint must be recorded in the log, so cutting off the final
``CheckpointSigned`` event is caught and named (SQLite and PostgreSQL); and every command
that appends events ends by signing and pinning a checkpoint, so no tail is left uncovered."""

from __future__ import annotations

import json
import os
import subprocess
import uuid
from pathlib import Path

import pytest

from overlord.domain.run import Run
from overlord.ledger import codec, record
from overlord.ledger.export import read_export, write_export
from overlord.ledger.session import open_home
from overlord.ledger.verify import CHECKPOINT_TOPIC
from tests.conftest import overlord_cmd
from tests.ledger.conftest import StepClock, add_runs, id_param, reopen, tamper


def _verify(session):
    fresh = reopen(session, writable=False)
    try:
        return fresh.verify(workers=1)
    finally:
        fresh.close()


def test_cutting_off_the_final_checkpoint_event_is_named(home) -> None:
    add_runs(home, StepClock())
    rows = list(home.ledger.rows())
    last = rows[-1]
    assert last.topic == CHECKPOINT_TOPIC and _verify(home).ok
    tamper(home, "DELETE FROM stored_events WHERE originator_id = ?", (id_param(home, last.originator_id),))
    report = _verify(home)
    assert not report.ok
    f = report.first_failure
    assert f.problem.startswith("pinned checkpoint not recorded: no CheckpointSigned event")
    assert f.position == len(rows) - 1  # where the cut event stood: the pinned checkpoint covers all before it
    assert f"of {len(rows) - 1} events" in f.problem and "cut off" in report.summary()


def test_an_export_of_the_cut_log_fails_the_same_way(make_home, tmp_path) -> None:
    session = make_home("sqlite")
    add_runs(session, StepClock(), n=2)
    last = list(session.ledger.rows())[-1]
    tamper(session, "DELETE FROM stored_events WHERE originator_id = ?", (id_param(session, last.originator_id),))
    fresh = reopen(session, writable=False)
    try:
        write_export(fresh, tmp_path / "cut.export")
    finally:
        fresh.close()
    r = subprocess.run([*overlord_cmd(), "verify", "--file", str(tmp_path / "cut.export")], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 1 and "pinned checkpoint not recorded" in r.stderr, r.stdout + r.stderr
    assert read_export(tmp_path / "cut.export").pinned == session.read_pinned()


def test_a_pin_of_a_recorded_checkpoint_still_verifies_after_more_events(home) -> None:
    """The pinned checkpoint need not be the newest event: a run appended after it is a tail
    still being written, and the pin's own event is there."""
    clock = StepClock()
    add_runs(home, clock, n=2)
    add_runs(home, clock, n=1, checkpoint_each=False)
    assert _verify(home).ok


# -- every command that appends ends with its checkpoint ------------------------------------


def _ov(env, cwd, *argv, stdin: str = "", extra_env: dict | None = None) -> subprocess.CompletedProcess:
    r = subprocess.run([*overlord_cmd(), *argv], env={**env, **(extra_env or {})}, cwd=cwd, input=stdin,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, (argv, r.stdout, r.stderr)
    return r


def _tail_is_the_pinned_checkpoint(home: Path) -> None:
    s = open_home(home, writable=False)
    try:
        last = list(s.ledger.rows())[-1]
        assert last.topic == CHECKPOINT_TOPIC, last.topic
        body = codec.decode(record.open_record(last.originator_id, last.version, last.topic, last.state).body)
        assert body["note"] == s.read_pinned()
        assert s.verify(workers=1).ok
    finally:
        s.close()


@pytest.fixture
def cli_home(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("OVERLORD_")}
    env["OVERLORD_HOME"] = str(tmp_path / "home")
    work = tmp_path / "work"
    work.mkdir()
    _ov(env, work, "init")
    return tmp_path / "home", work, env


def test_run_hook_install_in_process_hook_and_checkpoint_each_end_with_a_pinned_checkpoint(cli_home) -> None:
    home, work, env = cli_home
    run_id = json.loads(_ov(env, work, "run", "--json", "--", "true").stdout)["run_id"]
    _tail_is_the_pinned_checkpoint(home)
    # hook install --run: two probe decisions and GuardArmed are appended to the run
    root = work / "root"
    root.mkdir()
    _ov(env, work, "hook", "install", "--root", str(root), "--run", run_id)
    _tail_is_the_pinned_checkpoint(home)
    # the in-process hook: each decision is appended to the run
    payload = json.dumps({"tool_name": "Bash", "tool_input": {"command": "ls"}, "cwd": str(root),
                          "hook_event_name": "PreToolUse", "session_id": "s", "tool_use_id": "toolu_1"})
    out = _ov(env, work, "hook", "claude-code", stdin=payload, extra_env={"OVERLORD_RUN_ID": run_id})
    assert json.loads(out.stdout)["hookSpecificOutput"]["permissionDecision"] == "allow"
    _tail_is_the_pinned_checkpoint(home)
    _ov(env, work, "hook", "restore", "--root", str(root))  # appends nothing
    _ov(env, work, "checkpoint")
    _tail_is_the_pinned_checkpoint(home)


def test_kill_of_an_orphaned_run_ends_with_a_pinned_checkpoint(cli_home) -> None:
    home, work, env = cli_home
    s = open_home(home)
    try:
        run = Run.open(run_id=uuid.uuid4(), cwd=str(work), argv=["sleep", "9"], policy_hash="p", overlord_version="t",
                       runtime="command", sandbox="none", at=StepClock().now())
        s.ledger.append(run)  # opened, never settled, no controller: an orphan
    finally:
        s.close()
    out = json.loads(_ov(env, work, "kill", "--json", "--wait-ms", "0", str(run.id)).stdout)
    assert out["outcome"] == "orphan_settled"
    _tail_is_the_pinned_checkpoint(home)


def test_init_policy_set_a_refused_start_and_a_secret_each_end_with_a_pinned_checkpoint(cli_home) -> None:
    """The Fates' and Aegis's commands append too: overlord init (the first PolicyChanged),
    overlord policy set (on a terminal, as the owner runs it), a run and a steer refused by a
    policy changed outside policy set (PolicyIntegrityFailed), and a secret store change."""
    from tests.conftest import apply_policy

    home, work, env = cli_home
    _tail_is_the_pinned_checkpoint(home)  # init
    apply_policy(env, '[approval]\nclasses = ["package_install"]\n', where=work.parent / "policies")
    _tail_is_the_pinned_checkpoint(home)
    policy = home / "policy.toml"
    signed = policy.read_bytes()
    policy.write_bytes(signed + b"# an edit outside policy set\n")
    for argv in (("run", "--", "true"), ("steer", "00000000", "stop")):
        r = subprocess.run([*overlord_cmd(), *argv], env=env, cwd=work, capture_output=True, text=True, timeout=120)
        assert r.returncode == 2 and "the policy changed outside" in r.stderr, r.stderr
        s = open_home(home, writable=False)
        try:
            kinds = [row.topic.rsplit(".", 1)[-1] for row in s.ledger.rows()][-2:]
        finally:
            s.close()
        assert kinds == ["PolicyIntegrityFailed", "CheckpointSigned"], kinds
        _tail_is_the_pinned_checkpoint(home)
    policy.write_bytes(signed)
    secret_env = {"OVERLORD_SECRET_PASSPHRASE": "the owner's passphrase"}
    _ov(env, work, "secret", "init", extra_env=secret_env)
    _tail_is_the_pinned_checkpoint(home)
