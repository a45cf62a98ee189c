"""Recording a gate report in the ledger: a :class:`~overlord.domain.gate_check.GateCheck`
with one signed event per axis and one for the verdict.

Each axis names the sandbox step its evidence was read from; that step's stdout and stderr
go to the blob store and the event carries their hashes (``*_blob``), so ``overlord verify``
checks them with the rest. Times come from the clock passed in.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Protocol

from overlord.domain.gate_check import GateCheck
from overlord.gate.runner import GateReport
from overlord.sandbox.base import SandboxExited, SandboxMemoryBreach, SandboxTimedOut, StepOutcome


class _Clock(Protocol):
    def now(self) -> datetime: ...


class _Blobs(Protocol):
    def put(self, data: bytes) -> str: ...


class _Ledger(Protocol):
    def append(self, *aggregates) -> list[int]: ...


def _step_for(report: GateReport, axis: str) -> StepOutcome | None:
    """The sandbox step whose output an axis's evidence came from, or None."""
    run = report.sandbox
    if run is None or axis not in ("execution", "coverage"):
        return None
    outcomes: list[StepOutcome] = [
        e for e in run.events
        if isinstance(e, (SandboxExited, SandboxTimedOut, SandboxMemoryBreach))]
    if not outcomes:
        return None
    if axis == "execution":
        for e in outcomes:  # a failed build step is the evidence when there is one
            if e.step.startswith("build") and not getattr(e, "ok", False):
                return e
        return run.outcome("test")
    reports = [e for e in outcomes if e.step.startswith("report")]
    return reports[-1] if reports else run.outcome("test")


def record_report(report: GateReport, *, ledger: _Ledger, blobs: _Blobs, clock: _Clock,
                  sandbox: str, run_id: str | None = None,
                  check_id: uuid.UUID | None = None) -> GateCheck:
    """Append one GateCheck (Started, four AxisRecorded, VerdictRecorded) to the ledger.

    Args:
        report: the gate's report.
        ledger: the ledger to append to (signed by its mapper).
        blobs: the blob store the step outputs go to.
        clock: gives every event its time.
        sandbox: the backend's name.
        run_id: the supervised run this check belongs to, if any.
        check_id: the aggregate id (a fresh one when None).
    """
    check = GateCheck.start(check_id=check_id or uuid.uuid4(), artifact=report.artifact,
                            language=report.language, sandbox=sandbox, run_id=run_id,
                            at=clock.now())
    for r in report.verdict.axes:
        step = _step_for(report, r.axis)
        out = blobs.put(step.stdout) if step is not None else None
        err = blobs.put(step.stderr) if step is not None else None
        check.record_axis(axis=r.axis, status=r.status, code=r.code, evidence=r.evidence,
                          stdout_blob=out, stderr_blob=err, at=clock.now())
    check.record_verdict(verdict=report.verdict.verdict, reason=report.verdict.reason,
                         at=clock.now())
    ledger.append(check)
    return check
