"""Process and memory limits: a writable cgroup hierarchy (v2 or v1), else rlimits.

:func:`find_cgroup_root` looks for a hierarchy this process may write (v2 with the ``memory``
and ``pids`` controllers, else v1 ``memory`` and ``pids``). :class:`CgroupLimiter` makes one
child cgroup per step under it, moves the step in before exec, reads peak memory and the
OOM-kill count, kills every member, and removes the cgroup. When no hierarchy is writable the
step gets ``RLIMIT_AS`` and ``RLIMIT_NPROC`` through its pre-exec hook instead (weaker: root
ignores ``RLIMIT_NPROC``; a timeout still ends a fork bomb).
"""

from __future__ import annotations

import os
import resource
import secrets
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

CGROUP_FS = Path("/sys/fs/cgroup")


@dataclass(frozen=True)
class CgroupRoot:
    """A writable place to make step cgroups.

    Attributes:
        version: 1 or 2.
        memory: the parent directory for memory cgroups (v2: the one parent for both).
        pids: the parent directory for pids cgroups (v2: same as ``memory``).
    """

    version: int
    memory: Path
    pids: Path


def _own_path(controller: str | None) -> str:
    """This process's cgroup path for a v1 controller (or v2 when ``controller`` is None)."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return "/"
    for line in lines:
        _, ctrls, path = line.split(":", 2)
        if controller is None and ctrls == "":
            return path
        if controller is not None and controller in ctrls.split(","):
            return path
    return "/"


def _writable_dir(parent: Path) -> bool:
    probe = parent / f"overlord-probe-{secrets.token_hex(4)}"
    try:
        probe.mkdir()
    except OSError:
        return False
    try:
        probe.rmdir()
    except OSError:
        pass
    return True


def find_cgroup_root(base: Path = CGROUP_FS) -> CgroupRoot | None:
    """Find a writable cgroup hierarchy with memory and pids control, or None.

    Looks at v2 first (``base`` itself, then ``base/unified``), then v1 (``base/memory`` and
    ``base/pids``), each below this process's own cgroup so limits nest under the caller's.
    """
    for v2 in (base, base / "unified"):
        controllers = v2 / "cgroup.controllers"
        if not controllers.is_file() or (v2 / "memory").is_dir():
            continue
        parent = v2 / _own_path(None).lstrip("/")
        try:
            if not {"memory", "pids"} <= set(controllers.read_text().split()):
                continue
            sub = (parent / "cgroup.subtree_control").read_text().split()
            if not {"memory", "pids"} <= set(sub):
                (parent / "cgroup.subtree_control").write_text("+memory +pids")
        except OSError:
            continue
        if _writable_dir(parent):
            return CgroupRoot(2, parent, parent)
    mem = base / "memory" / _own_path("memory").lstrip("/")
    pids = base / "pids" / _own_path("pids").lstrip("/")
    if (mem / "memory.limit_in_bytes").is_file() and (pids / "cgroup.procs").is_file():
        if _writable_dir(mem) and _writable_dir(pids):
            return CgroupRoot(1, mem, pids)
    return None


class CgroupLimiter:
    """One step's cgroups: create, join (from the child before exec), read, kill, remove.

    Args:
        root: where to make the cgroups.
        memory_bytes: memory limit, bytes (swap included where the kernel allows).
        max_pids: most tasks at once.

    Raises:
        OSError: when the cgroup cannot be made or limited (the caller falls back to rlimits).
    """

    def __init__(self, root: CgroupRoot, memory_bytes: int, max_pids: int) -> None:
        self.root = root
        name = f"overlord-{os.getpid()}-{secrets.token_hex(6)}"
        self.memory_dir = root.memory / name
        self.pids_dir = root.pids / name
        self.memory_dir.mkdir()
        try:
            if root.version == 1:
                self.pids_dir.mkdir()
                (self.memory_dir / "memory.limit_in_bytes").write_text(str(memory_bytes))
                memsw = self.memory_dir / "memory.memsw.limit_in_bytes"
                if memsw.exists():
                    try:
                        memsw.write_text(str(memory_bytes))
                    except OSError:
                        pass
                (self.pids_dir / "pids.max").write_text(str(max_pids))
            else:
                (self.memory_dir / "memory.max").write_text(str(memory_bytes))
                swap = self.memory_dir / "memory.swap.max"
                if swap.exists():
                    swap.write_text("0")
                (self.memory_dir / "pids.max").write_text(str(max_pids))
        except OSError:
            self.remove()
            raise
        self._procs = [str(self.memory_dir / "cgroup.procs")]
        if root.version == 1:
            self._procs.append(str(self.pids_dir / "cgroup.procs"))

    @property
    def label(self) -> str:
        """``cgroup-v1`` or ``cgroup-v2``."""
        return f"cgroup-v{self.root.version}"

    def join_self(self) -> None:
        """Move the calling process into the cgroups (call in the child, before exec)."""
        for procs in self._procs:
            fd = os.open(procs, os.O_WRONLY)
            try:
                os.write(fd, b"0")
            finally:
                os.close(fd)

    def peak_memory_bytes(self) -> int:
        """The highest memory use of the step, bytes (0 when the kernel does not say)."""
        name = "memory.max_usage_in_bytes" if self.root.version == 1 else "memory.peak"
        try:
            return int((self.memory_dir / name).read_text().strip())
        except (OSError, ValueError):
            return 0

    def oom_kills(self) -> int:
        """How many of the step's processes the kernel killed for memory."""
        name = "memory.oom_control" if self.root.version == 1 else "memory.events"
        try:
            text = (self.memory_dir / name).read_text()
        except OSError:
            return 0
        for line in text.splitlines():
            key, _, value = line.partition(" ")
            if key == "oom_kill":
                return int(value)
        if self.root.version == 1:
            try:
                return 1 if int((self.memory_dir / "memory.failcnt").read_text()) > 0 and \
                    "under_oom 1" in text else 0
            except (OSError, ValueError):
                return 0
        return 0

    def members(self) -> list[int]:
        """Process ids still in the step's cgroups."""
        pids: set[int] = set()
        for procs in self._procs:
            try:
                pids.update(int(p) for p in Path(procs).read_text().split())
            except (OSError, ValueError):
                pass
        return sorted(pids)

    def kill_all(self) -> None:
        """SIGKILL every member until none is left (bounded to about one second)."""
        if self.root.version == 2:
            try:
                (self.memory_dir / "cgroup.kill").write_text("1")
            except OSError:
                pass
        for attempt in range(200):
            members = self.members()
            if not members:
                return
            for pid in members:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            time.sleep(0.001 if attempt < 20 else 0.01)

    def remove(self) -> None:
        """Remove the cgroups (members are killed first); never raises."""
        self.kill_all()
        for d in {self.memory_dir, self.pids_dir}:
            for attempt in range(200):
                try:
                    d.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.0005 if attempt < 40 else 0.01)


def rlimit_preexec(memory_bytes: int | None, max_pids: int | None, max_file_bytes: int) -> Callable[[], None]:
    """A pre-exec hook setting RLIMIT_AS, RLIMIT_NPROC (when given) and RLIMIT_FSIZE, no core."""

    def hook() -> None:
        if memory_bytes is not None:
            resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
        if max_pids is not None:
            resource.setrlimit(resource.RLIMIT_NPROC, (max_pids, max_pids))
        resource.setrlimit(resource.RLIMIT_FSIZE, (max_file_bytes, max_file_bytes))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    return hook
