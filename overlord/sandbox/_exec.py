"""Run one contained step: spawn in its own session, wait, kill the group on timeout.

Shared by the backends. Output goes to files beside (never inside) the scratch directory,
capped by ``RLIMIT_FSIZE``, so a program that prints without end cannot fill memory.
"""

from __future__ import annotations

import os
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from overlord.sandbox.base import (
    SandboxExited,
    SandboxLimits,
    SandboxMemoryBreach,
    SandboxTimedOut,
    StepOutcome,
)
from overlord.sandbox.limits import CgroupLimiter, CgroupRoot, rlimit_preexec

#: An allocator's own words for "out of memory", used only when no cgroup watches the step.
_OOM_WORDS = (b"MemoryError", b"std::bad_alloc", b"Cannot allocate memory", b"out of memory",
              b"OutOfMemoryError", b"JavaScript heap out of memory")


def _read_capped(path: Path, cap: int) -> bytes:
    try:
        with open(path, "rb") as fh:
            return fh.read(cap)
    except OSError:
        return b""


def run_step(
    step: str,
    argv: list[str],
    env: dict[str, str],
    cwd: str,
    limits: SandboxLimits,
    cgroup_root: CgroupRoot | None,
    output_dir: Path,
    last_preexec: Callable[[], None] | None = None,
) -> tuple[StepOutcome, str]:
    """Run ``argv`` under the limits; return its outcome and the containment label.

    Args:
        step: the step's name (copied into the events).
        argv: the host-level command (the bubblewrap command line, or the program itself).
        env: the whole environment for the process.
        cwd: host working directory.
        limits: timeout, memory, pids and file-size limits.
        cgroup_root: a writable hierarchy, or None for the rlimit fallback.
        output_dir: a host directory outside the scratch for stdout and stderr files.
        last_preexec: run in the child last before exec (the keyring filter).
    """
    limiter: CgroupLimiter | None = None
    if cgroup_root is not None:
        try:
            limiter = CgroupLimiter(cgroup_root, limits.memory_bytes, limits.max_pids)
        except OSError:
            limiter = None
    rl = rlimit_preexec(
        None if limiter else limits.memory_bytes,
        None if limiter else limits.max_pids,
        limits.max_file_bytes,
    )

    def preexec() -> None:
        if limiter is not None:
            limiter.join_self()
        rl()
        if last_preexec is not None:
            last_preexec()

    containment = limiter.label if limiter else "rlimit"
    fd, out_name = tempfile.mkstemp(prefix=f"{step}-", suffix=".out", dir=output_dir)
    os.close(fd)
    fd, err_name = tempfile.mkstemp(prefix=f"{step}-", suffix=".err", dir=output_dir)
    os.close(fd)
    result: dict[str, int] = {}
    try:
        with open(out_name, "wb") as out, open(err_name, "wb") as err:
            start = time.monotonic_ns()
            proc = subprocess.Popen(
                argv, stdin=subprocess.DEVNULL, stdout=out, stderr=err, env=env, cwd=cwd,
                start_new_session=True, preexec_fn=preexec, close_fds=True,
            )

        def reap() -> None:
            _, status, usage = os.wait4(proc.pid, 0)
            result["end"] = time.monotonic_ns()
            result["status"] = status
            result["maxrss"] = usage.ru_maxrss * 1024

        waiter = threading.Thread(target=reap, daemon=True)
        waiter.start()
        waiter.join(limits.timeout_ms / 1000)
        timed_out = waiter.is_alive()
        if timed_out:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except OSError:
                pass
            if limiter is not None:
                limiter.kill_all()
            waiter.join()
        else:
            # The leader is gone; anything it left in its group or cgroup goes too.
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except OSError:
                pass
            if limiter is not None:
                limiter.kill_all()
        proc.returncode = 0  # reaped by wait4 above; keep Popen from waiting again
        status = int(result.get("status", 0))
        end = int(result.get("end", time.monotonic_ns()))
        duration = end - start
        stdout = _read_capped(Path(out_name), limits.max_file_bytes)
        stderr = _read_capped(Path(err_name), limits.max_file_bytes)
        if timed_out:
            return SandboxTimedOut(step, limits.timeout_ms, duration, stdout, stderr), containment
        code = os.waitstatus_to_exitcode(status)
        peak = limiter.peak_memory_bytes() if limiter else int(result.get("maxrss", 0))
        if limiter is not None:
            kills = limiter.oom_kills()
            if kills:
                return SandboxMemoryBreach(step, limits.memory_bytes, peak, duration,
                                           f"cgroup oom_kill count {kills}", stdout, stderr), containment
        elif code != 0:
            words = [w.decode() for w in _OOM_WORDS if w in stderr]
            if words:
                return SandboxMemoryBreach(step, limits.memory_bytes, peak, duration,
                                           f"rlimit: the allocator said {words[0]!r}",
                                           stdout, stderr), containment
        return SandboxExited(step, code, duration, peak, stdout, stderr), containment
    finally:
        if limiter is not None:
            limiter.remove()
        for name in (out_name, err_name):
            try:
                os.unlink(name)
            except OSError:
                pass
