"""The per-language toolchain interface.

A toolchain says which files make an artifact, what to run in the sandbox (build, test,
coverage report), how to read the results in the compiler's and interpreter's own words,
and how to parse the source for the structural and discipline axes.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from overlord.gate.analysis import SourceAnalysis
from overlord.sandbox import SandboxLimits, SandboxStep

#: The environment every toolchain starts from (an allow-list; never the host's).
BASE_ENV = (("PATH", "/usr/local/bin:/usr/bin:/bin"), ("HOME", "{scratch}"),
            ("TMPDIR", "{scratch}/tmp"), ("LANG", "C.UTF-8"), ("LC_ALL", "C.UTF-8"))


@dataclass(frozen=True)
class BuildPlan:
    """What the sandbox runs for one artifact.

    Attributes:
        steps: build steps (a failure there is ``fail:broken``) named ``build*``, then the
            ``test`` step, then any ``report*`` steps (coverage) that run even if tests fail.
        files: extra files (harnesses) to place beside the artifact's files.
        env: the whole environment of each step.
        read_only_paths: toolchain directories to bind read-only.
        limits: resource limits per step.
    """

    steps: tuple[SandboxStep, ...]
    files: tuple[tuple[str, bytes], ...] = ()
    env: tuple[tuple[str, str], ...] = BASE_ENV
    read_only_paths: tuple[str, ...] = ()
    limits: SandboxLimits = SandboxLimits(timeout_ms=60_000, memory_bytes=2 * 1024 ** 3,
                                          max_pids=256)


@dataclass(frozen=True)
class MutationSettings:
    """How the tests are measured against mutants of the plan-named functions.

    Attributes:
        enabled: False only for a measurement of the gate without mutants (bench/mutation.py):
            then execution cannot vouch for the tests and is unavailable.
        budget_ms: wall-clock budget for all mutants of one artifact, milliseconds; mutants
            left when it runs out are recorded as not run.
        mutant_timeout_ms: most one mutant's test run may take, milliseconds (the harness
            lowers it to ten times the tests' own time, never below one second); a mutant
            still running then is killed, and counts as killed by its tests.
        operator_limit: most operator/constant mutants per function, spread over its body.
    """

    enabled: bool = True
    budget_ms: int = 25_000
    mutant_timeout_ms: int = 5_000
    operator_limit: int = 8


@runtime_checkable
class Toolchain(Protocol):
    """One language's toolchain.

    Attributes:
        language: the short name (``python``, ``c`` ...).
        solution: the solution file's name.
        test: the test file's name.
        coverage_tool: the real tool measuring coverage, or None when none works here.
    """

    language: str
    solution: str
    test: str
    coverage_tool: str | None

    def missing(self) -> str | None:
        """The first tool this language needs that is not installed, or None."""
        ...

    def plan(self, nonce: str, contracts: tuple[str, ...] = ()) -> BuildPlan:
        """The sandbox steps for this run (the nonce stamps the coverage report; a toolchain
        that mutates inside its harness mutates the ``contracts``)."""
        ...

    def broken_words(self, stderr: str) -> str | None:
        """When the test step's output shows the program never ran (a compile, load or link
        error in the tool's own words), that line; else None."""
        ...

    def analyze(self, path: str, source: str) -> SourceAnalysis:
        """Parse one source file for the structural and discipline axes."""
        ...


#: The PATH the sandbox steps see (from :data:`BASE_ENV`): a tool is present only when the
#: sandbox will find it there (a rustup proxy under ``~/.cargo/bin`` is not inside).
SANDBOX_PATH = dict(BASE_ENV)["PATH"]


def first_missing(*tools: str) -> str | None:
    """The first of ``tools`` not found on the sandbox's PATH (or, given as an absolute path,
    not present), or None."""
    for t in tools:
        if t.startswith("/"):
            if not os.path.exists(t):
                return t
        elif shutil.which(t, path=SANDBOX_PATH) is None:
            return t
    return None


def last_error_line(text: str, words: tuple[str, ...]) -> str | None:
    """The last line of ``text`` holding one of ``words``, stripped, or None."""
    hit = None
    for line in text.splitlines():
        if any(w in line for w in words):
            hit = line.strip()
    return hit
