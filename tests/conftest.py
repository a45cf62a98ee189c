"""Fixtures shared by every test: real parts, started by the test run.

A test that needs a real part (PostgreSQL, bubblewrap, a toolchain) skips only outside CI;
with ``CI=true`` a missing part is a failure, never a skip.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
VENV_BIN = Path(os.environ.get("VIRTUAL_ENV", ROOT / ".venv")) / "bin"

# The agent CLIs as a user has them: on PATH. CI installs them project-locally
# (.ci/install-*.sh into .tools/<runtime>/); the test run puts those bins on its PATH, so the
# product finds them the way it finds a user's, never by looking into the checkout.
for _bin in sorted(ROOT.glob(".tools/*/node_modules/.bin")):
    if str(_bin) not in os.environ.get("PATH", "").split(os.pathsep):
        os.environ["PATH"] = f"{_bin}{os.pathsep}{os.environ.get('PATH', '')}"


class StepClock:
    """A clock that moves one millisecond per reading (no wall clock in tests)."""

    def __init__(self) -> None:
        self.t = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    def now(self) -> datetime:
        self.t += timedelta(milliseconds=1)
        return self.t


def need_part(condition: bool, what: str) -> None:
    """Skip (locally) or fail (``CI=true``) when a real part is missing."""
    if condition:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"{what} is missing in CI")
    pytest.skip(f"{what} is missing")


def overlord_cmd() -> list[str]:
    """The installed console script, as a user runs it."""
    exe = shutil.which("overlord", path=str(VENV_BIN)) or shutil.which("overlord")
    assert exe, "the overlord console script is not installed (pip install -e .)"
    return [exe]


def _free_port() -> int:
    with contextlib.closing(socket.socket()) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PostgresServer:
    """A throwaway PostgreSQL cluster on 127.0.0.1, owned by the ``postgres`` user."""

    def __init__(self) -> None:
        bins = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        self.bin = Path(bins[-1]).parent if bins else None
        self.port = _free_port()
        self.data = Path(tempfile.mkdtemp(prefix="overlord-pg-"))
        self.user = "postgres"

    def _as_postgres(self, *argv: str) -> None:
        if os.geteuid() == 0:
            cmd = ["runuser", "-u", "postgres", "--", *argv]
        else:
            cmd = list(argv)
        subprocess.run(cmd, check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        assert self.bin is not None
        if os.geteuid() == 0:
            shutil.chown(self.data, "postgres", "postgres")
        self._as_postgres(str(self.bin / "initdb"), "-A", "trust", "-U", "postgres", "-D", str(self.data / "db"))
        self._as_postgres(
            str(self.bin / "pg_ctl"), "-D", str(self.data / "db"), "-w", "-l", str(self.data / "log"),
            "-o", f"-h 127.0.0.1 -p {self.port} -k {self.data} -c max_connections=200 -c fsync=off",
            "start",
        )

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._as_postgres(str(self.bin / "pg_ctl"), "-D", str(self.data / "db"), "-m", "immediate", "stop")
        shutil.rmtree(self.data, ignore_errors=True)

    def create_database(self) -> str:
        import psycopg

        name = f"ledger_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(host="127.0.0.1", port=self.port, user="postgres", dbname="postgres", autocommit=True) as c:
            c.execute(f'CREATE DATABASE "{name}"')
        return name


@pytest.fixture(scope="session")
def postgres_server():
    """A real PostgreSQL server for the whole test run (started here, stopped after)."""
    server = PostgresServer()
    has_runuser = os.geteuid() != 0 or shutil.which("runuser") is not None
    need_part(server.bin is not None and has_runuser, "PostgreSQL server binaries (apt-get install postgresql)")
    server.start()
    yield server
    server.stop()
