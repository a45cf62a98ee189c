"""The process backend: weaker, explicit opt-in only.

Runs each step as a plain child process in a fresh scratch directory with an allow-listed
environment, its own session (the group is killed on timeout) and cgroup or rlimit limits,
but **no** namespaces: the program can reach the network and read anything the user can.
It refuses unless the caller passes ``allow_unsandboxed=True`` (the CLI does so only when
``OVERLORD_ALLOW_UNSANDBOXED=1``) and it always refuses a request that needs strong
containment.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Literal

from overlord.sandbox._exec import run_step
from overlord.sandbox.base import (
    SCRATCH_PLACEHOLDER,
    UNSANDBOXED_OPT_IN,
    SandboxRequest,
    SandboxRun,
    SandboxStarted,
    SandboxUnavailable,
)
from overlord.sandbox.bubblewrap import _remove_tree, write_scratch
from overlord.sandbox.limits import CgroupRoot, find_cgroup_root


class ProcessSandbox:
    """UNSAFE: runs steps as plain processes (limits, no isolation).

    Args:
        allow_unsandboxed: the caller's explicit opt-in; without it every run is refused.
        cgroup_root: where to make step cgroups; ``"auto"`` finds one, None forces rlimits.
        scratch_parent: host directory for scratch directories (the system temp dir when None).
    """

    name = "process"
    strong = False

    def __init__(self, allow_unsandboxed: bool = False,
                 cgroup_root: CgroupRoot | Literal["auto"] | None = "auto",
                 scratch_parent: str | None = None) -> None:
        self.allow_unsandboxed = allow_unsandboxed
        self.cgroup_root = find_cgroup_root() if isinstance(cgroup_root, str) else cgroup_root
        self.scratch_parent = scratch_parent

    def unavailable_reason(self) -> str | None:
        """Why this backend refuses: no opt-in given; else None."""
        if not self.allow_unsandboxed:
            return ("the process backend runs without isolation and needs the explicit opt-in "
                    f"{UNSANDBOXED_OPT_IN}")
        return None

    def run(self, request: SandboxRequest) -> SandboxRun:
        """Run the steps as plain processes, or refuse; see :class:`Sandbox`."""
        reason = self.unavailable_reason()
        if reason is None and request.strong_containment:
            reason = ("this call requires strong containment, which the process backend cannot "
                      f"give even with {UNSANDBOXED_OPT_IN}; install bubblewrap")
        if reason is not None:
            return SandboxRun((SandboxUnavailable(self.name, reason),))
        events: list = []
        scratch = Path(tempfile.mkdtemp(prefix="overlord-scratch-", dir=self.scratch_parent))
        outputs = Path(tempfile.mkdtemp(prefix="overlord-output-", dir=self.scratch_parent))
        try:
            write_scratch(scratch, request)
            env = {k: v.replace(SCRATCH_PLACEHOLDER, str(scratch)) for k, v in request.env}
            for step in request.steps:
                argv = [a.replace(SCRATCH_PLACEHOLDER, str(scratch)) for a in step.argv]
                outcome, containment = run_step(step.name, argv, env, str(scratch),
                                                request.limits, self.cgroup_root, outputs)
                events += [SandboxStarted(self.name, step.name, tuple(argv), containment), outcome]
                if not outcome.ok and step.stop_on_failure:
                    break
            return SandboxRun(tuple(events))
        finally:
            _remove_tree(scratch)
            _remove_tree(outputs)
