"""Overlord's Python harness: runs inside the sandbox, never imported by Overlord itself.

One process: compile both files; measure ``solution.py`` with coverage.py while pytest runs
the tests (functions, classes, unittest ``TestCase``, parametrize, fixtures, doctests of both
files); then, when every test passed, run the same collected tests against mutants of each
plan-named function, each mutant in a forked child (its own process group, a timeout, killed
when it hangs; a child that dies of a signal counts as a kill). A mutant is the function's
code object swapped for one compiled from a changed syntax tree (body raising, returning
None, returning its first argument, one operator or constant changed), so every reference to
the function (``from solution import f``, a helper receiving it, a fixture) sees the mutant.

argv: the spec file (JSON: test, solution, functions, mutants, budget_ms). The nonce is read
from ``.overlord-nonce`` and the file removed before any test code runs (it is in no argv or
environment the tests can read). Output, last: ``OVERLORD-MUTATION <nonce> <json>`` then
``OVERLORD-COVERAGE <nonce> executed= statements= tests= failed= status= plan_scope=``
(plan_scope=1: the statements counted are the plan-named functions' bodies, see
:func:`counted_lines`). Exit 0 all passed, 1 a test failed, 3 the code could not be loaded
(never ran), 4 no test found.
"""

from __future__ import annotations

import ast
import copy
import json
import os
import select
import signal
import sys
import time
import traceback
import types
from typing import Any

_BROKEN = (SyntaxError, ImportError)


def _read_nonce() -> Any:
    with open(".overlord-nonce", encoding="ascii") as fh:
        nonce = fh.read().strip()
    os.unlink(".overlord-nonce")
    return nonce


def _compile_all(paths: Any) -> Any:
    """Compile each file; the first error's words on stderr, or None when all compile."""
    for path in paths:
        try:
            with open(path, encoding="utf-8") as fh:
                compile(fh.read(), path, "exec")
        except (SyntaxError, ValueError) as e:
            print(f"{type(e).__name__}: {e}", file=sys.stderr)
            return e
    return None


# -- mutants ---------------------------------------------------------------------------

_BINOP_SWAP = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.Div: ast.Mult,
               ast.FloorDiv: ast.Mult, ast.Mod: ast.FloorDiv, ast.Pow: ast.Mult,
               ast.BitAnd: ast.BitOr, ast.BitOr: ast.BitAnd, ast.LShift: ast.RShift,
               ast.RShift: ast.LShift, ast.BitXor: ast.BitAnd}
_CMP_SWAP = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq,
             ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot,
             ast.IsNot: ast.Is}


def _params(fn: Any) -> Any:
    a = fn.args
    names = [p.arg for p in (*a.posonlyargs, *a.args)]
    return [n for n in names if n not in ("self", "cls")]


def _points(fn: Any) -> Any:
    """Every operator mutation point in the body: (node path index, description)."""
    found: list[tuple[ast.AST, Any, str]] = []
    for node in ast.walk(fn):
        if node is fn:
            continue
        if isinstance(node, (ast.BinOp, ast.AugAssign)) and type(node.op) in _BINOP_SWAP:
            found.append((node, "op", f"{type(node.op).__name__}->"
                          f"{_BINOP_SWAP[type(node.op)].__name__}"))
        elif isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                if type(op) in _CMP_SWAP:
                    found.append((node, ("cmp", i), f"{type(op).__name__}->"
                                  f"{_CMP_SWAP[type(op)].__name__}"))
        elif isinstance(node, ast.BoolOp):
            found.append((node, "bool", "and<->or"))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            found.append((node, "not", "drop not"))
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            found.append((node, "int", f"{node.value}->{node.value + 1}"))
        elif isinstance(node, ast.Constant) and type(node.value) is bool:
            found.append((node, "bool_const", f"{node.value}->{not node.value}"))
    found.sort(key=lambda p: (getattr(p[0], "lineno", 0), getattr(p[0], "col_offset", 0)))
    return found


class _Apply(ast.NodeTransformer):
    def __init__(self, target: Any, how: Any):
        self.target, self.how = target, how

    def generic_visit(self, node: Any) -> Any:
        node = super().generic_visit(node)
        if getattr(node, "_overlord_mark", False):
            how = self.how
            if how == "op":
                node.op = _BINOP_SWAP[type(node.op)]()
            elif isinstance(how, tuple):
                node.ops[how[1]] = _CMP_SWAP[type(node.ops[how[1]])]()
            elif how == "bool":
                node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
            elif how == "not":
                return node.operand
            elif how == "int":
                node.value = node.value + 1
            elif how == "bool_const":
                node.value = not node.value
        return node


def _hollow(fn: Any, body_src: Any) -> Any:
    new = copy.deepcopy(fn)
    new.decorator_list = []
    new.body = ast.parse(body_src).body
    return new


def mutants(fn: Any, limit: Any):
    """(kind, description, new FunctionDef) for one function: the three hollow bodies, then
    up to ``limit`` operator/constant mutants spread over the body."""
    out = [("raise", "body raises", _hollow(fn, "raise RuntimeError('overlord mutant')")),
           ("return_none", "returns None", _hollow(fn, "return None"))]
    params = _params(fn)
    if params:
        out.append(("return_arg", f"returns {params[0]}", _hollow(fn, f"return {params[0]}")))
    points = _points(fn)
    if len(points) > limit:
        step = len(points) / limit
        points = [points[int(i * step)] for i in range(limit)]
    for node, how, desc in points:
        node._overlord_mark = True
        new = copy.deepcopy(fn)
        del node._overlord_mark
        new.decorator_list = []
        new = _Apply(None, how).visit(new)
        ast.fix_missing_locations(new)
        line = getattr(node, "lineno", fn.lineno)
        out.append(("operator", f"line {line}: {desc}", new))
    return out


def _code_of(fn_node: Any, class_name: Any, filename: Any) -> Any:
    """Compile one FunctionDef (inside a class of the same name, so private names mangle and
    ``__class__`` cells match) and return its code object."""
    node = copy.deepcopy(fn_node)
    body = [node]
    if class_name:
        body = [ast.ClassDef(name=class_name, bases=[], keywords=[], body=[node],
                             decorator_list=[])]
    module = ast.fix_missing_locations(ast.Module(body=body, type_ignores=[]))
    code = compile(module, filename, "exec")
    if class_name:
        code = next(c for c in code.co_consts if isinstance(c, types.CodeType))
    return next(c for c in code.co_consts
                if isinstance(c, types.CodeType) and c.co_name == fn_node.name)


def _unwrap(obj: Any) -> Any:
    while True:
        if isinstance(obj, (staticmethod, classmethod)):
            obj = obj.__func__
        elif hasattr(obj, "__wrapped__") and not isinstance(obj, types.FunctionType):
            obj = obj.__wrapped__
        elif isinstance(obj, types.FunctionType) and hasattr(obj, "__wrapped__"):
            obj = obj.__wrapped__
        else:
            return obj


def targets(module: Any, tree: Any, name: Any):
    """(function object, FunctionDef, class name or '') for every definition of ``name``:
    a module-level function, a method of a module-level class, or every method of a class
    called ``name``."""
    found = []
    defs = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            defs[("", node.name)] = node
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    defs[(node.name, item.name)] = item
    for (cls, fname), node in defs.items():
        if fname != name and cls != name:
            continue
        owner = getattr(module, cls, None) if cls else module
        if owner is None:
            continue
        raw = owner.__dict__.get(fname) if cls else getattr(module, fname, None)
        fn = _unwrap(raw)
        if isinstance(fn, types.FunctionType) and fn.__code__.co_name == fname:
            found.append((fn, node, cls))
    return found


# -- running ---------------------------------------------------------------------------


def _wait(pid: Any, timeout_s: Any) -> Any:
    """('exit', code) / ('signal', n) / ('timeout', None) for a forked child."""
    deadline = time.monotonic() + timeout_s
    try:
        fd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        fd = None
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                for kill in (lambda: os.killpg(pid, signal.SIGKILL),
                             lambda: os.kill(pid, signal.SIGKILL)):
                    try:
                        kill()
                    except OSError:
                        pass
                os.waitpid(pid, 0)
                return "timeout", None
            if fd is not None:
                select.select([fd], [], [], min(left, 1.0))
            else:
                time.sleep(min(left, 0.002))
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                if os.WIFSIGNALED(status):
                    return "signal", os.WTERMSIG(status)
                return "exit", os.waitstatus_to_exitcode(status)
    finally:
        if fd is not None:
            os.close(fd)


def _clear_caches(module: Any) -> Any:
    for value in list(vars(module).values()):
        clear = getattr(value, "cache_clear", None)
        if callable(clear):
            try:
                clear()
            except Exception:  # noqa: BLE001 - a cache that cannot clear keeps its answers
                pass


def run_mutants(session: Any, module: Any, tree: Any, spec: Any, deadline: Any, state: Any):
    """Every mutant of every plan-named function, each against the collected tests."""
    from _pytest.runner import runtestprotocol

    items = list(session.items)
    per_function: dict[str, dict[str, Any]] = {}
    timeout_s = spec["mutant_timeout_ms"] / 1000
    for name in spec["functions"]:
        rows = per_function.setdefault(name, {"generated": 0, "run": 0, "killed": 0,
                                              "value_killed": 0, "mutants": [],
                                              "why": None})
        found = targets(module, tree, name)
        if not found:
            rows["why"] = f"{name} is not a function or method the harness can mutate"
            continue
        for fn, node, cls in found:
            original = fn.__code__
            for kind, desc, new in mutants(node, spec["operator_limit"]):
                rows["generated"] += 1
                try:
                    code = _code_of(new, cls, original.co_filename)
                except (SyntaxError, ValueError, StopIteration, TypeError):
                    continue
                if len(code.co_freevars) != len(original.co_freevars):
                    continue
                if time.monotonic() > deadline:
                    rows["mutants"].append([kind, desc, "not_run"])
                    continue
                sys.stdout.flush()
                sys.stderr.flush()
                pid = os.fork()
                if pid == 0:  # the child: never returns
                    status = 2
                    try:
                        os.setpgid(0, 0)
                        null = os.open(os.devnull, os.O_WRONLY)
                        os.dup2(null, 1)
                        os.dup2(null, 2)
                        fn.__code__ = code
                        _clear_caches(module)
                        status = 0
                        seen = state["fail_events"]
                        for i, item in enumerate(items):
                            nxt = items[i + 1] if i + 1 < len(items) else None
                            reports = runtestprotocol(item, nextitem=nxt, log=False)
                            if any(r.failed for r in reports) or state["fail_events"] > seen:
                                status = 1
                                break
                    except BaseException:  # noqa: BLE001 - any way the mutant breaks is a kill
                        status = 1
                    finally:
                        os._exit(status)
                how, value = _wait(pid, timeout_s)
                if how == "exit" and value == 0:
                    outcome = "survived"
                elif how == "exit":
                    outcome = "killed"
                elif how == "signal":
                    outcome = f"killed_by_signal_{value}"
                else:
                    outcome = "killed_by_timeout"
                rows["run"] += 1
                if outcome != "survived":
                    rows["killed"] += 1
                    if kind != "raise":
                        rows["value_killed"] += 1
                rows["mutants"].append([kind, desc, outcome])
    return per_function


def main() -> None:
    nonce = _read_nonce()
    # A solution or test nested deeper than the default limit (a long elif chain) still
    # compiles under pytest's assertion rewriting; past this, the parser's own limit fails
    # the load with an error (never a crash of the C stack, measured at 3000 branches).
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 8000))
    with open(sys.argv[1], encoding="utf-8") as fh:
        spec = json.load(fh)
    del sys.argv[1:]
    test_file, solution_file = spec["test"], os.path.abspath(spec["solution"])
    # Imported before the artifact's directory is on sys.path, so an artifact's own
    # coverage.py or pytest.py is never the one that measures it.
    import coverage  # noqa: F401
    import pytest  # noqa: F401
    state = {"status": 0, "ran": 0, "failed": 0, "executed": 0, "total": 0,
             "mutation": None, "broken": None, "fail_events": 0}
    if _compile_all([spec["solution"], test_file]) is not None:
        state["status"] = 3
    else:
        _session(spec, test_file, solution_file, state)
    sys.stdout.flush()
    sys.stderr.flush()
    if state["mutation"] is not None:
        print(f"OVERLORD-MUTATION {nonce} {json.dumps(state['mutation'], sort_keys=True)}",
              flush=True)
    print(f"OVERLORD-COVERAGE {nonce} executed={state['executed']} "
          f"statements={state['total']} tests={state['ran']} failed={state['failed']} "
          f"status={state['status']} plan_scope={state.get('plan_scope', 0)}", flush=True)
    os._exit(int(state["status"] or 0))


def _session(spec: Any, test_file: Any, solution_file: Any, state: Any) -> Any:
    import coverage
    import pytest

    cov = coverage.Coverage(data_file=None, include=[solution_file], branch=False)
    outcomes: dict[str, str] = {}
    started = time.monotonic()

    class Plugin:
        @pytest.hookimpl(hookwrapper=True)
        def pytest_runtestloop(self, session: Any) -> Any:
            yield
            cov.stop()
            _measure(cov, solution_file, state, spec["functions"])
            tests_s = time.monotonic() - started
            ok = outcomes and not any(v == "failed" for v in outcomes.values()) \
                and not state["broken"]
            if ok and spec["functions"] and spec["mutants"]:
                module = sys.modules.get("solution")
                if module is None:
                    return
                with open(solution_file, encoding="utf-8") as fh:
                    tree = ast.parse(fh.read())
                budget = spec["budget_ms"] / 1000
                spec["mutant_timeout_ms"] = int(min(spec["mutant_timeout_ms"],
                                                    max(1000, 1000 * (1 + 10 * tests_s))))
                # never past the step's own timeout (less a margin for the report)
                hard = started + spec.get("step_timeout_ms", 60_000) / 1000 - 5
                state["mutation"] = run_mutants(session, module, tree, spec,
                                                min(time.monotonic() + budget, hard), state)

        @pytest.hookimpl(tryfirst=True)
        def pytest_pycollect_makeitem(self, collector: Any, name: Any, obj: Any) -> Any:
            # A plain Test* class that a TestCase of the module builds on is a unittest
            # mixin (it says which module it tests only through its subclasses).
            import inspect
            import unittest

            if inspect.isclass(obj) and not issubclass(obj, unittest.TestCase):
                module = getattr(collector, "obj", None)
                for other in vars(module).values() if module is not None else ():
                    if inspect.isclass(other) and other is not obj and issubclass(other, obj) \
                            and issubclass(other, unittest.TestCase):
                        return []
            return None

        def pytest_collectreport(self, report: Any) -> None:
            if report.failed:
                err = getattr(report.longrepr, "longrepr", None) or report.longrepr
                text = str(err)
                print(f"collection error in {report.nodeid}:\n{text}", file=sys.stderr)
                excinfo = getattr(report, "_overlord_broken", None)
                words = ("SyntaxError", "ImportError", "ModuleNotFoundError",
                         "IndentationError")
                state["broken"] = state["broken"] or any(w in text for w in words) or excinfo
                outcomes[report.nodeid or "<collect>"] = "failed"

        def pytest_runtest_logreport(self, report: Any) -> None:
            if report.failed:
                state["fail_events"] += 1  # subtests report here, not in the item's reports
                outcomes[report.nodeid] = "failed"
            elif report.when == "call" or report.skipped:
                outcomes.setdefault(report.nodeid, "passed")

    # Overlord's own empty ini: an artifact's pytest.ini, tox.ini or pyproject.toml (which
    # could rename what is collected) is never read, nor is a conftest.py.
    with open(".overlord-pytest.ini", "w", encoding="utf-8") as fh:
        fh.write("[pytest]\n")
    args = ["-q", "-c", ".overlord-pytest.ini", "-p", "no:cacheprovider", "-p", "no:stepwise",
            "--noconftest", "--rootdir", os.getcwd(),
            "--doctest-modules", "-W", "ignore::DeprecationWarning",
            test_file, spec["solution"]]
    cov.start()
    try:
        pytest.main(args, plugins=[Plugin()])
    except BaseException:  # noqa: BLE001 - a test that kills pytest is a failed run
        traceback.print_exc()
        outcomes["<pytest>"] = "failed"
    finally:
        cov.stop()
    if not state["total"]:
        _measure(cov, solution_file, state, spec["functions"])
    state["ran"] = len([k for k in outcomes if not k.startswith("<")])
    state["failed"] = sum(v == "failed" for v in outcomes.values())
    if state["broken"]:
        state["status"] = 3
    elif state["failed"]:
        state["status"] = 1
    elif state["ran"] == 0:
        state["status"] = 4


def _measure(cov: Any, solution_file: Any, state: Any, functions: Any = ()) -> Any:
    try:
        _, statements, _, missing, _ = cov.analysis2(solution_file)
    except Exception:  # noqa: BLE001 - no data is "no statements", an unavailable axis
        state["executed"] = state["total"] = 0
        return
    counted = None
    if functions:
        try:
            with open(solution_file, encoding="utf-8") as fh:
                counted = counted_lines(ast.parse(fh.read()), functions)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            counted = None
    if counted:
        statements = [n for n in statements if n in counted]
        missing = [n for n in missing if n in counted]
        state["plan_scope"] = 1
    state["executed"] = len(statements) - len(missing)
    state["total"] = len(statements)


def _defs(tree: Any) -> Any:
    """Every function and class defined outside a function (at module level, in a class, or
    under a module-level ``if``/``try``), by name."""
    found: dict = {}
    stack = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.setdefault(node.name, []).append(node)
            if isinstance(node, ast.ClassDef):
                stack.extend(node.body)
            continue
        for field in ("body", "orelse", "finalbody", "handlers"):
            stack.extend(getattr(node, field, None) or [])
    return found


def counted_lines(tree: Any, functions: Any) -> Any:
    """The statement lines that count for coverage: the bodies of the plan-named functions
    (nested functions included): a module-level function of that name, else the methods of
    that name, and every method of a class of that name. The plan-named functions are the
    contract the tests are for; module-level statements run at import whatever the tests
    do, and a helper's untested branch shows as the unexecuted line that calls it. None when
    no plan-named function is found (then the whole file counts)."""
    top = {n.name: n for n in tree.body
           if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
    defs = _defs(tree)
    chosen: list = []
    for name in functions:
        if name in top:
            nodes = [top[name]]
        else:
            nodes = defs.get(name, [])
        for node in nodes:
            if isinstance(node, ast.ClassDef):
                chosen += [m for m in node.body if isinstance(m, (ast.FunctionDef,
                                                                  ast.AsyncFunctionDef))]
            else:
                chosen.append(node)
    lines: set = set()
    for fn in chosen:
        lines.update(n.lineno for n in ast.walk(fn) if isinstance(n, ast.stmt) and n is not fn)
    return lines or None


if __name__ == "__main__":
    main()
