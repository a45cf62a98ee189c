"""The verdict: computed purely from the four axis results, most specific first.

1. ``fail:missing_symbol`` when the structural axis explains a failed build (a plan-named
   symbol never defined, so the build or link fails);
2. ``fail:broken`` (a file that does not parse, or a build that fails);
3. ``fail:stub``, ``fail:hardcoded_answer``, ``fail:swallowed_failure``, ``fail:test_fails``,
   ``fail:low_coverage``, then ``fail:missing_symbol`` when the build did not need it;
4. ``unavailable`` when any axis is unavailable;
5. ``pass`` only when all four pass.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from overlord.gate.axes import AXES, AxisResult, GateError

#: Every verdict the gate can give.
VERDICTS = ("pass", "fail:broken", "fail:test_fails", "fail:low_coverage", "fail:stub",
            "fail:missing_symbol", "fail:hardcoded_answer", "fail:swallowed_failure",
            "unavailable")

#: After a broken build: the failure codes in the order they win.
_ORDER = ("fail:stub", "fail:hardcoded_answer", "fail:swallowed_failure", "fail:test_fails",
          "fail:low_coverage", "fail:missing_symbol")


@dataclass(frozen=True)
class Verdict:
    """The gate's verdict on one artifact.

    Attributes:
        verdict: one of :data:`VERDICTS`.
        axes: the four axis results, in :data:`AXES` order.
        reason: which rule decided, one line.
    """

    verdict: str
    axes: tuple[AxisResult, ...]
    reason: str

    @property
    def passed(self) -> bool:
        """True only for ``pass``."""
        return self.verdict == "pass"

    def axis(self, name: str) -> AxisResult:
        """The result of the named axis."""
        for r in self.axes:
            if r.axis == name:
                return r
        raise GateError(f"no result for axis {name!r}")

    def to_dict(self) -> dict:
        """``{"verdict", "reason", "axes": {name: result}}`` for JSON and the ledger."""
        return {"verdict": self.verdict, "reason": self.reason,
                "axes": {r.axis: r.to_dict() for r in self.axes}}


def decide(results: Iterable[AxisResult]) -> Verdict:
    """Compute the verdict from exactly one result per axis.

    Raises:
        GateError: when an axis is missing or given twice.
    """
    by_axis: dict[str, AxisResult] = {}
    for r in results:
        if r.axis in by_axis:
            raise GateError(f"axis {r.axis} given twice")
        by_axis[r.axis] = r
    missing = [a for a in AXES if a not in by_axis]
    if missing:
        raise GateError(f"no result for axes {missing}")
    axes = tuple(by_axis[a] for a in AXES)
    codes = {r.code for r in axes if r.status == "fail"}
    execution, structural = by_axis["execution"], by_axis["structural"]
    if execution.code == "fail:broken" and structural.code == "fail:missing_symbol":
        return Verdict("fail:missing_symbol", axes,
                       "the build failed and a plan-named symbol is never defined")
    if "fail:broken" in codes:
        who = [r.axis for r in axes if r.code == "fail:broken"]
        return Verdict("fail:broken", axes, f"broken per {', '.join(who)}")
    for code in _ORDER:
        if code in codes:
            who = [r.axis for r in axes if r.code == code]
            return Verdict(code, axes, f"{code} per {', '.join(who)}")
    unavailable = [r.axis for r in axes if r.status == "unavailable"]
    if unavailable:
        return Verdict("unavailable", axes, f"not measured: {', '.join(unavailable)}")
    return Verdict("pass", axes, "all four axes pass")
