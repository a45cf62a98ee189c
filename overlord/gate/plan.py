"""The plan's contracts: backtick symbols followed by ``(``, e.g. `` `is_prime(n)` ``."""

from __future__ import annotations

import re

_CONTRACT = re.compile(r"`\s*([A-Za-z_][A-Za-z0-9_]*(?:(?:\.|::)[A-Za-z_][A-Za-z0-9_]*)*)\s*\(")


def plan_contracts(plan_text: str) -> tuple[str, ...]:
    """The symbol names the plan promises, in first-seen order, qualified names reduced to
    their last part (``Solution.add`` and ``solution::add`` name ``add``)."""
    seen: list[str] = []
    for m in _CONTRACT.finditer(plan_text):
        name = re.split(r"\.|::", m.group(1))[-1]
        if name not in seen:
            seen.append(name)
    return tuple(seen)
