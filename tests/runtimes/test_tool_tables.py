"""Each runtime's tool table against the pinned CLI's own list of tools: the tools its first
model request offers (Codex's ``tools``, Gemini's ``functionDeclarations``; Claude Code's init
event is checked in tests/claude/test_tool_table.py). A tool the CLI offers that the table lacks
fails here: teach the runtime's module the tool, then pin the version.

And the translation of each CLI's hook payloads into the guard's calls: a tool the table does
not know is denied as ``unknown_tool``; apply_patch's targets are judged as writes.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from overlord.adapters.connector.api import get_api
from overlord.adapters.connector.replay import ConnectorThread
from overlord.adapters.connector.transcript import Transcript
from overlord.adapters.paths import RealPathResolver
from overlord.adapters.runtimes import codex, gemini
from overlord.adapters.runtimes.base import HookCommands, Launch
from overlord.domain.guard import GuardPolicy, decide_tool_call
from overlord.supervision.guard_files import GuardFiles
from tests.truth.agents import cli


def offered(runtime, tmp: Path) -> tuple[str, ...]:
    root, home, run_dir = tmp / "work", tmp / "home", tmp / "run"
    for d in (root, home, run_dir):
        d.mkdir()
    bodies: list[bytes] = []
    with ConnectorThread(Transcript.from_json([{"blocks": [{"text": "hi"}]}]), api=get_api(runtime.api),
                         on_call=lambda rec: bodies.append(rec.request_body)) as conn:
        settings = runtime.guard_settings(HookCommands("true"), sandboxed=False)  # bare: the hook in HOME
        GuardFiles(settings, home=home, store=run_dir).write_home()
        launch = Launch(prompt="say hi", home=home, host_env={"PATH": os.environ["PATH"]}, extra_env=dict(settings.env),
                        model=runtime.default_model, connector_url=conn.url, api_key="dummy")
        proc = subprocess.run(runtime.argv(cli(runtime.name), launch), cwd=root, env=runtime.env(launch),
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=180)
    assert bodies, proc.stdout[-2000:] + proc.stderr[-2000:]
    return get_api(runtime.api).offered_tools(json.loads(bodies[0]))


@pytest.mark.parametrize("runtime", [codex.RUNTIME, gemini.RUNTIME], ids=["codex", "gemini"])
def test_every_tool_the_cli_offers_is_in_its_table(runtime, tmp_path):
    tools = offered(runtime, tmp_path)
    assert len(tools) >= 5, tools
    missing = sorted(t for t in tools if t not in runtime.tools)
    assert missing == [], f"{runtime.name} offers tools its table lacks: {missing}"


ROOT = "/tmp/ovl-table-root"


def decide(runtime, payload: dict, use=None):
    policy = GuardPolicy(worker_root=ROOT)
    calls = runtime.guard_calls({"cwd": ROOT, **payload}, use)
    decisions = [decide_tool_call(c, policy, overlord_home="/nonexistent-home", resolver=RealPathResolver()) for c in calls]
    return next((d for d in decisions if not d.allowed), decisions[-1])


@pytest.mark.parametrize("runtime", [codex.RUNTIME, gemini.RUNTIME], ids=["codex", "gemini"])
def test_an_unknown_tool_is_denied(runtime):
    d = decide(runtime, {"tool_name": "frobnicate", "tool_input": {"x": 1}})
    assert not d.allowed and d.denial_class.value == "unknown_tool", d


def test_apply_patch_targets_are_judged_as_writes():
    def patch(body: str) -> dict:
        return {"tool_name": "apply_patch", "tool_input": {"command": f"*** Begin Patch\n{body}*** End Patch\n"}}

    assert decide(codex.RUNTIME, patch("*** Add File: a.py\n+x\n")).allowed
    d = decide(codex.RUNTIME, patch("*** Update File: a.py\n@@\n-x\n+y\n*** Add File: ../../etc/x\n+x\n"))
    assert not d.allowed and d.denial_class.value == "write_outside", d
    d = decide(codex.RUNTIME, patch("*** Delete File: /etc/passwd\n"))
    assert not d.allowed and d.denial_class.value in ("delete_outside", "write_outside"), d
    d = decide(codex.RUNTIME, patch("*** Update File: a.py\n*** Move to: /tmp/elsewhere.py\n@@\n-x\n+y\n"))
    assert not d.allowed, d


def test_codex_exec_command_is_judged_in_its_workdir_and_shell():
    from overlord.domain.tool_uses import ModelToolUse

    use = ModelToolUse("c1", "exec_command", {"cmd": "rm -rf x", "workdir": "/etc"}, 0)
    d = decide(codex.RUNTIME, {"tool_name": "Bash", "tool_input": {"command": "rm -rf x"}}, use)
    assert not d.allowed and d.denial_class.value == "delete_outside", d
    use = ModelToolUse("c2", "exec_command", {"cmd": "import shutil; shutil.rmtree('/etc')", "shell": "python3"}, 0)
    assert not decide(codex.RUNTIME, {"tool_name": "Bash", "tool_input": {"command": use.input["cmd"]}}, use).allowed


def test_gemini_tools_map_to_the_guards():
    assert decide(gemini.RUNTIME, {"tool_name": "write_file", "tool_input": {"file_path": "a.py", "content": "x"}}).allowed
    d = decide(gemini.RUNTIME, {"tool_name": "run_shell_command", "tool_input": {"command": "echo x > /etc/x"}})
    assert not d.allowed and d.denial_class.value == "write_outside"
    d = decide(gemini.RUNTIME, {"tool_name": "invoke_agent", "tool_input": {"prompt": "go"}})
    assert not d.allowed and d.denial_class.value == "native_subagent"
    d = decide(gemini.RUNTIME, {"tool_name": "web_fetch", "tool_input": {"prompt": "read https://example.com"}})
    assert not d.allowed and d.denial_class.value == "network_client"
    assert decide(gemini.RUNTIME, {"tool_name": "update_topic", "tool_input": {"topic": "x"}}).allowed
