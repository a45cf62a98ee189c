"""The Claude Code runtime adapter without the CLI: finding it, its argv and environment, and
its stream-json records (from a real 2.1.332 run, paths shortened)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from overlord.adapters.runtimes import claude_code as cc
from overlord.domain import runtime_records as rr
from overlord.errors import ConfigError

SAMPLE = Path(__file__).with_name("stream_sample.jsonl")


def _exe(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return path


def test_find_binary_prefers_explicit_then_local_then_path(tmp_path):
    explicit = _exe(tmp_path / "explicit" / "claude")
    local = _exe(tmp_path / "proj" / ".tools" / "claude-code" / "node_modules" / ".bin" / "claude")
    on_path = _exe(tmp_path / "bin" / "claude")
    mission_dir = tmp_path / "proj" / "missions" / "one"
    mission_dir.mkdir(parents=True)
    path = str(on_path.parent)
    assert cc.find_binary(explicit, search_dirs=[mission_dir], path=path) == explicit.resolve()
    # a project-local install in the mission's directory or any ancestor, before PATH
    assert cc.find_binary(search_dirs=[mission_dir], path=path) == local.resolve()
    npm_local = _exe(tmp_path / "proj" / "missions" / "node_modules" / ".bin" / "claude")
    assert cc.find_binary(search_dirs=[mission_dir], path=path) == npm_local.resolve()
    assert cc.find_binary(search_dirs=[tmp_path / "none"], path=path) == on_path.resolve()
    with pytest.raises(cc.RuntimeNotInstalled, match="not installed"):
        cc.find_binary(search_dirs=[tmp_path / "none"], path=str(tmp_path / "empty"))
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
    assert isinstance(init, rr.SessionStarted)
    assert init.version == "2.1.332" and "Write" in init.tools and init.session_id
    uses = [r for r in records if isinstance(r, rr.ToolUsed)]
    assert [(u.name, u.id) for u in uses] == [("Write", "toolu_replay_000000_01"), ("Write", "toolu_replay_000001_00"),
                                              ("Bash", "toolu_replay_000002_00")]
    assert uses[2].input["command"] == "git commit -m x"
    results = [r for r in records if isinstance(r, rr.ToolReturned)]
    assert [(r.is_error, r.denied) for r in results] == [(False, False), (True, True), (True, True)]
    assert results[1].content.startswith("PreToolUse:Write hook error: Denied (write_outside)")
    turns = [r for r in records if isinstance(r, rr.Turn)]
    assert turns[0].text == "Writing the greeting." and turns[-1].text == "All done."
    assert turns[1].tool_use_ids == ("toolu_replay_000000_01",)
    result = [r for r in records if isinstance(r, rr.Finished)][-1]
    assert (result.subtype, result.is_error, result.num_turns, result.result) == ("success", False, 4, "All done.")
    assert result.cost_micro_usd == 203016 and not result.turn_limit
    assert isinstance(records[-1], rr.Malformed)


def test_parse_line_never_raises():
    assert cc.parse_line("") == ()
    assert isinstance(cc.parse_line("[1]")[0], rr.Malformed)
    assert isinstance(cc.parse_line(b"\xff\xfe")[0], rr.Malformed)
    other = cc.parse_line('{"type": "system", "subtype": "status"}')[0]
    assert isinstance(other, rr.Other) and other.subtype == "status"
    odd = cc.parse_line('{"type": "result", "num_turns": "x", "total_cost_usd": true, "usage": 3}')[0]
    assert isinstance(odd, rr.Finished) and odd.num_turns == 0 and odd.cost_micro_usd == 0
    assert cc.micro_usd(0.1) == 100000 and cc.micro_usd("nan?") == 0 and cc.micro_usd("1e400") == rr.INT_CAP
    # hostile lines: 100,000 nested arrays, a token count of 2**70: no exception, values clamped
    deep = cc.parse_line("[" * 100_000 + "]" * 100_000)
    assert isinstance(deep[0], rr.Malformed) and "deeper" in deep[0].error
    assert isinstance(cc.parse_line('{"a":' * 70_000 + "1" + "}" * 70_000)[0], rr.Malformed)
    turn = cc.parse_line('{"type": "assistant", "message": {"id": "m", "content": [], '
                         f'"usage": {{"input_tokens": {2**70}, "output_tokens": -5}}}}}}')[0]
    assert isinstance(turn, rr.Turn) and turn.input_tokens == rr.INT_CAP and turn.output_tokens == 0 and turn.clamped


def test_no_environment_is_read(monkeypatch):
    monkeypatch.setenv("PATH", "/nowhere")
    env = cc.build_env(base_url="u", api_key="k", home="h")
    assert env["PATH"] != "/nowhere" and os.environ["PATH"] == "/nowhere"
