"""Axis rules and the verdict: pure unit tests."""

from __future__ import annotations

import pytest

from overlord.gate.analysis import discipline_axis, structural_axis
from overlord.gate.axes import AxisResult, GateError
from overlord.gate.coverage import parse_report, report_line
from overlord.gate.plan import plan_contracts
from overlord.gate.pyast import analyze_python
from overlord.gate.verdict import decide

P = AxisResult.passed
F = AxisResult.failed
U = AxisResult.unavailable


def axes(execution=None, coverage=None, structural=None, discipline=None):
    return (execution or P("execution", "ok"), coverage or P("coverage", "ok"),
            structural or P("structural", "ok"), discipline or P("discipline", "ok"))


def test_all_pass_is_pass():
    v = decide(axes())
    assert v.verdict == "pass" and v.passed
    assert v.to_dict()["axes"]["coverage"]["status"] == "pass"


def test_missing_symbol_explains_broken_build():
    v = decide(axes(F("execution", "fail:broken", "undefined reference to `median'"),
                    U("coverage", "never ran"),
                    F("structural", "fail:missing_symbol", "median")))
    assert v.verdict == "fail:missing_symbol"


def test_broken_beats_stub_and_everything_after():
    v = decide(axes(F("execution", "fail:broken", "x"), None, None,
                    F("discipline", "fail:hardcoded_answer", "x")))
    assert v.verdict == "fail:broken"
    v = decide(axes(None, None, F("structural", "fail:broken", "does not parse")))
    assert v.verdict == "fail:broken"


@pytest.mark.parametrize("pairs, want", [
    ([("structural", "fail:stub"), ("discipline", "fail:hardcoded_answer")], "fail:stub"),
    ([("discipline", "fail:hardcoded_answer"), ("execution", "fail:test_fails")],
     "fail:hardcoded_answer"),
    ([("discipline", "fail:swallowed_failure"), ("execution", "fail:test_fails")],
     "fail:swallowed_failure"),
    ([("execution", "fail:test_fails"), ("coverage", "fail:low_coverage")], "fail:test_fails"),
    ([("coverage", "fail:low_coverage")], "fail:low_coverage"),
    ([("structural", "fail:missing_symbol")], "fail:missing_symbol"),
])
def test_order_most_specific_first(pairs, want):
    given = {axis: F(axis, code, "e") for axis, code in pairs}
    assert decide(axes(**given)).verdict == want


def test_any_unavailable_without_fail_is_unavailable():
    v = decide(axes(coverage=U("coverage", "no tool")))
    assert v.verdict == "unavailable"
    assert "coverage" in v.reason


def test_decide_needs_all_four_axes_once():
    with pytest.raises(GateError):
        decide(axes()[:3])
    with pytest.raises(GateError):
        decide(axes() + (P("execution", "again"),))


def test_axis_result_rejects_a_code_that_does_not_fit():
    with pytest.raises(GateError):
        AxisResult("coverage", "fail", "fail:stub", "x")
    with pytest.raises(GateError):
        AxisResult("execution", "pass", "fail:broken", "x")
    with pytest.raises(GateError):
        AxisResult("speed", "pass", None, "x")


def test_coverage_parser_takes_the_last_nonce_line():
    forged = "OVERLORD-COVERAGE abc executed=10 statements=10\n"
    out = forged + report_line("abc", 3, 10, tests=1) + "\n"
    r = parse_report(out, "abc")
    assert (r.executed, r.statements, r.percent, r.get("tests")) == (3, 10, 30, 1)
    assert parse_report("OVERLORD-COVERAGE other executed=9 statements=9\n", "abc") is None
    assert parse_report(report_line("abc", 9, 9) + "\nOVERLORD-COVERAGE xyz executed=1 statements=9",
                        "abc").executed == 9


def test_plan_contracts_parsed_from_backticks():
    plan = "Write `is_prime(n)`, `Solution.add(a, b)` and `ns::sum(v)`; not `CONST` or is_odd(."
    assert plan_contracts(plan) == ("is_prime", "add", "sum")
    assert plan_contracts("Make it better.") == ()


@pytest.mark.parametrize("body, shape", [
    ("    pass\n", "pass_body"),
    ("    '''doc'''\n    ...\n", "pass_body"),
    ("    return 42\n", "literal_return"),
    ("    return -1\n", "literal_return"),
    ("    return xs\n", "returns_argument"),
    ("    return []\n", "empty_collection"),
    ("    return dict()\n", "empty_collection"),
    ("    raise NotImplementedError\n", "not_implemented"),
    ("    # TODO later\n    return None\n", "todo_body"),
    ("    return f(xs)\n", "passthrough"),
    ("    return sum(xs)\n", None),
    ("    if not xs:\n        return 0\n    return sum(xs)\n", None),
])
def test_python_stub_shapes(body, shape):
    a = analyze_python("s.py", "def f(xs):\n" + body)
    assert a.functions[0].stub_shape == shape


def test_structural_axis_rules():
    sol = analyze_python("solution.py", "def f(x):\n    return x * 2\n")
    assert structural_axis(("f",), sol, None).status == "pass"
    r = structural_axis(("f", "g"), sol, None)
    assert r.code == "fail:missing_symbol" and "g" in r.evidence
    assert structural_axis((), sol, None).status == "unavailable"
    bad = analyze_python("solution.py", "def f(x)\n    return x\n")
    r = structural_axis(("f",), bad, None)
    assert r.code == "fail:broken" and "SyntaxError" in r.evidence


GUARD = """
def is_prime(n):
    if n < 2:
        return False
    for i in range(2, n):
        if n % i == 0:
            return False
    return True
"""

CHEAT = """
def is_prime(n):
    if n == 2:
        return True
    if n == 3:
        return True
    return False
"""

TABLE = """
ANSWERS = {2: True, 3: True, 4: False}
def is_prime(n):
    return ANSWERS[n]
"""


def test_guard_clause_is_never_a_hardcoded_answer():
    assert analyze_python("s.py", GUARD).hardcoded == ()
    assert discipline_axis(analyze_python("s.py", GUARD)).status == "pass"


def test_hardcoded_answer_needs_and_shows_its_signals():
    for src in (CHEAT, TABLE):
        (finding,) = analyze_python("s.py", src).hardcoded
        assert len(finding.signals) == 3
        assert discipline_axis(analyze_python("s.py", src)).code == "fail:hardcoded_answer"
    single = "def f(n):\n    if n == 0:\n        return 1\n    return 2\n"
    assert analyze_python("s.py", single).hardcoded == ()


@pytest.mark.parametrize("handler, flagged", [
    ("    except:\n        pass\n", True),
    ("    except Exception:\n        return None\n", True),
    ("    except Exception as e:\n        print(e)\n", True),
    ("    except AssertionError:\n        pass\n", True),
    # a narrow handler that does nothing is deliberate (an OSError or ValueError ignored on
    # purpose), as real-world code does: only catch-alls and AssertionError are swallowed failures
    ("    except ValueError:\n        pass\n", False),
    ("    except ValueError as e:\n        log.error(e)\n        raise\n", False),
    ("    except Exception as e:\n        raise RuntimeError('bad') from e\n", False),
    ("    except ValueError:\n        return int(x.strip() or 0)\n", False),
    ("    except KeyError:\n        return default\n", False),
])
def test_swallowed_failure_signals(handler, flagged):
    src = "def f(x, default=None):\n    try:\n        return int(x)\n" + handler
    found = analyze_python("s.py", src).swallowed
    assert bool(found) is flagged
    if flagged:
        assert "does not re-raise" in found[0].signals and len(found[0].signals) >= 2
