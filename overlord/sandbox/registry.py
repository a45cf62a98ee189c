"""The closed registry of sandbox backends, picked by short name."""

from __future__ import annotations

from overlord.sandbox.base import UNSANDBOXED_OPT_IN, Sandbox, SandboxError
from overlord.sandbox.bubblewrap import BubblewrapSandbox
from overlord.sandbox.process import ProcessSandbox

#: The backend names Overlord knows; ``docker`` is reserved for later.
BACKENDS = ("bubblewrap", "process")


def get_sandbox(name: str, *, allow_unsandboxed: bool = False) -> Sandbox:
    """Build the backend called ``name``.

    Args:
        name: one of :data:`BACKENDS`.
        allow_unsandboxed: the caller's opt-in for the process backend (the CLI passes it
            only when ``OVERLORD_ALLOW_UNSANDBOXED=1``).

    Raises:
        SandboxError: for an unknown name.
    """
    if name == "bubblewrap":
        return BubblewrapSandbox()
    if name == "process":
        return ProcessSandbox(allow_unsandboxed=allow_unsandboxed)
    raise SandboxError(f"unknown sandbox backend {name!r}", f"use one of {', '.join(BACKENDS)}")


def default_sandbox(*, allow_unsandboxed: bool = False) -> Sandbox:
    """Bubblewrap when it works here; else the process backend (which refuses without the
    opt-in, naming it: a run on it then comes back UNAVAILABLE)."""
    bwrap = BubblewrapSandbox()
    if bwrap.unavailable_reason() is None:
        return bwrap
    return ProcessSandbox(allow_unsandboxed=allow_unsandboxed)


__all__ = ["BACKENDS", "UNSANDBOXED_OPT_IN", "default_sandbox", "get_sandbox"]
