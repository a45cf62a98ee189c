"""The sandbox interface: requests in, event values out.

A sandbox runs a short sequence of commands (steps) in a fresh scratch directory that is
the only writable place, and returns what happened as frozen event values. It never saves
anything itself: the caller records the events in the ledger.

Every backend answers the same :class:`Sandbox` protocol and is picked by short name from the
closed registry in :mod:`overlord.sandbox.registry` (``bubblewrap``, ``process``; ``docker``
later). Five event kinds exist and each way a step can end is its own kind:

* :class:`SandboxStarted`: a step began.
* :class:`SandboxExited`: the step ended by itself (any exit code, or a signal it raised).
* :class:`SandboxTimedOut`: the step outlived its timeout; its whole process group was killed.
* :class:`SandboxMemoryBreach`: the step went over its memory limit and was stopped.
* :class:`SandboxUnavailable`: the backend refused or could not contain the run; nothing ran.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from overlord.errors import OverlordError

#: The environment variable (read by the CLI only) that opts in to the weaker process backend.
UNSANDBOXED_OPT_IN = "OVERLORD_ALLOW_UNSANDBOXED=1"

#: The placeholder replaced, in argv and env values, by the scratch path as the step sees it.
SCRATCH_PLACEHOLDER = "{scratch}"


class SandboxError(OverlordError):
    """A sandbox request is malformed (an empty step list, a path escaping the scratch)."""


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class SandboxLimits:
    """Resource limits for each step of a request.

    Attributes:
        timeout_ms: wall-clock limit per step, milliseconds; past it the process group is killed.
        memory_bytes: memory limit for everything the step starts, bytes.
        max_pids: most processes/threads the step may hold at once.
        max_file_bytes: largest file the step may write (stdout and stderr included), bytes.
    """

    timeout_ms: int = 60_000
    memory_bytes: int = 1024 * 1024 * 1024
    max_pids: int = 256
    max_file_bytes: int = 64 * 1024 * 1024

    def __post_init__(self) -> None:
        for name in ("timeout_ms", "memory_bytes", "max_pids", "max_file_bytes"):
            if getattr(self, name) <= 0:
                raise SandboxError(f"sandbox limit {name} must be positive", "pass a value > 0")


@dataclass(frozen=True)
class SandboxStep:
    """One command of a request.

    Attributes:
        name: a short label (``build``, ``test``), unique in its request.
        argv: the command; ``{scratch}`` is replaced by the scratch path seen inside.
        stop_on_failure: when True, a non-zero exit ends the request (later steps do not run).
    """

    name: str
    argv: tuple[str, ...]
    stop_on_failure: bool = True


@dataclass(frozen=True)
class SandboxRequest:
    """What to run and how.

    Attributes:
        steps: the commands, run one after the other in the same scratch directory.
        files: (relative path, content) pairs written into the scratch directory first.
        env: (name, value) pairs: the *whole* environment of each step (an allow-list; the
            host environment is never passed). ``{scratch}`` is replaced in values.
        read_only_paths: host paths the step may read beyond the system directories
            (a toolchain's prefix, an interpreter's home). Missing paths are skipped.
        limits: resource limits per step.
        strong_containment: True when the caller needs real isolation (no network, read-only
            system); a backend that cannot give it refuses with :class:`SandboxUnavailable`.
    """

    steps: tuple[SandboxStep, ...]
    files: tuple[tuple[str, bytes], ...] = ()
    env: tuple[tuple[str, str], ...] = ()
    read_only_paths: tuple[str, ...] = ()
    limits: SandboxLimits = field(default_factory=SandboxLimits)
    strong_containment: bool = True

    def __post_init__(self) -> None:
        if not self.steps:
            raise SandboxError("a sandbox request needs at least one step")
        names = [s.name for s in self.steps]
        if len(set(names)) != len(names):
            raise SandboxError(f"sandbox step names must be unique: {names}")
        for rel, _ in self.files:
            parts = rel.split("/")
            if rel.startswith("/") or ".." in parts or not rel:
                raise SandboxError(f"sandbox file path escapes the scratch directory: {rel!r}")


@dataclass(frozen=True)
class SandboxStarted:
    """A step began.

    Attributes:
        backend: the backend's short name.
        step: the step's name.
        argv: the command as run (placeholders replaced).
        containment: what held it (``cgroup-v1``, ``cgroup-v2``, ``rlimit``), for the record.
    """

    backend: str
    step: str
    argv: tuple[str, ...]
    containment: str

    kind = "started"

    def to_dict(self) -> dict:
        """A plain dict for the ledger (no floats)."""
        return {"kind": self.kind, "backend": self.backend, "step": self.step,
                "argv": list(self.argv), "containment": self.containment}


@dataclass(frozen=True)
class SandboxExited:
    """A step ended by itself.

    Attributes:
        step: the step's name.
        exit_code: the process's exit status; negative ``-N`` when it died of signal N.
        duration_ns: wall-clock duration, nanoseconds.
        peak_memory_bytes: the highest memory use seen, bytes (0 when it cannot be measured).
        stdout: everything the step printed on stdout (up to the file-size limit).
        stderr: everything the step printed on stderr (up to the file-size limit).
    """

    step: str
    exit_code: int
    duration_ns: int
    peak_memory_bytes: int
    stdout: bytes
    stderr: bytes

    kind = "exited"

    @property
    def ok(self) -> bool:
        """True when the step exited 0."""
        return self.exit_code == 0

    def to_dict(self) -> dict:
        """A plain dict for the ledger; output bytes are named by sha256 (stored as blobs)."""
        return {"kind": self.kind, "step": self.step, "exit_code": self.exit_code,
                "duration_ns": self.duration_ns, "peak_memory_bytes": self.peak_memory_bytes,
                "stdout_sha256": _sha256(self.stdout), "stderr_sha256": _sha256(self.stderr)}

    def blobs(self) -> dict[str, bytes]:
        """The output blobs by sha256, for the content-addressed store."""
        return {_sha256(self.stdout): self.stdout, _sha256(self.stderr): self.stderr}


@dataclass(frozen=True)
class SandboxTimedOut:
    """A step outlived its timeout; every process of it was killed.

    Attributes:
        step: the step's name.
        timeout_ms: the limit that was passed, milliseconds.
        duration_ns: time until the kill, nanoseconds.
        stdout: output up to the kill.
        stderr: output up to the kill.
    """

    step: str
    timeout_ms: int
    duration_ns: int
    stdout: bytes
    stderr: bytes

    kind = "timed_out"
    ok = False

    def to_dict(self) -> dict:
        """A plain dict for the ledger; output bytes are named by sha256."""
        return {"kind": self.kind, "step": self.step, "timeout_ms": self.timeout_ms,
                "duration_ns": self.duration_ns, "stdout_sha256": _sha256(self.stdout),
                "stderr_sha256": _sha256(self.stderr)}


@dataclass(frozen=True)
class SandboxMemoryBreach:
    """A step went over its memory limit and was stopped.

    Attributes:
        step: the step's name.
        memory_bytes: the limit, bytes.
        peak_memory_bytes: the highest use seen, bytes (0 when unknown).
        duration_ns: time until it was stopped, nanoseconds.
        evidence: how the breach was seen (``oom_kill count 1``, the allocator's words).
        stdout: output up to the stop.
        stderr: output up to the stop.
    """

    step: str
    memory_bytes: int
    peak_memory_bytes: int
    duration_ns: int
    evidence: str
    stdout: bytes
    stderr: bytes

    kind = "memory_breach"
    ok = False

    def to_dict(self) -> dict:
        """A plain dict for the ledger; output bytes are named by sha256."""
        return {"kind": self.kind, "step": self.step, "memory_bytes": self.memory_bytes,
                "peak_memory_bytes": self.peak_memory_bytes, "duration_ns": self.duration_ns,
                "evidence": self.evidence, "stdout_sha256": _sha256(self.stdout),
                "stderr_sha256": _sha256(self.stderr)}


@dataclass(frozen=True)
class SandboxUnavailable:
    """Nothing ran: the backend refused or cannot contain the run.

    Attributes:
        backend: the backend's short name.
        reason: one line saying why and what to do (names the opt-in when it applies).
    """

    backend: str
    reason: str

    kind = "unavailable"
    ok = False

    def to_dict(self) -> dict:
        """A plain dict for the ledger."""
        return {"kind": self.kind, "backend": self.backend, "reason": self.reason}


SandboxEvent = SandboxStarted | SandboxExited | SandboxTimedOut | SandboxMemoryBreach | SandboxUnavailable
StepOutcome = SandboxExited | SandboxTimedOut | SandboxMemoryBreach


@dataclass(frozen=True)
class SandboxRun:
    """The events of one request, in order.

    Attributes:
        events: SandboxStarted and an outcome for each step that ran, or one SandboxUnavailable.
    """

    events: tuple[SandboxEvent, ...]

    @property
    def unavailable(self) -> SandboxUnavailable | None:
        """The refusal, when nothing ran."""
        for e in self.events:
            if isinstance(e, SandboxUnavailable):
                return e
        return None

    def outcome(self, step: str) -> StepOutcome | None:
        """The outcome of the named step, or None when it did not run."""
        for e in self.events:
            if isinstance(e, (SandboxExited, SandboxTimedOut, SandboxMemoryBreach)) and e.step == step:
                return e
        return None

    @property
    def last(self) -> SandboxEvent:
        """The last event (the outcome of the last step that ran, or the refusal)."""
        return self.events[-1]

    def to_dict(self) -> dict:
        """A plain dict for the ledger."""
        return {"events": [e.to_dict() for e in self.events]}


@runtime_checkable
class Sandbox(Protocol):
    """A backend that runs a :class:`SandboxRequest` and returns a :class:`SandboxRun`.

    ``run`` never raises for anything the contained program does; a request it cannot honour
    comes back as a run holding one :class:`SandboxUnavailable`.
    """

    name: str
    #: True when the backend isolates network and file system (bubblewrap, docker).
    strong: bool

    def unavailable_reason(self) -> str | None:
        """Why this backend cannot run here, or None when it can."""
        ...

    def run(self, request: SandboxRequest) -> SandboxRun:
        """Run every step of the request in one fresh scratch directory; return its events."""
        ...
