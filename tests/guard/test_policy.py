"""The guard policy from TOML: every key, every wrong type and unknown key named."""

from __future__ import annotations

from pathlib import Path

import pytest

from overlord.adapters.paths import RealPathResolver
from overlord.domain.guard import GuardPolicy, ToolCall, decide_tool_call
from overlord.errors import ConfigError

FULL = """
[guard]
worker_root = "/work/root"
write_roots = ["/work/shared", "cache"]
protected_paths = ["secrets", "/work/root/vault"]
allow_network = true
allow_native_subagents = true
allow_tools = ["mcp__github__get_issue"]
max_denials = 7
"""


def test_every_key_is_read() -> None:
    policy = GuardPolicy.from_toml(FULL)
    assert policy == GuardPolicy(
        worker_root="/work/root", write_roots=("/work/shared", "cache"),
        protected_paths=("secrets", "/work/root/vault"), allow_network=True,
        allow_native_subagents=True, allow_tools=("mcp__github__get_issue",), max_denials=7)


def test_no_guard_table_is_the_empty_policy() -> None:
    assert GuardPolicy.from_toml("[other]\nx = 1\n") == GuardPolicy()
    assert GuardPolicy() == GuardPolicy(None, (), (), False, False, (), None, "")


def test_file_paths_are_taken_under_the_policy_directory(tmp_path: Path) -> None:
    path = tmp_path / "overlord.toml"
    path.write_text('[guard]\nworker_root = "work"\nwrite_roots = ["out", "/abs"]\n')
    policy = GuardPolicy.from_toml(path)
    assert policy.worker_root == str(tmp_path.resolve() / "work")
    assert policy.write_roots == (str(tmp_path.resolve() / "out"), "/abs")
    assert policy.source == str(path.resolve())
    assert GuardPolicy.from_toml(str(path)) == policy


@pytest.mark.parametrize(("text", "named"), [
    ('[guard]\nallow_netwrok = true\n', "guard.allow_netwrok"),
    ('[guard]\nworker_root = 3\n', "guard.worker_root"),
    ('[guard]\nworker_root = ""\n', "guard.worker_root"),
    ('[guard]\nwrite_roots = "/tmp"\n', "guard.write_roots"),
    ('[guard]\nwrite_roots = [1]\n', "guard.write_roots"),
    ('[guard]\nprotected_paths = [""]\n', "guard.protected_paths"),
    ('[guard]\nallow_tools = "Bash"\n', "guard.allow_tools"),
    ('[guard]\nallow_network = "yes"\n', "guard.allow_network"),
    ('[guard]\nallow_native_subagents = 1\n', "guard.allow_native_subagents"),
    ('[guard]\nmax_denials = true\n', "guard.max_denials"),
    ('[guard]\nmax_denials = -1\n', "guard.max_denials"),
    ('[guard]\nmax_denials = 1.5\n', "guard.max_denials"),
    ('guard = 3\n', "[guard]"),
])
def test_errors_name_the_key(text: str, named: str) -> None:
    with pytest.raises(ConfigError) as info:
        GuardPolicy.from_toml(text)
    assert named in info.value.message


def test_invalid_toml_and_missing_file_are_config_errors(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not valid TOML"):
        GuardPolicy.from_toml("[guard\nx=")
    with pytest.raises(ConfigError, match="cannot read the policy"):
        GuardPolicy.from_toml(tmp_path / "missing.toml")


def test_no_key_switches_a_class_off(tmp_path: Path) -> None:
    """Even the most permissive policy keeps every class that is not its own to lift."""
    policy = GuardPolicy.from_toml(
        '[guard]\nallow_network = true\nallow_native_subagents = true\n'
        'allow_tools = ["SendMessage", "CronCreate", "EnterWorktree", "Bash"]\n')
    home = str(tmp_path / "home")
    cases = {
        "git commit -m x": "git_mutation", "pip install x": "package_install",
        "claude -p x": "agent_client", "kill -9 1": "kill_or_format",
        "nohup x &": "containment_escape", "curl http://127.0.0.1/": "network_client",
        "rm -rf /etc": "delete_outside", "echo x > /etc/x": "write_outside",
        "r${X}m x": "unparseable", "echo x > .git/x": "protected_root",
        f"cat {home}/k": "guard_tamper",
    }
    for command, cls in cases.items():
        call = ToolCall("Bash", {"command": command}, str(tmp_path))
        decision = decide_tool_call(call, policy, overlord_home=home, resolver=RealPathResolver())
        assert (decision.decision, decision.denial_class.value) == ("deny", cls), command
    for tool, cls in {"SendMessage": "agent_client", "CronCreate": "containment_escape",
                      "EnterWorktree": "git_mutation"}.items():
        decision = decide_tool_call(ToolCall(tool, {}, str(tmp_path)), policy,
                                    overlord_home=home, resolver=RealPathResolver())
        assert decision.denial_class.value == cls


def test_worker_root_defaults_to_the_payload_cwd(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    call = ToolCall("Write", {"file_path": str(tmp_path / "a" / "f")}, str(tmp_path / "a"))
    home = str(tmp_path / "home")
    assert decide_tool_call(call, GuardPolicy(), overlord_home=home, resolver=RealPathResolver()).decision == "allow"
    elsewhere = ToolCall("Write", {"file_path": str(tmp_path / "f")}, str(tmp_path / "a"))
    decision = decide_tool_call(elsewhere, GuardPolicy(), overlord_home=home, resolver=RealPathResolver())
    assert decision.denial_class.value == "write_outside"
    rooted = GuardPolicy(worker_root=str(tmp_path))
    assert decide_tool_call(elsewhere, rooted, overlord_home=home, resolver=RealPathResolver()).decision == "allow"


def test_decide_never_raises_even_when_building_the_deny_fails(monkeypatch):
    """`decide_tool_call` documents that it never raises: a failure while building the deny
    message itself is still a deny (the reviewer found the deny outside the try)."""
    from overlord.domain.guard import decide as d
    from overlord.domain.guard.call import ToolCall
    from overlord.domain.guard.policy import GuardPolicy

    def broken(*_a, **_k):
        raise ValueError("no message")

    monkeypatch.setattr(d, "denial_message", broken)
    call = ToolCall("Bash", {"command": "rm -rf /"}, cwd="/tmp")
    got = d.decide_tool_call(call, GuardPolicy(worker_root="/tmp"), overlord_home="/nonexistent",
                             resolver=lambda p: p)
    assert got.decision == "deny" and got.denial_class.value == "unparseable"
