"""C, C++ and JavaScript toolchains: gcc/g++ with gcov, node with V8 coverage.

Each builds in the sandbox (a failure there is ``fail:broken``), runs the test program (it
passes when it exits 0), then runs Overlord's own report harness, which reads the real
tool's data for the solution file only (by exact basename) and prints the nonce-stamped
report line last.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from overlord.gate.analysis import SourceAnalysis
from overlord.gate.toolchains.base import BASE_ENV, BuildPlan, first_missing, last_error_line
from overlord.gate.treesit import analyze_tree_sitter
from overlord.sandbox import SandboxStep

GCOV_HARNESS = "_overlord_gcov.py"
V8_HARNESS = "_overlord_v8.py"
JS_RUNNER = "_overlord_run.js"

#: Overlord's JavaScript test runner: loads the test file as a CommonJS module (its
#: top-level code runs as usual), then calls every top-level ``function test_*`` itself, so
#: false assertions inside uncalled test functions still fail. argv: the test file.
JS_RUNNER_SOURCE = r"""
'use strict';
const fs = require('fs');
const path = require('path');
const Module = require('module');
const file = path.resolve(process.argv[2]);
const src = fs.readFileSync(file, 'utf8');
const names = [...src.matchAll(/^(?:async\s+)?function\s*\*?\s*(test_[A-Za-z0-9_$]*)\s*\(/gm)]
  .map((m) => m[1]);
const table = names.map((n) => `${n}: typeof ${n} === 'function' ? ${n} : undefined`).join(', ');
const mod = new Module(file, null);
mod.filename = file;
mod.paths = Module._nodeModulePaths(path.dirname(file));
mod._compile(`${src}\n;Object.defineProperty(module, '__overlordTests', { value: { ${table} } });\n`, file);
(async () => {
  let failed = 0;
  for (const name of names) {
    const fn = mod.__overlordTests[name];
    if (typeof fn !== 'function') continue;
    try {
      await fn();
    } catch (err) {
      failed += 1;
      console.error(`FAILED ${name}`);
      console.error((err && err.stack) || err);
    }
  }
  process.exitCode = failed ? 1 : 0;
})();
"""

#: Reads ``gcov -t`` text for one source: lines with a count are statements, a count > 0
#: executed. argv: nonce, source file, gcov binary.
GCOV_SOURCE = r'''
import subprocess, sys
nonce, source, gcov = sys.argv[1], sys.argv[2], sys.argv[3]
out = subprocess.run([gcov, "-t", source], capture_output=True, text=True).stdout
executed = statements = 0
current = None
for line in out.splitlines():
    parts = line.split(":", 2)
    if len(parts) < 3:
        continue
    count, lineno = parts[0].strip(), parts[1].strip()
    if lineno == "0":
        if parts[2].startswith("Source:"):
            current = parts[2][len("Source:"):].strip().rsplit("/", 1)[-1]
        continue
    if current != source:
        continue
    if count == "-":
        continue
    statements += 1
    if count not in ("#####", "=====") and count.rstrip("*").isdigit() and int(count.rstrip("*")) > 0:
        executed += 1
print(f"OVERLORD-COVERAGE {nonce} executed={executed} statements={statements}", flush=True)
'''

#: Reads NODE_V8_COVERAGE output for one script: every line holding code is a statement;
#: it is executed when the innermost V8 range covering its first character has count > 0.
#: argv: nonce, coverage dir, source file.
V8_SOURCE = r'''
import json, os, sys
nonce, cov_dir, source = sys.argv[1], sys.argv[2], sys.argv[3]
# tsc's module boilerplate is the compiler's, not the solution's: not counted for TypeScript
emitted = len(sys.argv) > 4 and sys.argv[4] == "tsc"
text = open(source, encoding="utf-8").read()
functions = []
for name in sorted(os.listdir(cov_dir)) if os.path.isdir(cov_dir) else []:
    try:
        data = json.load(open(os.path.join(cov_dir, name)))
    except ValueError:
        continue
    for script in data.get("result", []):
        url = script.get("url", "")
        if url.rsplit("/", 1)[-1] == source:
            functions.extend(script.get("functions", []))
ranges = [(r["startOffset"], r["endOffset"], r["count"]) for f in functions for r in f["ranges"]]
executed = statements = 0
offset = 0
in_block_comment = False
for line in text.splitlines(keepends=True):
    stripped = line.strip()
    start = offset + (len(line) - len(line.lstrip()))
    offset += len(line)
    if in_block_comment:
        if "*/" in stripped:
            in_block_comment = False
        continue
    if stripped.startswith("/*"):
        in_block_comment = "*/" not in stripped
        continue
    if not stripped or stripped.startswith("//") or all(c in "{}()[];," for c in stripped):
        continue
    if stripped.startswith(("'use strict'", '"use strict"')):
        continue
    if emitted and stripped.startswith(("exports.", "Object.defineProperty(exports",
                                        "//# sourceMappingURL")):
        continue
    statements += 1
    best = None
    for s, e, c in ranges:
        if s <= start < e and (best is None or e - s < best[1] - best[0]):
            best = (s, e, c)
    if best is not None and best[2] > 0:
        executed += 1
print(f"OVERLORD-COVERAGE {nonce} executed={executed} statements={statements}", flush=True)
'''


def _venv_paths() -> tuple[str, ...]:
    real = Path(os.path.realpath(sys.executable))
    return tuple(dict.fromkeys([str(real.parent.parent), str(Path(sys.executable).parent.parent)]))


class _GccToolchain:
    """Shared shape of C and C++ (compiler, standard, file suffix)."""

    language = ""
    solution = ""
    test = ""
    compiler = ""
    std = ""
    coverage_tool = "gcov"

    def missing(self) -> str | None:
        """The compiler or gcov when absent."""
        return first_missing(self.compiler, "gcov")

    def plan(self, nonce: str, contracts: tuple[str, ...] = ()) -> BuildPlan:
        """Compile the solution with --coverage and the test without; link; run; gcov."""
        cc = self.compiler
        common = (f"-std={self.std}", "-O0", "-g", "-Wall", "-Werror=implicit-function-declaration")
        return BuildPlan(
            steps=(
                SandboxStep("build_solution", (cc, *common, "--coverage", "-c", self.solution,
                                               "-o", "solution.o")),
                SandboxStep("build_test", (cc, *common, "-c", self.test, "-o", "test_solution.o")),
                SandboxStep("build_link", (cc, "--coverage", "solution.o", "test_solution.o",
                                           "-o", "test_solution.bin", "-lm")),
                SandboxStep("test", ("./test_solution.bin",), stop_on_failure=False),
                SandboxStep("report", (sys.executable, "-I", "-B", GCOV_HARNESS, nonce,
                                       self.solution, "gcov")),
            ),
            files=((GCOV_HARNESS, GCOV_SOURCE.encode()),),
            env=BASE_ENV,
            read_only_paths=_venv_paths(),
        )

    def broken_words(self, stderr: str) -> str | None:
        """The test binary was built, so a failure there is never "broken"."""
        return None

    def analyze(self, path: str, source: str) -> SourceAnalysis:
        """Parse with the tree-sitter grammar."""
        return analyze_tree_sitter(self.language, path, source)


class CToolchain(_GccToolchain):
    """C11 with gcc and gcov: ``solution.c`` + ``test_solution.c`` (a main)."""

    language = "c"
    solution = "solution.c"
    test = "test_solution.c"
    compiler = "gcc"
    std = "c11"


class CppToolchain(_GccToolchain):
    """C++17 with g++ and gcov: ``solution.cpp`` + ``test_solution.cpp`` (a main)."""

    language = "cpp"
    solution = "solution.cpp"
    test = "test_solution.cpp"
    compiler = "g++"
    std = "c++17"


class JavaScriptToolchain:
    """Node (CommonJS) with V8 coverage: ``solution.js`` + ``test_solution.js``."""

    language = "javascript"
    solution = "solution.js"
    test = "test_solution.js"
    coverage_tool = "V8 coverage (NODE_V8_COVERAGE)"

    def missing(self) -> str | None:
        """node when absent."""
        return first_missing("node")

    def plan(self, nonce: str, contracts: tuple[str, ...] = ()) -> BuildPlan:
        """``node --check`` both files, run the test through Overlord's runner under
        NODE_V8_COVERAGE, report."""
        return BuildPlan(
            steps=(
                SandboxStep("build_solution", ("node", "--check", self.solution)),
                SandboxStep("build_test", ("node", "--check", self.test)),
                SandboxStep("test", ("node", JS_RUNNER, self.test), stop_on_failure=False),
                SandboxStep("report", (sys.executable, "-I", "-B", V8_HARNESS, nonce,
                                       "{scratch}/.v8cov", self.solution)),
            ),
            files=((V8_HARNESS, V8_SOURCE.encode()), (JS_RUNNER, JS_RUNNER_SOURCE.encode())),
            env=BASE_ENV + (("NODE_V8_COVERAGE", "{scratch}/.v8cov"),),
            read_only_paths=_venv_paths(),
        )

    def broken_words(self, stderr: str) -> str | None:
        """A SyntaxError or a module that cannot load means the code never ran."""
        return last_error_line(stderr, ("SyntaxError:", "Cannot find module"))

    def analyze(self, path: str, source: str) -> SourceAnalysis:
        """Parse with the tree-sitter grammar."""
        return analyze_tree_sitter(self.language, path, source)


class TypeScriptToolchain(JavaScriptToolchain):
    """TypeScript: ``tsc --strict`` to CommonJS beside the sources, then the compiled test
    through Overlord's runner under V8 coverage of tsc's ``solution.js``."""

    language = "typescript"
    solution = "solution.ts"
    test = "test_solution.ts"
    coverage_tool = "V8 coverage (NODE_V8_COVERAGE) of tsc's solution.js"

    def missing(self) -> str | None:
        """node or tsc when absent."""
        return first_missing("node", "tsc")

    def plan(self, nonce: str, contracts: tuple[str, ...] = ()) -> BuildPlan:
        """Type-check and compile both files (nothing emitted on an error), run, report."""
        return BuildPlan(
            steps=(
                SandboxStep("build", ("tsc", "--strict", "--noEmitOnError", "--pretty", "false",
                                      "--target", "es2020", "--module", "commonjs",
                                      "--skipLibCheck",
                                      self.solution, self.test)),
                SandboxStep("test", ("node", JS_RUNNER, "test_solution.js"),
                            stop_on_failure=False),
                SandboxStep("report", (sys.executable, "-I", "-B", V8_HARNESS, nonce,
                                       "{scratch}/.v8cov", "solution.js", "tsc")),
            ),
            files=((V8_HARNESS, V8_SOURCE.encode()), (JS_RUNNER, JS_RUNNER_SOURCE.encode())),
            env=BASE_ENV + (("NODE_V8_COVERAGE", "{scratch}/.v8cov"),),
            read_only_paths=_venv_paths(),
        )


def toolchains() -> list:
    """The native toolchains, in detection order."""
    return [CToolchain(), CppToolchain(), JavaScriptToolchain(), TypeScriptToolchain()]
