"""Mutants of a compiled or scripted (non-Python) solution, run as a second sandbox request.

The mutants are made here from the tree-sitter tree (:mod:`overlord.gate.tsmutate`) and
written beside the artifact; inside the sandbox Overlord's driver
(:mod:`overlord.gate.sandboxed.mutant_driver`) rebuilds and re-tests each with the
toolchain's own build and test steps.
"""

from __future__ import annotations

import json
import secrets
import sys

from overlord.gate.mutation import MutationResult, parse_mutation, result_from_rows
from overlord.gate.sandboxed import source
from overlord.gate.toolchains.base import BuildPlan, Toolchain
from overlord.gate.tsmutate import source_mutants
from overlord.sandbox import Sandbox, SandboxLimits, SandboxRequest, SandboxStep

DRIVER = "_overlord_mutants.py"
MANIFEST = ".overlord-mutants.json"

#: Languages whose build is slow enough that a function's mutants stop at the first value
#: mutant killed (the rule needs one); JavaScript runs them all.
_STOP_EARLY = {"c", "cpp", "java", "go", "csharp", "rust", "typescript"}
#: Operator mutants per function, by how long one build takes.
_OPERATORS = {"javascript": 6}


def run_source_mutants(tc: Toolchain, sandbox: Sandbox, files: tuple[tuple[str, bytes], ...],
                       bp: BuildPlan, solution_src: str, contracts: tuple[str, ...],
                       nonce: str) -> MutationResult | None:
    """Build and test every mutant of the plan-named functions in one sandbox request; the
    result, or None when the driver gave no measurement."""
    by_function = source_mutants(tc.language, solution_src, contracts,
                                 operator_limit=_OPERATORS.get(tc.language, 3))
    order = {"return_none": 0, "return_arg": 1, "operator": 2, "raise": 3}
    mutants = []
    extra: list[tuple[str, bytes]] = []
    for name in contracts:
        for i, m in enumerate(sorted(by_function.get(name, []), key=lambda m: order[m.kind])):
            path = f".overlord-mutant-src/{name}-{i}"
            extra.append((path, m.source))
            mutants.append([name, m.kind, m.description, path])
    if not mutants:
        rows = {name: {"mutants": [], "why": f"no mutant of {name} could be made from its "
                       f"{tc.language} source"} for name in contracts}
        return result_from_rows(rows, contracts)
    steps = [[s.name, list(s.argv)] for s in bp.steps
             if s.name.startswith("build") or s.name == "test"]
    limits = bp.limits
    step_timeout = min(limits.timeout_ms, 30_000)
    budget = max(step_timeout, limits.timeout_ms - 10_000)
    names = [n for n, _ in files if "/" not in n and not n.startswith(".overlord-nonce")]
    manifest = {"files": names, "solution": tc.solution, "steps": steps, "mutants": mutants,
                "step_timeout_ms": step_timeout, "budget_ms": budget,
                "stop_at_first_kill": tc.language in _STOP_EARLY}
    driver_nonce = secrets.token_hex(16) if not nonce else nonce
    request = SandboxRequest(
        steps=(SandboxStep("mutants", (sys.executable, "-I", "-B", DRIVER, MANIFEST)),),
        files=files + tuple(extra) + ((DRIVER, source("mutant_driver.py")),
                                      (MANIFEST, json.dumps(manifest).encode()),
                                      (".overlord-nonce", driver_nonce.encode())),
        env=bp.env, read_only_paths=bp.read_only_paths,
        limits=SandboxLimits(timeout_ms=budget + 20_000, memory_bytes=limits.memory_bytes,
                             max_pids=limits.max_pids, max_file_bytes=limits.max_file_bytes),
        strong_containment=True)
    run = sandbox.run(request)
    out = run.outcome("mutants")
    if out is None:
        return None
    return parse_mutation(out.stdout.decode("utf-8", errors="replace"), driver_nonce, contracts)
