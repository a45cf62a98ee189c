"""The GateCheck aggregate: one run of the completion gate on one artifact.

Events: ``Started`` (which artifact, its language, the sandbox backend, the supervised run
it belongs to when there is one), one ``AxisRecorded`` per axis (status, failure code,
evidence, the sandbox step's output as blobs), then ``VerdictRecorded``.

Pure: every event is given its time by the caller (``at``: an aware UTC datetime from an
injected clock); nothing here reads a clock or does I/O.
"""

from __future__ import annotations

from datetime import datetime
from uuid import UUID

from eventsourcing.domain import Aggregate

from overlord.errors import OverlordError

#: The four axes, in the order the gate reports them.
GATE_AXES = ("execution", "coverage", "structural", "discipline")
#: An axis result's status.
AXIS_STATUSES = ("pass", "fail", "unavailable")


class GateCheckError(OverlordError):
    """An axis or verdict recorded out of order, twice, or with an unknown value."""


class GateCheck(Aggregate):
    """One gate check. State: the artifact, the axis results so far, the verdict."""

    TOPIC = "overlord.gate.GateCheck"

    class Event(Aggregate.Event):
        """An event of a gate check (the base of every event below; never stored itself)."""

    class Created(Event, Aggregate.Created):
        """``Started``: the gate started on ``artifact`` (``language``) in the ``sandbox``
        backend; ``run_id`` is the supervised run's id (a string) or None for a check on its
        own."""

        TOPIC = "overlord.gate.Started"

        artifact: str
        language: str
        sandbox: str
        run_id: str | None

        def summary(self) -> str:
            """One line for people."""
            run_id = getattr(self, "run_id", None)
            run = f" for run {run_id}" if run_id else ""
            return f"gate check of {self.artifact} ({self.language}) in {self.sandbox}{run}"

    class AxisRecorded(Event):
        """One axis's result: ``status`` pass/fail/unavailable, ``code`` (``fail:...``) on a
        fail else None, ``evidence``; the output of the sandbox step it was read from as
        blobs (hex sha256), None when no step ran for it."""

        TOPIC = "overlord.gate.AxisRecorded"

        axis: str
        status: str
        code: str | None
        evidence: str
        stdout_blob: str | None
        stderr_blob: str | None

        def apply(self, aggregate: GateCheck) -> None:
            aggregate.axes[self.axis] = (self.status, self.code)

        def summary(self) -> str:
            """One line for people."""
            return f"gate {self.axis}: {getattr(self, 'code', None) or self.status}: {str(getattr(self, 'evidence', ''))[:160]}"

    class VerdictRecorded(Event):
        """The verdict (``pass``, ``fail:...`` or ``unavailable``) and the rule that decided
        (``reason``)."""

        TOPIC = "overlord.gate.VerdictRecorded"

        verdict: str
        reason: str

        def apply(self, aggregate: GateCheck) -> None:
            aggregate.verdict = self.verdict

        def summary(self) -> str:
            """One line for people."""
            return f"gate verdict {self.verdict}: {self.reason}"

    def __init__(self, artifact: str, language: str, sandbox: str, run_id: str | None) -> None:
        self.artifact = artifact
        self.language = language
        self.sandbox = sandbox
        self.run_id = run_id
        self.axes: dict[str, tuple[str, str | None]] = {}
        self.verdict: str | None = None

    @classmethod
    def start(cls, *, check_id: UUID, artifact: str, language: str, sandbox: str,
              run_id: str | None, at: datetime) -> GateCheck:
        """Start a check (event ``Started``) at time ``at``."""
        return cls._create(cls.Created, id=check_id, timestamp=at, artifact=artifact,
                           language=language, sandbox=sandbox, run_id=run_id)

    def record_axis(self, *, axis: str, status: str, code: str | None, evidence: str,
                    stdout_blob: str | None, stderr_blob: str | None, at: datetime) -> None:
        """Record one axis's result (event ``AxisRecorded``).

        Raises:
            GateCheckError: an unknown axis or status, a code that does not fit the status,
                the axis already recorded, or the verdict already given.
        """
        if self.verdict is not None:
            raise GateCheckError(f"gate check {self.id}: the verdict is already recorded")
        if axis not in GATE_AXES or status not in AXIS_STATUSES:
            raise GateCheckError(f"gate check {self.id}: unknown axis result {axis}/{status}")
        if (status == "fail") != (code is not None and code.startswith("fail:")):
            raise GateCheckError(f"gate check {self.id}: axis {axis} {status} with code {code!r}")
        if axis in self.axes:
            raise GateCheckError(f"gate check {self.id}: axis {axis} recorded twice")
        self.trigger_event(self.AxisRecorded, timestamp=at, axis=axis, status=status, code=code,
                           evidence=evidence, stdout_blob=stdout_blob, stderr_blob=stderr_blob)

    def record_verdict(self, *, verdict: str, reason: str, at: datetime) -> None:
        """Record the verdict (event ``VerdictRecorded``), after all four axes.

        Raises:
            GateCheckError: an axis is missing, or the verdict is already recorded.
        """
        if self.verdict is not None:
            raise GateCheckError(f"gate check {self.id}: the verdict is already recorded")
        missing = [a for a in GATE_AXES if a not in self.axes]
        if missing:
            raise GateCheckError(f"gate check {self.id}: no result for axes {missing}")
        if verdict != "pass" and verdict != "unavailable" and not verdict.startswith("fail:"):
            raise GateCheckError(f"gate check {self.id}: unknown verdict {verdict!r}")
        self.trigger_event(self.VerdictRecorded, timestamp=at, verdict=verdict, reason=reason)
