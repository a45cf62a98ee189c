"""Install merges settings and keeps the user's hooks; restore gives the original bytes back;
probes are denied; a tampered snapshot is a deny."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from overlord.adapters.hooks.install import GuardArmError, install_hook, restore_hook, run_hook_command
from overlord.domain.guard import GuardPolicy
from overlord.errors import ConfigError
from overlord.supervision.decision_service import arm_guard
from tests.hook.conftest import StepClock, payload

USER = {
    "model": "opus",
    "permissions": {"allow": ["Bash(ls:*)"]},
    "hooks": {
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo user"}]}],
        "PostToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "echo post"}]}],
    },
}


def write_user_settings(root: Path) -> bytes:
    (root / ".claude").mkdir()
    data = (json.dumps(USER, indent=4) + "\n  ").encode()
    (root / ".claude" / "settings.json").write_bytes(data)
    return data


def test_install_merges_and_restore_gives_original_bytes(session, root):
    original = write_user_settings(root)
    inst = install_hook(root, session.home.root, session.blobs)
    merged = json.loads((root / ".claude" / "settings.json").read_text())
    assert merged["model"] == "opus" and merged["permissions"] == USER["permissions"]
    pre = merged["hooks"]["PreToolUse"]
    assert pre[0]["matcher"] == "*" and inst.snapshot_sha256 in pre[0]["hooks"][0]["command"]
    assert pre[1] == USER["hooks"]["PreToolUse"][0]
    assert merged["hooks"]["PostToolUse"] == USER["hooks"]["PostToolUse"]
    assert Path(inst.snapshot_dir).name == inst.snapshot_sha256
    # a second install does not duplicate the hook nor lose the original
    install_hook(root, session.home.root, session.blobs)
    assert len(json.loads((root / ".claude" / "settings.json").read_text())["hooks"]["PreToolUse"]) == 2
    restore_hook(root, session.home.root, session.blobs)
    assert (root / ".claude" / "settings.json").read_bytes() == original


def test_restore_without_original_removes_settings(session, root):
    install_hook(root, session.home.root, session.blobs)
    assert (root / ".claude" / "settings.json").exists()
    restore_hook(root, session.home.root, session.blobs)
    assert not (root / ".claude").exists()
    with pytest.raises(ConfigError):
        restore_hook(root, session.home.root, session.blobs)


def test_bad_settings_is_an_error(session, root):
    (root / ".claude").mkdir()
    (root / ".claude" / "settings.json").write_text("[1]")
    with pytest.raises(ConfigError):
        install_hook(root, session.home.root, session.blobs)


def test_arm_records_guard_armed_probes_not_denials(session, root, run_id):
    inst = arm_guard(session, root=root, policy=GuardPolicy(worker_root=str(root)), clock=StepClock(), run_id=run_id)
    run = session.ledger.get(run_id)
    assert run.guard_snapshot == inst.snapshot_sha256
    assert run.denials == 0
    topics = [r.topic for r in session.ledger.rows()]
    assert topics.count("overlord.run.ToolCallDecided") == 2 and "overlord.run.GuardArmed" in topics
    assert session.verify(workers=1).ok


def test_arm_fails_when_probe_allowed(session, root, run_id):
    # a policy that lets the probe write land: /etc is a write root and git is... still denied,
    # so the Write probe is allowed -> arming fails
    policy = GuardPolicy(worker_root=str(root), write_roots=("/etc",))
    with pytest.raises(GuardArmError):
        arm_guard(session, root=root, policy=policy, clock=StepClock(), run_id=run_id)
    assert "overlord.run.GuardArmFailed" in [r.topic for r in session.ledger.rows()]


def test_tampered_snapshot_is_a_deny(session, root, service, run_id):
    inst = install_hook(root, session.home.root, session.blobs)
    env = {"PATH": "/usr/bin:/bin", "OVERLORD_SOCKET": str(service.socket_path), "OVERLORD_RUN_ID": str(run_id)}
    code, out, _ = run_hook_command(inst.command, payload(root), env, cwd=str(root))
    assert code == 0 and out["hookSpecificOutput"]["permissionDecision"] == "allow"
    client = Path(inst.client_path)
    os.chmod(client, 0o644)
    client.write_bytes(client.read_bytes().replace(b'"allow"', b'"allow" '))
    code, out, err = run_hook_command(inst.command, payload(root), env, cwd=str(root))
    assert code == 0 and out["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert "hash" in err


def test_cli_install_with_run_and_restore(session, root, run_id):
    from typer.testing import CliRunner

    from cli.main import app

    env = {"OVERLORD_HOME": str(session.home.root)}
    res = CliRunner().invoke(app, ["hook", "install", "--runtime", "claude-code", "--root", str(root), "--run", str(run_id)], env=env)
    assert res.exit_code == 0, res.output
    assert "overlord.run.GuardArmed" in [r.topic for r in session.ledger.rows()]
    res = CliRunner().invoke(app, ["hook", "restore", "--root", str(root)], env=env)
    assert res.exit_code == 0, res.output
    assert not (root / ".claude").exists()
