"""Fixtures shared by every test: real parts, started by the test run.

A test that needs a real part (PostgreSQL, bubblewrap, a toolchain) skips only outside CI;
with ``CI=true`` a missing part is a failure, never a skip.
"""

from __future__ import annotations

import contextlib
import fcntl
import glob
import hashlib
import os
import select
import shutil
import socket
import subprocess
import tempfile
import termios
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


def on_terminal(argv: list[str], *, env: dict[str, str], cwd: Path, answer: str) -> tuple[int, str]:
    """Run ``argv`` with a pseudo-terminal as its controlling terminal (stdin, stdout and
    stderr on it too), typing ``answer`` when the confirmation line appears, as the owner
    would. Returns (exit code, everything the terminal showed)."""
    master, slave = os.openpty()

    def take_terminal() -> None:  # the child is a session leader (start_new_session): make the pty its terminal
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    p = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd, start_new_session=True,
                         preexec_fn=take_terminal)
    os.close(slave)
    seen = b""
    typed = False
    try:
        while True:
            ready, _, _ = select.select([master], [], [], 120)
            assert ready, f"the terminal showed nothing for 120 s: {seen[-2000:]!r}"
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: the child closed its side
                break
            if not chunk:
                break
            seen += chunk
            if not typed and b"to confirm: " in seen:
                os.write(master, answer.encode() + b"\n")
                typed = True
    finally:
        os.close(master)
    return p.wait(timeout=120), seen.decode("utf-8", "replace")


def apply_policy(env: dict[str, str], text: str, *, where: Path) -> None:
    """Apply ``text`` as the install policy of the home ``env`` names, the only way there is:
    ``overlord policy set`` on a terminal, confirmed as the owner confirms it."""
    where.mkdir(parents=True, exist_ok=True)
    path = where / f"policy-{hashlib.sha256(text.encode()).hexdigest()[:8]}.toml"
    path.write_text(text)
    code, screen = on_terminal([*overlord_cmd(), "policy", "set", str(path)], env=env, cwd=where,
                               answer=f"apply {hashlib.sha256(text.encode()).hexdigest()[:8]}")
    assert code == 0 and "applied" in screen, screen


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
