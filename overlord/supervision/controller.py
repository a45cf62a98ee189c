"""The controller: spawn a runtime, read its native events, enforce limits, end it.

The runtime runs in its own process group. Two reader threads turn its stdout and stderr
into lines on a queue; the controller's loop takes them (or a poll tick), folds them into
the limits' :class:`~overlord.domain.limits.Watch`, records what matters as Run events,
writes a heartbeat to ``control.json``, and asks :func:`~overlord.domain.limits.check_limits`
whether to stop. On a crossed limit it records ``RunStopped`` and ends the whole process
group (SIGTERM, then SIGKILL): no child outlives the run.

Time comes from the two injected clocks (``monotonic_ns`` for durations, ``clock`` for event
times and the deadline); the limit rules themselves are pure and tested without a clock.
"""

from __future__ import annotations

import hashlib
import json
import os
import queue
import signal as signals
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, BinaryIO

import structlog

from overlord.adapters.clock import Clock
from overlord.domain import runtime_records as rr
from overlord.domain.limits import (
    Crossed,
    Denied,
    LoopProbe,
    Output,
    Thinking,
    ToolFinished,
    TurnStarted,
    Watch,
    check_limits,
    observe,
)
from overlord.domain.mission import Limits
from overlord.domain.settlement import StopCode
from overlord.errors import InputError
from overlord.files import replace_atomically
from overlord.inputs import SMALL_MAX_BYTES, read_input
from overlord.supervision.decision_service import canonical_digest

log = structlog.get_logger("overlord.controller")

ParseLine = Callable[[bytes], Iterable[Any]]
CANCEL_FILE = "cancel"  # beside control.json: its presence asks the controller to stop the run
STEER_FILE = "steer"  # beside control.json: a message; the attempt stops and resumes with it first


def parse_nothing(line: bytes) -> tuple[()]:
    """For runtimes with no native event stream: every line is only output."""
    return ()


SPOOL_MEMORY_BYTES = 1 << 20
"""Output kept in memory before a spool moves to a temporary file."""


def _control_text(path: Path, what: str) -> str:
    """The text of a run's control file, or ``""`` when it cannot be read (a FIFO, a link,
    over 1 MiB: read through the one capped reader, never blocking the controller)."""
    try:
        return read_input(path, what=what, max_bytes=SMALL_MAX_BYTES, follow_symlinks=False).decode("utf-8", "replace").strip()
    except InputError:
        return ""


class Spool:
    """One output stream of the runtime as it comes: written to a spooled temporary file
    (memory stays flat whatever the size) with its SHA-256 and byte count computed as it goes.
    ``echo`` also shows each chunk live (``overlord run -- CMD``)."""

    def __init__(self, echo: BinaryIO | None = None) -> None:
        self._file: IO[bytes] = tempfile.SpooledTemporaryFile(max_size=SPOOL_MEMORY_BYTES)  # noqa: SIM115
        self._digest = hashlib.sha256()
        self.size = 0
        self.echo = echo

    def write(self, chunk: bytes) -> None:
        """Append ``chunk`` (and echo it; a broken echo is dropped, never fatal)."""
        self._file.write(chunk)
        self._digest.update(chunk)
        self.size += len(chunk)
        if self.echo is not None:
            try:
                self.echo.write(chunk)
                self.echo.flush()
            except (OSError, ValueError):
                self.echo = None

    @property
    def sha256(self) -> str:
        """Lowercase hex SHA-256 of everything written."""
        return self._digest.hexdigest()

    def store(self, put_file: Callable[[BinaryIO, str], str]) -> str:
        """Store the bytes with ``put_file(reader, sha256)`` (a :meth:`BlobStore.put_file`)."""
        self._file.seek(0)
        return put_file(self._file, self.sha256)  # type: ignore[arg-type]

    def read(self) -> bytes:
        """Every byte written (for small outputs and tests)."""
        self._file.seek(0)
        data = self._file.read()
        self._file.seek(0, os.SEEK_END)
        return data

    def close(self) -> None:
        """Drop the temporary file."""
        self._file.close()


@dataclass
class Supervised:
    """What the controller saw: how it ended (``crossed`` when a limit stopped it), the
    exit, the runtime's own result (a :class:`~overlord.domain.runtime_records.Finished` or
    ``None``), its first session id, and its output as spools."""

    crossed: Crossed | None
    exit_code: int | None
    signal: int | None
    duration_ns: int
    stdout: Spool
    stderr: Spool
    result: rr.Finished | None = None
    session_id: str | None = None
    watch: Watch | None = None
    records: list[Any] = field(default_factory=list)
    forged: list[str] = field(default_factory=list)


class Controller:
    """Supervises one attempt of a runtime.

    Args:
        record: ``record(change)`` loads the run, applies ``change(run)`` and saves it
            (:meth:`~overlord.supervision.decision_service.RunRecorder.apply`).
        put_blob: stores bytes, returns their sha256 name.
        limits: the mission's limits. ``max_denials``: the guard's denial budget.
        denials: how many tool calls the guard has denied so far in this run.
        parse_line: the runtime's native event parser (bytes line -> records).
        control_path: where the heartbeat (``control.json``) is written.
        clock: event times and the deadline. monotonic_ns: durations.
        poll_ms: how often limits are checked when nothing arrives.
        stop_requested: polled each tick; ``(stop code, detail)`` stops the run.
        on_tick: called each tick with the watch and the elapsed ns (the CLI's status line).
        preexec: run in the child before exec (joins a memory cgroup, or sets RLIMIT_AS).
        truth: the run's :class:`~overlord.supervision.ground_truth.GroundTruth` (``None``: the
            stream is taken as it says). With it, model turns are counted from the answers the
            connector served (a line on stdout cannot add one), and each stream record is
            matched against the tool uses the model asked for: a forged one is a
            ``ForgeryRefused``, never a ToolUsed, ToolReturned or RuntimeResult.
    """

    def __init__(
        self,
        *,
        record: Callable[[Callable[[Any], None]], None],
        put_blob: Callable[[bytes], str],
        limits: Limits,
        max_denials: int | None,
        denials: Callable[[], int],
        parse_line: ParseLine,
        control_path: Path,
        clock: Clock,
        monotonic_ns: Callable[[], int] = time.monotonic_ns,
        poll_ms: int = 100,
        stop_requested: Callable[[], tuple[StopCode, str] | None] = lambda: None,
        on_tick: Callable[[Watch, int], None] | None = None,
        preexec: Callable[[], None] | None = None,
        truth: Any = None,
        record_turns: bool = False,
    ) -> None:
        self.truth = truth
        self.record_turns = record_turns
        self.record = record
        self.put_blob = put_blob
        self.limits = limits
        self.max_denials = max_denials
        self.denials = denials
        self.parse_line = parse_line
        self.control_path = control_path
        self.clock = clock
        self.monotonic_ns = monotonic_ns
        self.poll_s = poll_ms / 1000
        self.stop_requested = stop_requested
        self.on_tick = on_tick
        self.preexec = preexec
        self._seen_messages: set[str] = set()
        self._signatures: dict[str, str] = {}
        self._probe = LoopProbe()

    # -- the loop ------------------------------------------------------------------------

    def supervise(self, argv: Sequence[str], *, cwd: str, env: Mapping[str, str], stdin: int | None = None,
                  echo_stdout: BinaryIO | None = None, echo_stderr: BinaryIO | None = None) -> Supervised:
        """Run ``argv`` to its end or until a limit is crossed. ``stdin`` is the child's
        standard input (``None``: /dev/null; ``overlord run -- CMD`` passes the caller's);
        ``echo_*`` show the output live as well.

        Raises:
            OSError: the program could not be started (the caller settles the run).
        """
        start = self.monotonic_ns()
        if self.truth is not None:
            self.truth.begin_attempt()
        answers_seen = self.truth.answers() if self.truth is not None else 0
        proc = subprocess.Popen(
            list(argv), cwd=cwd, env=dict(env), stdin=subprocess.DEVNULL if stdin is None else stdin,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True, preexec_fn=self.preexec,
        )
        # bounded: when the controller falls behind, the readers block and so does the runtime's
        # write (back-pressure), so memory stays flat whatever the runtime prints
        lines: queue.Queue[tuple[str, bytes | None]] = queue.Queue(maxsize=QUEUE_CHUNKS)
        readers = [
            threading.Thread(target=_read_chunks, args=(proc.stdout, "out", lines), daemon=True),
            threading.Thread(target=_read_chunks, args=(proc.stderr, "err", lines), daemon=True),
        ]
        for t in readers:
            t.start()
        out, err = Spool(echo_stdout), Spool(echo_stderr)
        watch = Watch.start(start)
        seen = Supervised(None, None, None, 0, out, err)
        open_streams, exited_at = 2, None
        last_tick = start - int(self.poll_s * 1e9)
        pending = bytearray()  # stdout after its last newline: native events are whole lines
        try:
            while True:
                try:
                    stream, line = lines.get(timeout=self.poll_s)
                except queue.Empty:
                    stream, line = "", None
                    if open_streams == 0 and proc.poll() is not None:
                        break
                now = self.monotonic_ns()
                if stream and line is None:
                    open_streams -= 1
                elif line is not None:
                    (out if stream == "out" else err).write(line)
                    watch = observe(watch, Output(len(line)), now)
                    if stream == "out" and self.parse_line is not parse_nothing:
                        for full in _complete_lines(pending, line):
                            for rec in self.parse_line(full):
                                seen.records.append(rec)
                                watch = self._on_record(rec, watch, now, seen)
                while watch.denials < self.denials():
                    watch = observe(watch, Denied(), now)
                if self.truth is not None:  # model turns as the connector served them
                    served = self.truth.answers()
                    while answers_seen < served:
                        if self.record_turns:
                            self._record_served_turn(answers_seen)
                        answers_seen += 1
                        watch = observe(watch, TurnStarted(), now)
                ticked = now - last_tick >= self.poll_s * 1e9 or line is None
                if ticked:  # the heartbeat and the outside asks, once per poll; the limits every time
                    last_tick = now
                    self._heartbeat(proc, watch, now - start)
                    if self.on_tick is not None:
                        self.on_tick(watch, now - start)
                crossed = self._stop_reason(watch, now) if ticked else check_limits(
                    watch, self.limits, now_ns=now, now_utc=self.clock.now(), max_denials=self.max_denials)
                if crossed is not None:
                    seen.crossed = crossed
                    self._record_stop(crossed)
                    log.info("run.limit", stop_code=crossed.stop_code.value, detail=crossed.detail)
                    break
                if open_streams == 0 and proc.poll() is not None:
                    break
                if proc.poll() is not None:
                    # the runtime is gone but something holds its pipes: give it a moment
                    exited_at = exited_at or now
                    if now - exited_at > 2_000_000_000:
                        break
            if seen.crossed is None:
                # a stop asked for (a refused model call, an unrecorded write) while the runtime
                # was finishing stands: the runtime ended because of it
                asked = self.stop_requested()
                if asked is not None:
                    late = seen.crossed = Crossed(*asked)

                    def stop(run: Any) -> None:
                        run.stop(stop_code=late.stop_code.value, detail=late.detail, at=self.clock.now())

                    self.record(stop)
        finally:
            end_group(proc)
            # what the readers still have (draining unblocks a reader waiting on the full queue),
            # until both streams closed or a grace period passed (a grandchild holds a pipe)
            grace = time.monotonic() + 2.0
            while open_streams > 0 and (any(t.is_alive() for t in readers) or not lines.empty()):
                try:
                    stream, line = lines.get(timeout=0.05)
                except queue.Empty:
                    if time.monotonic() > grace:
                        break
                    continue
                if line is None:
                    open_streams -= 1
                else:
                    (out if stream == "out" else err).write(line)
        code = proc.returncode
        seen.exit_code, seen.signal = (code, None) if code >= 0 else (None, -code)
        seen.duration_ns = self.monotonic_ns() - start
        seen.watch = watch
        return seen

    def _record_stop(self, crossed: Crossed) -> None:
        """Record ``RunStopped`` for the limit that was crossed."""
        self.record(lambda run: run.stop(stop_code=crossed.stop_code.value, detail=crossed.detail, at=self.clock.now()))

    def _stop_reason(self, watch: Watch, now: int) -> Crossed | None:
        asked = self.stop_requested()
        if asked is not None:
            return Crossed(*asked)
        cancel = self.control_path.with_name(CANCEL_FILE)
        if os.path.lexists(cancel):  # `overlord kill` (or the witness's kill action) asks through the run's directory
            # anything there asks; its reason is read through the capped reader (no link, no FIFO)
            return Crossed(StopCode.CANCELLED, _control_text(cancel, "cancel file")[:200] or "cancelled")
        steer = self.control_path.with_name(STEER_FILE)
        if os.path.lexists(steer):
            message = _control_text(steer, "steer file")
            try:
                steer.unlink()
            except OSError:
                message = ""
            if message:
                return Crossed(StopCode.STEERED, message)
        return check_limits(watch, self.limits, now_ns=now, now_utc=self.clock.now(), max_denials=self.max_denials)

    # -- native events -> observations and Run events ----------------------------------

    def _record_served_turn(self, index: int) -> None:
        """A ``TurnRecorded`` for the ``index``-th answer the connector served (a runtime whose
        stream reports no turns of its own)."""
        assert self.truth is not None
        answer = self.truth.served_answer(index)
        if answer is None:
            return
        self.record(lambda run: run.record_turn(message_id=answer.message_id[:200], model=answer.model,
                                                input_tokens=answer.input_tokens, output_tokens=answer.output_tokens,
                                                at=self.clock.now()))

    def _forged(self, seen: Supervised, what: str) -> None:
        """A stream record the CLI cannot have printed: counted (as a denial, through the
        ground truth) and recorded as ``ForgeryRefused``; never recorded as what it claims."""
        seen.forged.append(what)
        if self.truth is not None:
            self.truth.tamper("stream", "", what)
        else:
            self.record(lambda run: run.record_forgery(source="stream", tool_use_id="", detail=what[:500],
                                                      at=self.clock.now()))

    def _on_record(self, rec: Any, watch: Watch, now: int, seen: Supervised) -> Watch:
        at = self.clock.now
        truth = self.truth
        if truth is not None and not isinstance(rec, rr.SessionStarted) and not (
                isinstance(rec, rr.Finished) and seen.result is not None):
            if not truth.genuine(rec, max_turns=self.limits.max_turns):
                seen.forged.append(f"a forged {type(rec).__name__} record")
                return watch
        if isinstance(rec, rr.SessionStarted):
            if seen.session_id is not None:  # one session start per attempt: a second one is not the CLI's
                self._forged(seen, f"a second session start ({rec.session_id[:80]!r}) in one attempt")
                return watch
            seen.session_id = rec.session_id
            self.record(lambda run: run.runtime_started(session_id=rec.session_id, model=rec.model, version=rec.version,
                                                        tools=len(rec.tools), at=at()))
            return watch
        if isinstance(rec, rr.Turn):
            if rec.thinking:
                watch = observe(watch, Thinking(hashlib.sha256(rec.thinking.encode("utf-8", "replace")).hexdigest()), now)
            if rec.message_id not in self._seen_messages and (self.truth is None or self.truth.known_turn(rec.message_id)):
                self._seen_messages.add(rec.message_id)
                if self.truth is None:  # else counted from the connector's answers
                    watch = observe(watch, TurnStarted(), now)
                self.record(lambda run: run.record_turn(
                    message_id=rec.message_id, model=rec.model, input_tokens=rec.input_tokens,
                    output_tokens=rec.output_tokens, at=at()))
            return watch
        if isinstance(rec, rr.ToolUsed):
            digest = canonical_digest(dict(rec.input))
            signature = f"{rec.name}:{digest}"
            self._signatures[rec.id] = signature
            self._probe, advice = self._probe.see(signature)
            self.record(lambda run: run.record_tool_use(tool_use_id=rec.id, name=rec.name, input_digest=digest, at=at()))
            if advice:
                self.record(lambda run: run.advise_loop(signature=signature, advice=advice, at=at()))
            return watch
        if isinstance(rec, rr.ToolReturned):
            blob = self.put_blob(rec.content.encode("utf-8", "replace"))
            self.record(lambda run: run.record_tool_result(tool_use_id=rec.tool_use_id, is_error=rec.is_error,
                                                           denied=rec.denied, content_blob=blob, at=at()))
            if rec.denied:
                return observe(watch, Output(0), now)  # counted by the guard, not as a failure
            signature = self._signatures.get(rec.tool_use_id, rec.tool_use_id)
            return observe(watch, ToolFinished(signature, rec.is_error), now)
        if isinstance(rec, rr.Finished):
            if seen.result is not None:  # one result per attempt
                self._forged(seen, f"a second result ({rec.subtype[:40]!r}) in one attempt")
                return watch
            seen.result = rec
            self.record(lambda run: run.record_result(
                subtype=rec.subtype, is_error=rec.is_error, num_turns=rec.num_turns, cost_micro_usd=rec.cost_micro_usd,
                session_id=rec.session_id, detail=(rec.result or "")[:500], at=at()))
            return watch
        return watch

    def _heartbeat(self, proc: subprocess.Popen, watch: Watch, elapsed_ns: int) -> None:
        try:
            replace_atomically(self.control_path, json.dumps({
                "pid": os.getpid(), "runtime_pid": proc.pid, "runtime_pgid": proc.pid,
                "heartbeat_utc": self.clock.now().isoformat(),
                "elapsed_ms": elapsed_ns // 1_000_000, "turns": watch.turns, "denials": watch.denials,
                "output_bytes": watch.output_bytes,
            }).encode())
        except OSError as e:  # bookkeeping: a heartbeat that cannot be written never stops a run
            log.warning("controller.heartbeat_failed", error=str(e))


MAX_LINE = 4 * 1024 * 1024  # a native event line longer than this is dropped, not held
QUEUE_CHUNKS = 64  # chunks of up to 64 KiB waiting for the controller: at most 4 MiB in flight


def _read_chunks(pipe: Any, name: str, out: queue.Queue) -> None:
    """Read whatever the pipe has (up to 64 KiB at a time): output is counted as it comes,
    whether or not it ends in a newline, so an output limit holds against a flood."""
    fd = pipe.fileno()
    try:
        while True:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            out.put((name, chunk))
    except (OSError, ValueError):
        pass
    finally:
        out.put((name, None))


def _complete_lines(pending: bytearray, chunk: bytes) -> list[bytes]:
    """Append ``chunk`` to ``pending`` and take out every complete line (with its newline)."""
    pending.extend(chunk)
    if b"\n" not in chunk:
        if len(pending) > MAX_LINE:
            del pending[:]
        return []
    head, _, tail = bytes(pending).rpartition(b"\n")
    pending[:] = tail
    return [line + b"\n" for line in head.split(b"\n")]


def end_group(proc: subprocess.Popen, grace_s: float = 2.0) -> None:
    """End the runtime's whole process group: SIGTERM, then SIGKILL after ``grace_s``."""
    for sig in (signals.SIGTERM, signals.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except (ProcessLookupError, PermissionError):
            break
        try:
            proc.wait(timeout=grace_s)
            # the leader is gone; SIGKILL the rest of the group in case anything lingers
            os.killpg(proc.pid, signals.SIGKILL)
        except subprocess.TimeoutExpired:
            continue
        except (ProcessLookupError, PermissionError):
            pass
        break
    if proc.poll() is None:
        proc.wait()

