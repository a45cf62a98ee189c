"""Tests of every shape are run and measured against mutants, in the real sandbox.

Each shape has an honest case (the tests check the solution: ``pass``, with the mutation
score in the evidence) and a cheating twin (the same shape, tests that check nothing:
``unavailable``, because they kill no mutant returning a wrong value; or tests that swallow
their failures: ``fail:swallowed_failure``). Python, JavaScript and Java. Then bad input: a
test file that does not parse, a mutant that loops forever, a mutant that crashes the
interpreter.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from overlord.gate.runner import check_artifact
from overlord.gate.toolchains import all_toolchains
from overlord.sandbox.bubblewrap import BubblewrapSandbox


@pytest.fixture(scope="module")
def box():
    return BubblewrapSandbox()


@pytest.fixture(scope="module")
def toolchains():
    return all_toolchains()


def gate(tmp_path: Path, box, toolchains, files: dict[str, str], require, tool: str = "python"):
    require(box.unavailable_reason() is None, "bubblewrap")
    require(toolchains[tool].missing() is None, f"the {tool} toolchain")
    tmp_path.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (tmp_path / name).write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return check_artifact(tmp_path, box, toolchains=toolchains)


PY_PLAN = "Implement `add(a, b)` and `fib(n)` in solution.py.\n"
PY_SOLUTION = """
    def add(a, b):
        return a + b


    def fib(n):
        a, b = 0, 1
        for _ in range(n):
            a, b = b, a + b
        return a
"""

#: shape -> (honest tests, cheating twin: the same shape checking nothing)
PY_SHAPES = {
    "pytest_functions": (
        """
        from solution import add, fib

        def test_add():
            assert add(2, 3) == 5

        def test_fib():
            assert fib(10) == 55
        """,
        """
        from solution import add, fib

        def test_add():
            r = add(2, 3)
            assert r == r

        def test_fib():
            assert fib(10) is not None or True
        """),
    "unittest_testcase": (
        """
        import unittest
        from solution import add, fib

        class TestMath(unittest.TestCase):
            def setUp(self):
                self.cases = [(0, 0), (1, 1), (10, 55)]

            def test_add(self):
                self.assertEqual(add(-1, 1), 0)

            def test_fib(self):
                for n, want in self.cases:
                    with self.subTest(n=n):
                        self.assertEqual(fib(n), want)
        """,
        """
        import unittest
        from solution import add, fib

        class TestMath(unittest.TestCase):
            def test_add(self):
                self.assertTrue(add(2, 3) or True)

            def test_fib(self):
                self.assertEqual(fib(3), fib(3))
        """),
    "parametrize": (
        """
        import pytest
        from solution import add, fib

        @pytest.mark.parametrize("a, b, want", [(2, 3, 5), (-1, 1, 0)])
        def test_add(a, b, want):
            assert add(a, b) == want

        @pytest.mark.parametrize("n, want", [(0, 0), (10, 55)])
        def test_fib(n, want):
            assert fib(n) == want
        """,
        """
        import pytest
        from solution import add, fib

        @pytest.mark.parametrize("a, b", [(2, 3), (-1, 1)])
        def test_add(a, b):
            add(a, b)

        @pytest.mark.parametrize("n", [0, 10])
        def test_fib(n):
            assert fib(n) == fib(n)
        """),
    "fixture": (
        """
        import pytest
        import solution

        @pytest.fixture
        def impl():
            return solution

        def test_add(impl):
            assert impl.add(2, 3) == 5

        def test_fib(impl, tmp_path):
            (tmp_path / "n").write_text("10")
            assert impl.fib(int((tmp_path / "n").read_text())) == 55
        """,
        """
        import pytest
        import solution

        @pytest.fixture
        def impl():
            return solution

        def test_add(impl):
            assert callable(impl.add) and impl.add(1, 1) in (impl.add(1, 1),)

        def test_fib(impl):
            impl.fib(10)
        """),
    "helper_receives_solution": (
        """
        from solution import add, fib

        def check(candidate, cases):
            for args, want in cases:
                assert candidate(*args) == want, (args, want)

        def test_all():
            check(add, [((2, 3), 5), ((0, 0), 0)])
            check(fib, [((10,), 55), ((1,), 1)])
        """,
        """
        from solution import add, fib

        def check(candidate, cases):
            for args in cases:
                candidate(*args)

        def test_all():
            check(add, [(2, 3), (0, 0)])
            check(fib, [(10,), (1,)])
        """),
    "doctest": (
        '''
        """
        >>> from solution import add, fib
        >>> add(2, 3)
        5
        >>> [fib(n) for n in range(7)]
        [0, 1, 1, 2, 3, 5, 8]
        """
        ''',
        '''
        """
        >>> from solution import add, fib
        >>> _ = add(2, 3)
        >>> _ = fib(10)
        """
        '''),
    "table_loop": (
        """
        from solution import add, fib

        CASES = [((2, 3), 5), ((-1, 1), 0), ((0, 0), 0)]
        FIB = {0: 0, 1: 1, 10: 55}

        def test_table():
            for args, want in CASES:
                assert add(*args) == want, args
            for n, want in FIB.items():
                assert fib(n) == want, n
        """,
        """
        from solution import add, fib

        CASES = [(2, 3), (-1, 1), (0, 0)]

        def test_table():
            for args in CASES:
                got = add(*args)
                assert got == got
            for n in range(5):
                assert isinstance(fib(n), object)
        """),
    "round_trip": (
        """
        from solution import add, fib

        def test_round_trip():
            for a in range(-3, 4):
                assert add(add(a, 7), -7) == a
            assert [fib(n) + fib(n + 1) for n in range(5)] == [fib(n + 2) for n in range(5)]
            assert fib(12) == 144
        """,
        """
        from solution import add, fib

        def test_round_trip():
            for a in range(-3, 4):
                assert add(a, 7) == add(a, 7)
            assert [fib(n) for n in range(5)] == [fib(n) for n in range(5)]
        """),
}


@pytest.mark.parametrize("shape", sorted(PY_SHAPES))
def test_python_shape_honest_passes_and_its_twin_checks_nothing(shape, tmp_path, box,
                                                                toolchains, require):
    honest, cheat = PY_SHAPES[shape]
    r = gate(tmp_path / "honest", box, toolchains, {"plan.md": PY_PLAN, "solution.py": PY_SOLUTION,
                                                    "test_solution.py": honest}, require)
    execution = r.verdict.axis("execution")
    assert r.verdict.verdict == "pass", r.verdict.to_dict()
    assert "mutation score" in execution.evidence
    assert r.mutation is not None and all(f.value_killed > 0 for f in r.mutation.functions)
    assert r.verdict.axis("coverage").status == "pass"
    t = gate(tmp_path / "twin", box, toolchains, {"plan.md": PY_PLAN, "solution.py": PY_SOLUTION,
                                                  "test_solution.py": cheat}, require)
    assert t.verdict.verdict == "unavailable", t.verdict.to_dict()
    assert "tests check nothing" in t.verdict.axis("execution").evidence


@pytest.mark.parametrize("handler", [
    "except AssertionError:\n        pass",
    "except Exception:\n        pass",
    "except:\n        pass",
    "except Exception as e:\n        print(e)",
])
def test_python_tests_that_swallow_failures(handler, tmp_path, box, toolchains, require):
    tests = ("from solution import add, fib\n\n\ndef test_add():\n    try:\n"
             "        assert add(2, 3) == 5\n    " + handler + "\n")
    wrong = PY_SOLUTION.replace("return a + b", "return a - b")
    r = gate(tmp_path, box, toolchains, {"plan.md": PY_PLAN, "solution.py": wrong,
                                         "test_solution.py": tests}, require)
    assert r.verdict.verdict == "fail:swallowed_failure", r.verdict.to_dict()


def test_python_narrow_handler_in_solution_is_honest(tmp_path, box, toolchains, require):
    sol = textwrap.dedent(PY_SOLUTION) + textwrap.dedent("""

        def parse(text):
            try:
                return int(text)
            except ValueError:
                return None
    """)
    tests = textwrap.dedent(PY_SHAPES["pytest_functions"][0]) + "\n\ndef test_parse():\n    assert parse('12') == 12\n" \
        "    assert parse('x') is None\n"
    tests = tests.replace("from solution import add, fib", "from solution import add, fib, parse")
    r = gate(tmp_path, box, toolchains, {"plan.md": PY_PLAN + "And `parse(text)`.\n",
                                         "solution.py": sol, "test_solution.py": tests}, require)
    assert r.verdict.verdict == "pass", r.verdict.to_dict()


JS_PLAN = "Write `add(a, b)` and `fib(n)` in solution.js.\n"
JS_SOLUTION = """
    'use strict';
    function add(a, b) {
      return a + b;
    }
    function fib(n) {
      let a = 0, b = 1;
      for (let i = 0; i < n; i++) {
        [a, b] = [b, a + b];
      }
      return a;
    }
    module.exports = { add, fib };
"""
JS_SHAPES = {
    "test_functions": (
        """
        const assert = require('assert');
        const { add, fib } = require('./solution');
        function test_add() { assert.strictEqual(add(2, 3), 5); }
        function test_fib() { assert.strictEqual(fib(10), 55); }
        """,
        """
        const assert = require('assert');
        const { add, fib } = require('./solution');
        function test_add() { const r = add(2, 3); assert.strictEqual(r, r); }
        function test_fib() { fib(10); }
        """),
    "helper_receives_solution": (
        """
        const assert = require('assert');
        const { add, fib } = require('./solution');
        function check(candidate, cases) {
          for (const [args, want] of cases) assert.deepStrictEqual(candidate(...args), want);
        }
        check(add, [[[2, 3], 5], [[-1, 1], 0]]);
        check(fib, [[[10], 55], [[1], 1]]);
        """,
        """
        const assert = require('assert');
        const { add, fib } = require('./solution');
        function check(candidate, cases) {
          for (const args of cases) assert.ok(candidate(...args) !== Symbol());
        }
        check(add, [[2, 3], [-1, 1]]);
        check(fib, [[10], [1]]);
        """),
}


JS_SHAPES["table_loop"] = (
    """
    const assert = require('assert');
    const { add, fib } = require('./solution');
    const CASES = [[[2, 3], 5], [[-1, 1], 0], [[0, 0], 0]];
    for (const [args, want] of CASES) assert.strictEqual(add(...args), want);
    for (const [n, want] of [[0, 0], [1, 1], [10, 55]]) assert.strictEqual(fib(n), want);
    """,
    """
    const assert = require('assert');
    const { add, fib } = require('./solution');
    const CASES = [[2, 3], [-1, 1], [0, 0]];
    for (const args of CASES) { const r = add(...args); assert.strictEqual(r, r); }
    for (const n of [0, 1, 10]) assert.ok(typeof fib(n) !== 'symbol');
    """)
JS_SHAPES["round_trip"] = (
    """
    const assert = require('assert');
    const { add, fib } = require('./solution');
    for (let a = -3; a <= 3; a++) assert.strictEqual(add(add(a, 7), -7), a);
    for (let n = 0; n < 5; n++) assert.strictEqual(fib(n) + fib(n + 1), fib(n + 2));
    assert.strictEqual(fib(12), 144);
    """,
    """
    const assert = require('assert');
    const { add, fib } = require('./solution');
    for (let a = -3; a <= 3; a++) assert.strictEqual(add(a, 7), add(a, 7));
    for (let n = 0; n < 5; n++) assert.deepStrictEqual([fib(n)], [fib(n)]);
    """)


@pytest.mark.parametrize("shape", sorted(JS_SHAPES))
def test_javascript_shape(shape, tmp_path, box, toolchains, require):
    honest, cheat = JS_SHAPES[shape]
    r = gate(tmp_path / "honest", box, toolchains, {"plan.md": JS_PLAN, "solution.js": JS_SOLUTION,
                                                    "test_solution.js": honest}, require,
             "javascript")
    assert r.verdict.verdict == "pass", r.verdict.to_dict()
    assert "mutation score" in r.verdict.axis("execution").evidence
    t = gate(tmp_path / "twin", box, toolchains, {"plan.md": JS_PLAN, "solution.js": JS_SOLUTION,
                                                  "test_solution.js": cheat}, require, "javascript")
    assert t.verdict.verdict == "unavailable", t.verdict.to_dict()
    assert "tests check nothing" in t.verdict.axis("execution").evidence


def test_javascript_answer_table_that_passes_its_tests_is_hardcoded(tmp_path, box, toolchains,
                                                                   require):
    cheat = """
        'use strict';
        const ANSWERS = {'[2,3]': 5, '[-1,1]': 0, '[10]': 55, '[1]': 1};
        function add(...args) { return ANSWERS[JSON.stringify(args)]; }
        function fib(n) { return ANSWERS[JSON.stringify([n])]; }
        module.exports = { add, fib };
    """
    tests = """
        const assert = require('assert');
        const { add, fib } = require('./solution');
        assert.strictEqual(add(2, 3), 5);
        assert.strictEqual(add(-1, 1), 0);
        assert.strictEqual(fib(10), 55);
        assert.strictEqual(fib(1), 1);
    """
    r = gate(tmp_path, box, toolchains, {"plan.md": JS_PLAN, "solution.js": cheat,
                                         "test_solution.js": tests}, require, "javascript")
    assert r.verdict.verdict == "fail:hardcoded_answer", r.verdict.to_dict()
    assert "re-spelled as text" in r.verdict.axis("discipline").evidence


def test_javascript_tests_that_swallow_failures(tmp_path, box, toolchains, require):
    tests = """
        const assert = require('assert');
        const { add, fib } = require('./solution');
        function test_add() {
          try { assert.strictEqual(add(2, 3), 5); } catch (e) { console.log(e.message); }
        }
        function test_fib() { assert.strictEqual(fib(10), 55); }
    """
    r = gate(tmp_path, box, toolchains, {"plan.md": JS_PLAN,
                                         "solution.js": JS_SOLUTION.replace("a + b;", "a - b;", 1),
                                         "test_solution.js": tests}, require, "javascript")
    assert r.verdict.verdict == "fail:swallowed_failure", r.verdict.to_dict()


JAVA_PLAN = "Write `add(a, b)` in class Solution.\n"
JAVA_SOLUTION = """
    public class Solution {
        public static int add(int a, int b) {
            return a + b;
        }
    }
"""
JAVA_SHAPES = {
    "helper_receives_solution": (
        """
        import java.util.function.IntBinaryOperator;

        public class TestSolution {
            static void check(IntBinaryOperator candidate, int a, int b, int want) {
                if (candidate.applyAsInt(a, b) != want) {
                    throw new AssertionError(a + "+" + b);
                }
            }

            public static void test_add() {
                check(Solution::add, 2, 3, 5);
                check(Solution::add, -1, 1, 0);
            }
        }
        """,
        """
        import java.util.function.IntBinaryOperator;

        public class TestSolution {
            static void check(IntBinaryOperator candidate, int a, int b) {
                int r = candidate.applyAsInt(a, b);
                if (r != r) {
                    throw new AssertionError("never");
                }
            }

            public static void test_add() {
                check(Solution::add, 2, 3);
            }
        }
        """),
    "table_of_cases": (
        """
        public class TestSolution {
            public static void main(String[] args) {
                int[][] cases = {{2, 3, 5}, {-1, 1, 0}, {0, 0, 0}};
                for (int[] c : cases) {
                    if (Solution.add(c[0], c[1]) != c[2]) {
                        throw new AssertionError("add(" + c[0] + ", " + c[1] + ")");
                    }
                }
            }
        }
        """,
        """
        public class TestSolution {
            public static void main(String[] args) {
                int[][] cases = {{2, 3}, {-1, 1}};
                for (int[] c : cases) {
                    Solution.add(c[0], c[1]);
                }
            }
        }
        """),
}


JAVA_SHAPES["round_trip"] = (
    """
    public class TestSolution {
        public static void main(String[] args) {
            for (int a = -3; a <= 3; a++) {
                if (Solution.add(Solution.add(a, 7), -7) != a) {
                    throw new AssertionError("round trip of " + a);
                }
            }
        }
    }
    """,
    """
    public class TestSolution {
        public static void main(String[] args) {
            for (int a = -3; a <= 3; a++) {
                if (Solution.add(a, 7) != Solution.add(a, 7)) {
                    throw new AssertionError("never");
                }
            }
        }
    }
    """)


@pytest.mark.parametrize("shape", sorted(JAVA_SHAPES))
def test_java_shape(shape, tmp_path, box, toolchains, require):
    honest, cheat = JAVA_SHAPES[shape]
    r = gate(tmp_path / "honest", box, toolchains, {"plan.md": JAVA_PLAN,
                                                    "Solution.java": JAVA_SOLUTION,
                                                    "TestSolution.java": honest}, require, "java")
    assert r.verdict.verdict == "pass", r.verdict.to_dict()
    assert "mutation score" in r.verdict.axis("execution").evidence
    t = gate(tmp_path / "twin", box, toolchains, {"plan.md": JAVA_PLAN,
                                                  "Solution.java": JAVA_SOLUTION,
                                                  "TestSolution.java": cheat}, require, "java")
    assert t.verdict.verdict == "unavailable", t.verdict.to_dict()


def test_java_tests_that_swallow_failures(tmp_path, box, toolchains, require):
    tests = """
        public class TestSolution {
            public static void test_add() {
                try {
                    if (Solution.add(2, 3) != 5) {
                        throw new AssertionError("add");
                    }
                } catch (AssertionError e) {
                    System.out.println(e);
                }
            }
        }
    """
    r = gate(tmp_path, box, toolchains, {"plan.md": JAVA_PLAN,
                                         "Solution.java": JAVA_SOLUTION.replace("a + b", "a - b"),
                                         "TestSolution.java": tests}, require, "java")
    assert r.verdict.verdict == "fail:swallowed_failure", r.verdict.to_dict()


# -- bad input ---------------------------------------------------------------------------


def test_test_file_that_does_not_parse_is_broken(tmp_path, box, toolchains, require):
    r = gate(tmp_path, box, toolchains, {"plan.md": PY_PLAN, "solution.py": PY_SOLUTION,
                                         "test_solution.py": "def test_add(:\n    pass\n"},
             require)
    assert r.verdict.verdict == "fail:broken"
    assert "test_solution.py does not parse" in r.verdict.axis("structural").evidence
    assert r.verdict.axis("execution").code == "fail:broken"


def test_mutant_that_loops_forever_is_killed_by_its_timeout(tmp_path, box, toolchains, require):
    sol = """
        def count_up(n):
            i = 0
            while i < n:
                i += 1
            return i
    """
    tests = "from solution import count_up\n\ndef test_count():\n    assert count_up(3) == 3\n"
    r = gate(tmp_path, box, toolchains, {"plan.md": "Write `count_up(n)`.\n", "solution.py": sol,
                                         "test_solution.py": tests}, require)
    assert r.verdict.verdict == "pass", r.verdict.to_dict()
    outcomes = {m.description: m.outcome for f in r.mutation.functions for m in f.mutants}
    assert "killed_by_timeout" in outcomes.values(), outcomes
    assert "killed_by_timeout" in r.verdict.axis("execution").evidence


def test_mutant_that_crashes_the_interpreter_is_a_kill(tmp_path, box, toolchains, require):
    sol = """
        import ctypes


        def deref(n):
            if n < 0:
                ctypes.string_at(0)
            return n * 2
    """
    tests = "from solution import deref\n\ndef test_deref():\n    assert deref(0) == 0\n" \
        "    assert deref(4) == 8\n"
    r = gate(tmp_path, box, toolchains, {"plan.md": "Write `deref(n)`.\n", "solution.py": sol,
                                         "test_solution.py": tests}, require)
    assert r.verdict.verdict == "pass", r.verdict.to_dict()
    outcomes = [m.outcome for f in r.mutation.functions for m in f.mutants]
    assert "killed_by_signal_11" in outcomes, outcomes


def test_solution_that_loops_forever_itself_fails_its_tests(tmp_path, box, toolchains, require):
    from overlord.gate.toolchains.base import BuildPlan
    from overlord.sandbox import SandboxLimits

    tcs = dict(toolchains)
    py = tcs["python"]

    class Short(type(py)):
        def plan(self, nonce, contracts=()):
            bp = super().plan(nonce, contracts)
            return BuildPlan(bp.steps, bp.files, bp.env, bp.read_only_paths,
                             SandboxLimits(timeout_ms=4_000, memory_bytes=bp.limits.memory_bytes,
                                           max_pids=bp.limits.max_pids))

    tcs["python"] = Short()
    sol = "def spin(n):\n    while True:\n        n += 1\n"
    tests = "from solution import spin\n\ndef test_spin():\n    assert spin(1) == 2\n"
    r = gate(tmp_path, box, tcs, {"plan.md": "Write `spin(n)`.\n", "solution.py": sol,
                                  "test_solution.py": tests}, require)
    assert r.verdict.verdict == "fail:test_fails"
    assert "timeout" in r.verdict.axis("execution").evidence


def test_coverage_counts_the_plan_named_functions_not_the_code_beside_them(tmp_path, box,
                                                                         toolchains, require):
    """A library module's function with its own tests: the module's other code (a class the
    tests never use, a fallback for a missing C accelerator) is not what the plan asks."""
    helpers = "".join(f"    def m{i}(self, x):\n        y = x + {i}\n        return y * 2\n\n"
                      for i in range(12))
    sol = (textwrap.dedent(PY_SOLUTION) + "\n\ntry:\n    from _no_accelerator import fast_add\n"
           "except ImportError:\n    fast_add = None\n\n\nclass Unrelated:\n" + helpers)
    tests = textwrap.dedent(PY_SHAPES["pytest_functions"][0])
    r = gate(tmp_path, box, toolchains, {"plan.md": PY_PLAN, "solution.py": sol,
                                         "test_solution.py": tests}, require)
    coverage = r.verdict.axis("coverage")
    assert r.verdict.verdict == "pass", r.verdict.to_dict()
    assert "in the plan-named functions" in coverage.evidence
    assert coverage.evidence.startswith("5/5 statements"), coverage.evidence  # add 1, fib 4
