"""Could these tests fail? Measured: the tests are run against mutants of each plan-named
function, and a test suite that kills none of the mutants returning a wrong value checks
nothing.

A *mutant* is the solution with one plan-named function changed: its body raising, returning
None (or the language's zero value), returning its first argument, or one operator or
constant flipped. A mutant is *killed* when the tests fail on it (an assertion, an error, a
crash, a hang past its timeout). The body-raising mutant is killed by any test that merely
calls the function, so only the others (the *value* mutants) show that a result is checked.

Python mutates inside its harness (one process, a fork per mutant). For the other languages
:func:`source_mutants` rewrites the solution's source with the tree-sitter tree and the
mutants run in the sandbox through :mod:`overlord.gate.sandboxed.mutant_driver`, each rebuilt
and re-tested with the toolchain's own steps.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

#: The tag of the harness's mutation line (``OVERLORD-MUTATION <nonce> <json>``).
MUTATION_TAG = "OVERLORD-MUTATION"


@dataclass(frozen=True)
class Mutant:
    """One mutant's outcome.

    Attributes:
        function: the plan-named function it changes.
        kind: ``raise``, ``return_none``, ``return_arg`` or ``operator``.
        description: what changed (``returns None``, ``line 4: Lt->LtE``).
        outcome: ``killed``, ``killed_by_timeout``, ``killed_by_signal_N``, ``survived``,
            ``not_run`` (the budget ran out) or ``not_built`` (the mutant did not compile,
            so it says nothing about the tests).
    """

    function: str
    kind: str
    description: str
    outcome: str

    @property
    def killed(self) -> bool:
        """True when the tests noticed the mutant."""
        return self.outcome.startswith("killed")


@dataclass(frozen=True)
class FunctionMutation:
    """The mutants of one plan-named function.

    Attributes:
        function: its name.
        mutants: each mutant's outcome.
        why: when no mutant could be made, the reason.
    """

    function: str
    mutants: tuple[Mutant, ...]
    why: str | None = None

    @property
    def run(self) -> tuple[Mutant, ...]:
        """The mutants the tests ran against."""
        return tuple(m for m in self.mutants if m.outcome not in ("not_run", "not_built"))

    @property
    def killed(self) -> int:
        """How many mutants the tests killed."""
        return sum(m.killed for m in self.run)

    @property
    def value_killed(self) -> int:
        """How many mutants returning a wrong value the tests killed."""
        return sum(m.killed for m in self.run if m.kind != "raise")


@dataclass(frozen=True)
class MutationResult:
    """Every plan-named function's mutants.

    Attributes:
        functions: one entry per plan-named function, in plan order.
    """

    functions: tuple[FunctionMutation, ...]

    @property
    def score(self) -> tuple[int, int]:
        """(killed, run) over all functions."""
        return (sum(f.killed for f in self.functions),
                sum(len(f.run) for f in self.functions))

    def unchecked(self) -> tuple[FunctionMutation, ...]:
        """The functions whose tests killed no value mutant (or that could not be mutated)."""
        return tuple(f for f in self.functions if f.value_killed == 0)

    def evidence(self) -> str:
        """One line: the score, per function, and the timeouts and crashes among the kills."""
        killed, run = self.score
        parts = [f"{f.function} {f.killed}/{len(f.run)}" for f in self.functions]
        odd = [m for f in self.functions for m in f.mutants if m.outcome.startswith("killed_by")]
        tail = ""
        if odd:
            shown = ", ".join(f"{m.function} {m.description}: {m.outcome}" for m in odd[:3])
            tail = f"; {shown}" + (f" (+{len(odd) - 3} more)" if len(odd) > 3 else "")
        idle = sum(m.outcome == "not_run" for f in self.functions for m in f.mutants)
        unbuilt = sum(m.outcome == "not_built" for f in self.functions for m in f.mutants)
        if idle:
            tail += f"; {idle} not run (stopped at the first kill, or out of time)"
        if unbuilt:
            tail += f"; {unbuilt} did not build"
        return f"mutation score {killed}/{run} ({', '.join(parts)}){tail}"

    def why_unchecked(self) -> str | None:
        """Why the tests cannot vouch for the solution, or None when every function's tests
        killed a value mutant."""
        bad = self.unchecked()
        if not bad:
            return None
        lines = []
        for f in bad:
            if f.why and not f.mutants:
                lines.append(f"{f.function}: no mutant could be made ({f.why})")
                continue
            survived = [m.description for m in f.run if not m.killed]
            if not f.run:
                lines.append(f"{f.function}: no mutant ran ({len(f.mutants)} made, none run "
                             "or built)")
            else:
                lines.append(f"{f.function}: tests killed no mutant returning a wrong value "
                             f"(survived: {', '.join(survived[:4])})")
        return "tests check nothing: " + "; ".join(lines) + f" [{self.evidence()}]"

    def to_dict(self) -> dict:
        """A plain dict for JSON."""
        return {"score": list(self.score),
                "functions": {f.function: {"killed": f.killed, "run": len(f.run),
                                           "value_killed": f.value_killed, "why": f.why,
                                           "mutants": [[m.kind, m.description, m.outcome]
                                                       for m in f.mutants]}
                              for f in self.functions}}


def result_from_rows(rows: dict, functions: tuple[str, ...]) -> MutationResult:
    """Build the result from the harness's or driver's JSON rows
    (``{name: {"mutants": [[kind, description, outcome], ...], "why": ...}}``)."""
    out = []
    for name in functions:
        row = rows.get(name) or {}
        mutants = tuple(Mutant(name, str(k), str(d), str(o))
                        for k, d, o in row.get("mutants", ()))
        out.append(FunctionMutation(name, mutants, row.get("why")))
    return MutationResult(tuple(out))


def parse_mutation(output: str, nonce: str, functions: tuple[str, ...]) -> MutationResult | None:
    """The last mutation line stamped with ``nonce``, or None when there is none (or it does
    not parse: a forged or broken line is no measurement)."""
    pattern = re.compile(rf"^{MUTATION_TAG} {re.escape(nonce)} (\{{.*\}})\s*$", re.M)
    found = pattern.findall(output)
    if not found:
        return None
    try:
        rows = json.loads(found[-1])
        return result_from_rows(rows, functions) if isinstance(rows, dict) else None
    except (ValueError, TypeError):
        return None
