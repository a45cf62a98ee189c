"""Python: ``solution.py`` + ``test_solution.py``, run by pytest under Overlord's harness
(:mod:`overlord.gate.sandboxed.pytest_harness`) with coverage.py and in-process mutants."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from overlord.gate.analysis import SourceAnalysis
from overlord.gate.pyast import analyze_python
from overlord.gate.sandboxed import source
from overlord.gate.toolchains.base import BASE_ENV, BuildPlan, MutationSettings, last_error_line
from overlord.sandbox import SandboxStep

HARNESS = "_overlord_harness.py"
SPEC = ".overlord-spec.json"
NONCE_FILE = ".overlord-nonce"

_BROKEN = ("SyntaxError", "IndentationError", "TabError", "ImportError", "ModuleNotFoundError")


class PythonToolchain:
    """Python with pytest and coverage.py, run by the interpreter Overlord itself runs on.

    One sandbox step: the harness compiles both files (a failure is ``fail:broken``), runs
    every test shape pytest knows with coverage of the solution, then the tests against
    mutants of each plan-named function in forked children.

    Args:
        python: the interpreter (defaults to the one running Overlord, whose environment
            holds pytest and coverage.py).
        mutation: the mutation settings (on by default).
    """

    language = "python"
    solution = "solution.py"
    test = "test_solution.py"
    coverage_tool: str | None = "coverage.py"
    mutates_in_harness = True

    def __init__(self, python: str | None = None, mutation: MutationSettings | None = None) -> None:
        self.python = python or sys.executable
        self.mutation = mutation or MutationSettings()

    def _prefixes(self) -> tuple[str, ...]:
        real = Path(os.path.realpath(self.python))
        venv = Path(self.python).parent.parent
        return tuple(dict.fromkeys([str(real.parent.parent), str(venv)]))

    def missing(self) -> str | None:
        """None when the interpreter, pytest and coverage.py are importable."""
        if not os.path.exists(self.python):
            return self.python
        try:
            import coverage  # noqa: F401
            import pytest  # noqa: F401
        except ImportError as e:
            return f"{e.name} (pip install {e.name})"
        return None

    def plan(self, nonce: str, contracts: tuple[str, ...] = ()) -> BuildPlan:
        """The harness step; ``contracts`` are the functions it mutates."""
        m = self.mutation
        spec = {"test": self.test, "solution": self.solution, "functions": list(contracts),
                "mutants": m.enabled, "budget_ms": m.budget_ms,
                "mutant_timeout_ms": m.mutant_timeout_ms, "operator_limit": m.operator_limit,
                "step_timeout_ms": BuildPlan.limits.timeout_ms}
        return BuildPlan(
            steps=(SandboxStep("test", (self.python, "-I", "-B", HARNESS, SPEC)),),
            files=((HARNESS, source("pytest_harness.py")),
                   (SPEC, json.dumps(spec).encode()), (NONCE_FILE, nonce.encode())),
            env=BASE_ENV + (("PYTHONDONTWRITEBYTECODE", "1"), ("PYTHONHASHSEED", "0"),
                            ("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")),
            read_only_paths=self._prefixes(),
        )

    def broken_words(self, stderr: str) -> str | None:
        """A SyntaxError or ImportError while loading the code means it never ran."""
        return last_error_line(stderr, _BROKEN)

    def analyze(self, path: str, source: str) -> SourceAnalysis:
        """Parse with ``ast``."""
        return analyze_python(path, source)
