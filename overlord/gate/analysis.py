"""What a parser found in one source file, and the structural and discipline axes over it.

The language analysers (:mod:`overlord.gate.pyast` for Python, :mod:`overlord.gate.treesit`
for the others) turn source text into a :class:`SourceAnalysis`; the two axis functions here
are pure rules over those values.
"""

from __future__ import annotations

from dataclasses import dataclass

from overlord.gate.axes import AxisResult

#: The hollow-body shapes the structural axis names.
STUB_SHAPES = ("pass_body", "literal_return", "passthrough", "returns_argument",
               "empty_collection", "not_implemented", "todo_body")


@dataclass(frozen=True)
class FunctionInfo:
    """One function or method definition.

    Attributes:
        name: its bare name.
        line: 1-based line of the definition.
        stub_shape: one of :data:`STUB_SHAPES` when the body is hollow, else None.
    """

    name: str
    line: int
    stub_shape: str | None = None


@dataclass(frozen=True)
class Finding:
    """A discipline finding with the signals that corroborate it.

    Attributes:
        function: the enclosing function's name ('' at top level).
        line: 1-based line.
        signals: the corroborating signals seen (at least two to be a finding).
    """

    function: str
    line: int
    signals: tuple[str, ...]

    def describe(self) -> str:
        """``name (line N): signal, signal``."""
        return f"{self.function or '<module>'} (line {self.line}): {', '.join(self.signals)}"


@dataclass(frozen=True)
class SourceAnalysis:
    """The parsed facts of one file.

    Attributes:
        path: the file's name in the artifact.
        parse_error: the parser's words when the file does not parse, else None.
        defined: every function, method, class, struct and type name defined.
        functions: the functions and methods with their stub shapes.
        hardcoded: hard-coded answer findings.
        swallowed: swallowed failure findings.
        test_swallowed: read as a test file, the handlers that catch a failed assertion (or
            catch everything) and discard it, so a failing test exits 0.
        assertions: read as a test file, the asserting statements reachable from the test
            functions (assert, raise, ``assert*``/``fail`` calls, an expected-exception
            block); None when the analyser does not count them.
        checks: of those, the ones that compare a value derived from a solution call with
            something not derived from it (or assert a solution result's truth); None when
            the analyser does not count them.
    """

    path: str
    parse_error: str | None
    defined: frozenset[str] = frozenset()
    functions: tuple[FunctionInfo, ...] = ()
    hardcoded: tuple[Finding, ...] = ()
    swallowed: tuple[Finding, ...] = ()
    test_swallowed: tuple[Finding, ...] = ()
    assertions: int | None = None
    checks: int | None = None

    def checks_nothing(self) -> str | None:
        """Read as a test file: why its tests cannot have checked anything, or None.

        No asserting statement at all is "no test"; asserts that never compare a solution
        result with an independent expected value check nothing either. None when the file
        checks something or the analyser did not count.
        """
        if self.assertions == 0:
            return (f"{self.path}: the test functions assert nothing (no assert, raise or "
                    "assert* call): no test, stub axis not checked")
        if self.assertions and self.checks == 0:
            return (f"{self.path}: tests check nothing: no assert compares a solution result "
                    "with an independent expected value (stub axis not checked)")
        return None


def structural_axis(contracts: tuple[str, ...], solution: SourceAnalysis,
                    test: SourceAnalysis | None) -> AxisResult:
    """The structural axis: parse, plan contracts, hollow bodies.

    ``fail:broken`` when a file does not parse; ``fail:missing_symbol`` when a contract is
    not defined; ``fail:stub`` when a contracted function is hollow; ``unavailable`` when the
    plan names nothing checkable; else ``pass``.
    """
    for a in (solution, test):
        if a is not None and a.parse_error:
            return AxisResult.failed("structural", "fail:broken",
                                     f"{a.path} does not parse: {a.parse_error}")
    if not contracts:
        return AxisResult.unavailable(
            "structural", "the plan names nothing checkable (no `name(` contract): plan unusable")
    missing = [c for c in contracts if c not in solution.defined]
    if missing:
        return AxisResult.failed("structural", "fail:missing_symbol",
                                 f"plan names {', '.join(missing)} but {solution.path} never "
                                 "defines it")
    hollow = [f for f in solution.functions if f.name in contracts and f.stub_shape]
    if hollow:
        desc = "; ".join(f"{f.name} (line {f.line}) is {f.stub_shape}" for f in hollow)
        return AxisResult.failed("structural", "fail:stub", f"hollow body: {desc}")
    return AxisResult.passed("structural",
                             f"parsed; contracts {', '.join(contracts)} defined with real bodies")


def discipline_axis(solution: SourceAnalysis, test: SourceAnalysis | None = None,
                    contracts: tuple[str, ...] = ()) -> AxisResult:
    """The discipline axis: hard-coded answers, then swallowed failures (in the solution, then
    failed assertions discarded by the test file), else pass.

    A table of answers counts in a plan-named function (or one a plan-named function returns
    through), or in any function when the plan names none; a comparison method with a fixed
    answer (``Class.__eq__``) counts wherever it is.
    """
    if solution.parse_error:
        return AxisResult.unavailable("discipline", f"{solution.path} does not parse")
    hardcoded = [f for f in solution.hardcoded
                 if not contracts or "." in f.function or f.function in contracts]
    if hardcoded:
        return AxisResult.failed("discipline", "fail:hardcoded_answer", "hard-coded answer in " +
                                 "; ".join(f.describe() for f in hardcoded))
    if solution.swallowed:
        return AxisResult.failed("discipline", "fail:swallowed_failure", "failure swallowed in " +
                                 "; ".join(f.describe() for f in solution.swallowed))
    if test is not None and test.test_swallowed:
        return AxisResult.failed("discipline", "fail:swallowed_failure",
                                 f"failed assertions swallowed in {test.path}: " +
                                 "; ".join(f.describe() for f in test.test_swallowed))
    return AxisResult.passed("discipline", "no hard-coded answer, no swallowed failure")
