"""The ``command`` runtime adapter: spawn a program, pass its output through, capture it.

The child runs in its own process group (so the whole tree can be ended together), with
stdin from the caller, and stdout/stderr both shown live and kept in memory for the ledger
(as content-addressed blobs, named by the ProcessExited event).
"""

from __future__ import annotations

import os
import selectors
import signal
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import BinaryIO

from overlord.errors import OverlordError


class SpawnError(OverlordError):
    """The program could not be started (not found, not executable)."""


@dataclass(frozen=True)
class ProcessOutcome:
    """How a spawned program ended. Exactly one of ``exit_code`` / ``signal`` is set.

    ``duration_ns`` is monotonic wall time from spawn to exit; ``stdout``/``stderr`` the
    bytes it wrote.
    """

    exit_code: int | None
    signal: int | None
    duration_ns: int
    stdout: bytes
    stderr: bytes


def run_passthrough(
    argv: Sequence[str],
    *,
    cwd: str,
    env: Mapping[str, str],
    echo_stdout: BinaryIO | None = None,
    echo_stderr: BinaryIO | None = None,
) -> ProcessOutcome:
    """Run ``argv`` in ``cwd`` with ``env``; echo its output as it comes; wait for it.

    On KeyboardInterrupt the whole process group is sent SIGTERM, then SIGKILL after 2 s,
    and the interrupt is re-raised once the child is gone (no child outlives the call).

    Raises:
        SpawnError: the program cannot be started.
    """
    if not argv:
        raise SpawnError("no command given", "write the command after `--`, e.g. `overlord run -- pytest -q`")
    echo_stdout = echo_stdout if echo_stdout is not None else sys.stdout.buffer
    echo_stderr = echo_stderr if echo_stderr is not None else sys.stderr.buffer
    start = time.monotonic_ns()
    try:
        proc = subprocess.Popen(
            list(argv), cwd=cwd, env=dict(env), stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
        )
    except FileNotFoundError as e:
        raise SpawnError(f"command not found: {argv[0]}", "check the name, or give its full path") from e
    except PermissionError as e:
        raise SpawnError(f"command is not executable: {argv[0]}") from e
    except OSError as e:
        raise SpawnError(f"cannot start {argv[0]}: {e}") from e
    out, err = bytearray(), bytearray()
    try:
        _pump(proc, out, err, echo_stdout, echo_stderr)
        proc.wait()
    except BaseException:
        end_process_group(proc)
        raise
    duration = time.monotonic_ns() - start
    code = proc.returncode
    if code < 0:
        return ProcessOutcome(None, -code, duration, bytes(out), bytes(err))
    return ProcessOutcome(code, None, duration, bytes(out), bytes(err))


def _pump(proc: subprocess.Popen, out: bytearray, err: bytearray, echo_out: BinaryIO, echo_err: BinaryIO) -> None:
    sel = selectors.DefaultSelector()
    assert proc.stdout is not None and proc.stderr is not None
    sel.register(proc.stdout, selectors.EVENT_READ, (out, echo_out))
    sel.register(proc.stderr, selectors.EVENT_READ, (err, echo_err))
    open_streams = 2
    while open_streams:
        for key, _ in sel.select():
            chunk = os.read(key.fileobj.fileno(), 65536)  # type: ignore[union-attr]
            buf, echo = key.data
            if not chunk:
                sel.unregister(key.fileobj)
                open_streams -= 1
                continue
            buf.extend(chunk)
            try:
                echo.write(chunk)
                echo.flush()
            except (OSError, ValueError):
                pass  # the caller's terminal went away; keep capturing for the ledger
    sel.close()


def end_process_group(proc: subprocess.Popen, grace_s: float = 2.0) -> None:
    """SIGTERM the child's process group, then SIGKILL it after ``grace_s`` seconds."""
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        proc.wait(timeout=grace_s)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            return
        proc.wait()
