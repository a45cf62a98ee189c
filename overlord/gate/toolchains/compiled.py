"""Java (javac + JaCoCo), Go (go test -coverprofile), C# (mcs + mono's coverage profiler)
and Rust (rustc; no coverage tool works here).

Each builds in the sandbox (a failure there is ``fail:broken``), runs the tests (they pass
when they exit 0), then runs Overlord's own report harness, which reads the real tool's data
for the solution file only (by exact basename) and prints the nonce-stamped report line last.
"""

from __future__ import annotations

import sys

from overlord.gate.analysis import SourceAnalysis
from overlord.gate.toolchains.base import BASE_ENV, BuildPlan, first_missing
from overlord.gate.toolchains.native import _venv_paths
from overlord.gate.treesit import analyze_tree_sitter
from overlord.sandbox import SandboxLimits, SandboxStep

#: Runtimes that start many threads (JVM, go build, mono) get more pids than the default.
MANY_THREADS = SandboxLimits(timeout_ms=120_000, memory_bytes=2 * 1024 ** 3, max_pids=1024)

# -- Java ------------------------------------------------------------------------------

#: Debian's libjacoco-java: the agent jar (which holds the shaded ``jacocoagent.jar``) and
#: the core API the report harness reads the execution data with (plus Debian's ASM).
JACOCO_AGENT_JAR = "/usr/share/java/org.jacoco.agent.jar"
JACOCO_CLASSPATH = ("/usr/share/java/org.jacoco.core.jar", "/usr/share/java/asm.jar",
                    "/usr/share/java/asm-commons.jar", "/usr/share/java/asm-tree.jar")

#: The class-file version javac emits. JaCoCo 0.8.6 (Debian 12) was checked here to read
#: and instrument Java 17 class files (major 61) through its version-lifting class reader;
#: lower this if a JaCoCo in use cannot (``--release 15`` is the last it lists as supported).
JAVA_RELEASE = "17"

JAVA_RUNNER = "OverlordJavaRunner"
JAVA_REPORT = "OverlordJacoco"

#: Overlord's Java runner: calls the test class's ``main`` (when it has one), then every
#: static no-argument method named ``test_*`` itself, so false assertions in an uncalled test
#: method still fail. Exit 1 when any threw.
JAVA_RUNNER_SOURCE = r"""
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Comparator;

public class OverlordJavaRunner {
    public static void main(String[] args) throws Exception {
        Class<?> cls = Class.forName(args[0]);
        int failed = 0;
        Method[] methods = cls.getDeclaredMethods();
        Arrays.sort(methods, Comparator.comparing(Method::getName));
        for (Method m : methods) {
            if (!m.getName().equals("main") || m.getParameterCount() != 1
                    || !Modifier.isStatic(m.getModifiers())) {
                continue;
            }
            failed += call(m, new Object[] {new String[0]});
        }
        for (Method m : methods) {
            if (!m.getName().startsWith("test_") || m.getParameterCount() != 0
                    || !Modifier.isStatic(m.getModifiers())) {
                continue;
            }
            failed += call(m, new Object[0]);
        }
        System.out.flush();
        System.exit(failed == 0 ? 0 : 1);
    }

    private static int call(Method m, Object[] args) {
        try {
            m.setAccessible(true);
            m.invoke(null, args);
            return 0;
        } catch (InvocationTargetException e) {
            e.getCause().printStackTrace();
            System.err.println("FAILED " + m.getName() + ": " + e.getCause());
            return 1;
        } catch (Exception e) {
            e.printStackTrace();
            System.err.println("FAILED " + m.getName() + ": " + e);
            return 1;
        }
    }
}
"""

#: Overlord's JaCoCo reader: analyzes the compiled classes against the execution data and
#: counts the lines of the one source file (exact name) that hold code, and those executed
#: (partly or fully covered). argv: nonce, exec file, classes dir, source file name.
JAVA_REPORT_SOURCE = r"""
import java.io.File;
import org.jacoco.core.analysis.Analyzer;
import org.jacoco.core.analysis.CoverageBuilder;
import org.jacoco.core.analysis.ICounter;
import org.jacoco.core.analysis.ISourceFileCoverage;
import org.jacoco.core.tools.ExecFileLoader;

public class OverlordJacoco {
    public static void main(String[] args) throws Exception {
        String nonce = args[0];
        File exec = new File(args[1]);
        ExecFileLoader loader = new ExecFileLoader();
        if (exec.isFile()) {
            loader.load(exec);
        }
        CoverageBuilder builder = new CoverageBuilder();
        new Analyzer(loader.getExecutionDataStore(), builder).analyzeAll(new File(args[2]));
        int executed = 0;
        int statements = 0;
        for (ISourceFileCoverage file : builder.getSourceFiles()) {
            if (!file.getName().equals(args[3])) {
                continue;
            }
            for (int line = file.getFirstLine(); line > 0 && line <= file.getLastLine(); line++) {
                int status = file.getLine(line).getStatus();
                if (status == ICounter.EMPTY) {
                    continue;
                }
                statements++;
                if (status != ICounter.NOT_COVERED) {
                    executed++;
                }
            }
        }
        System.out.println("OVERLORD-COVERAGE " + nonce + " executed=" + executed
                + " statements=" + statements);
    }
}
"""

_EXTRACT_AGENT = ("import sys, zipfile\n"
                  "zipfile.ZipFile(sys.argv[1]).extract('jacocoagent.jar', '.overlord')\n")

#: Small, quick JVMs: one GC thread, the client compiler only.
_JVM_FLAGS = ("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xss8m")
_JAVAC_FLAGS = ("-J-XX:+UseSerialGC", "-J-XX:TieredStopAtLevel=1", "-encoding", "UTF-8",
                "-nowarn")


class JavaToolchain:
    """Java 17 with JaCoCo: ``Solution.java`` + ``TestSolution.java`` (a main)."""

    language = "java"
    solution = "Solution.java"
    test = "TestSolution.java"
    coverage_tool = "JaCoCo"

    def missing(self) -> str | None:
        """javac, java or Debian's JaCoCo jars when absent."""
        found = first_missing("javac", "java", JACOCO_AGENT_JAR, *JACOCO_CLASSPATH)
        if found is not None and found.startswith("/usr/share/java"):
            return f"{found} (apt-get install libjacoco-java)"
        return found

    def plan(self, nonce: str, contracts: tuple[str, ...] = ()) -> BuildPlan:
        """Compile both files with Overlord's runner and report harness (one javac: a JVM
        start is the slow part); run the tests under the JaCoCo agent; report the solution's
        classes only (by their source file's exact name)."""
        jacoco_cp = ":".join(JACOCO_CLASSPATH)
        return BuildPlan(
            steps=(
                SandboxStep("build", ("javac", *_JAVAC_FLAGS, "--release", JAVA_RELEASE,
                                      "-cp", jacoco_cp, "-d", ".overlord/classes",
                                      self.solution, self.test,
                                      f"{JAVA_RUNNER}.java", f"{JAVA_REPORT}.java")),
                SandboxStep("build_agent", (sys.executable, "-I", "-B", "-c", _EXTRACT_AGENT,
                                            JACOCO_AGENT_JAR)),
                SandboxStep("test", ("java", *_JVM_FLAGS,
                                     "-javaagent:.overlord/jacocoagent.jar="
                                     "destfile=.overlord/jacoco.exec,append=false",
                                     "-cp", ".overlord/classes", JAVA_RUNNER, "TestSolution"),
                            stop_on_failure=False),
                SandboxStep("report", ("java", *_JVM_FLAGS, "-cp", f".overlord/classes:{jacoco_cp}",
                                       JAVA_REPORT, nonce, ".overlord/jacoco.exec",
                                       ".overlord/classes",
                                       self.solution)),
            ),
            files=((f"{JAVA_RUNNER}.java", JAVA_RUNNER_SOURCE.encode()),
                   (f"{JAVA_REPORT}.java", JAVA_REPORT_SOURCE.encode())),
            env=BASE_ENV,
            read_only_paths=_venv_paths(),
            limits=MANY_THREADS,
        )

    def broken_words(self, stderr: str) -> str | None:
        """Built by javac first, so a failure while testing is never "broken"."""
        return None

    def analyze(self, path: str, source: str) -> SourceAnalysis:
        """Parse with the tree-sitter grammar."""
        return analyze_tree_sitter(self.language, path, source)


# -- Go --------------------------------------------------------------------------------

GO_HARNESS = "_overlord_gocover.py"
GO_MODULE = "overlordgate"

#: Reads a ``go test -coverprofile`` file: each block's statements count once; executed when
#: its count is > 0; only blocks of the solution file (exact basename). argv: nonce, profile,
#: source.
GO_COVER_SOURCE = r'''
import sys
nonce, profile, source = sys.argv[1], sys.argv[2], sys.argv[3]
blocks = {}
try:
    lines = open(profile, encoding="utf-8").read().splitlines()
except OSError:
    lines = []
for line in lines:
    if line.startswith("mode:") or ":" not in line:
        continue
    name, rest = line.rsplit(":", 1)
    parts = rest.split()
    if len(parts) != 3 or name.rsplit("/", 1)[-1] != source:
        continue
    try:
        stmts, count = int(parts[1]), int(parts[2])
    except ValueError:
        continue
    key = (name, parts[0])
    prev = blocks.get(key, (stmts, 0))
    blocks[key] = (stmts, max(prev[1], count))
statements = sum(s for s, _ in blocks.values())
executed = sum(s for s, c in blocks.values() if c > 0)
print(f"OVERLORD-COVERAGE {nonce} executed={executed} statements={statements}", flush=True)
'''

_GO_TEST = ("go", "test", "-count=1", "-vet=off", "-covermode=set")


class GoToolchain:
    """Go with ``go test -coverprofile``: ``solution.go`` + ``solution_test.go``; no network
    (GOPROXY=off), the build cache and GOPATH inside the scratch directory."""

    language = "go"
    solution = "solution.go"
    test = "solution_test.go"
    coverage_tool = "go test -coverprofile"

    def missing(self) -> str | None:
        """go when absent."""
        return first_missing("go")

    def plan(self, nonce: str, contracts: tuple[str, ...] = ()) -> BuildPlan:
        """Compile the package and its tests (running none), run the tests with a coverage
        profile, report."""
        return BuildPlan(
            steps=(
                SandboxStep("build", (*_GO_TEST, "-run", "^$", ".")),
                SandboxStep("test", (*_GO_TEST, "-coverprofile={scratch}/.overlord-cover.out",
                                     "."), stop_on_failure=False),
                SandboxStep("report", (sys.executable, "-I", "-B", GO_HARNESS, nonce,
                                       "{scratch}/.overlord-cover.out", self.solution)),
            ),
            files=((GO_HARNESS, GO_COVER_SOURCE.encode()),
                   ("go.mod", f"module {GO_MODULE}\n\ngo 1.19\n".encode())),
            env=BASE_ENV + (("GOCACHE", "{scratch}/.gocache"), ("GOPATH", "{scratch}/.gopath"),
                            ("GOFLAGS", "-mod=mod"), ("GOPROXY", "off"), ("GOSUMDB", "off"),
                            ("GOTOOLCHAIN", "local"), ("GOTELEMETRY", "off"),
                            ("CGO_ENABLED", "0"), ("GO111MODULE", "on")),
            read_only_paths=_venv_paths(),
            limits=MANY_THREADS,
        )

    def broken_words(self, stderr: str) -> str | None:
        """Built first, so a failure while testing is never "broken"."""
        return None

    def analyze(self, path: str, source: str) -> SourceAnalysis:
        """Parse with the tree-sitter grammar."""
        return analyze_tree_sitter(self.language, path, source)


# -- C# --------------------------------------------------------------------------------

MONO_HARNESS = "_overlord_monocov.py"

#: Reads mono's coverage profiler XML: every line holding a sequence point of a method in
#: the solution file (exact basename) is a statement; executed when any of its points ran.
#: argv: nonce, xml, source.
MONO_COVER_SOURCE = r'''
import sys
import xml.etree.ElementTree as ET
nonce, xml, source = sys.argv[1], sys.argv[2], sys.argv[3]
lines = {}
try:
    for _, el in ET.iterparse(xml, events=("end",)):
        if el.tag != "method":
            continue
        if el.get("filename", "").replace("\\", "/").rsplit("/", 1)[-1] == source:
            for st in el.iter("statement"):
                line = int(st.get("line", "0"))
                if line > 0:
                    lines[line] = lines.get(line, False) or int(st.get("counter", "0")) > 0
        el.clear()
except (OSError, ET.ParseError, ValueError):
    lines = {}
print(f"OVERLORD-COVERAGE {nonce} executed={sum(lines.values())} statements={len(lines)}",
      flush=True)
'''


class CSharpToolchain:
    """C# with mono's mcs and mono's coverage profiler: ``Solution.cs`` + ``TestSolution.cs``
    (a Main)."""

    language = "csharp"
    solution = "Solution.cs"
    test = "TestSolution.cs"
    coverage_tool = "mono coverage profiler"

    def missing(self) -> str | None:
        """mcs, mono or the coverage profiler when absent."""
        found = first_missing("mcs", "mono")
        if found is not None:
            return found
        from pathlib import Path

        if not any(Path(d, "libmono-profiler-coverage.so").exists()
                   for d in ("/usr/lib", "/usr/lib/x86_64-linux-gnu", "/usr/local/lib")):
            return "libmono-profiler-coverage.so (apt-get install libmono-profiler)"
        return None

    def plan(self, nonce: str, contracts: tuple[str, ...] = ()) -> BuildPlan:
        """Compile with debug symbols, run under the coverage profiler, report."""
        return BuildPlan(
            steps=(
                SandboxStep("build", ("mcs", "-debug", "-nologo", "-out:test_solution.exe",
                                      self.solution, self.test)),
                SandboxStep("test", ("mono", "--debug",
                                     "--profile=coverage:output={scratch}/.overlord-cov.xml",
                                     "test_solution.exe"), stop_on_failure=False),
                SandboxStep("report", (sys.executable, "-I", "-B", MONO_HARNESS, nonce,
                                       "{scratch}/.overlord-cov.xml", self.solution)),
            ),
            files=((MONO_HARNESS, MONO_COVER_SOURCE.encode()),),
            env=BASE_ENV + (("MONO_GC_PARAMS", "max-heap-size=1g"),),
            read_only_paths=_venv_paths(),
            limits=MANY_THREADS,
        )

    def broken_words(self, stderr: str) -> str | None:
        """Built by mcs first, so a failure while testing is never "broken"."""
        return None

    def analyze(self, path: str, source: str) -> SourceAnalysis:
        """Parse with the tree-sitter grammar."""
        return analyze_tree_sitter(self.language, path, source)


# -- Rust ------------------------------------------------------------------------------


class RustToolchain:
    """Rust with rustc: ``solution.rs`` + ``test_solution.rs`` (``mod solution;`` and a main).

    No coverage tool works here: Debian's rustc has no ``profiler_builtins`` (so
    ``-C instrument-coverage`` cannot link), and a rustup toolchain's profiles need an
    llvm-profdata of its own LLVM version; so the coverage axis is unavailable, never a pass.
    """

    language = "rust"
    solution = "solution.rs"
    test = "test_solution.rs"
    coverage_tool = None
    coverage_unavailable = ("no coverage tool works for rust here: Debian's rustc lacks "
                            "profiler_builtins for -C instrument-coverage")

    def missing(self) -> str | None:
        """rustc (on the sandbox's PATH) or a linker when absent."""
        return first_missing("rustc", "cc")

    def plan(self, nonce: str, contracts: tuple[str, ...] = ()) -> BuildPlan:
        """Compile the test (which pulls in the solution as a module), run it."""
        return BuildPlan(
            steps=(
                SandboxStep("build", ("rustc", "--edition", "2021", "-C", "debuginfo=0",
                                      "-o", "test_solution.bin", self.test)),
                SandboxStep("test", ("./test_solution.bin",), stop_on_failure=False),
            ),
            env=BASE_ENV,
            limits=MANY_THREADS,
        )

    def broken_words(self, stderr: str) -> str | None:
        """Built by rustc first, so a failure while testing is never "broken"."""
        return None

    def analyze(self, path: str, source: str) -> SourceAnalysis:
        """Parse with the tree-sitter grammar."""
        return analyze_tree_sitter(self.language, path, source)


def toolchains() -> list:
    """The compiled-language toolchains, in detection order."""
    return [JavaToolchain(), GoToolchain(), CSharpToolchain(), RustToolchain()]
