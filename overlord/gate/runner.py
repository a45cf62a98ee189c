"""Check one artifact: detect its language, run it in the sandbox, measure the four axes.

This is the adapter side of the gate (it reads files and runs the sandbox); the axis rules
(:mod:`overlord.gate.analysis`) and the verdict (:mod:`overlord.gate.verdict`) stay pure.

An artifact is the agent's work, read on the host: only its regular files are read, each
opened without following a link (a ``solution.py`` that is a link to the log key is not a
solution file, and is never copied into the gate's sandbox).
"""

from __future__ import annotations

import os
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path

from overlord.gate.analysis import SourceAnalysis, discipline_axis, structural_axis
from overlord.gate.axes import AxisResult, GateError
from overlord.gate.coverage import parse_report
from overlord.gate.mutation import MutationResult, parse_mutation
from overlord.gate.plan import plan_contracts
from overlord.gate.toolchains import BuildPlan, Toolchain, all_toolchains
from overlord.gate.verdict import Verdict, decide
from overlord.sandbox import (
    Sandbox,
    SandboxExited,
    SandboxMemoryBreach,
    SandboxRequest,
    SandboxRun,
    SandboxTimedOut,
)

#: Below this whole percent of solution statements executed, coverage fails.
MIN_COVERAGE_PERCENT = 50


@dataclass(frozen=True)
class GateReport:
    """The gate's full answer on one artifact.

    Attributes:
        artifact: the artifact directory as given.
        language: the detected language.
        verdict: the verdict and its four axis results.
        sandbox: the sandbox run (events) when something ran, else None.
        awaiting_toolchain: the missing tool when the language's toolchain is not installed.
        mutation: the tests against mutants of the plan-named functions, when measured.
    """

    artifact: str
    language: str
    verdict: Verdict
    sandbox: SandboxRun | None
    awaiting_toolchain: str | None = None
    mutation: MutationResult | None = None

    def to_dict(self) -> dict:
        """``verdict``, ``axes`` and the context, for JSON and the ledger."""
        d = self.verdict.to_dict()
        d.update({"artifact": self.artifact, "language": self.language,
                  "awaiting_toolchain": self.awaiting_toolchain,
                  "mutation": self.mutation.to_dict() if self.mutation else None,
                  "sandbox": self.sandbox.to_dict() if self.sandbox else None})
        return d


def detect(artifact: Path, toolchains: dict[str, Toolchain]) -> Toolchain:
    """The toolchain whose solution file the artifact holds.

    Raises:
        GateError: when no known solution file (or more than one language) is present.
    """
    hits = [tc for tc in toolchains.values() if _is_regular(artifact / tc.solution)]
    if len(hits) != 1:
        names = ", ".join(sorted(tc.solution for tc in toolchains.values()))
        found = ", ".join(tc.solution for tc in hits) or "none"
        raise GateError(f"{artifact}: cannot tell the language (solution files found: {found})",
                        f"put exactly one of {names} in the artifact directory")
    return hits[0]


def _tail(data: bytes, lines: int = 6) -> str:
    text = data.decode("utf-8", errors="replace").strip().splitlines()
    return " | ".join(line.strip() for line in text[-lines:] if line.strip())[:800]


def _is_regular(path: Path) -> bool:
    """A regular file itself (a link is not followed)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _read_bytes(path: Path) -> bytes:
    """The bytes of the regular file ``path``, never through a link.

    Raises:
        OSError: a link, not a regular file, or unreadable.
    """
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            raise OSError(f"{path} is not a regular file")
        return f.read()


def _read(path: Path) -> str | None:
    try:
        return _read_bytes(path).decode("utf-8", errors="replace")
    except OSError:
        return None


def _execution(tc: Toolchain, run: SandboxRun, nonce: str) -> tuple[AxisResult, bool]:
    """The execution axis from the sandbox events; also whether the code ran at all."""
    refused = run.unavailable
    if refused is not None:
        return AxisResult.unavailable("execution", f"sandbox {refused.backend}: {refused.reason}"), False
    for event in run.events:
        step = getattr(event, "step", "")
        if not step.startswith("build"):
            continue
        if isinstance(event, SandboxExited) and not event.ok:
            return AxisResult.failed("execution", "fail:broken",
                                     f"{step} failed (exit {event.exit_code}): "
                                     f"{_tail(event.stderr + event.stdout)}"), False
        if isinstance(event, (SandboxTimedOut, SandboxMemoryBreach)):
            return AxisResult.unavailable("execution", f"{step} {event.kind} in the sandbox"), False
    test = run.outcome("test")
    if test is None:
        return AxisResult.unavailable("execution", "the test step did not run"), False
    if isinstance(test, SandboxTimedOut):
        return AxisResult.failed("execution", "fail:test_fails",
                                 f"tests ran past the {test.timeout_ms} ms timeout"), True
    if isinstance(test, SandboxMemoryBreach):
        return AxisResult.failed("execution", "fail:test_fails",
                                 f"tests went over {test.memory_bytes} bytes ({test.evidence})"), True
    report = parse_report(test.stdout.decode("utf-8", errors="replace"), nonce)
    stderr = test.stderr.decode("utf-8", errors="replace")
    if test.exit_code != 0:
        words = tc.broken_words(stderr)
        if words and (report is None or report.get("status") in (None, 3)):
            return AxisResult.failed("execution", "fail:broken",
                                     f"never ran (exit {test.exit_code}): {words}"), False
        return AxisResult.failed("execution", "fail:test_fails",
                                 f"tests failed (exit {test.exit_code}): "
                                 f"{_tail(test.stderr + test.stdout)}"), True
    if report is not None and report.get("tests") == 0:
        return AxisResult.unavailable("execution", "no test found: stub axis not checked"), True
    if report is not None and (report.get("failed") or 0) > 0:
        return AxisResult.failed("execution", "fail:test_fails",
                                 f"{report.get('failed')} test(s) failed"), True
    ran = f", {report.get('tests')} test(s) called" if report and report.get("tests") else ""
    return AxisResult.passed("execution", f"built and tests exited 0{ran}"), True


def _coverage(tc: Toolchain, run: SandboxRun, nonce: str, ran: bool) -> AxisResult:
    if tc.coverage_tool is None:
        why = getattr(tc, "coverage_unavailable", None)
        return AxisResult.unavailable("coverage",
                                      why or f"no coverage tool works for {tc.language} here")
    if not ran:
        return AxisResult.unavailable("coverage", "not measured: the code never ran")
    text = "".join(e.stdout.decode("utf-8", errors="replace") for e in run.events
                   if isinstance(e, SandboxExited) and (e.step == "test" or e.step.startswith("report")))
    report = parse_report(text, nonce)
    if report is None:
        return AxisResult.unavailable("coverage", "no coverage report from Overlord's harness")
    if report.get("tests") == 0:
        return AxisResult.unavailable("coverage", "no test: stub axis not checked")
    if report.statements == 0:
        return AxisResult.unavailable("coverage", f"{tc.solution} has no executable statements")
    scope = "in the plan-named functions " if report.get("plan_scope") else ""
    evidence = (f"{report.executed}/{report.statements} statements {scope}of {tc.solution} "
                f"executed ({report.percent}%, {tc.coverage_tool})")
    if report.percent < MIN_COVERAGE_PERCENT:
        return AxisResult.failed("coverage", "fail:low_coverage",
                                 f"{evidence}; under {MIN_COVERAGE_PERCENT}%")
    return AxisResult.passed("coverage", evidence)


def _mutation(tc: Toolchain, run: SandboxRun, nonce: str, contracts: tuple[str, ...],
              sandbox: Sandbox, files: tuple[tuple[str, bytes], ...], bp: BuildPlan,
              solution_src: str) -> MutationResult | None:
    """The tests against mutants: read from the harness's output (Python), or run as a
    second sandbox request of rebuilt mutants (the other languages)."""
    if not contracts:
        return None
    if getattr(tc, "mutates_in_harness", False):
        test = run.outcome("test")
        text = test.stdout.decode("utf-8", errors="replace") if test is not None else ""
        return parse_mutation(text, nonce, contracts)
    from overlord.gate.mutant_run import run_source_mutants

    return run_source_mutants(tc, sandbox, files, bp, solution_src, contracts, nonce)


def _vouch(execution: AxisResult, mutation: MutationResult | None,
           contracts: tuple[str, ...]) -> AxisResult:
    """A pass stands only when the tests killed a value mutant of every plan-named function;
    the mutation score joins its evidence."""
    if not contracts:
        return AxisResult.unavailable(
            "execution", "the plan names no function to mutate: the tests cannot be shown to "
            "check anything")
    if mutation is None:
        return AxisResult.unavailable(
            "execution", "no mutation measurement from the harness: the tests cannot be shown "
            "to check anything")
    why = mutation.why_unchecked()
    if why is not None:
        return AxisResult.unavailable("execution", why)
    return AxisResult.passed("execution", f"{execution.evidence}; {mutation.evidence()}")


def check_artifact(artifact: str | Path, sandbox: Sandbox, *,
                   toolchains: dict[str, Toolchain] | None = None,
                   nonce: str | None = None) -> GateReport:
    """Run the gate on one artifact directory.

    Args:
        artifact: a directory holding ``plan.md``, a solution and a test file.
        sandbox: the backend to build and run in.
        toolchains: the languages to detect among (all known when None).
        nonce: the coverage report's stamp (a fresh random one when None).

    Raises:
        GateError: when the directory is missing or its language cannot be told.
    """
    path = Path(artifact)
    if not path.is_dir():
        raise GateError(f"artifact {path} is not a directory", "pass the artifact directory")
    tcs = toolchains if toolchains is not None else all_toolchains()
    tc = detect(path, tcs)
    nonce = nonce or secrets.token_hex(16)
    solution_src = _read(path / tc.solution) or ""
    test_src = _read(path / tc.test)
    plan_src = _read(path / "plan.md")
    solution = tc.analyze(tc.solution, solution_src)
    test: SourceAnalysis | None = tc.analyze(tc.test, test_src) if test_src is not None else None
    if plan_src is None:
        structural = AxisResult.unavailable("structural", "no plan.md: nothing to check against")
    else:
        structural = structural_axis(plan_contracts(plan_src), solution, test)
    contracts = plan_contracts(plan_src) if plan_src is not None else ()
    discipline = discipline_axis(solution, test, contracts)
    missing = tc.missing()
    run: SandboxRun | None = None
    mutation: MutationResult | None = None
    if missing is not None:
        why = f"awaiting a toolchain: {missing} is not installed"
        execution = AxisResult.unavailable("execution", why)
        coverage = AxisResult.unavailable("coverage", why)
    elif test_src is None:
        execution = AxisResult.unavailable("execution", f"no {tc.test}: no test to run")
        coverage = AxisResult.unavailable("coverage", "no test: stub axis not checked")
    else:
        # Mutants only decide between pass and unavailable: when a static axis already fails
        # the verdict is that fail whatever they say, so they are not run.
        settled = next((a for a in (structural, discipline) if a.status == "fail"), None)
        bp = tc.plan(nonce, () if settled is not None else contracts)
        files = tuple((p.name, _read_bytes(p)) for p in sorted(path.iterdir())
                      if _is_regular(p)) + bp.files
        request = SandboxRequest(steps=bp.steps, files=files, env=bp.env,
                                 read_only_paths=bp.read_only_paths, limits=bp.limits,
                                 strong_containment=True)
        run = sandbox.run(request)
        execution, ran = _execution(tc, run, nonce)
        coverage = _coverage(tc, run, nonce, ran)
        if execution.status == "pass" and settled is not None:
            execution = AxisResult.unavailable(
                "execution", f"{execution.evidence}; not vouched for: mutants not run, the "
                f"{settled.axis} axis already gives {settled.code}")
        elif execution.status == "pass":
            mutation = _mutation(tc, run, nonce, contracts, sandbox, files, bp, solution_src)
            execution = _vouch(execution, mutation, contracts)
    verdict = decide((execution, coverage, structural, discipline))
    return GateReport(str(artifact), tc.language, verdict, run, missing, mutation)
