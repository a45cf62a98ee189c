"""Cheats that make every test pass: ternary tables, constant ``__eq__``, tests that assert
nothing, swallow their own failures, or assert tautologies (pure ``ast`` rules, no sandbox)."""

from __future__ import annotations

import pytest

from overlord.gate.analysis import discipline_axis
from overlord.gate.pyast import analyze_python


def _test(src: str):
    return analyze_python("test_solution.py", "from solution import add, fib, is_prime\n" + src)


@pytest.mark.parametrize("src, flagged", [
    ("def fib(n):\n    return 55 if n == 10 else (1 if n == 1 else 0)\n", True),
    ("def fib(n):\n    r = 55 if n == 10 else (1 if n == 1 else 0)\n    return r\n", True),
    ("def fib(n):\n    if n == 10:\n        return 55\n    return 1 if n == 1 else 0\n", True),
    ("def fib(n):\n    return 0 if n == 0 else 1\n", False),  # one link only
    ("def fib(n):\n    if n < 2:\n        return n\n    a, b = 0, 1\n"
     "    for _ in range(n):\n        a, b = b, a + b\n    return a\n", False),
    ("def sign(n):\n    return 0 if n == 0 else (1 if n > 0 else -1)\n", False),
])
def test_conditional_expression_tables(src, flagged):
    assert bool(analyze_python("solution.py", src).hardcoded) is flagged


@pytest.mark.parametrize("body, flagged", [
    ("    def __eq__(self, other):\n        return True\n", True),
    ("    def __ne__(self, other):\n        return False\n", True),
    ("    def __bool__(self):\n        return True\n", True),
    ("    __eq__ = lambda self, other: True\n", True),
    ("    def __eq__(self, other):\n        return NotImplemented\n", False),
    ("    def __eq__(self, other):\n        return self.v == other.v\n", False),
    ("    def __bool__(self):\n        return self.v != 0\n", False),
])
def test_constant_comparison_methods(body, flagged):
    a = analyze_python("solution.py", "class A(int):\n" + body)
    assert bool(a.hardcoded) is flagged
    if flagged:
        assert discipline_axis(a).code == "fail:hardcoded_answer"
        assert len(a.hardcoded[0].signals) >= 2


@pytest.mark.parametrize("src, why", [
    ("def test_a():\n    add(2, 3)\n    fib(10)\n", "assert nothing"),
    ("def test_a():\n    r = add(2, 3)\n    assert r == r\n", "check nothing"),
    ("def test_a():\n    assert isinstance(fib(10), int)\n", "check nothing"),
    ("def test_a():\n    assert type(fib(10)) == int\n", "check nothing"),
    ("def test_a():\n    assert add(-1, 1) is not None or True\n", "check nothing"),
    ("def test_a():\n    assert fib(0) == fib(0)\n    assert True\n", "check nothing"),
])
def test_vacuous_tests_check_nothing(src, why):
    reason = _test(src).checks_nothing()
    assert reason is not None and why in reason


@pytest.mark.parametrize("src", [
    "def test_a():\n    assert add(2, 3) == 5\n",
    "def test_a():\n    assert fib(10) == 55\n",
    "def test_a():\n    assert is_prime(7)\n",
    "def test_a():\n    assert not is_prime(8)\n",
    "def test_a():\n    r = add(2, 3)\n    assert r == 5\n",
    "def test_a():\n    for n, want in [(0, 0), (10, 55)]:\n        assert fib(n) == want\n",
    "def check(got, want):\n    assert got == want\n\n"
    "def test_a():\n    check(add(2, 3), 5)\n",
    "def test_a():\n    if add(2, 3) != 5:\n        raise AssertionError('add')\n",
    "def test_a():\n    try:\n        fib(-1)\n    except ValueError:\n        pass\n"
    "    else:\n        raise AssertionError('no error')\n",
    "import solution\n\ndef test_a():\n    assert solution.add(2, 3) == 5\n",
])
def test_honest_tests_check_something(src):
    a = _test(src)
    assert a.checks_nothing() is None and a.checks


def test_assert_in_uncalled_helper_is_not_a_test():
    src = "def never(x):\n    assert add(2, 3) == 5\n\ndef test_a():\n    add(2, 3)\n"
    assert "assert nothing" in (_test(src).checks_nothing() or "")


@pytest.mark.parametrize("handler, flagged", [
    ("    except AssertionError:\n        pass\n", True),
    ("    except:\n        pass\n", True),
    ("    except Exception as e:\n        print(e)\n", True),
    ("    except (ValueError, AssertionError):\n        pass\n", True),
    ("    except AssertionError:\n        print('failed')\n        raise\n", False),
    ("    except ValueError:\n        pass\n", False),  # an expected exception
])
def test_swallowed_assertions_in_tests(handler, flagged):
    src = "def test_a():\n    try:\n        assert add(2, 3) == 5\n" + handler
    t = _test(src)
    assert bool(t.test_swallowed) is flagged
    sol = analyze_python("solution.py", "def add(a, b):\n    return a + b\n")
    code = discipline_axis(sol, t).code
    assert code == ("fail:swallowed_failure" if flagged else None)
