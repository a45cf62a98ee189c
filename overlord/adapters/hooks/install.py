"""Install, arm and restore the guard's Claude Code hook in a worker root.

:func:`install_hook` copies the stdlib-only client into a content-hashed snapshot
``HOME/snapshots/<sha256>/claude_code_hook.py`` (the sha256 of the client's bytes), merges a
PreToolUse hook (matcher ``*``) that runs it into ``ROOT/.claude/settings.json`` (the user's
other settings and hooks kept; the original bytes saved as a blob), and remembers the install
in ``HOME/hooks/<sha256 of the root>.json`` so :func:`restore_hook` can put the original back.
:func:`fire_probes` sends two synthetic tool calls through the installed command; both must
be denied for the guard to count as armed.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import subprocess
import sys
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from overlord.domain.bounded import loads_json
from overlord.errors import ConfigError, InputError, OverlordError
from overlord.files import replace_atomically
from overlord.inputs import read_input

CLIENT = Path(__file__).with_name("claude_code_hook.py")
"""The hook client's source (copied into each snapshot)."""

RUNTIMES = ("claude-code",)
"""Runtimes the installer knows."""

MARKER = "claude_code_hook.py --format"
"""Text that identifies Overlord's own hook command in a settings file."""


class Blobs(Protocol):
    """Where the original settings are kept: content-addressed bytes (the home's blob store,
    passed in by the caller, so this adapter never reaches into the ledger)."""

    def put(self, data: bytes) -> str:
        """Store ``data``; its lowercase hex SHA-256."""
        ...

    def get(self, sha256_hex: str) -> bytes:
        """The bytes named ``sha256_hex``."""
        ...


class GuardArmError(OverlordError):
    """The guard could not be armed: a probe was allowed, or could not be run.
    ``stop_code`` is the stop code a run settles with (``policy``)."""

    stop_code = "policy"


@dataclass(frozen=True)
class Installation:
    """One installed hook. ``snapshot_sha256`` (hex) names ``snapshot_dir``; ``command`` is
    the shell command in ``settings_path`` (``post_command`` the PostToolUse notifier's, or
    ``None``); ``original_blob`` the saved original settings (``None`` when there was no
    settings file). ``restore`` is false for a runtime whose hook is not in the root's
    settings (nothing there to put back; ``settings_path`` is then empty)."""

    runtime: str
    root: str
    snapshot_sha256: str
    snapshot_dir: str
    client_path: str
    settings_path: str
    command: str
    original_blob: str | None
    post_command: str | None = None
    restore: bool = True

    def to_json(self) -> dict:
        """The record kept under ``HOME/hooks/``."""
        return {k: list(v) if isinstance(v, tuple) else v for k, v in vars(self).items()}


def snapshot_client(home_root: Path) -> tuple[str, Path]:
    """Copy the client into ``home_root/snapshots/<sha256>/`` (read-only); ``(sha256, file)``."""
    data = CLIENT.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    directory = Path(home_root) / "snapshots" / digest
    target = directory / CLIENT.name
    if target.is_file() and hashlib.sha256(target.read_bytes()).hexdigest() == digest:
        return digest, target
    directory.mkdir(parents=True, exist_ok=True, mode=0o755)
    if target.exists():
        os.chmod(target, 0o644)
    replace_atomically(target, data, mode=0o444)
    return digest, target


def runtime_timeout_s(timeout_ms: int) -> int:
    """The runtime's own deadline for one hook run (seconds): above the hook client's
    ``timeout_ms``, so the runtime never gives up first (a hook the runtime times out lets the
    tool call through)."""
    return max(1, timeout_ms // 1000 + 5)


def hook_command(python: str, client: Path, digest: str, timeout_ms: int = 10000, *, post: bool = False,
                 fmt: str = "claude") -> str:
    """The shell command the CLI runs: the snapshot's client, isolated (``-I -S``), told the
    hash it must have and the output format its runtime reads (``post``: the post-tool
    notifier)."""
    return " ".join(shlex.quote(p) for p in (python, "-I", "-S", str(client), "--format", fmt, "--expect-sha256",
                                               digest, "--timeout-ms", str(timeout_ms), *(("--post",) if post else ())))


POST_MATCHER = "Write|Edit|MultiEdit|NotebookEdit|Bash"
"""The tools after which the PostToolUse hook notifies the run (they can change the workspace)."""


def _record_path(home_root: Path, root: Path) -> Path:
    return Path(home_root) / "hooks" / (hashlib.sha256(str(root).encode()).hexdigest() + ".json")


SETTINGS_MAX_BYTES = 4 << 20
"""The largest settings file (or hook record) read."""


def _read_record(path: Path) -> dict[str, Any]:
    """The home's record of one installation (``HOME/hooks/<sha>.json``), checked to be a
    JSON object of strings (or nulls), ``restore`` a boolean when it is there.

    Raises:
        ConfigError: it cannot be read (a FIFO, a link, too large) or is not such an object.
    """
    try:
        record = loads_json(read_input(path, what="hook record", max_bytes=SETTINGS_MAX_BYTES,
                                       follow_symlinks=False).decode("utf-8"), source=str(path))
    except UnicodeError as e:
        raise ConfigError(f"the hook record {path} is not UTF-8", "remove it and restore the settings by hand") from e
    if not isinstance(record, dict) or not all(isinstance(v, bool) if k == "restore" else isinstance(v, (str, type(None)))
                                               for k, v in record.items()):
        raise ConfigError(f"the hook record {path} is not one Overlord wrote", "remove it and restore the settings by hand")
    return record


def _is_ours(entry: object) -> bool:
    if not isinstance(entry, dict):
        return False
    return any(isinstance(h, dict) and MARKER in str(h.get("command", "")) for h in entry.get("hooks", []) or [])


def snapshot_hook(root: Path, home_root: Path, runtime: str, *, fmt: str, python: str | None = None,
                  timeout_ms: int = 10000, post_tool_use: bool = False) -> Installation:
    """Snapshot the client and make its commands, writing nothing in ``root``: for a runtime
    whose hook lives in its own settings (its :meth:`guard_settings`), not in the root's.
    ``fmt`` is the output format the runtime reads.

    Raises:
        ConfigError: ``root`` is not a directory.
    """
    root = Path(root).resolve()
    if not root.is_dir():
        raise ConfigError(f"the worker root {root} is not a directory", "create it first")
    digest, client = snapshot_client(home_root)
    exe = python or sys.executable
    command = hook_command(exe, client, digest, timeout_ms, fmt=fmt)
    post = hook_command(exe, client, digest, timeout_ms, post=True, fmt=fmt) if post_tool_use else None
    return Installation(runtime, str(root), digest, str(client.parent), str(client), "", command, None, post,
                        restore=False)


def install_hook(root: Path, home_root: Path, blobs: Blobs, *, runtime: str = "claude-code",
                 python: str | None = None, timeout_ms: int = 10000, post_tool_use: bool = False) -> Installation:
    """Snapshot the client and merge its PreToolUse hook into ``root/.claude/settings.json``
    (and, with ``post_tool_use``, its PostToolUse notifier for :data:`POST_MATCHER`).

    Raises:
        ConfigError: unknown runtime, ``root`` is not a directory, or the settings file is
            not a JSON object (its ``hooks``/``PreToolUse`` of the wrong shape).
    """
    if runtime not in RUNTIMES:
        raise ConfigError(f"unknown runtime {runtime!r}", f"use one of: {', '.join(RUNTIMES)}")
    root = Path(root).resolve()
    if not root.is_dir():
        raise ConfigError(f"the worker root {root} is not a directory", "create it first")
    digest, client = snapshot_client(home_root)
    settings_path = root / ".claude" / "settings.json"
    record_path = _record_path(home_root, root)
    _refuse_links(root, settings_path)
    # the root's file and the home's record, each through the one capped reader, no link followed
    original = (read_input(settings_path, what="settings file", max_bytes=SETTINGS_MAX_BYTES, follow_symlinks=False)
                if os.path.lexists(settings_path) else None)
    original_blob = blobs.put(original) if original is not None else None
    if os.path.lexists(record_path):  # already installed: keep the first original
        original_blob = _read_record(record_path).get("original_blob")
    try:
        settings = (loads_json(original.decode("utf-8"), source=str(settings_path))
                    if original is not None and original.strip() else {})
    except (UnicodeError, InputError) as e:
        raise ConfigError(f"{settings_path} is not JSON: {getattr(e, 'message', e)}",
                          "fix or remove it, then install again") from e
    if not isinstance(settings, dict):
        raise ConfigError(f"{settings_path} is not a JSON object", "fix or remove it, then install again")
    hooks = settings.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise ConfigError(f"{settings_path}: 'hooks' is not an object", "fix it, then install again")
    pre = hooks.setdefault("PreToolUse", [])
    if not isinstance(pre, list):
        raise ConfigError(f"{settings_path}: 'hooks.PreToolUse' is not a list", "fix it, then install again")
    command = hook_command(python or sys.executable, client, digest, timeout_ms)
    kept = [e for e in pre if not _is_ours(e)]
    ours = {"matcher": "*", "hooks": [{"type": "command", "command": command, "timeout": runtime_timeout_s(timeout_ms)}]}
    hooks["PreToolUse"] = [ours, *kept]
    post_command = None
    if post_tool_use:  # layer seals: tell the run when a writing tool finished
        post = hooks.setdefault("PostToolUse", [])
        if not isinstance(post, list):
            raise ConfigError(f"{settings_path}: 'hooks.PostToolUse' is not a list", "fix it, then install again")
        post_command = hook_command(python or sys.executable, client, digest, timeout_ms, post=True)
        hooks["PostToolUse"] = [{"matcher": POST_MATCHER, "hooks": [{"type": "command", "command": post_command,
                                 "timeout": runtime_timeout_s(timeout_ms)}]}, *(e for e in post if not _is_ours(e))]
    _refuse_links(root, settings_path)
    settings_path.parent.mkdir(parents=True, exist_ok=True)
    replace_atomically(settings_path, (json.dumps(settings, indent=2) + "\n").encode())
    inst = Installation(runtime, str(root), digest, str(client.parent), str(client), str(settings_path), command,
                        original_blob, post_command)
    record_path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    replace_atomically(record_path, json.dumps(inst.to_json(), indent=2).encode(), mode=0o600)
    return inst


def _refuse_links(root: Path, settings_path: Path) -> None:
    """The settings file's directory must be a real directory of the root (an agent that
    replaced ``.claude`` with a symlink would have Overlord write or delete elsewhere).

    Raises:
        ConfigError: ``.claude`` or the file is a symlink, or lies outside the root.
    """
    for p in (settings_path.parent, settings_path):
        if p.is_symlink():
            raise ConfigError(f"{p} is a symlink: Overlord does not write through links in a worker root",
                              f"remove {p} and put the real file back")
    if settings_path.parent.exists() and not Path(os.path.realpath(settings_path.parent)).is_relative_to(root):
        raise ConfigError(f"{settings_path.parent} is outside the worker root {root}", "fix the root")


def restore_hook(root: Path, home_root: Path, blobs: Blobs) -> Installation:
    """Put the settings file of ``root`` back as it was before :func:`install_hook`
    (removed when there was none). Returns the installation that was undone.

    Raises:
        ConfigError: no hook was installed in ``root`` from this home.
    """
    root = Path(root).resolve()
    record_path = _record_path(home_root, root)
    if not os.path.lexists(record_path):
        raise ConfigError(f"no Overlord hook is installed in {root}", "install one with `overlord hook install`")
    record = _read_record(record_path)
    try:
        inst = Installation(**record)
    except TypeError as e:
        raise ConfigError(f"the hook record {record_path} is not one Overlord wrote", "remove it and restore the "
                          "settings by hand") from e
    settings_path = Path(inst.settings_path)
    _refuse_links(root, settings_path)
    if inst.original_blob is None:
        settings_path.unlink(missing_ok=True)
        try:
            settings_path.parent.rmdir()
        except OSError:
            pass
    else:
        replace_atomically(settings_path, blobs.get(inst.original_blob))
    record_path.unlink()
    return inst


PROBES = (
    ("Write", {"file_path": "/etc/overlord-probe", "content": "overlord probe\n"}),
    ("Bash", {"command": "git commit -m x"}),
)
"""The synthetic probes: a write outside the root and a git commit. Both must be denied."""


def probe_payloads(root: str) -> list[dict]:
    """The probes as PreToolUse payloads, each with a fresh ``overlord-probe-`` tool_use_id."""
    return [
        {"session_id": "overlord-probe", "hook_event_name": "PreToolUse", "cwd": root, "tool_name": tool,
         "tool_input": dict(inp), "tool_use_id": f"overlord-probe-{uuid.uuid4().hex}"}
        for tool, inp in PROBES
    ]


def run_hook_command(command: str, payload: bytes, env: Mapping[str, str], *, cwd: str,
                     timeout_s: float = 30.0) -> tuple[int, dict | None, str]:
    """Run the installed hook ``command`` through ``sh -c`` with ``payload`` on stdin;
    ``(exit code, parsed stdout or None, stderr)``."""
    proc = subprocess.run(["/bin/sh", "-c", command], input=payload, capture_output=True, env=dict(env),
                          cwd=cwd, timeout=timeout_s)
    try:
        out = json.loads(proc.stdout.decode("utf-8"))
    except ValueError:
        out = None
    return proc.returncode, out if isinstance(out, dict) else None, proc.stderr.decode("utf-8", "replace")


def hook_decision(out: dict | None) -> tuple[str | None, str]:
    """``(decision, reason)`` of a hook's printed answer, in either format."""
    out = out or {}
    spec = out.get("hookSpecificOutput")
    if isinstance(spec, dict):
        return spec.get("permissionDecision"), str(spec.get("permissionDecisionReason", ""))
    return out.get("decision"), str(out.get("reason", ""))


def fire_probes(inst: Installation, env: Mapping[str, str], *, expect_probe: Callable[[str], None] | None = None,
                payloads: list[dict] | None = None, probe_key: Callable[[dict], str] | None = None) -> int:
    """Send :data:`PROBES` through the installed command with ``env`` (which names the
    decision service: OVERLORD_SOCKET, OVERLORD_RUN_ID). ``expect_probe(tool_use_id)`` is
    called before each probe so the service does not count it as a denial.
    Returns how many probes were denied (all of them).

    Raises:
        GuardArmError: a probe was not denied, or its command failed.
    """
    denied = 0
    for payload in payloads if payloads is not None else probe_payloads(inst.root):
        if expect_probe is not None:
            expect_probe(probe_key(payload) if probe_key is not None else payload["tool_use_id"])
        try:
            code, out, err = run_hook_command(inst.command, json.dumps(payload).encode(), env, cwd=inst.root)
        except (OSError, subprocess.SubprocessError) as e:
            raise GuardArmError(f"the {payload['tool_name']} probe could not run: {e}",
                                "check the interpreter in the hook command") from e
        decision, reason = hook_decision(out)
        if code != 0 or decision != "deny":
            raise GuardArmError(
                f"the {payload['tool_name']} probe was not denied (exit {code}, decision {decision!r}): {err.strip()[:200]}",
                "the guard is not working; do not start the agent",
            )
        if "overlord guard: " in reason:  # the client failed closed: the service was not reached
            raise GuardArmError(f"the {payload['tool_name']} probe was denied only because the hook failed: {reason[:200]}",
                                "start the decision service and set OVERLORD_SOCKET and OVERLORD_RUN_ID")
        denied += 1
    return denied
