"""Run limits as pure rules: fold what the runtime did into a :class:`Watch`, then ask
:func:`check_limits` whether a limit is crossed at a given time.

Nothing here reads a clock: every call is handed ``now_ns`` (monotonic nanoseconds, for
durations) and, for the deadline, ``now_utc``. The controller polls; a test advances a
number. Each crossed limit names its stop code (:class:`~overlord.domain.settlement.StopCode`)
and a one-line detail for people.

Liveness: output, turns and tool results are live. Reasoning (thinking) is live too, up to
``max_thinking_ms`` for one stretch of thinking; the same reasoning repeated is not live.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from overlord.domain.mission import Limits
from overlord.domain.settlement import StopCode

MS = 1_000_000  # nanoseconds per millisecond


# -- what the controller observes --------------------------------------------------------


@dataclass(frozen=True)
class Output:
    """The runtime wrote ``nbytes`` bytes (any stream)."""

    nbytes: int


@dataclass(frozen=True)
class TurnStarted:
    """The agent began a new model turn."""


@dataclass(frozen=True)
class Thinking:
    """The model streamed reasoning; ``digest`` names its content (same text, same digest)."""

    digest: str


@dataclass(frozen=True)
class ToolFinished:
    """A tool call returned. ``signature`` names the call (tool and its input); ``failed``
    whether it failed (a non-zero exit, an error result)."""

    signature: str
    failed: bool


@dataclass(frozen=True)
class Denied:
    """The guard denied a tool call (probes are not reported here)."""


Observation = Output | TurnStarted | Thinking | ToolFinished | Denied


@dataclass(frozen=True)
class Watch:
    """What the limits need to know of a run so far. Times are monotonic ns."""

    started_ns: int
    last_live_ns: int
    first_event_ns: int | None = None
    thinking_since_ns: int | None = None
    thoughts: frozenset[str] = frozenset()
    turns: int = 0
    output_bytes: int = 0
    failing_signature: str | None = None
    failing_count: int = 0
    denials: int = 0

    @classmethod
    def start(cls, now_ns: int) -> Watch:
        """A run that was spawned at ``now_ns`` and has said nothing yet."""
        return cls(started_ns=now_ns, last_live_ns=now_ns)


def observe(watch: Watch, obs: Observation, now_ns: int) -> Watch:
    """Fold one observation made at ``now_ns`` into ``watch``."""
    w = watch if watch.first_event_ns is not None else replace(watch, first_event_ns=now_ns)
    if isinstance(obs, Thinking):
        if obs.digest in w.thoughts:
            return w  # the same reasoning again: not a sign of life
        return replace(
            w,
            thoughts=w.thoughts | {obs.digest},
            last_live_ns=now_ns,
            thinking_since_ns=w.thinking_since_ns if w.thinking_since_ns is not None else now_ns,
        )
    live = replace(w, last_live_ns=now_ns, thinking_since_ns=None)
    if isinstance(obs, Output):
        return replace(live, output_bytes=live.output_bytes + max(0, obs.nbytes))
    if isinstance(obs, TurnStarted):
        return replace(live, turns=live.turns + 1)
    if isinstance(obs, ToolFinished):
        if not obs.failed:
            return replace(live, failing_signature=None, failing_count=0)
        if obs.signature == live.failing_signature:
            return replace(live, failing_count=live.failing_count + 1)
        return replace(live, failing_signature=obs.signature, failing_count=1)
    if isinstance(obs, Denied):
        return replace(w, denials=w.denials + 1)
    raise TypeError(f"not an observation: {obs!r}")


@dataclass(frozen=True)
class Crossed:
    """A limit was crossed: the stop code to settle with, and why."""

    stop_code: StopCode
    detail: str


def check_limits(
    watch: Watch, limits: Limits, *, now_ns: int, now_utc: datetime, max_denials: int | None = None
) -> Crossed | None:
    """The first limit ``watch`` has crossed at ``now_ns`` / ``now_utc``, or ``None``.

    Order, most absolute first: deadline, timeout, startup, output, turns, denials,
    repeated failure, thinking (reported as ``stall``), stall.
    """
    elapsed = now_ns - watch.started_ns
    if limits.deadline is not None and now_utc >= limits.deadline:
        return Crossed(StopCode.DEADLINE, f"the deadline {limits.deadline.isoformat()} passed")
    if limits.timeout_ms is not None and elapsed > limits.timeout_ms * MS:
        return Crossed(StopCode.TIMEOUT, f"ran {elapsed // MS} ms, over timeout_ms = {limits.timeout_ms}")
    if watch.first_event_ns is None:
        if limits.startup_timeout_ms is not None and elapsed > limits.startup_timeout_ms * MS:
            return Crossed(StopCode.STARTUP, f"no first event after {elapsed // MS} ms (startup_timeout_ms = {limits.startup_timeout_ms})")
        return None
    if limits.max_output_bytes is not None and watch.output_bytes > limits.max_output_bytes:
        return Crossed(StopCode.OUTPUT_LIMIT, f"{watch.output_bytes} bytes of output, over max_output_bytes = {limits.max_output_bytes}")
    if limits.max_turns is not None and watch.turns > limits.max_turns:
        return Crossed(StopCode.TURN_LIMIT, f"turn {watch.turns}, over max_turns = {limits.max_turns}")
    if max_denials is not None and watch.denials >= max_denials:
        return Crossed(StopCode.DENIAL_BUDGET, f"{watch.denials} denials reached max_denials = {max_denials}")
    if limits.max_repeated_failures is not None and watch.failing_count >= limits.max_repeated_failures:
        return Crossed(
            StopCode.REPEATED_FAILURE,
            f"the same call failed {watch.failing_count} times in a row (max_repeated_failures = {limits.max_repeated_failures})",
        )
    if (
        limits.max_thinking_ms is not None
        and watch.thinking_since_ns is not None
        and now_ns - watch.thinking_since_ns > limits.max_thinking_ms * MS
    ):
        return Crossed(StopCode.STALL, f"thinking for {(now_ns - watch.thinking_since_ns) // MS} ms, over max_thinking_ms = {limits.max_thinking_ms}")
    if limits.stall_timeout_ms is not None and now_ns - watch.last_live_ns > limits.stall_timeout_ms * MS:
        return Crossed(StopCode.STALL, f"no sign of life for {(now_ns - watch.last_live_ns) // MS} ms (stall_timeout_ms = {limits.stall_timeout_ms})")
    return None


# -- the loop probe (shadow mode: advises, never stops) -----------------------------------


@dataclass(frozen=True)
class LoopProbe:
    """Watches tool-call signatures for loops: the same call repeated, or two calls
    alternating. It only advises (the controller records an advisory event)."""

    recent: tuple[str, ...] = ()
    repeat: int = 3
    window: int = 6

    def see(self, signature: str) -> tuple[LoopProbe, str | None]:
        """Add one call; returns the new probe and an advisory (or ``None``)."""
        recent = (*self.recent, signature)[-self.window :]
        probe = replace(self, recent=recent)
        tail = recent[-self.repeat :]
        if len(tail) == self.repeat and len(set(tail)) == 1:
            return probe, f"the same call {self.repeat} times in a row"
        last4 = recent[-4:]
        if len(last4) == 4 and last4[0] == last4[2] and last4[1] == last4[3] and last4[0] != last4[1]:
            return probe, "two calls alternating"
        return probe, None
