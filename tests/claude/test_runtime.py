"""The Claude Code runtime adapter without the CLI: finding it, its argv and environment, and
its stream-json records (from a real 2.1.332 run, paths shortened)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from overlord.adapters.runtimes import claude_code as cc
from overlord.errors import ConfigError

SAMPLE = Path(__file__).with_name("stream_sample.jsonl")


def _exe(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return path


def test_find_binary_prefers_explicit_then_local_then_path(tmp_path):
    explicit = _exe(tmp_path / "x" / "claude")
    local = _exe(cc.local_binary(tmp_path / "proj"))
    on_path = _exe(tmp_path / "bin" / "claude")
    assert cc.find_binary(explicit, project_root=tmp_path / "proj", search_path=str(on_path.parent)) == explicit.resolve()
    assert cc.find_binary(project_root=tmp_path / "proj", search_path=str(on_path.parent)) == local.resolve()
    assert cc.find_binary(project_root=tmp_path / "none", search_path=str(on_path.parent)) == on_path.resolve()
    with pytest.raises(cc.RuntimeNotInstalled, match="not installed"):
        cc.find_binary(project_root=tmp_path / "none", search_path=str(tmp_path / "empty"))
    with pytest.raises(cc.RuntimeNotInstalled, match="not an executable"):
        cc.find_binary(tmp_path / "missing")


def test_argv_is_print_mode_stream_json_verbose():
    inv = cc.Invocation(prompt="do it", max_turns=3, allowed_tools=("Write", "Bash(git status)"),
                        permission_mode="acceptEdits", model="claude-x", resume="sess-1")
    assert cc.build_argv("/b/claude", inv) == [
        "/b/claude", "-p", "do it", "--output-format", "stream-json", "--verbose", "--max-turns", "3",
        "--allowedTools", "Write,Bash(git status)", "--permission-mode", "acceptEdits", "--model", "claude-x",
        "--resume", "sess-1",
    ]
    assert cc.build_argv("c", cc.Invocation(prompt="p")) == ["c", "-p", "p", "--output-format", "stream-json", "--verbose"]


@pytest.mark.parametrize("kwargs", [{"max_turns": 0}, {"permission_mode": "yolo"}, {"allowed_tools": ("",)}])
def test_bad_invocations_are_config_errors(kwargs):
    with pytest.raises(ConfigError):
        cc.Invocation(prompt="p", **kwargs)


def test_env_is_an_allow_list():
    host = {"PATH": "/opt/bin:/usr/bin", "LANG": "C.UTF-8", "AWS_SECRET_ACCESS_KEY": "s", "ANTHROPIC_API_KEY": "real",
            "OVERLORD_HOME": "/h"}
    env = cc.build_env(base_url="http://127.0.0.1:9", api_key="dummy", home="/tmp/h", host_env=host,
                       extra={"OVERLORD_SOCKET": "/tmp/s", "OVERLORD_RUN_ID": "r"})
    assert env["ANTHROPIC_API_KEY"] == "dummy" and env["ANTHROPIC_BASE_URL"] == "http://127.0.0.1:9"
    assert env["HOME"] == "/tmp/h" and env["PATH"] == "/opt/bin:/usr/bin" and env["LANG"] == "C.UTF-8"
    assert env["CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC"] == "1"
    assert "AWS_SECRET_ACCESS_KEY" not in env and "OVERLORD_HOME" not in env
    assert env["OVERLORD_SOCKET"] == "/tmp/s"
    assert cc.build_env(base_url="u", api_key="k", home="h")["PATH"]


def test_parse_a_real_stream():
    records = cc.parse_stream(SAMPLE.read_text().splitlines())
    init = records[0]
    assert isinstance(init, cc.Init)
    assert init.version == "2.1.332" and "Write" in init.tools and init.session_id
    uses = [r for r in records if isinstance(r, cc.ToolUse)]
    assert [(u.name, u.id) for u in uses] == [("Write", "toolu_replay_000000_01"), ("Write", "toolu_replay_000001_00"),
                                              ("Bash", "toolu_replay_000002_00")]
    assert uses[2].input["command"] == "git commit -m x"
    results = [r for r in records if isinstance(r, cc.ToolResult)]
    assert [(r.is_error, r.permission_decision, r.decision_source) for r in results] == [
        (False, "accept", "hook"), (True, "reject", "hook"), (True, "reject", "hook")]
    assert results[1].content.startswith("PreToolUse:Write hook error: Denied (write_outside)")
    turns = [r for r in records if isinstance(r, cc.AssistantTurn)]
    assert turns[0].text == "Writing the greeting." and turns[-1].text == "All done."
    assert turns[1].tool_use_ids == ("toolu_replay_000000_01",)
    result = [r for r in records if isinstance(r, cc.Result)][-1]
    assert (result.subtype, result.is_error, result.num_turns, result.result) == ("success", False, 4, "All done.")
    assert result.cost_micro_usd == 203016 and result.terminal_reason == "completed"
    assert [d["tool_use_id"] for d in result.permission_denials] == ["toolu_replay_000001_00", "toolu_replay_000002_00"]
    assert isinstance(records[-1], cc.Malformed)


def test_parse_line_never_raises():
    assert cc.parse_line("") == ()
    assert isinstance(cc.parse_line("[1]")[0], cc.Malformed)
    assert isinstance(cc.parse_line(b"\xff\xfe")[0], cc.Malformed)
    other = cc.parse_line('{"type": "system", "subtype": "status"}')[0]
    assert isinstance(other, cc.Other) and other.subtype == "status"
    odd = cc.parse_line('{"type": "result", "num_turns": "x", "total_cost_usd": true, "usage": 3}')[0]
    assert isinstance(odd, cc.Result) and odd.num_turns == 0 and odd.cost_micro_usd == 0 and odd.usage == {}
    assert cc.micro_usd(0.1) == 100000 and cc.micro_usd("nan?") == 0


def test_no_environment_is_read(monkeypatch):
    monkeypatch.setenv("PATH", "/nowhere")
    env = cc.build_env(base_url="u", api_key="k", home="h")
    assert env["PATH"] != "/nowhere" and os.environ["PATH"] == "/nowhere"
