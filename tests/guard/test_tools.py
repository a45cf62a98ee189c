"""The tool table: every tool Claude Code lists is known; unknown and MCP tools are denied."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from overlord.adapters.paths import RealPathResolver
from overlord.domain.guard import DenialClass, GuardPolicy, ToolCall, decide_tool_call
from overlord.domain.guard.tools import (
    ALLOWED_TOOLS,
    DENIED_TOOLS,
    JUDGED_TOOLS,
    Handling,
    handling,
    missing_tools,
)

LISTED = json.loads(Path(__file__).with_name("claude_code_tools.json").read_text())["tools"]


def test_every_listed_tool_is_in_the_table() -> None:
    assert missing_tools(LISTED) == []


def test_a_new_tool_is_reported_and_denied(tmp_path: Path) -> None:
    assert missing_tools([*LISTED, "BrandNewTool", "mcp__srv__x"]) == ["BrandNewTool"]
    assert handling("BrandNewTool") == (Handling.DENIED, DenialClass.UNKNOWN_TOOL)
    decision = decide_tool_call(ToolCall("BrandNewTool", {}, str(tmp_path)), GuardPolicy(),
                                overlord_home=str(tmp_path / "home"), resolver=RealPathResolver())
    assert (decision.decision, decision.denial_class) == ("deny", DenialClass.UNKNOWN_TOOL)
    assert decision.reason == "BrandNewTool is a tool the guard does not know"


def test_the_three_parts_of_the_table_do_not_overlap() -> None:
    assert not JUDGED_TOOLS & ALLOWED_TOOLS
    assert not (JUDGED_TOOLS | ALLOWED_TOOLS) & DENIED_TOOLS.keys()


@pytest.mark.parametrize(("tool", "expected"), [
    ("EnterWorktree", DenialClass.GIT_MUTATION), ("SendMessage", DenialClass.AGENT_CLIENT),
    ("CronCreate", DenialClass.CONTAINMENT_ESCAPE), ("TeamCreate", DenialClass.NATIVE_SUBAGENT),
    ("mcp__github__create_issue", DenialClass.UNKNOWN_TOOL),
])
def test_denied_tools_keep_their_class(tool: str, expected: DenialClass, tmp_path: Path) -> None:
    decision = decide_tool_call(ToolCall(tool, {}, str(tmp_path)), GuardPolicy(),
                                overlord_home=str(tmp_path / "home"), resolver=RealPathResolver())
    assert decision.denial_class is expected


def test_allow_tools_lifts_only_unknown_tools(tmp_path: Path) -> None:
    policy = GuardPolicy(allow_tools=("mcp__github__get_issue", "SendMessage"))
    home = str(tmp_path / "home")
    mcp = decide_tool_call(ToolCall("mcp__github__get_issue", {"n": 1}, str(tmp_path)), policy,
                           overlord_home=home, resolver=RealPathResolver())
    assert mcp.decision == "allow"
    reading = decide_tool_call(
        ToolCall("mcp__github__get_issue", {"path": f"{home}/keys"}, str(tmp_path)), policy,
        overlord_home=home, resolver=RealPathResolver())
    assert reading.denial_class is DenialClass.GUARD_TAMPER
    message = decide_tool_call(ToolCall("SendMessage", {}, str(tmp_path)), policy,
                               overlord_home=home, resolver=RealPathResolver())
    assert message.denial_class is DenialClass.AGENT_CLIENT
