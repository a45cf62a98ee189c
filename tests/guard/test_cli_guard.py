"""``overlord guard check``: one JSON object out, exit 0 whenever a decision was made."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.guard import app, overlord_home
from tests.conftest import overlord_cmd

REPO = Path(__file__).resolve().parents[2]


def _payload(command: str, cwd: Path) -> str:
    return json.dumps({"session_id": "s", "tool_use_id": "t", "hook_event_name": "PreToolUse",
                       "tool_name": "Bash", "tool_input": {"command": command},
                       "cwd": str(cwd)})


def _check(payload: str | bytes, *args: str, cwd: Path, env: dict[str, str] | None = None
           ) -> subprocess.CompletedProcess[bytes]:
    environ = {"PATH": os.environ.get("PATH", ""), "OVERLORD_HOME": str(cwd / "home"),
               "PYTHONPATH": str(REPO), **(env or {})}
    return subprocess.run(
        [*overlord_cmd(), "guard", "check", *args],  # as a user runs it: errors are main's one line
        input=payload.encode() if isinstance(payload, str) else payload,
        capture_output=True, cwd=cwd, env=environ, timeout=60, check=False)


def test_subprocess_allow_and_deny(tmp_path: Path) -> None:
    allowed = _check(_payload("ls -la", tmp_path), cwd=tmp_path)
    assert allowed.returncode == 0
    assert json.loads(allowed.stdout) == {"decision": "allow", "class": None,
                                          "reason": "Bash allowed"}
    denied = _check(_payload("cp x /etc/y", tmp_path), cwd=tmp_path)
    assert denied.returncode == 0
    out = json.loads(denied.stdout)
    assert (out["decision"], out["class"]) == ("deny", "write_outside")
    assert "/etc/y" in out["reason"]
    assert denied.stdout.count(b"\n") == 1


@pytest.mark.parametrize("payload", [b"", b"not json", b"[1, 2]", b'{"tool_name": "Bash"}',
                                     b"\xff\xfe", b'{"tool_name": 3, "cwd": "/"}',
                                     b'{"tool_name": "Bash", "cwd": "relative"}'])
def test_malformed_payload_is_a_deny(tmp_path: Path, payload: bytes) -> None:
    result = _check(payload, cwd=tmp_path)
    assert result.returncode == 0
    out = json.loads(result.stdout)
    assert (out["decision"], out["class"]) == ("deny", "unparseable")
    assert out["reason"].startswith("malformed tool call")


def test_overlord_home_from_the_environment_is_guarded(tmp_path: Path) -> None:
    home = tmp_path / "keys-home"
    result = _check(_payload(f"cat {home}/signing.key", tmp_path), cwd=tmp_path,
                    env={"OVERLORD_HOME": str(home)})
    assert json.loads(result.stdout)["class"] == "guard_tamper"


def test_policy_flag_and_overlord_toml(tmp_path: Path) -> None:
    curl = _payload("curl -s https://example.com/", tmp_path)
    assert json.loads(_check(curl, cwd=tmp_path).stdout)["class"] == "network_client"
    policy = tmp_path / "net.toml"
    policy.write_text("[guard]\nallow_network = true\n")
    flagged = _check(curl, "--policy", str(policy), cwd=tmp_path)
    assert json.loads(flagged.stdout)["decision"] == "allow"
    (tmp_path / "overlord.toml").write_text("[guard]\nallow_network = true\n")
    assert json.loads(_check(curl, cwd=tmp_path).stdout)["decision"] == "allow"
    tamper = _check(_payload(f"echo x > {policy}", tmp_path), "--policy", str(policy),
                    cwd=tmp_path)
    assert json.loads(tamper.stdout)["class"] == "guard_tamper"


def test_bad_policy_is_one_line_and_exit_2(tmp_path: Path) -> None:
    policy = tmp_path / "bad.toml"
    policy.write_text("[guard]\nallow_netwrok = true\n")
    result = _check(_payload("ls", tmp_path), "--policy", str(policy), cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == b""
    assert b"guard.allow_netwrok" in result.stderr
    assert result.stderr.count(b"\n") == 1


def test_cli_runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("OVERLORD_HOME", str(tmp_path / "home"))
    result = CliRunner().invoke(app, ["check"], input=_payload("git push", tmp_path))
    assert result.exit_code == 0
    assert json.loads(result.stdout)["class"] == "git_mutation"


@pytest.mark.parametrize("env", [{"OVERLORD_HOME": "/x"}, {"XDG_DATA_HOME": "/data"},
                                 {"HOME": "/home/u"}, {"OVERLORD_HOME": "~/o", "HOME": "/h"},
                                 {"XDG_DATA_HOME": "", "HOME": "/home/v"}])
def test_overlord_home_is_the_ledgers_home(env: dict[str, str]) -> None:
    from overlord.ledger.home import default_home

    assert overlord_home(env) == str(default_home(env))
    assert overlord_home({"XDG_DATA_HOME": "/data"}) == "/data/overlord"
