"""Fixtures for the Council's tests: a home, a worker root, missions for the loop.

Two agents: the real Claude Code CLI replaying a transcript (tests/claude/conftest.py finds
it), and tests/council/agent.py through the ``command`` runtime (each attempt writes what its
plan gives it, through the guard).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.claude.conftest import claude_bin  # noqa: F401 - the real CLI fixture
from tests.conftest import ROOT, overlord_cmd

AGENT = Path(__file__).with_name("agent.py")
CORPUS = ROOT / "tests" / "corpus"
PRIME_GOAL = ("Write `is_prime(n)` in solution.py that returns True when the integer n is a prime number, "
              "with its tests in test_solution.py.")
GOOD = (CORPUS / "python_pass_prime_guard_clause" / "solution.py").read_text()
TESTS = (CORPUS / "python_pass_prime_guard_clause" / "test_solution.py").read_text()
STUB = "def is_prime(n):\n    return True\n"


@dataclass
class World:
    """A home and a worker root in ``tmp``; ``env`` runs the installed CLI on that home."""

    tmp: Path
    home: Path
    root: Path
    env: dict[str, str]

    def overlord(self, *args: str, timeout: int = 300, check: bool = False,
                 input: str | None = None) -> subprocess.CompletedProcess:  # noqa: A002 - subprocess's name
        """Run ``overlord ARGS`` as a user would (the installed console script), ``input`` on stdin."""
        p = subprocess.run([*overlord_cmd(), *args], env=self.env, capture_output=True, text=True, timeout=timeout,
                           cwd=self.tmp, input=input)
        if check:
            assert p.returncode == 0, p.stdout + p.stderr
        return p

    def last_json(self, p: subprocess.CompletedProcess) -> dict:
        """The last line of stdout, as the JSON object it must be."""
        lines = p.stdout.strip().splitlines()
        assert lines, p.stderr
        return json.loads(lines[-1])

    def command_mission(self, attempts: list[dict], *, goal: str = PRIME_GOAL, name: str = "mission.toml",
                        extra: str = "", artifact: str = "pkg") -> Path:
        """A mission for the ``command`` runtime: tests/council/agent.py with these attempts."""
        plan = self.tmp / (name + ".plan.json")
        plan.write_text(json.dumps({"attempts": attempts}))
        path = self.tmp / name
        gate = f'[gate]\nartifact = "{artifact}"\n' if artifact else ""
        path.write_text(f'[mission]\ngoal = {json.dumps(goal)}\nruntime = "command"\n'
                        f'command = ["{sys.executable}", "{AGENT}", "{plan}"]\n'
                        f"[limits]\ntimeout_ms = 120000\n{gate}{extra}")
        return path

    def ledger_size(self) -> int:
        """How many events the home's ledger holds (through the CLI's JSON export of it)."""
        p = self.overlord("verify", "--json", check=True)
        return int(json.loads(p.stdout)["events"])


@pytest.fixture
def world(tmp_path) -> World:
    home, root = tmp_path / "home", tmp_path / "work"
    root.mkdir()
    env = dict(os.environ, OVERLORD_HOME=str(home))
    subprocess.run([*overlord_cmd(), "init"], env=env, check=True, capture_output=True)
    return World(tmp_path, home, root, env)


def files(solution: str, tests: str | None = TESTS) -> dict:
    """One attempt's files in the artifact ``pkg``."""
    out = {"pkg/solution.py": solution}
    if tests is not None:
        out["pkg/test_solution.py"] = tests
    return {"files": out}
