"""The hostile-input corpus's runner: each case is the installed `overlord`, run as a user
would, with its peak memory measured for that one child (``os.wait4``) and a watchdog that
kills it if it hangs.

The verdict for every case is the same: exit 2 (or the documented HTTP status), one line on
stderr, no traceback, no hang, peak resident memory under 256 MiB.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import overlord_cmd

MAX_RSS_BYTES = 256 * 1024 * 1024
HANG_S = 20.0  # far beyond any honest answer here (each takes well under a second)


@dataclass(frozen=True)
class Outcome:
    """What one child did: exit code, output, peak resident memory, whether it was killed."""

    code: int
    stdout: str
    stderr: str
    max_rss_bytes: int
    hung: bool


# Linux keeps, in a process's peak RSS, the peak of the memory it had before exec: a child
# forked (or vforked) from a large pytest process reports that process's peak, not its own. So
# the command is started by a small launcher that forks it afresh, waits for it with wait4 and
# writes its peak RSS (KiB) to a file; the launcher exits as the command did. It ignores the
# SIGTERM and SIGINT sent to the whole group, so it outlives the command to write the figure.
_LAUNCHER = """
import os, signal, sys
pid = os.fork()
if pid == 0:
    os.execvp(sys.argv[2], sys.argv[2:])
signal.signal(signal.SIGTERM, signal.SIG_IGN)
signal.signal(signal.SIGINT, signal.SIG_IGN)
_, status, usage = os.wait4(pid, 0)
with open(sys.argv[1], "w") as f:
    f.write(str(usage.ru_maxrss))
if os.WIFSIGNALED(status):
    signal.signal(os.WTERMSIG(status), signal.SIG_DFL)
    os.kill(os.getpid(), os.WTERMSIG(status))
sys.exit(os.waitstatus_to_exitcode(status))
"""


def measured_argv(argv: list[str], rss_file: Path) -> list[str]:
    """``argv`` behind the launcher: after it ends, ``rss_file`` holds its own peak RSS in KiB."""
    return [sys.executable, "-c", _LAUNCHER, str(rss_file), *argv]


def run_measured(argv: list[str], *, env: dict[str, str], cwd: Path, stdin: bytes | str = b"",
                 hang_s: float = HANG_S) -> Outcome:
    """Run ``argv`` with ``stdin`` (bytes, or a path to read from such as ``/dev/zero``); its
    peak RSS (with its own children) comes from ``wait4`` on its pid alone."""
    with (open(stdin, "rb") if isinstance(stdin, str) else tempfile.TemporaryFile()) as fin, \
            tempfile.TemporaryFile() as fout, tempfile.TemporaryFile() as ferr:
        if isinstance(stdin, bytes):
            fin.write(stdin)
            fin.seek(0)
        rss_file = Path(tempfile.mkdtemp()) / "maxrss"
        launched = measured_argv(argv, rss_file)
        p = subprocess.Popen(launched, stdin=fin, stdout=fout, stderr=ferr, env=env, cwd=cwd, start_new_session=True)
        hung = threading.Event()

        def kill() -> None:
            hung.set()
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

        watchdog = threading.Timer(hang_s, kill)
        watchdog.start()
        try:
            _, status, usage = os.wait4(p.pid, 0)
        finally:
            watchdog.cancel()
        try:
            max_rss = int(rss_file.read_text()) * 1024
        except (OSError, ValueError):
            max_rss = usage.ru_maxrss * 1024  # the launcher was killed (a hang): its own peak, an upper bound
        p.returncode = os.waitstatus_to_exitcode(status)
        fout.seek(0)
        ferr.seek(0)
        return Outcome(p.returncode, fout.read().decode("utf-8", "replace"), ferr.read().decode("utf-8", "replace"),
                       max_rss, hung.is_set())


def assert_one_line_refusal(out: Outcome, *, expect_code: int = 2, expect_text: str = "") -> None:
    """Exit ``expect_code``, exactly one line on stderr naming ``expect_text`` (for exit 2, in
    the CLI's ``overlord: error:`` form), no traceback, no hang, under 256 MiB."""
    assert not out.hung, f"hung past {HANG_S}s"
    assert "Traceback" not in out.stderr, out.stderr[-2000:]
    lines = [line for line in out.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, out.stderr[-2000:]
    assert expect_text in lines[0], lines[0]
    if expect_code == 2:  # the CLI's one form for a command that could not start
        assert lines[0].startswith("overlord: error: "), lines[0]
    assert out.code == expect_code, (out.code, lines[0])
    assert out.max_rss_bytes < MAX_RSS_BYTES, f"peak RSS {out.max_rss_bytes / 2**20:.0f} MiB"


@pytest.fixture(scope="session")
def world(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    """A home with one recorded run, a worker directory outside it, and the environment."""
    tmp = tmp_path_factory.mktemp("hostile")
    env = {k: v for k, v in os.environ.items() if not k.startswith("OVERLORD_")}
    env["OVERLORD_HOME"] = str(tmp / "home")
    env["OVERLORD_WITNESS_HOME"] = str(tmp / "whome")
    work = tmp / "work"
    work.mkdir()
    for argv in (["init"], ["run", "--", "true"]):
        subprocess.run([*overlord_cmd(), *argv], env=env, cwd=work, check=True, capture_output=True, timeout=60)
    return work, env
