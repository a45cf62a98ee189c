"""The Codex CLI runtime (``@openai/codex``): ``codex exec --json`` against the connector's
Responses API, its hook in the run's own ``CODEX_HOME`` (``HOME/.codex``, outside the root).

What this module knows of Codex 0.171 (verified against the pinned CLI, see FACTS.md):

* ``CODEX_HOME`` holds ``config.toml`` (a locked guard file: written before each start, bound
  read-only over itself in the sandbox, checked by hash on every tool use): a model provider named ``overlord`` (``wire_api =
  "responses"``, its key in ``OVERLORD_CONNECTOR_KEY``, no retries), ``approval_policy =
  "never"``, Codex's own sandbox off (``danger-full-access``: Overlord's bubblewrap contains it),
  no update check or analytics, and the guard's ``PreToolUse`` hook (matcher ``.*``) plus a
  ``PostToolUse`` notifier. The connector's URL is given per attempt with ``-c``. Hooks are run
  only when trusted; ``--dangerously-bypass-hook-trust`` runs exactly the configured ones.
* ``[features] hooks = false`` in ``config.toml`` switches every hook off, so ``-c
  features.hooks=true`` (the session layer, above the user's) keeps them on whatever a config
  layer says. A project's ``.codex/config.toml`` is ignored while the project is untrusted
  (trust lives in the locked ``config.toml``); ``managed_config.toml``, ``requirements.toml``
  and ``<profile>.config.toml`` written into ``CODEX_HOME`` did not switch the hook off
  (measured with 0.171.0).
* The hook payload names the model's ``call_id`` as ``tool_use_id``; ``exec_command`` arrives as
  ``Bash`` with only ``command`` (its ``workdir`` and ``shell`` are read from the model's own
  call: the ground truth), ``apply_patch`` with the patch text as ``command``. Its target
  paths are judged as writes (a deleted or moved-away file as a removal).
* ``write_stdin`` runs with no hook at all: input written to a running process could be any
  command, so an answer asking for it with input is withheld (:meth:`Codex.unguardable`);
  polling (empty ``chars``) only reads output.
* ``--json`` prints ``thread.started`` (the session id a resume continues), ``item.started`` /
  ``item.completed`` (``command_execution``, ``file_change``, ``agent_message``, ...) and
  ``turn.completed`` / ``turn.failed`` (the result).
"""

from __future__ import annotations

import json
import os
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from overlord.adapters.runtimes.base import (
    GuardSettings,
    HookCommands,
    Launch,
    RuntimeCaps,
    RuntimeNotInstalled,
    as_dict,
    find_executable,
    passthrough_env,
    read_version,
    stream_object,
)
from overlord.domain.guard.call import MalformedCallError, ToolCall
from overlord.domain.runtime_records import Finished, Malformed, Other, Record, SessionStarted, ToolReturned, ToolUsed
from overlord.domain.tool_uses import Carried, ModelToolUse

NAME = "codex"
EXECUTABLE = "codex"
NPM_PACKAGE = "@openai/codex"
PINNED_VERSION = "0.171.0"
KNOWN_VERSIONS = ("0.171.0",)
INSTALL_HINT = f"npm install -g {NPM_PACKAGE}@{PINNED_VERSION}, or set [mission] binary"
DEFAULT_MODEL = "gpt-5.5"
KEY_ENV = "OVERLORD_CONNECTOR_KEY"
RESUME_PROMPT = "Continue where you stopped."

TOOLS: dict[str, str] = {
    "exec_command": "shell",
    "apply_patch": "edit",
    "view_image": "read",
    "write_stdin": "bookkeeping",  # polling only: input to a process is withheld (unguardable)
    "request_user_input": "bookkeeping",
    "get_goal": "bookkeeping",
    "create_goal": "bookkeeping",
    "update_goal": "bookkeeping",
    "tool_search": "bookkeeping",
    "update_plan": "bookkeeping",
    "web_search": "fetch",
}
"""Codex's tools (gpt-5.5's set) and what each does; a tool not here is denied."""

_GUARD_NAME = {"read": "Read", "bookkeeping": "TodoWrite", "fetch": "WebSearch"}


CONFIG = ".codex/config.toml"
HOME_UNCARRIED = (".codex/state_*.sqlite*",)
"""Codex's thread index (``state_5.sqlite`` and its WAL in 0.171) names each session's rollout
file by its absolute path under the HOME that wrote it; copied into a resumed run's own HOME it
points at the old one (which the sandbox does not show), and ``exec resume`` fails with "no
rollout found". Left behind, Codex rebuilds the index from the rollout files under
``sessions/`` (measured with 0.171.0)."""
"""Codex's config under its HOME (``CODEX_HOME`` is ``HOME/.codex``): it carries the hook, so it
is a locked guard file (written before each start, bound read-only over itself, watched by
hash) in a directory Codex must write (its sessions, its logs)."""


def config_toml(hook: HookCommands) -> str:
    """The run's ``config.toml``: the connector as the model provider, no approvals, Codex's
    own sandbox off, no update check or analytics, the guard's ``PreToolUse`` hook on every tool
    and the ``PostToolUse`` notifier."""
    def q(s: str) -> str:
        return json.dumps(s)  # a TOML basic string is a JSON string

    post = ""
    if hook.post:
        post = ('\n[[hooks.PostToolUse]]\nmatcher = "Bash|apply_patch"\n[[hooks.PostToolUse.hooks]]\n'
                f'type = "command"\ncommand = {q(hook.post)}\ntimeout = {hook.timeout_s}\n')
    return ("# written by Overlord for one run; the agent cannot change it\n"
            'model_provider = "overlord"\napproval_policy = "never"\nsandbox_mode = "danger-full-access"\n'
            "check_for_update_on_startup = false\n\n"
            '[model_providers.overlord]\nname = "overlord"\nbase_url = "http://127.0.0.1:9/v1"\n'
            f'wire_api = "responses"\nenv_key = "{KEY_ENV}"\nrequest_max_retries = 0\nstream_max_retries = 0\n\n'
            "[analytics]\nenabled = false\n\n"
            '[[hooks.PreToolUse]]\nmatcher = ".*"\n[[hooks.PreToolUse.hooks]]\n'
            f'type = "command"\ncommand = {q(hook.pre)}\ntimeout = {hook.timeout_s}\n' + post)


def patch_paths(patch: str) -> list[tuple[str, str]]:
    """The files an ``apply_patch`` patch touches, in order: ``(kind, path)`` with kind
    ``add``, ``update``, ``delete`` or ``move`` (the target of a ``*** Move to:``)."""
    out = []
    for line in patch.splitlines():
        for marker, kind in (("*** Add File: ", "add"), ("*** Update File: ", "update"), ("*** Delete File: ", "delete"),
                             ("*** Move to: ", "move")):
            if line.startswith(marker):
                out.append((kind, line[len(marker):].strip()))
    return out


def _str(v: Any) -> str:
    return v if isinstance(v, str) else ""


def parse_line(line: str | bytes) -> tuple[Record, ...]:
    """The records of one ``--json`` line. Never raises."""
    try:
        obj = stream_object(line)
        if obj is None or isinstance(obj, Malformed):
            return () if obj is None else (obj,)
        kind = _str(obj.get("type"))
        if kind == "thread.started":
            return (SessionStarted(_str(obj.get("thread_id"))),)
        if kind == "turn.completed":
            return (Finished("success", False),)
        if kind == "turn.failed":
            err = as_dict(obj.get("error"))
            return (Finished("error", True, result=_str(err.get("message"))),)
        item = obj.get("item") if isinstance(obj.get("item"), dict) else None
        if item is not None and kind in ("item.started", "item.completed"):
            itype, iid = _str(item.get("type")), _str(item.get("id"))
            if itype == "command_execution":
                if kind == "item.started":
                    return (ToolUsed(iid, "exec_command", {"command": _str(item.get("command"))}),)
                code = item.get("exit_code")
                return (ToolReturned(iid, _str(item.get("aggregated_output")),
                                     item.get("status") != "completed" or (isinstance(code, int) and code != 0)),)
            if itype == "file_change":
                changes = item.get("changes") if isinstance(item.get("changes"), list) else []
                if kind == "item.started":
                    return (ToolUsed(iid, "apply_patch", {"changes": changes}),)
                return (ToolReturned(iid, json.dumps(changes)[:4096], item.get("status") != "completed"),)
        return (Other(kind, None, obj),)
    except Exception as e:  # noqa: BLE001 - documented never to raise
        return (Malformed(str(line)[:4096], f"{type(e).__name__}: {e}"[:200]),)


@dataclass(frozen=True)
class Codex:
    """The Codex CLI as a :class:`~overlord.adapters.runtimes.base.Runtime`."""

    name: str = NAME
    executable: str | None = EXECUTABLE
    caps: RuntimeCaps = RuntimeCaps(turn_limit=False, resume=True, hooks=True, stream=True, connector=True)
    api: str | None = "openai-responses"
    tools: Mapping[str, str] = field(default_factory=lambda: dict(TOOLS))
    known_versions: tuple[str, ...] = KNOWN_VERSIONS
    hook_format: str = "claude"
    default_model: str = DEFAULT_MODEL
    root_hook: bool = False
    home_uncarried: tuple[str, ...] = HOME_UNCARRIED

    def find_binary(self, explicit: str | None, *, search_dirs: Sequence[Path], path: str | None) -> Path:
        """``[mission] binary``, a project-local install, else ``codex`` on PATH."""
        return find_executable(NAME, EXECUTABLE, explicit, search_dirs=search_dirs, path=path, install_hint=INSTALL_HINT)

    def version(self, binary: Path) -> str | None:
        """``codex --version`` (``codex-cli 0.171.0``)."""
        return read_version(binary)

    def argv(self, binary: Path | None, launch: Launch) -> list[str]:
        """``codex exec --json`` (``exec ... resume ID`` on a resume), the connector's URL."""
        if binary is None:
            raise RuntimeNotInstalled("the Codex CLI was not resolved", INSTALL_HINT)
        url = (launch.connector_url or "http://127.0.0.1:9").rstrip("/") + "/v1"
        argv = [str(binary), "exec", "--json", "--skip-git-repo-check", "-s", "danger-full-access",
                "-m", launch.model or DEFAULT_MODEL, "--disable", "plugins", "--disable", "remote_plugin",
                "--disable", "goals", "--dangerously-bypass-hook-trust",
                "-c", f"model_providers.overlord.base_url={json.dumps(url)}", "-c", 'web_search="disabled"',
                "-c", "features.hooks=true"]  # over every config layer: hooks stay on
        if launch.resume:
            return [*argv, "resume", launch.resume, launch.prompt]
        return [*argv, launch.prompt]

    def env(self, launch: Launch) -> dict[str, str]:
        """HOME the run's own, ``CODEX_HOME`` in it (``HOME/.codex``), the per-run dummy key."""
        env = passthrough_env(launch.host_env)
        env.update({"HOME": str(launch.home), "CODEX_HOME": str(Path(launch.home) / ".codex"),
                    KEY_ENV: launch.api_key or "none",
                    "NO_COLOR": "1", "RUST_LOG": "error"})
        env.update(launch.extra_env)
        return env

    def parse_line(self, line: bytes) -> tuple[Record, ...]:
        """See :func:`parse_line`."""
        return parse_line(line)

    # -- the guard ----------------------------------------------------------------------

    def guard_settings(self, hook: HookCommands, *, sandboxed: bool) -> GuardSettings:
        """``HOME/.codex/config.toml`` locked (Codex must write the rest of its home); the
        worker root's own ``.codex/config.toml`` watched (a project layer)."""
        return GuardSettings(locked={CONFIG: config_toml(hook).encode()}, project=(CONFIG,),
                             live=f"~/{CONFIG} (CODEX_HOME, read-only)")

    def probe_call(self, target: str) -> tuple[str, dict] | None:
        """An ``exec_command`` that would write ``target``."""
        return "exec_command", {"cmd": f"echo overlord-probe > {shlex.quote(target)}"}

    def probe_payloads(self, root: str) -> list[dict[str, Any]]:
        """A patch adding a file outside the root and a ``git commit``, as Codex sends them."""
        import uuid

        base = {"session_id": "overlord-probe", "turn_id": "probe", "hook_event_name": "PreToolUse", "cwd": root,
                "model": DEFAULT_MODEL, "permission_mode": "bypassPermissions"}
        return [
            {**base, "tool_name": "apply_patch", "tool_use_id": f"overlord-probe-{uuid.uuid4().hex}",
             "tool_input": {"command": "*** Begin Patch\n*** Add File: /etc/overlord-probe\n+probe\n*** End Patch\n"}},
            {**base, "tool_name": "Bash", "tool_use_id": f"overlord-probe-{uuid.uuid4().hex}",
             "tool_input": {"command": "git commit -m x"}},
        ]

    def probe_key(self, payload: Mapping[str, Any]) -> str:
        """A direct probe's ``tool_use_id``."""
        return str(payload.get("tool_use_id") or "")

    def hook_id(self, payload: Mapping[str, Any]) -> str | None:
        """``tool_use_id`` (the model's ``call_id``)."""
        tid = payload.get("tool_use_id")
        return tid if isinstance(tid, str) and tid else ""

    def _native(self, payload: Mapping[str, Any]) -> tuple[str, Mapping[str, Any]]:
        name = str(payload.get("tool_name") or "")
        inp = as_dict(payload.get("tool_input"))
        return ("exec_command" if name == "Bash" else name), inp

    def hook_matches(self, use: ModelToolUse, payload: Mapping[str, Any]) -> bool:
        """The same tool; ``command`` is the model's ``cmd`` (or patch text), else equal input."""
        name, inp = self._native(payload)
        if name != use.tool:
            return False
        if name == "exec_command":
            return inp.get("command") == use.input.get("cmd")
        if name == "apply_patch":
            return inp.get("command") == use.input.get("input")
        return dict(inp) == dict(use.input)

    def guard_calls(self, payload: Mapping[str, Any], use: ModelToolUse | None) -> list[ToolCall]:
        """``exec_command`` is a Bash call in its ``workdir`` (a ``shell`` other than sh/bash
        runs ``SHELL -c CMD``); each patch target is a Write (add, update, move-to) or an ``rm``
        (delete, move-from); ``view_image`` a Read; the rest by the tool table."""
        cwd = payload.get("cwd")
        if not isinstance(cwd, str) or not cwd.startswith("/"):
            raise MalformedCallError("the payload has no absolute cwd")
        name, inp = self._native(payload)
        model = dict(use.input) if use is not None else {}
        tid = str(payload.get("tool_use_id") or "")

        def call(tool: str, tool_input: Mapping[str, Any], where: str = cwd) -> ToolCall:
            return ToolCall(tool, tool_input, where, str(payload.get("session_id") or ""), tid)

        if name == "exec_command":
            cmd = model.get("cmd", inp.get("command"))
            if not isinstance(cmd, str):
                raise MalformedCallError("exec_command without a command string")
            workdir = model.get("workdir")
            where = os.path.normpath(os.path.join(cwd, workdir)) if isinstance(workdir, str) and workdir else cwd
            shell = model.get("shell")
            if isinstance(shell, str) and shell and os.path.basename(shell) not in ("sh", "bash", "zsh", "dash"):
                cmd = f"{shlex.quote(shell)} -c {shlex.quote(cmd)}"
            return [call("Bash", {"command": cmd}, where)]
        if name == "apply_patch":
            patch = model.get("input", inp.get("command"))
            if not isinstance(patch, str):
                raise MalformedCallError("apply_patch without a patch")
            targets = patch_paths(patch)
            if not targets:
                return [call("Bash", {"command": "apply_patch"})]  # judged as an unknown command
            out, moved_from = [], None
            for kind, path in targets:
                if kind == "delete":
                    out.append(call("Bash", {"command": f"rm -- {shlex.quote(path)}"}))
                elif kind == "move" and moved_from is not None:
                    out.append(call("Bash", {"command": f"rm -- {shlex.quote(moved_from)}"}))
                    out.append(call("Write", {"file_path": path, "content": ""}))
                else:
                    out.append(call("Write", {"file_path": path, "content": ""}))
                moved_from = path if kind == "update" else None
            return out
        if name == "view_image":
            return [call("Read", {"file_path": str(model.get("path", inp.get("path", "")))})]
        capability = TOOLS.get(name)
        if capability is None:
            return [call(name or "unnamed", inp)]  # the guard's table denies it: unknown_tool
        return [call(_GUARD_NAME.get(capability, name), inp)]

    def stream_matches(self, use: ModelToolUse, record: ToolUsed) -> bool:
        """A ``command_execution`` shows an ``exec_command`` whose command it runs; a
        ``file_change`` an ``apply_patch`` touching the same files."""
        if record.name != use.tool:
            return False
        if use.tool == "exec_command":
            shown = str(record.input.get("command", ""))
            cmd = str(use.input.get("cmd", ""))
            return bool(cmd) and (shown.endswith(shlex.quote(cmd)) or shown == cmd)
        if use.tool == "apply_patch":
            changes = record.input.get("changes") or []
            files = sorted(os.path.basename(str(c.get("path", ""))) for c in changes if isinstance(c, Mapping))
            wanted = sorted(os.path.basename(p) for k, p in patch_paths(str(use.input.get("input", ""))) if k != "move")
            return files == wanted
        return False

    def refused_before_hook(self, use: ModelToolUse, result: Carried) -> bool:
        """Codex answered ``unsupported call`` or could not parse the arguments, or the tool
        is one it runs without a hook (``write_stdin`` polling)."""
        return use.tool == "write_stdin" or result.text.startswith(("unsupported call: ", "failed to parse function arguments"))

    def unguardable(self, use: ModelToolUse) -> str | None:
        """``write_stdin`` with input: Codex sends it to a running process with no hook."""
        if use.tool == "write_stdin" and use.input.get("chars"):
            return ("the model asked for write_stdin with input; Codex writes it to a running process without its "
                    "hook, so the guard cannot decide it")
        return None


RUNTIME = Codex()
"""The registry's Codex runtime."""
