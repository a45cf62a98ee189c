"""The bubblewrap backend, the default: no network, read-only system, one writable scratch.

Each step runs as ``bwrap --unshare-all --die-with-parent`` with only the system directories
(``/usr``, ``/bin``, ``/lib*``, ``/sbin``, a few ``/etc`` files) and the request's
``read_only_paths`` bound read-only, a private ``/proc`` and ``/dev``, and the fresh scratch
directory bound at ``/scratch`` as the only writable place (its ``tmp`` is bound at ``/tmp``).
Everything else on the host (homes, the worker root, Overlord's keys) is simply not there.
The scratch directory is removed in a ``finally`` whatever happened. The kernel keyring's
system calls fail in every step (:mod:`overlord.sandbox.keyring_filter`): an unlocked secret
store's data key is not readable from the agent's code.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Literal

from overlord.sandbox._exec import run_step
from overlord.sandbox.base import (
    SCRATCH_PLACEHOLDER,
    SandboxRequest,
    SandboxRun,
    SandboxStarted,
    SandboxUnavailable,
)
from overlord.sandbox.keyring_filter import KeyringFilterUnavailable, keyring_filter
from overlord.sandbox.limits import CgroupRoot, find_cgroup_root

#: Where the scratch directory appears inside the sandbox.
SANDBOX_SCRATCH = "/scratch"

#: System directories bound read-only when they exist on the host.
SYSTEM_DIRS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")

#: The /etc entries a toolchain needs (dynamic loader, alternatives, JDK config, users).
ETC_ENTRIES = ("ld.so.cache", "ld.so.conf", "ld.so.conf.d", "alternatives", "java-17-openjdk",
               "java-21-openjdk", "passwd", "group", "nsswitch.conf", "localtime", "mono",
               "ssl", "ca-certificates", "gcc", "os-release", "debian_version")


def _remove_tree(path: Path) -> None:
    def onerror(func: Callable[[str], object], p: str, _exc: object) -> None:  # a program may have made its files read-only
        try:
            os.chmod(p, 0o700)
            func(p)
        except OSError:
            pass

    shutil.rmtree(path, onerror=onerror)


def write_scratch(scratch: Path, request: SandboxRequest) -> None:
    """Write the request's files into the scratch directory, with a ``tmp`` inside it."""
    (scratch / "tmp").mkdir(exist_ok=True)
    for rel, content in request.files:
        target = scratch / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)


class BubblewrapSandbox:
    """Runs steps inside bubblewrap with cgroup (else rlimit) limits.

    Args:
        bwrap: the bubblewrap binary (looked up on PATH when None).
        cgroup_root: where to make step cgroups; ``"auto"`` finds one, None forces rlimits.
        scratch_parent: host directory for scratch directories (the system temp dir when None).
    """

    name = "bubblewrap"
    strong = True

    def __init__(self, bwrap: str | None = None, cgroup_root: CgroupRoot | Literal["auto"] | None = "auto",
                 scratch_parent: str | None = None) -> None:
        self.bwrap = bwrap or shutil.which("bwrap")
        self.cgroup_root = find_cgroup_root() if isinstance(cgroup_root, str) else cgroup_root
        self.scratch_parent = scratch_parent
        self._probe: str | None | bool = False

    def unavailable_reason(self) -> str | None:
        """Why bubblewrap cannot run here (missing, or namespaces refused), else None."""
        if self._probe is not False:
            return self._probe  # type: ignore[return-value]
        if not self.bwrap:
            self._probe = ("bubblewrap (bwrap) is not installed: apt-get install bubblewrap, "
                           "or opt in to the weaker process backend with "
                           "OVERLORD_ALLOW_UNSANDBOXED=1")
            return self._probe
        import subprocess

        try:
            keyring_filter()
        except KeyringFilterUnavailable as e:
            self._probe = f"the sandbox cannot close the kernel keyring here ({e}): apt-get install libseccomp2"
            return self._probe
        try:
            probe = subprocess.run(
                [self.bwrap, "--unshare-all", "--die-with-parent", *self._system_binds(),
                 "--", "/bin/true"],
                capture_output=True, timeout=10, env={"PATH": "/usr/bin:/bin"},
            )
        except (OSError, subprocess.TimeoutExpired) as e:
            self._probe = f"bubblewrap cannot start here ({e}); opt in to the weaker process " \
                          "backend with OVERLORD_ALLOW_UNSANDBOXED=1"
            return self._probe
        if probe.returncode != 0:
            words = probe.stderr.decode(errors="replace").strip().splitlines()[-1:] or ["?"]
            self._probe = (f"bubblewrap cannot make namespaces here ({words[0]}); opt in to the "
                           "weaker process backend with OVERLORD_ALLOW_UNSANDBOXED=1")
            return self._probe
        self._probe = None
        return None

    @staticmethod
    def _system_binds() -> list[str]:
        args: list[str] = []
        for d in SYSTEM_DIRS:
            if os.path.islink(d):
                args += ["--symlink", os.readlink(d), d]
            elif os.path.isdir(d):
                args += ["--ro-bind", d, d]
        for entry in ETC_ENTRIES:
            p = f"/etc/{entry}"
            if os.path.exists(p):
                args += ["--ro-bind", p, p]
        return args

    @staticmethod
    def _extra_binds(extra: tuple[str, ...]) -> list[str]:
        # after /tmp is in place: a toolchain or artifact may itself live under /tmp
        return [a for p in extra if os.path.exists(p) for a in ("--ro-bind", p, p)]

    def command(self, argv: tuple[str, ...], scratch: Path, request: SandboxRequest) -> list[str]:
        """The bubblewrap command line for one step (scratch at ``/scratch``, cwd there)."""
        return [
            self.bwrap or "bwrap", "--unshare-all", "--die-with-parent", "--new-session",
            "--hostname", "overlord-sandbox",
            *self._system_binds(),
            "--proc", "/proc", "--dev", "/dev",
            "--bind", str(scratch), SANDBOX_SCRATCH,
            "--bind", str(scratch / "tmp"), "/tmp",
            *self._extra_binds(request.read_only_paths),
            "--chdir", SANDBOX_SCRATCH,
            "--", *argv,
        ]

    def run(self, request: SandboxRequest) -> SandboxRun:
        """Run the request's steps in one fresh scratch directory; see :class:`Sandbox`."""
        reason = self.unavailable_reason()
        if reason is not None:
            return SandboxRun((SandboxUnavailable(self.name, reason),))
        events: list = []
        scratch = Path(tempfile.mkdtemp(prefix="overlord-scratch-", dir=self.scratch_parent))
        outputs = Path(tempfile.mkdtemp(prefix="overlord-output-", dir=self.scratch_parent))
        try:
            write_scratch(scratch, request)
            env = {k: v.replace(SCRATCH_PLACEHOLDER, SANDBOX_SCRATCH) for k, v in request.env}
            for step in request.steps:
                argv = tuple(a.replace(SCRATCH_PLACEHOLDER, SANDBOX_SCRATCH) for a in step.argv)
                cmd = self.command(argv, scratch, request)
                outcome, containment = run_step(step.name, cmd, env, str(scratch), request.limits,
                                                self.cgroup_root, outputs, last_preexec=keyring_filter())
                events += [SandboxStarted(self.name, step.name, argv, containment), outcome]
                if not outcome.ok and step.stop_on_failure:
                    break
            return SandboxRun(tuple(events))
        finally:
            _remove_tree(scratch)
            _remove_tree(outputs)
