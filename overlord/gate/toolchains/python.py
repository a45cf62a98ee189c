"""Python: ``solution.py`` + ``test_solution.py``; coverage.py under Overlord's own harness."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from overlord.gate.analysis import SourceAnalysis
from overlord.gate.pyast import analyze_python
from overlord.gate.toolchains.base import BASE_ENV, BuildPlan, last_error_line
from overlord.sandbox import SandboxStep

HARNESS = "_overlord_harness.py"

#: Overlord's harness: measures solution.py with coverage.py, imports the test module, calls
#: every top-level ``test_*`` function itself, and prints its report line last. The nonce is
#: taken from argv and removed before the tests are imported. Exit 0 all passed, 1 a test
#: failed, 3 the tests could not be loaded (never ran), 4 no test found.
HARNESS_SOURCE = r'''
import sys, os, traceback, inspect
nonce = sys.argv.pop(1)
test_module, solution_file = sys.argv[1], os.path.abspath(sys.argv[2])
del sys.argv[1:]
sys.path.insert(0, os.getcwd())
import coverage
cov = coverage.Coverage(data_file=None, include=[solution_file], branch=False)
status, ran, failed = 0, 0, 0
cov.start()
try:
    try:
        mod = __import__(test_module)
    except BaseException:
        traceback.print_exc()
        status = 3
    else:
        tests = [(n, f) for n, f in vars(mod).items()
                 if n.startswith("test_") and inspect.isfunction(f)
                 and f.__module__ == mod.__name__]
        for name, fn in tests:
            ran += 1
            try:
                fn()
            except BaseException:
                failed += 1
                print(f"FAILED {name}", file=sys.stderr)
                traceback.print_exc()
        if ran == 0:
            status = 4
        elif failed:
            status = 1
finally:
    cov.stop()
try:
    _, statements, _, missing, _ = cov.analysis2(solution_file)
    executed = len(statements) - len(missing)
    total = len(statements)
except Exception:
    executed = total = 0
sys.stdout.flush(); sys.stderr.flush()
print(f"OVERLORD-COVERAGE {nonce} executed={executed} statements={total} tests={ran} "
      f"failed={failed} status={status}", flush=True)
os._exit(status)
'''

_BROKEN = ("SyntaxError", "IndentationError", "TabError", "ImportError", "ModuleNotFoundError")


class PythonToolchain:
    """Python with coverage.py, run by the interpreter Overlord itself runs on.

    Args:
        python: the interpreter (defaults to the one running Overlord, whose environment
            holds coverage.py).
    """

    language = "python"
    solution = "solution.py"
    test = "test_solution.py"
    coverage_tool: str | None = "coverage.py"

    def __init__(self, python: str | None = None) -> None:
        self.python = python or sys.executable

    def _prefixes(self) -> tuple[str, ...]:
        real = Path(os.path.realpath(self.python))
        venv = Path(self.python).parent.parent
        return tuple(dict.fromkeys([str(real.parent.parent), str(venv)]))

    def missing(self) -> str | None:
        """None when the interpreter and coverage.py are importable."""
        if not os.path.exists(self.python):
            return self.python
        try:
            import coverage  # noqa: F401
        except ImportError:
            return "coverage.py (pip install coverage)"
        return None

    def plan(self, nonce: str) -> BuildPlan:
        """Compile both files, then run the harness."""
        compile_code = ("import sys\nfor f in sys.argv[1:]:\n"
                        "    compile(open(f, encoding='utf-8').read(), f, 'exec')\n")
        return BuildPlan(
            steps=(
                SandboxStep("build", (self.python, "-I", "-B", "-c", compile_code,
                                      self.solution, self.test)),
                SandboxStep("test", (self.python, "-I", "-B", HARNESS, nonce,
                                     self.test[:-3], self.solution)),
            ),
            files=((HARNESS, HARNESS_SOURCE.encode()),),
            env=BASE_ENV + (("PYTHONDONTWRITEBYTECODE", "1"), ("PYTHONHASHSEED", "0")),
            read_only_paths=self._prefixes(),
        )

    def broken_words(self, stderr: str) -> str | None:
        """A SyntaxError or ImportError while loading the tests means the code never ran."""
        return last_error_line(stderr, _BROKEN)

    def analyze(self, path: str, source: str) -> SourceAnalysis:
        """Parse with ``ast``."""
        return analyze_python(path, source)
