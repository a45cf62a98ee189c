"""Reading Overlord's own coverage report: the last nonce-stamped line wins.

Every harness prints, last, one line ``OVERLORD-COVERAGE <nonce> executed=<n> statements=<n>``
(optionally with more ``key=<int>`` fields). The code under test does not know the per-run
nonce, and a line it prints earlier loses to the harness's last one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

REPORT_TAG = "OVERLORD-COVERAGE"


@dataclass(frozen=True)
class CoverageReport:
    """Counts from one harness report.

    Attributes:
        executed: solution statements (lines) the tests executed.
        statements: solution statements (lines) in total.
        extra: any further integer fields the harness printed (``tests``, ``failed``).
    """

    executed: int
    statements: int
    extra: tuple[tuple[str, int], ...] = ()

    @property
    def percent(self) -> int:
        """Whole percent executed (0 when there are no statements)."""
        return (100 * self.executed) // self.statements if self.statements else 0

    def get(self, key: str, default: int | None = None) -> int | None:
        """An extra field by name."""
        return dict(self.extra).get(key, default)


def report_line(nonce: str, executed: int, statements: int, **extra: int) -> str:
    """The line a harness prints (used by the harnesses Overlord writes)."""
    tail = "".join(f" {k}={v}" for k, v in extra.items())
    return f"{REPORT_TAG} {nonce} executed={executed} statements={statements}{tail}"


def parse_report(output: str, nonce: str) -> CoverageReport | None:
    """The last report line stamped with ``nonce`` in ``output``, or None when there is none."""
    pattern = re.compile(rf"^{REPORT_TAG} {re.escape(nonce)} ((?:[a-z_]+=\d+ ?)+)\s*$", re.M)
    matches = pattern.findall(output)
    if not matches:
        return None
    fields = dict((k, int(v)) for k, v in (kv.split("=") for kv in matches[-1].split()))
    if "executed" not in fields or "statements" not in fields:
        return None
    extra = tuple((k, v) for k, v in fields.items() if k not in ("executed", "statements"))
    return CoverageReport(fields["executed"], fields["statements"], extra)
