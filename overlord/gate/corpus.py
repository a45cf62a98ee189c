"""The gate's own corpus: cases with the verdict each must get, written down in advance.

A case is a directory holding ``plan.md``, a solution, a test and ``expected.toml``::

    language = "python"
    verdict = "fail:stub"
    why = "hollow body: pass"

Running the corpus makes zero model calls.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from overlord.gate.axes import GateError
from overlord.gate.runner import GateReport, check_artifact
from overlord.gate.toolchains import Toolchain, all_toolchains
from overlord.gate.verdict import VERDICTS
from overlord.sandbox import Sandbox


@dataclass(frozen=True)
class CorpusCase:
    """One case and its expected verdict.

    Attributes:
        name: the directory name.
        path: the directory.
        language: the language the case is written in.
        expected: the verdict it must get (one of :data:`VERDICTS`).
        why: one line on what the case proves.
    """

    name: str
    path: Path
    language: str
    expected: str
    why: str
    origin: str = ""
    licence: str = ""
    twin_of: str | None = None

    @classmethod
    def from_dir(cls, path: Path) -> CorpusCase:
        """Read ``expected.toml``.

        Raises:
            GateError: when the file is missing or malformed, or the verdict is unknown.
        """
        try:
            data = tomllib.loads((path / "expected.toml").read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as e:
            raise GateError(f"corpus case {path.name}: cannot read expected.toml ({e})",
                            "write language, verdict and why in expected.toml") from e
        verdict = data.get("verdict")
        if verdict not in VERDICTS:
            raise GateError(f"corpus case {path.name}: unknown verdict {verdict!r}",
                            f"use one of {', '.join(VERDICTS)}")
        language = data.get("language")
        if not isinstance(language, str):
            raise GateError(f"corpus case {path.name}: no language in expected.toml")
        twin = data.get("twin_of")
        return cls(path.name, path, language, verdict, str(data.get("why", "")),
                   str(data.get("origin", "")), str(data.get("licence", "")),
                   str(twin) if twin else None)


@dataclass(frozen=True)
class CaseResult:
    """One case's outcome.

    Attributes:
        case: the case.
        got: the verdict given.
        report: the full gate report.
    """

    case: CorpusCase
    got: str
    report: GateReport

    @property
    def awaiting_toolchain(self) -> bool:
        """True when the verdict is off only because the language's toolchain is missing."""
        return self.got != self.case.expected and self.report.awaiting_toolchain is not None

    @property
    def ok(self) -> bool:
        """True when the verdict matches the one written in advance."""
        return self.got == self.case.expected

    def to_dict(self) -> dict:
        """A plain dict for JSON."""
        return {"case": self.case.name, "language": self.case.language,
                "expected": self.case.expected, "got": self.got, "ok": self.ok,
                "awaiting_toolchain": self.report.awaiting_toolchain,
                "axes": {r.axis: r.to_dict() for r in self.report.verdict.axes}}


@dataclass(frozen=True)
class CorpusSummary:
    """The whole corpus run.

    Attributes:
        results: one per case, in name order.
        model_calls: always 0: the corpus runs no model.
    """

    results: tuple[CaseResult, ...]
    model_calls: int = 0

    @property
    def matched(self) -> int:
        """Cases that got their expected verdict."""
        return sum(r.ok for r in self.results)

    @property
    def gaps(self) -> tuple[CaseResult, ...]:
        """Cases that got another verdict with their toolchain present."""
        return tuple(r for r in self.results if not r.ok and not r.awaiting_toolchain)

    @property
    def honest(self) -> tuple[int, int]:
        """(honest cases given ``pass``, honest cases): those expected to pass."""
        mine = [r for r in self.results if r.case.expected == "pass"]
        return sum(r.got == "pass" for r in mine), len(mine)

    @property
    def cheats_passing(self) -> tuple[int, int]:
        """(cases expected to fail or be unavailable that got ``pass``, such cases)."""
        mine = [r for r in self.results if r.case.expected != "pass"]
        return sum(r.got == "pass" for r in mine), len(mine)

    @property
    def awaiting(self) -> tuple[CaseResult, ...]:
        """Cases waiting for a toolchain (never counted as a pass)."""
        return tuple(r for r in self.results if r.awaiting_toolchain)

    def to_dict(self) -> dict:
        """A plain dict for JSON."""
        return {"matched": self.matched, "total": len(self.results),
                "honest_passed": self.honest[0], "honest": self.honest[1],
                "cheats_passing": self.cheats_passing[0], "cheats": self.cheats_passing[1],
                "gaps": [r.case.name for r in self.gaps],
                "awaiting_toolchain": [r.case.name for r in self.awaiting],
                "model_calls": self.model_calls,
                "results": [r.to_dict() for r in self.results]}


def load_corpus(root: str | Path) -> tuple[CorpusCase, ...]:
    """Every case under ``root`` (directories with an ``expected.toml``), by name.

    Raises:
        GateError: when ``root`` is not a directory or a case is malformed.
    """
    base = Path(root)
    if not base.is_dir():
        raise GateError(f"corpus {base} is not a directory", "pass the corpus directory")
    return tuple(CorpusCase.from_dir(p) for p in sorted(base.iterdir())
                 if (p / "expected.toml").is_file())


def run_corpus(cases: tuple[CorpusCase, ...], sandbox: Sandbox, *,
               toolchains: dict[str, Toolchain] | None = None,
               on_result: Callable[[CaseResult], None] | None = None) -> CorpusSummary:
    """Check every case; call ``on_result`` after each (for a progress bar)."""
    tcs = toolchains if toolchains is not None else all_toolchains()
    results = []
    for case in cases:
        report = check_artifact(case.path, sandbox, toolchains=tcs)
        result = CaseResult(case, report.verdict.verdict, report)
        results.append(result)
        if on_result is not None:
            on_result(result)
    return CorpusSummary(tuple(results))
