"""Python source analysis with the standard ``ast`` module (parsed, never grepped)."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from overlord.gate.analysis import Finding, FunctionInfo, SourceAnalysis
from overlord.gate.pyflow import all_nodes, answer_tables

_LOG_NAMES = {"print", "log", "debug", "info", "warning", "warn", "error", "exception",
              "critical", "write"}
_BROAD = {"Exception", "BaseException"}
_EMPTY_CALLS = {"list", "dict", "set", "tuple", "str", "frozenset", "bytes"}


def _is_literal(node: ast.AST | None) -> bool:
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        return _is_literal(node.operand)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return all(_is_literal(e) for e in node.elts)
    return False


def _is_empty_collection(node: ast.AST | None) -> bool:
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)) and not node.elts:
        return True
    if isinstance(node, ast.Dict) and not node.keys:
        return True
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in _EMPTY_CALLS and not node.args and not node.keywords)


def _inert(stmt: ast.stmt) -> bool:
    """A statement that does nothing to the result: a string or other constant expression
    (a docstring wherever it sits), ``pass``, an import, ``global``/``nonlocal``."""
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
        return True
    return isinstance(stmt, (ast.Pass, ast.Import, ast.ImportFrom, ast.Global, ast.Nonlocal))


def _body(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.stmt]:
    """The body with its inert statements skipped (docstrings anywhere, imports, pass), so a
    hollow body cannot hide behind them."""
    return [s for s in fn.body if not _inert(s)]


def _params(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    a = fn.args
    names = [p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)]
    if a.vararg:
        names.append(a.vararg.arg)
    if a.kwarg:
        names.append(a.kwarg.arg)
    return [n for n in names if n not in ("self", "cls")]


def _has_todo(source_lines: list[str], fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    start, end = fn.lineno, getattr(fn, "end_lineno", fn.lineno) or fn.lineno
    text = "\n".join(source_lines[start - 1:end]).upper()
    return "TODO" in text or "FIXME" in text or "XXX" in text


def stub_shape(fn: ast.FunctionDef | ast.AsyncFunctionDef, source_lines: list[str]) -> str | None:
    """The hollow shape of a function body, or None when it does work."""
    body = _body(fn)
    params = _params(fn)
    trivial = len(body) <= 1 and all(
        isinstance(s, ast.Pass) or (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
        or (isinstance(s, ast.Return) and (s.value is None or _is_literal(s.value)
                                           or _is_empty_collection(s.value)))
        for s in body)
    if trivial and _has_todo(source_lines, fn):
        return "todo_body"
    if not body or all(isinstance(s, ast.Pass) or (isinstance(s, ast.Expr) and
                                                   isinstance(s.value, ast.Constant))
                       for s in body):
        return "pass_body"
    if len(body) != 1:
        return None
    stmt = body[0]
    if isinstance(stmt, ast.Raise):
        exc = stmt.exc.func if isinstance(stmt.exc, ast.Call) else stmt.exc
        if isinstance(exc, ast.Name) and exc.id in ("NotImplementedError", "NotImplemented"):
            return "not_implemented"
        return None
    if not isinstance(stmt, ast.Return):
        return None
    value = stmt.value
    if value is None or (isinstance(value, ast.Constant) and value.value is None):
        return "pass_body"
    if _is_empty_collection(value):
        return "empty_collection"
    if _is_literal(value):
        return "literal_return"
    if isinstance(value, ast.Name) and value.id in params:
        return "returns_argument"
    if isinstance(value, ast.Call) and not value.keywords:
        callee = value.func
        callee_name = callee.id if isinstance(callee, ast.Name) else (
            callee.attr if isinstance(callee, ast.Attribute) else None)
        args = [a.id if isinstance(a, ast.Name) else None for a in value.args]
        if callee_name == fn.name and args == params:
            return "passthrough"
    return None


#: The methods whose constant answer makes every comparison or truth test of an instance pass.
_TRUTH_DUNDERS = ("__eq__", "__ne__", "__bool__", "__lt__", "__le__", "__gt__", "__ge__")


def constant_comparisons(tree: ast.AST, nodes: list[ast.AST] | None = None) -> list[Finding]:
    """Classes that answer ``==``, ``!=``, ordering or truth with a constant.

    A finding needs: a comparison or truth method (``__eq__``, ``__ne__``, ``__bool__``,
    ordering) defined in a class body, whose whole body returns one literal, so it never
    reads its operand or the instance. ``return NotImplemented`` and a real field comparison
    are never flagged.
    """
    found: list[Finding] = []
    for cls in (n for n in (nodes if nodes is not None else all_nodes(tree))
                if isinstance(n, ast.ClassDef)):
        for item in cls.body:
            name, value, line = None, None, getattr(item, "lineno", cls.lineno)
            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                    and item.name in _TRUTH_DUNDERS:
                body = _body(item)
                if len(body) == 1 and isinstance(body[0], ast.Return):
                    name, value = item.name, body[0].value
            elif isinstance(item, ast.Assign) and isinstance(item.value, ast.Lambda):
                targets = [t.id for t in item.targets if isinstance(t, ast.Name)
                           and t.id in _TRUTH_DUNDERS]
                if targets:
                    name, value = targets[0], item.value.body
            if name is None or value is None or not _is_literal(value):
                continue
            shown = ast.unparse(value)
            what = "an instance's truth" if name == "__bool__" else f"every {name} comparison"
            found.append(Finding(f"{cls.name}.{name}", line,
                                 (f"{name} returns the constant {shown}",
                                  "never reads its operand or the instance",
                                  f"{what} has a fixed answer, so asserts on it always pass")))
    return found


def _handler_trivial(handler: ast.ExceptHandler) -> tuple[bool, bool]:
    """(empty, discards): empty means only pass/.../continue/break; discards means it only
    logs, returns a literal or assigns literals."""
    empty = all(isinstance(s, (ast.Pass, ast.Continue, ast.Break)) or
                (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
                for s in handler.body)
    def discards(s: ast.stmt) -> bool:
        if isinstance(s, (ast.Pass, ast.Continue, ast.Break)):
            return True
        if isinstance(s, ast.Return):
            return s.value is None or _is_literal(s.value) or _is_empty_collection(s.value)
        if isinstance(s, ast.Assign):
            return _is_literal(s.value)
        if isinstance(s, ast.Expr):
            v = s.value
            if isinstance(v, ast.Constant):
                return True
            if isinstance(v, ast.Call):
                f = v.func
                name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
                return name in _LOG_NAMES
        return False
    return empty, all(discards(s) for s in handler.body)


def swallowed_failures(tree: ast.AST) -> list[Finding]:
    """Read as the solution: handlers that catch any failure and discard it.

    A finding needs: no ``raise`` in the handler, a body that only discards (pass, a log
    line, a literal return), and a catch-all (bare, Exception, BaseException) or a catch of
    ``AssertionError``. A narrow handler (``except OSError: pass``) is a deliberate choice the
    spec may ask for, and a handler that logs and re-raises is never flagged.
    """
    found: list[Finding] = []
    for child, fn_name in _handlers(tree):
        reraises = any(isinstance(n, ast.Raise) for n in ast.walk(child))
        empty, discards = _handler_trivial(child)
        t = child.type
        if not reraises and discards and _catches(t, {"AssertionError", *_BROAD}):
            signals = ["does not re-raise"]
            if t is None:
                signals.append("bare except")
            elif _catches(t, _BROAD):
                signals.append("catch-all handler")
            else:
                signals.append("catches AssertionError")
            signals.append("empty handler" if empty else "only logs or returns a literal")
            found.append(Finding(fn_name, child.lineno, tuple(signals)))
    return found


def _handlers(tree: ast.AST) -> Iterator[tuple[ast.ExceptHandler, str]]:
    """Every ``except`` handler with the name of the function it sits in ('' at module
    level); iterative, so a deeply nested file cannot exhaust the stack."""
    stack: list[tuple[ast.AST, str]] = [(tree, "")]
    while stack:
        node, fn_name = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Constant, ast.expr_context)):
                continue
            name = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                else fn_name
            if isinstance(child, ast.ExceptHandler):
                yield child, fn_name
            stack.append((child, name))


def _catches(t: ast.AST | None, names: set[str]) -> bool:
    if t is None:
        return True
    if isinstance(t, ast.Tuple):
        return any(_catches(e, names) for e in t.elts)
    name = t.id if isinstance(t, ast.Name) else t.attr if isinstance(t, ast.Attribute) else ""
    return name in names


def swallowed_assertions(tree: ast.AST) -> list[Finding]:
    """Read as a test file: handlers that catch a failed assertion and discard it.

    A finding needs: a handler catching ``AssertionError`` or everything (bare,
    ``Exception``, ``BaseException``); no ``raise`` in it; a body that only discards (pass,
    a log line, a literal). A specific expected-exception handler (``except ValueError:
    pass``) and a handler that re-raises are never flagged.
    """
    found: list[Finding] = []
    for child, fn_name in _handlers(tree):
        if not _catches(child.type, {"AssertionError", *_BROAD}):
            continue
        reraises = any(isinstance(n, ast.Raise) for n in ast.walk(child))
        empty, discards = _handler_trivial(child)
        if not reraises and discards:
            caught = ("bare except" if child.type is None else
                      "catches AssertionError" if _catches(child.type, {"AssertionError"})
                      else "catch-all handler")
            found.append(Finding(fn_name, child.lineno, (
                "does not re-raise", caught,
                "empty handler" if empty else "only logs or returns a literal")))
    return found


#: pytest hooks a test module could define, or load through ``pytest_plugins``, to rewrite a
#: test's outcome (Overlord's harness reads no conftest.py, but a test module can name one).
_OUTCOME_HOOKS = ("pytest_runtest_makereport", "pytest_runtest_logreport", "pytest_report_teststatus",
                  "pytest_runtest_call", "pytest_runtest_protocol", "pytest_pyfunc_call",
                  "pytest_runtestloop", "pytest_sessionfinish", "pytest_configure")
_SUPPRESSED = {"AssertionError", "Exception", "BaseException"}


def outcome_rewriters(tree: ast.AST, nodes: list[ast.AST] | None = None) -> list[Finding]:
    """Read as a test file: what makes a failed assertion not count, besides a handler:
    ``contextlib.suppress`` of AssertionError (or everything), a ``pytest_plugins`` list or a
    pytest hook that can rewrite reports."""
    found: list[Finding] = []
    for node in nodes if nodes is not None else all_nodes(tree):
        if isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                call = item.context_expr
                if isinstance(call, ast.Call) and (
                        (isinstance(call.func, ast.Name) and call.func.id == "suppress")
                        or (isinstance(call.func, ast.Attribute) and call.func.attr == "suppress")) \
                        and any(_catches(a, _SUPPRESSED) for a in call.args):
                    found.append(Finding("", node.lineno, (
                        "suppress() of AssertionError or everything", "a failed assert exits 0")))
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "pytest_plugins" for t in targets):
                found.append(Finding("", node.lineno, (
                    "loads pytest plugins from the test module",
                    "a plugin can rewrite test outcomes")))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                and node.name in _OUTCOME_HOOKS:
            found.append(Finding(node.name, node.lineno, (
                "defines a pytest hook in the test module", "a hook can rewrite test outcomes")))
    return found


def analyze_python(path: str, source: str) -> SourceAnalysis:
    """Parse Python source and collect definitions, stub shapes and discipline findings.

    A file nested too deeply for the analysis (a recursion error) is not analysable: it is
    reported as a parse error, so its axes fail closed rather than crash the gate."""
    try:
        return _analyze_python(path, source)
    except RecursionError:
        return SourceAnalysis(path, "RecursionError: nested too deeply to analyse")


def _analyze_python(path: str, source: str) -> SourceAnalysis:
    try:
        tree = ast.parse(source, filename=path)
    except SyntaxError as e:
        return SourceAnalysis(path, f"{type(e).__name__}: {e.msg} (line {e.lineno})")
    except ValueError as e:
        return SourceAnalysis(path, f"ValueError: {e}")
    lines = source.splitlines()
    defined: set[str] = set()
    functions: list[FunctionInfo] = []
    nodes = all_nodes(tree)
    for node in nodes:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Lambda):
            defined.update(t.id for t in node.targets if isinstance(t, ast.Name))
        if isinstance(node, ast.ClassDef):
            defined.add(node.name)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            defined.add(node.name)
            functions.append(FunctionInfo(node.name, node.lineno, stub_shape(node, lines)))
    hardcoded = answer_tables(tree, nodes) + constant_comparisons(tree, nodes)
    return SourceAnalysis(path, None, frozenset(defined), tuple(functions), tuple(hardcoded),
                          tuple(swallowed_failures(tree)),
                          test_swallowed=tuple(swallowed_assertions(tree) + outcome_rewriters(tree, nodes)))
