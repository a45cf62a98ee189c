#!/usr/bin/env python3
"""Overlord's hook client for every runtime (Claude Code's and Codex's PreToolUse, Gemini's
BeforeTool). Stdlib only; imports nothing from Overlord.

The CLI runs it with its hook JSON on stdin. It checks its own file against the
SHA-256 given by ``--expect-sha256`` (a rebuilt or edited guard is a deny), sends the payload
to the decision service on the Unix socket ``OVERLORD_SOCKET`` for the run
``OVERLORD_RUN_ID``, and prints::

    {"hookSpecificOutput": {"hookEventName": "PreToolUse",
                            "permissionDecision": "allow"|"deny",
                            "permissionDecisionReason": "..."}}

then exits 0 (``--format claude``, which Codex reads too), or ``{"decision": "allow"|"deny",
"reason": "..."}`` (``--format gemini``). Every failure (no socket, refused, a missed deadline, malformed input, a
missing field, any exception) is a deny; when even printing fails it exits 2 with the reason
on stderr. It never exits 1 and never prints nothing: each CLI lets a call through on an unclear
answer (a crash, empty output, bad JSON).

Wire protocol (one request per connection): the client writes one JSON object
``{"run_id": str, "payload": str}`` (UTF-8) and shuts down its write side; the service
answers one JSON object ``{"decision", "class", "reason", "message"}`` and closes.
Deadline: ``--timeout-ms`` (default 10000) for the whole exchange.

With ``--post`` it is the PostToolUse notifier instead: it sends
``{"kind": "post_tool_use", "run_id": str, "payload": str}`` (the run seals a workspace
layer), prints nothing and always exits 0: a notification never blocks nor fails the agent
beyond its deadline.
"""

from __future__ import annotations

import sys

# typing is not imported at run time (every tool call starts this file): the type checker
# reads the names below, treats ``TYPE_CHECKING`` as true, and the annotations stay strings
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


FORMAT = ["claude"]  # set from --format before anything can fail


def _emit(decision: str, reason: str) -> None:
    import json

    out: dict[str, Any]
    if FORMAT[0] == "gemini":
        out = {"decision": decision, "reason": reason}
    else:
        out = {
            "hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": decision,
                "permissionDecisionReason": reason,
            }
        }
    sys.stdout.write(json.dumps(out) + "\n")
    sys.stdout.flush()


def _deny(reason: str) -> int:
    reason = "overlord guard: " + reason + " (denied: the guard fails closed; do not retry this by another route)"
    try:
        sys.stderr.write(reason + "\n")
    except BaseException:  # noqa: BLE001 - stderr gone: the deny on stdout still counts
        pass
    try:
        _emit("deny", reason)
        return 0
    except BaseException:  # noqa: BLE001 - stdout gone too: exit 2 is Claude Code's deny
        return 2


def _args(argv: list[str]) -> dict[str, Any]:
    opts: dict[str, Any] = {"expect": None, "timeout_ms": 10000, "post": False}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--format" and i + 1 < len(argv):
            if argv[i + 1] not in ("claude", "gemini"):
                raise ValueError("unknown format " + repr(argv[i + 1]))
            i += 2
        elif a == "--expect-sha256" and i + 1 < len(argv):
            opts["expect"] = argv[i + 1]
            i += 2
        elif a == "--timeout-ms" and i + 1 < len(argv):
            opts["timeout_ms"] = int(argv[i + 1])
            i += 2
        elif a == "--post":
            opts["post"] = True
            i += 1
        else:
            raise ValueError("unknown argument " + repr(a))
    return opts


def _own_sha256() -> str:
    try:
        # CPython's C module, quicker to import than hashlib; it has no type stub
        from _sha256 import sha256  # type: ignore[import-not-found]
    except ImportError:
        from hashlib import sha256
    with open(__file__, "rb") as f:
        return sha256(f.read()).hexdigest()


def _exchange(path: str, request: bytes, timeout_s: float) -> bytes:
    import socket
    import time

    deadline = time.monotonic() + timeout_s
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.settimeout(timeout_s)
        s.connect(path)
        s.sendall(request)
        s.shutdown(socket.SHUT_WR)
        chunks = []
        size = 0
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the decision service missed the deadline")
            s.settimeout(left)
            chunk = s.recv(65536)
            if not chunk:
                break
            size += len(chunk)
            if size > 1 << 20:
                raise ValueError("the decision service's answer is too long")
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        s.close()


def post(opts: dict[str, Any]) -> int:
    """Notify the run that a tool call finished; always 0, never any output."""
    try:
        import json
        import os

        if not opts["expect"] or _own_sha256() != opts["expect"]:
            return 0
        path = os.environ.get("OVERLORD_SOCKET", "")
        run_id = os.environ.get("OVERLORD_RUN_ID", "")
        if not path or not run_id:
            return 0
        raw = sys.stdin.buffer.read((8 << 20) + 1)
        if len(raw) > (8 << 20):
            raw = b"{}"
        request = json.dumps({"kind": "post_tool_use", "run_id": run_id,
                              "payload": raw.decode("utf-8", "replace")}).encode()
        _exchange(path, request, opts["timeout_ms"] / 1000.0)
    except BaseException:  # noqa: BLE001 - a notification never fails the agent
        pass
    return 0


def main(argv: list[str]) -> int:
    """Run the hook; returns the exit status (0, or 2 as the last resort)."""
    for i, a in enumerate(argv[:-1]):  # the output format first: even a bad argument is answered in it
        if a == "--format" and argv[i + 1] == "gemini":
            FORMAT[0] = "gemini"
    try:
        import json
        import os

        opts = _args(argv)
        if opts["post"]:
            return post(opts)
        if not opts["expect"]:
            return _deny("the hook was started without --expect-sha256")
        if _own_sha256() != opts["expect"]:
            return _deny("the guard's snapshot does not match its expected hash (it was changed)")
        path = os.environ.get("OVERLORD_SOCKET", "")
        run_id = os.environ.get("OVERLORD_RUN_ID", "")
        if not path:
            return _deny("OVERLORD_SOCKET is not set, so no decision service can be asked")
        if not run_id:
            return _deny("OVERLORD_RUN_ID is not set")
        raw = sys.stdin.buffer.read((8 << 20) + 1)
        if len(raw) > (8 << 20):
            return _deny("the tool call is larger than 8 MiB")
        request = json.dumps({"run_id": run_id, "payload": raw.decode("utf-8", "replace")}).encode()
        answer = json.loads(_exchange(path, request, opts["timeout_ms"] / 1000.0).decode("utf-8"))
        if not isinstance(answer, dict):
            return _deny("the decision service answered something other than an object")
        decision = answer.get("decision")
        if decision == "allow":
            _emit("allow", str(answer.get("reason") or "allowed"))
            return 0
        reason = str(answer.get("message") or answer.get("reason") or "denied")
        if decision != "deny":
            reason = "the decision service gave no decision"
        _emit("deny", reason)
        return 0
    except BaseException as e:  # noqa: BLE001 - fail closed on anything, even SystemExit
        try:
            return _deny("the hook failed: " + type(e).__name__ + ": " + str(e)[:300])
        except BaseException:  # noqa: BLE001 - even the deny failed: exit 2 denies
            return 2


if __name__ == "__main__":
    try:
        code = main(sys.argv[1:])
    except BaseException:  # noqa: BLE001 - exit 2 denies; any other code would let the call through
        code = 2
    if code not in (0, 2):
        code = 2
    sys.exit(code)
