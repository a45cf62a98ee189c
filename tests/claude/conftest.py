"""Fixtures for the tests with the real Claude Code CLI (installed by .ci/install-claude-code.sh).

The CLI runs offline against the replay connector on loopback, with cwd = the worker root,
HOME = a fresh temp dir, and only an allow-listed environment.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from overlord.adapters.connector.replay import ConnectorThread, RequestRecord
from overlord.adapters.connector.transcript import Transcript
from overlord.adapters.runtimes import claude_code as cc
from overlord.domain.runtime_records import Record
from tests.conftest import ROOT, need_part  # noqa: F401 - ROOT is imported from here by the tests

CLI_TIMEOUT_S = 120
DUMMY_KEY = "sk-ant-overlord-test-dummy"


@pytest.fixture(scope="session")
def claude_bin() -> Path:
    """The real CLI, as a user has it: ``claude`` on PATH (tests/conftest.py puts the CI's
    project-local install there)."""
    try:
        binary = cc.find_binary(path=os.environ.get("PATH", ""))
    except cc.RuntimeNotInstalled:
        need_part(False, "the Claude Code CLI (bash .ci/install-claude-code.sh)")
        raise
    return binary


@pytest.fixture
def fresh_home():
    """A fresh HOME for the CLI (never the tester's own)."""
    d = tempfile.mkdtemp(prefix="ovl-cc-home-")
    yield Path(d)
    shutil.rmtree(d, ignore_errors=True)


@dataclass
class CliRun:
    """One finished CLI run: the process, its parsed records, the connector's requests."""

    proc: subprocess.CompletedProcess
    records: list[Record]
    requests: list[RequestRecord]

    def of(self, kind: type) -> list:
        return [r for r in self.records if isinstance(r, kind)]

    def explain(self) -> str:
        return f"exit {self.proc.returncode}\nstdout:\n{self.proc.stdout[-6000:]}\nstderr:\n{self.proc.stderr[-3000:]}"


def run_cli(binary: Path, *, root: Path, home: Path, transcript: Transcript, inv: cc.Invocation,
            extra_env: dict[str, str] | None = None) -> CliRun:
    """Run the CLI once in ``root`` against a replay connector serving ``transcript``."""
    with ConnectorThread(transcript) as conn:
        env = cc.build_env(base_url=conn.url, api_key=DUMMY_KEY, home=home,
                           host_env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")}, extra=extra_env)
        proc = subprocess.run(cc.build_argv(binary, inv), cwd=root, env=env, capture_output=True, text=True,
                              timeout=CLI_TIMEOUT_S, stdin=subprocess.DEVNULL)
        requests = conn.requests
    return CliRun(proc, cc.parse_stream(proc.stdout.splitlines()), requests)
