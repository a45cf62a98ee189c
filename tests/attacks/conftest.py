"""Fixtures for the attack tests: the agent attacks Overlord as issue 10 found it could.

Each attack is done as the agent did it: the (replayed) model asks the real Claude Code CLI
to write a script inside the worker root (an allowed Write) and to run it with ``python3 x.py``
(an allowed Bash call: the guard cannot see inside a script). What the script does happens
behind the guard's back, so only the sandbox and Overlord's own checks stand in its way.
The same attacks with Codex's and Gemini's own tools use :mod:`tests.truth.agents`.
"""

from __future__ import annotations

import json
import socket
import subprocess
import threading
from pathlib import Path

import pytest

from tests.conftest import overlord_cmd
from tests.mission.test_mission_runs import world  # noqa: F401 - the home, root and env of a mission test

SCRIPT = "x.py"


def script_turns(root: Path, script: str, *then: dict) -> list[dict]:
    """The transcript of an attack: write ``x.py`` in the root, run it, then ``then``."""
    return [
        {"blocks": [{"text": "Writing a helper script."},
                    {"tool": "Write", "input": {"file_path": str(root / SCRIPT), "content": script}}]},
        {"blocks": [{"tool": "Bash", "input": {"command": f"python3 {SCRIPT}", "description": "run the helper"}}]},
        *then,
    ]


def bash(command: str) -> dict:
    """A turn that asks for one Bash call."""
    return {"blocks": [{"tool": "Bash", "input": {"command": command, "description": "check"}}]}


DONE = {"blocks": [{"text": "All done."}]}


def claude_mission(transcript: Path, *, extra: str = "", **limits: int) -> str:
    """A Claude Code mission replaying ``transcript``."""
    lim = "\n".join(f"{k} = {v}" for k, v in {"timeout_ms": 150000, **limits}.items())
    return (f'[mission]\ngoal = "work"\nruntime = "claude-code"\nmodels = ["claude-sonnet-4-5"]\n'
            f'[limits]\n{lim}\n[connector]\nmode = "replay"\ntranscript = "{transcript}"\n{extra}')


def overlord(env: dict, *args: str, timeout: int = 240) -> subprocess.CompletedProcess:
    """``overlord ARGS`` as a user runs it."""
    return subprocess.run([*overlord_cmd(), *args], env=env, capture_output=True, text=True, timeout=timeout)


def journal(env: dict, run_id: str) -> list[dict]:
    """The run's journal (``overlord journal --json --run``)."""
    p = overlord(env, "journal", "--json", "--run", run_id)
    assert p.returncode == 0, p.stderr
    return [json.loads(x) for x in p.stdout.splitlines()]


def report(env: dict, run_id: str) -> tuple[str, dict]:
    """``overlord report`` of the run: its text and its JSON."""
    text = overlord(env, "report", run_id)
    data = overlord(env, "report", "--json", run_id)
    assert text.returncode == 0 and data.returncode == 0, text.stderr + data.stderr
    return text.stdout, json.loads(data.stdout)


def of(entries: list[dict], kind: str) -> list[dict]:
    """The journal entries of one event type."""
    return [e for e in entries if e["event_type"] == kind]


def undecided_tool_uses(entries: list[dict], decisions: list[dict]) -> list[str]:
    """Tool use ids the runtime reported (``ToolUsed``) with no guard decision of their own
    (Gemini's stream names a call ``TOOL__ID``, ID the model's: its decision names ID)."""
    used = [e["summary"].rsplit("(", 1)[-1].rstrip(")") for e in of(entries, "ToolUsed")]
    decided = {d["tool_use_id"] for d in decisions}
    return [u for u in used if u not in decided and u.split("__", 1)[-1] not in decided]


class Listener:
    """A real TCP service on the host's 127.0.0.1 that counts who reached it."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.port = self.sock.getsockname()[1]
        self.hits = 0
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                c, _ = self.sock.accept()
            except OSError:
                return
            self.hits += 1
            try:
                c.sendall(b"HTTP/1.0 200 OK\r\n\r\nSECRET-FROM-THE-HOST\n")
            finally:
                c.close()

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def listener():
    """A host service on 127.0.0.1 the agent must not reach."""
    srv = Listener()
    yield srv
    srv.close()
