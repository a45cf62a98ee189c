"""The run's recorder: the one path by which a supervised run's events reach the ledger.

Its policy is the design's rule that an act the ledger cannot record does not happen:

* :meth:`RunRecorder.apply` during the run: a write the ledger refuses raises
  :class:`RecordFailed` to the caller (who must not go on with the act: the decision service
  denies, the connector withholds the model's answer) and marks the run, so the controller
  stops it with stop code ``controller_error`` (:meth:`RunRecorder.stop_requested`);
* :meth:`RunRecorder.after_step` after the settlement: a failed after-step (restore the hook,
  the gate, a checkpoint, notify, the commit) is recorded as a ``Bookkeeping`` event and never
  changes the settlement; if even that cannot be written, it is logged.

Writers in several threads (the controller, the decision service, the connector) are
serialised: one load-change-save at a time. Each is a compare-and-swap on the run's stream
(:mod:`overlord.ledger.cas`): the run is read from a cache fast-forwarded with what others
appended (``overlord kill`` from another process, say), not replayed whole for every event,
and a write that lost a race to another writer is decided again on the run as it now is.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any
from uuid import UUID

import structlog

from overlord.adapters.clock import Clock
from overlord.domain.settlement import StopCode
from overlord.errors import EncodingError, LedgerError, NotFoundError, OverlordError

log = structlog.get_logger("overlord.recorder")


class RecordFailed(LedgerError):
    """The ledger refused one of the run's events; the act it recorded must not happen."""


class RunRecorder:
    """Writes one run's events.

    Args:
        ledger: the :class:`~overlord.ledger.application.Ledger` (``session.ledger``).
        run_id: the run's UUID.
        clock: gives each event its time.
    """

    def __init__(self, ledger: Any, run_id: UUID, clock: Clock) -> None:
        self.ledger = ledger
        self.run_id = run_id
        self.clock = clock
        self._lock = threading.Lock()
        self.failure: tuple[StopCode, str] | None = None

    def apply(self, change: Callable[[Any], None]) -> None:
        """Load the run, let ``change`` trigger events on it, save.

        Raises:
            RecordFailed: the change or the save failed; the run is marked to stop with
                ``controller_error``.
        """
        with self._lock:
            try:
                self.ledger.cas.apply(self.run_id, self._changing(change))
            except Exception as e:  # noqa: BLE001 - any failure to record is the same refusal
                detail = f"the ledger refused an event of the run ({type(e).__name__}: {_text(e)})"
                if self.failure is None:
                    self.failure = (StopCode.CONTROLLER_ERROR, detail[:500])
                _warn("recorder.refused", run_id=str(self.run_id), error=detail)
                raise RecordFailed(detail, "check the store (disk, database) and run `overlord verify`") from e

    def _changing(self, change: Callable[[Any], None]) -> Callable[[Any], tuple[Any, None]]:
        def decide(run: Any) -> tuple[Any, None]:
            if run is None:
                raise NotFoundError(f"no run {self.run_id} in the ledger")
            change(run)
            return run, None

        return decide

    def __call__(self, call: Any) -> None:
        """Record one decided tool call (a decision service's ``DecidedCall``) as
        ``ToolCallDecided``; an input the ledger cannot encode is kept as its ``repr``.

        Raises:
            RecordFailed: the decision could not be recorded (the call must then be denied).
        """
        d = call.decision
        fields = dict(tool=call.tool, input=call.input, digest=call.digest, decision=d.decision,
                      denial_class=d.denial_class.value if d.denial_class else None, reason=d.reason,
                      tool_use_id=call.tool_use_id, probe=call.probe)
        try:
            self.apply(lambda run: run.record_tool_call(**fields, at=self.clock.now()))
        except RecordFailed as e:
            cause = e.__cause__
            if isinstance(cause, OSError) or (isinstance(cause, LedgerError) and not isinstance(cause, EncodingError)):
                raise  # the store itself refused: retrying with a smaller input will not help
            self.failure = None  # an unencodable value: stringify and retry once
            fields["input"] = {"unencodable": repr(call.input)[:65536]}
            fields["reason"] = str(d.reason).encode("utf-8", "replace").decode("utf-8")
            self.apply(lambda run: run.record_tool_call(**fields, at=self.clock.now()))

    def stop_requested(self) -> tuple[StopCode, str] | None:
        """``(controller_error, why)`` once a write of the run failed, else ``None``."""
        return self.failure

    def after_step(self, step: str, action: Callable[[], object]) -> bool:
        """Run an after-step; a failure becomes a ``Bookkeeping`` event (or a log line when
        even that cannot be written). Returns whether the step succeeded. Never raises."""
        try:
            action()
            return True
        except Exception as e:  # noqa: BLE001 - an after-step never changes the settlement
            problem = _text(e)
        self.bookkeeping(step, problem)
        return False

    def bookkeeping(self, step: str, problem: str) -> None:
        """Record that after-step ``step`` failed (``Bookkeeping``). Never raises."""
        _warn("run.bookkeeping", run_id=str(self.run_id), step=step, problem=problem)
        try:
            with self._lock:
                self.ledger.cas.apply(self.run_id, self._changing(
                    lambda run: run.bookkeeping_failed(step=step, problem=problem[:500], at=self.clock.now())))
        except Exception as e:  # noqa: BLE001 - nothing more can be done than say so
            _warn("run.bookkeeping_unrecorded", run_id=str(self.run_id), step=step, error=_text(e))


def _text(e: BaseException) -> str:
    return e.diagnostics() if isinstance(e, OverlordError) else f"{type(e).__name__}: {e}"


def _warn(event: str, **kw: Any) -> None:
    try:
        log.warning(event, **kw)
    except Exception:  # noqa: BLE001 - logging never changes an outcome
        pass
