"""The ``command`` runtime: any program the mission names, run as the agent.

It has no connector and no native hook (a scripted agent asks the guard itself, through the
hook command named in ``OVERLORD_HOOK_COMMAND``). Its stdout is read as Claude Code
stream-json when it prints such lines (so a scripted agent can report turns, tool calls and a
result); any other line is only output.
"""

from __future__ import annotations

import shutil
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from overlord.adapters.runtimes import claude_code
from overlord.adapters.runtimes.base import (
    GuardSettings,
    HookCommands,
    Launch,
    RuntimeCaps,
    RuntimeNotInstalled,
    passthrough_env,
)
from overlord.domain.guard.call import ToolCall
from overlord.domain.runtime_records import Record, ToolUsed
from overlord.domain.tool_uses import Carried, ModelToolUse

NAME = "command"


@dataclass(frozen=True)
class CommandRuntime:
    """A mission's ``[mission] command`` as a :class:`~overlord.adapters.runtimes.base.Runtime`."""

    name: str = NAME
    executable: str | None = None
    caps: RuntimeCaps = RuntimeCaps(stream=True, turns=True)
    api: str | None = None
    tools: Mapping[str, str] = field(default_factory=lambda: dict(claude_code.TOOLS))

    def find_binary(self, explicit: str | None, *, search_dirs: Sequence[Path], path: str | None) -> Path:
        """The command's program: a path as given, or a name on ``path``.

        Raises:
            RuntimeNotInstalled: it does not exist or is not executable.
        """
        if not explicit:
            raise RuntimeNotInstalled("the command runtime needs [mission] command", 'e.g. command = ["python3", "agent.py"]')
        found = explicit if "/" in explicit else shutil.which(explicit, path=path)
        if found is None or not Path(found).is_file():
            raise RuntimeNotInstalled(f"the runtime command {explicit!r} is not installed", "check [mission] command")
        return Path(found)

    def version(self, binary: Path) -> str | None:
        """A command has no version Overlord knows."""
        return None

    def argv(self, binary: Path | None, launch: Launch) -> list[str]:
        """The mission's command, the program resolved to ``binary``."""
        command = list(launch.command)
        if binary is not None and command:
            command[0] = str(binary)
        return command

    def env(self, launch: Launch) -> dict[str, str]:
        """The allow-listed host variables, HOME the run's own, and the extra variables."""
        env = passthrough_env(launch.host_env)
        env.update(launch.extra_env)
        env["HOME"] = str(launch.home)
        return env

    def parse_line(self, line: bytes) -> tuple[Record, ...]:
        """Claude Code stream-json lines are read as such; anything else is output only."""
        return claude_code.parse_line(line)

    def guard_settings(self, hook: HookCommands, *, sandboxed: bool) -> GuardSettings:
        """None of its own: a command asks the guard through ``OVERLORD_HOOK_COMMAND``."""
        return GuardSettings(project=claude_code.PROJECT_SETTINGS, live="OVERLORD_HOOK_COMMAND")

    def probe_call(self, target: str) -> tuple[str, dict] | None:
        """No CLI to probe through: its hook is proven by calling it directly."""
        return None

    # -- the guard: a scripted agent asks in Claude Code's shape ---------------------------
    # It calls no model, so there is no ground truth to match against (the connector serves
    # none): its decisions are taken as asked, and its stream only as it says.

    hook_format: str = "claude"
    root_hook: bool = True
    home_uncarried: tuple[str, ...] = ()

    def probe_payloads(self, root: str) -> list[dict[str, Any]]:
        """As Claude Code's."""
        return claude_code.RUNTIME.probe_payloads(root)

    def probe_key(self, payload: Mapping[str, Any]) -> str:
        """The payload's ``tool_use_id``."""
        return claude_code.RUNTIME.probe_key(payload)

    def hook_id(self, payload: Mapping[str, Any]) -> str | None:
        """As Claude Code's."""
        return claude_code.RUNTIME.hook_id(payload)

    def hook_matches(self, use: ModelToolUse, payload: Mapping[str, Any]) -> bool:
        """As Claude Code's."""
        return claude_code.RUNTIME.hook_matches(use, payload)

    def guard_calls(self, payload: Mapping[str, Any], use: ModelToolUse | None) -> list[ToolCall]:
        """The payload itself."""
        return claude_code.RUNTIME.guard_calls(payload, use)

    def stream_matches(self, use: ModelToolUse, record: ToolUsed) -> bool:
        """By id, as Claude Code's."""
        return claude_code.RUNTIME.stream_matches(use, record)

    def refused_before_hook(self, use: ModelToolUse, result: Carried) -> bool:
        """Never (there is no model)."""
        return False

    def unguardable(self, use: ModelToolUse) -> str | None:
        """Nothing."""
        return None


RUNTIME = CommandRuntime()
"""The registry's command runtime."""
