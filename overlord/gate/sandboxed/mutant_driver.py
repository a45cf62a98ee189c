"""Overlord's mutant driver: runs inside the sandbox, never imported by Overlord itself.

For each mutant in the manifest: a fresh copy of the artifact in its own directory, the
solution replaced by the mutant, the toolchain's build steps then its test step, each with a
timeout (the process group is killed past it). A failed build is ``not_built`` (the mutant
says nothing); a test step that fails, hangs or dies of a signal is a kill; one that exits 0
survived. Mutants of a function stop at the first value mutant killed when the manifest says
so (a slow compiler). The nonce is read from ``.overlord-nonce`` and removed before any
mutant runs. Output, last: ``OVERLORD-MUTATION <nonce> <json>``.

argv: the manifest (JSON: files, solution, steps [[name, argv]], mutants [[function, kind,
description, file]], step_timeout_ms, budget_ms, stop_at_first_kill).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from typing import Any


def _run(argv: Any, cwd: Any, env: Any, timeout_s: Any) -> Any:
    """('exit', code) / ('signal', n) / ('timeout', None)."""
    try:
        proc = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)
    except OSError:
        return "exit", 127
    try:
        code = proc.wait(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass
        proc.wait()
        return "timeout", None
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # whatever it left behind
    except OSError:
        pass
    if code < 0:
        return "signal", -code
    return "exit", code


def main() -> None:
    with open(".overlord-nonce", encoding="ascii") as fh:
        nonce = fh.read().strip()
    os.unlink(".overlord-nonce")
    with open(sys.argv[1], encoding="utf-8") as fh:
        spec = json.load(fh)
    here = os.getcwd()
    env = dict(os.environ)
    deadline = time.monotonic() + spec["budget_ms"] / 1000
    timeout_s = spec["step_timeout_ms"] / 1000
    rows: dict[str, dict[str, Any]] = {}
    done: set[str] = set()
    for index, (function, kind, desc, path) in enumerate(spec["mutants"]):
        row = rows.setdefault(function, {"mutants": [], "why": None})
        if function in done or time.monotonic() > deadline:
            row["mutants"].append([kind, desc, "not_run"])
            continue
        work = os.path.join(here, ".overlord-mutants", f"m{index}")
        os.makedirs(work)
        for name in spec["files"]:
            shutil.copy(os.path.join(here, name), os.path.join(work, name))
        shutil.copy(os.path.join(here, path), os.path.join(work, spec["solution"]))
        outcome = None
        for step, argv in spec["steps"]:
            argv = [a.replace("{scratch}", work) for a in argv]
            how, value = _run(argv, work, env, timeout_s)
            if step.startswith("build"):
                if (how, value) != ("exit", 0):
                    outcome = "not_built"
                    break
                continue
            if how == "exit":
                outcome = "survived" if value == 0 else "killed"
            elif how == "signal":
                outcome = f"killed_by_signal_{value}"
            else:
                outcome = "killed_by_timeout"
        shutil.rmtree(work, ignore_errors=True)
        row["mutants"].append([kind, desc, outcome or "not_built"])
        if spec["stop_at_first_kill"] and kind != "raise" and outcome and \
                outcome.startswith("killed"):
            done.add(function)
    sys.stdout.flush()
    print(f"OVERLORD-MUTATION {nonce} {json.dumps(rows, sort_keys=True)}", flush=True)


if __name__ == "__main__":
    main()
