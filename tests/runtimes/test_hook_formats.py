"""The hook client always prints an explicit decision in its runtime's format (every CLI lets a
call through on an unclear answer: a crash, empty output, bad JSON): with no service, a bad
argument, a changed snapshot, a service that answers nothing, it prints a deny and exits 0."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading

import pytest

from overlord.adapters.hooks.install import CLIENT, hook_decision

SHA = __import__("hashlib").sha256(CLIENT.read_bytes()).hexdigest()
PAYLOAD = json.dumps({"cwd": "/tmp", "tool_name": "run_shell_command", "tool_input": {"command": "ls"}}).encode()


def run(fmt: str, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-I", "-S", str(CLIENT), "--format", fmt, *args], input=PAYLOAD,
                          capture_output=True, env=env or {"PATH": "/usr/bin:/bin"}, timeout=30)


def parsed(p: subprocess.CompletedProcess, fmt: str) -> tuple[str | None, str]:
    out = json.loads(p.stdout)
    if fmt == "gemini":
        assert set(out) == {"decision", "reason"}, out
    else:
        assert "hookSpecificOutput" in out, out
    return hook_decision(out)


@pytest.mark.parametrize("fmt", ["claude", "gemini"])
def test_every_failure_is_an_explicit_deny_in_the_runtimes_format(fmt, tmp_path):
    cases = [
        run(fmt, "--expect-sha256", SHA),  # no service named
        run(fmt, "--expect-sha256", "0" * 64, env={"PATH": "/usr/bin:/bin", "OVERLORD_SOCKET": "/x", "OVERLORD_RUN_ID": "r"}),
        run(fmt, "--bogus"),
        run(fmt, "--expect-sha256", SHA, "--timeout-ms", "300",
            env={"PATH": "/usr/bin:/bin", "OVERLORD_SOCKET": str(tmp_path / "none.sock"), "OVERLORD_RUN_ID": "r"}),
    ]
    for p in cases:
        assert p.returncode == 0, p.stderr
        decision, reason = parsed(p, fmt)
        assert decision == "deny" and reason.startswith("overlord guard: "), (decision, reason)


@pytest.mark.parametrize("fmt", ["claude", "gemini"])
def test_a_service_that_answers_nothing_or_nonsense_is_a_deny(fmt, tmp_path):
    path = str(tmp_path / "g.sock")
    srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    srv.bind(path)
    srv.listen(4)
    answers = [b"", b"not json", b'{"decision": "maybe"}', b'{"decision": "allow", "reason": "ok"}']

    def serve() -> None:
        for a in answers:
            c, _ = srv.accept()
            c.recv(1 << 20)
            c.sendall(a)
            c.close()

    t = threading.Thread(target=serve, daemon=True)
    t.start()
    env = {"PATH": "/usr/bin:/bin", "OVERLORD_SOCKET": path, "OVERLORD_RUN_ID": "r"}
    got = [parsed(run(fmt, "--expect-sha256", SHA, env=env), fmt)[0] for _ in answers]
    t.join(5)
    srv.close()
    assert got == ["deny", "deny", "deny", "allow"]
