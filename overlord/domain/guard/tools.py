"""The table of Claude Code's tools: each is judged, allowed, or denied with a class.

Every tool the installed Claude Code lists in its stream-json ``init`` event must be in this
table; :func:`missing_tools` names those that are not, so a test fails when a new CLI version
brings a tool the guard has not been taught.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from overlord.domain.guard.classes import DenialClass


class Handling(str, Enum):
    """What the guard does with a tool."""

    JUDGED = "judged"
    ALLOWED = "allowed"
    DENIED = "denied"


JUDGED_TOOLS: frozenset[str] = frozenset({
    "Bash", "Write", "Edit", "MultiEdit", "NotebookEdit", "WebFetch", "WebSearch",
    # Read-only tools are judged too: a read of OVERLORD_HOME is guard_tamper.
    "Read", "Glob", "Grep", "LS", "NotebookRead",
    # The runtime's own sub-agent tools: native_subagent unless the policy allows them.
    "Task", "Agent", "subagent", "spawn_agent", "dispatch_agent", "delegate",
})
"""Tools whose input the guard reads and judges."""

ALLOWED_TOOLS: frozenset[str] = frozenset({
    "TodoWrite", "TodoRead", "TaskCreate", "TaskGet", "TaskList", "TaskUpdate", "TaskOutput",
    "TaskStop", "BashOutput", "KillShell", "KillBash", "ExitPlanMode", "EnterPlanMode",
    "AskUserQuestion", "Skill", "SlashCommand", "ToolSearch", "LSP", "CronList",
    "StructuredOutput",
    # Claude Code 2.1.332: listing agents and filing a review report have no side effects
    "ListAgents", "ReportFindings",
})
"""Read-only and bookkeeping tools that run without judgement."""

DENIED_TOOLS: dict[str, DenialClass] = {
    "EnterWorktree": DenialClass.GIT_MUTATION,
    "ExitWorktree": DenialClass.GIT_MUTATION,
    "SendMessage": DenialClass.AGENT_CLIENT,
    "TeamCreate": DenialClass.NATIVE_SUBAGENT,
    "TeamDelete": DenialClass.NATIVE_SUBAGENT,
    "CronCreate": DenialClass.CONTAINMENT_ESCAPE,
    "CronDelete": DenialClass.CONTAINMENT_ESCAPE,
    "ScheduleWakeup": DenialClass.CONTAINMENT_ESCAPE,
    "RemoteTrigger": DenialClass.CONTAINMENT_ESCAPE,
    # Claude Code 2.1.332: Monitor runs a long-lived background script (a process that
    # outlives the tool call, unjudged as a command); Workflow orchestrates sub-agents
    "Monitor": DenialClass.CONTAINMENT_ESCAPE,
    "Workflow": DenialClass.NATIVE_SUBAGENT,
    "ListMcpResourcesTool": DenialClass.UNKNOWN_TOOL,
    "ReadMcpResourceTool": DenialClass.UNKNOWN_TOOL,
}
"""Tools that are always denied, each with its class. ``UNKNOWN_TOOL`` entries (the MCP
resource tools) may be let through by the policy's ``allow_tools``; no other class can be."""

SUBAGENT_TOOLS: frozenset[str] = frozenset({
    "Task", "Agent", "subagent", "spawn_agent", "dispatch_agent", "delegate",
})
"""The runtime's own sub-agent tools."""


def handling(tool_name: str) -> tuple[Handling, DenialClass | None]:
    """How the guard treats ``tool_name``: judged, allowed, or denied with a class.

    A tool not in the table (an MCP tool, a new tool) is denied as ``unknown_tool``.
    """
    if tool_name in JUDGED_TOOLS:
        return Handling.JUDGED, None
    if tool_name in ALLOWED_TOOLS:
        return Handling.ALLOWED, None
    if tool_name in DENIED_TOOLS:
        return Handling.DENIED, DENIED_TOOLS[tool_name]
    return Handling.DENIED, DenialClass.UNKNOWN_TOOL


def missing_tools(listed: Iterable[str]) -> list[str]:
    """The tools a runtime lists (its ``init`` event) that the table lacks, MCP tools aside."""
    known = JUDGED_TOOLS | ALLOWED_TOOLS | DENIED_TOOLS.keys()
    return sorted(t for t in set(listed) if t not in known and not t.startswith("mcp__"))
