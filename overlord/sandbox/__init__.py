"""Sandboxes: run commands contained and return what happened as event values.

Backends: ``bubblewrap`` (default) and ``process`` (weaker, explicit opt-in only); see
:mod:`overlord.sandbox.base` for the interface and events.
"""

from overlord.sandbox.base import (
    SCRATCH_PLACEHOLDER,
    UNSANDBOXED_OPT_IN,
    Sandbox,
    SandboxError,
    SandboxEvent,
    SandboxExited,
    SandboxLimits,
    SandboxMemoryBreach,
    SandboxRequest,
    SandboxRun,
    SandboxStarted,
    SandboxStep,
    SandboxTimedOut,
    SandboxUnavailable,
)
from overlord.sandbox.registry import BACKENDS, default_sandbox, get_sandbox

__all__ = [
    "BACKENDS", "SCRATCH_PLACEHOLDER", "UNSANDBOXED_OPT_IN", "Sandbox", "SandboxError",
    "SandboxEvent", "SandboxExited", "SandboxLimits", "SandboxMemoryBreach", "SandboxRequest",
    "SandboxRun", "SandboxStarted", "SandboxStep", "SandboxTimedOut", "SandboxUnavailable",
    "default_sandbox", "get_sandbox",
]
