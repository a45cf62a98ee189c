"""Axis results: the four things the gate measures, each pass, fail or unavailable.

Pure values, no I/O. An axis that could not be measured is ``unavailable`` with a reason,
never a silent pass.
"""

from __future__ import annotations

from dataclasses import dataclass

from overlord.errors import OverlordError

#: The four axes, in the order they are reported.
AXES = ("execution", "coverage", "structural", "discipline")

#: Every status an axis can have.
STATUSES = ("pass", "fail", "unavailable")

#: The failure codes, and which axis may give each.
FAIL_CODES = {
    "fail:broken": ("execution", "structural"),
    "fail:test_fails": ("execution",),
    "fail:low_coverage": ("coverage",),
    "fail:stub": ("structural",),
    "fail:missing_symbol": ("structural",),
    "fail:hardcoded_answer": ("discipline",),
    "fail:swallowed_failure": ("discipline",),
}


class GateError(OverlordError):
    """The gate cannot start: no artifact, an unknown language, a malformed case file."""


@dataclass(frozen=True)
class AxisResult:
    """One axis's result.

    Attributes:
        axis: one of :data:`AXES`.
        status: ``pass``, ``fail`` or ``unavailable``.
        code: the failure code (``fail:broken`` ...) when status is ``fail``, else None.
        evidence: one or a few lines a person can check: the compiler's words, the counts,
            the hollow function and its shape, or why the axis could not be measured.

    Raises:
        GateError: for an unknown axis, status or code, or a code that does not fit.
    """

    axis: str
    status: str
    code: str | None
    evidence: str

    def __post_init__(self) -> None:
        if self.axis not in AXES:
            raise GateError(f"unknown axis {self.axis!r}")
        if self.status not in STATUSES:
            raise GateError(f"unknown axis status {self.status!r}")
        if self.status == "fail":
            if self.axis not in FAIL_CODES.get(self.code or "", ()):
                raise GateError(f"axis {self.axis} cannot fail with {self.code!r}")
        elif self.code is not None:
            raise GateError(f"a {self.status} axis result carries no code")

    @classmethod
    def passed(cls, axis: str, evidence: str) -> AxisResult:
        """A pass with its evidence."""
        return cls(axis, "pass", None, evidence)

    @classmethod
    def failed(cls, axis: str, code: str, evidence: str) -> AxisResult:
        """A fail with its code and evidence."""
        return cls(axis, "fail", code, evidence)

    @classmethod
    def unavailable(cls, axis: str, evidence: str) -> AxisResult:
        """Not measured, with the reason."""
        return cls(axis, "unavailable", None, evidence)

    def to_dict(self) -> dict:
        """A plain dict for JSON and the ledger."""
        return {"axis": self.axis, "status": self.status, "code": self.code,
                "evidence": self.evidence}
