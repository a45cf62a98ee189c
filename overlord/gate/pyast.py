"""Python source analysis with the standard ``ast`` module (parsed, never grepped)."""

from __future__ import annotations

import ast

from overlord.gate.analysis import Finding, FunctionInfo, SourceAnalysis
from overlord.gate.pytestcheck import test_checks

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


def _body(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.stmt]:
    body = list(fn.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]
    return body


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
    if value is None:
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


def _mentions(node: ast.AST, names: set[str]) -> bool:
    return any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(node))


def _literal_test(test: ast.AST, params: set[str]) -> bool:
    """``<input> == <literal>`` (either side, ``is``/``in`` too), or an and/or of such."""
    if isinstance(test, ast.BoolOp):
        return all(_literal_test(v, params) for v in test.values)
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1
            and isinstance(test.ops[0], (ast.Eq, ast.Is, ast.In))):
        return False
    left, right = test.left, test.comparators[0]
    return ((_mentions(left, params) and _is_literal(right))
            or (_is_literal(left) and _mentions(right, params)))


def _literal_value_links(node: ast.AST | None, params: set[str]) -> int | None:
    """0 for a literal; n for a conditional-expression chain holding n
    ``<literal> if <input> == <literal> else ...`` links whose every branch is a literal;
    None for anything else."""
    if node is not None and _is_literal(node):
        return 0
    if isinstance(node, ast.IfExp) and _literal_test(node.test, params):
        body = _literal_value_links(node.body, params)
        orelse = _literal_value_links(node.orelse, params)
        if body is None or orelse is None:
            return None
        return 1 + body + orelse
    return None


def _literal_branch(stmt: ast.stmt, params: set[str]) -> int:
    """How many ``if <input> == <literal>: return <literal>`` links an if/elif chain holds
    (a returned conditional-expression chain counts its own links); -1 when the chain has
    any other shape."""
    count = 0
    node: ast.stmt | None = stmt
    while isinstance(node, ast.If):
        ok_test = _literal_test(node.test, params)
        inner = (_literal_value_links(node.body[0].value, params)
                 if len(node.body) == 1 and isinstance(node.body[0], ast.Return) else None)
        if not ok_test or inner is None:
            return -1
        count += 1 + inner
        if not node.orelse:
            return count
        if len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If):
            node = node.orelse[0]
            continue
        if len(node.orelse) == 1 and isinstance(node.orelse[0], ast.Return):
            tail = _literal_value_links(node.orelse[0].value, params)
            return -1 if tail is None else count + tail
        return -1
    return count


def _table_keys(node: ast.AST | None, tables: dict[str, int], params: set[str]) -> int:
    """Literal keys of a lookup table indexed by the input (``{1: 2}[n]``, ``T.get(n)``)."""
    def size(t: ast.AST) -> int:
        if isinstance(t, ast.Dict) and t.keys and all(_is_literal(k) for k in t.keys) \
                and all(_is_literal(v) for v in t.values):
            return len(t.keys)
        if isinstance(t, ast.Name):
            return tables.get(t.id, 0)
        return 0
    if isinstance(node, ast.Subscript) and _mentions(node.slice, params):
        return size(node.value)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
            and node.func.attr == "get" and node.args and _mentions(node.args[0], params):
        return size(node.func.value)
    return 0


def hardcoded_answer(fn: ast.FunctionDef | ast.AsyncFunctionDef,
                     tables: dict[str, int]) -> Finding | None:
    """A body that maps specific inputs to literal outputs and computes nothing, else None.

    Needs all three signals: two or more literal-input → literal-output links (if/elif chain,
    conditional-expression chain, match cases or a literal lookup table); no computation (no
    loop, comprehension, arithmetic, or other call); every return a literal, the table
    lookup, or a local that only ever holds such literals.
    """
    params = set(_params(fn))
    if not params:
        return None
    body = _body(fn)
    links = 0
    returns_ok = True
    literal_locals: set[str] = set()
    for stmt in body:
        n = _literal_branch(stmt, params) if isinstance(stmt, ast.If) else 0
        if n > 0:
            links += n
        elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 \
                and isinstance(stmt.targets[0], ast.Name) \
                and stmt.targets[0].id not in params \
                and _literal_value_links(stmt.value, params) is not None:
            links += _literal_value_links(stmt.value, params) or 0
            literal_locals.add(stmt.targets[0].id)
        elif isinstance(stmt, ast.Return):
            keys = _table_keys(stmt.value, tables, params)
            chain = _literal_value_links(stmt.value, params)
            if keys:
                links += keys
            elif chain is not None:
                links += chain
            elif not (isinstance(stmt.value, ast.Name) and stmt.value.id in literal_locals):
                returns_ok = False
        elif isinstance(stmt, ast.Match) and _mentions(stmt.subject, params):
            for case in stmt.cases:
                if len(case.body) == 1 and isinstance(case.body[0], ast.Return) \
                        and _is_literal(case.body[0].value):
                    links += isinstance(case.pattern, ast.MatchValue)
                else:
                    returns_ok = False
        else:
            returns_ok = False
    computes = any(isinstance(n, (ast.For, ast.While, ast.comprehension, ast.BinOp,
                                  ast.AugAssign, ast.Lambda))
                   for n in ast.walk(fn))
    calls = [n for n in ast.walk(fn) if isinstance(n, ast.Call)
             and not (isinstance(n.func, ast.Attribute) and n.func.attr == "get")]
    signals = []
    if links >= 2:
        signals.append(f"{links} specific inputs mapped to literal outputs")
    if not computes and not calls:
        signals.append("computes nothing from its input")
    if returns_ok:
        signals.append("every return is a literal")
    if len(signals) == 3:
        return Finding(fn.name, fn.lineno, tuple(signals))
    return None


#: The methods whose constant answer makes every comparison or truth test of an instance pass.
_TRUTH_DUNDERS = ("__eq__", "__ne__", "__bool__", "__lt__", "__le__", "__gt__", "__ge__")


def constant_comparisons(tree: ast.AST) -> list[Finding]:
    """Classes that answer ``==``, ``!=``, ordering or truth with a constant.

    A finding needs: a comparison or truth method (``__eq__``, ``__ne__``, ``__bool__``,
    ordering) defined in a class body, whose whole body returns one literal, so it never
    reads its operand or the instance. ``return NotImplemented`` and a real field comparison
    are never flagged.
    """
    found: list[Finding] = []
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
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
    """Handlers that catch a failure and discard it.

    A finding needs: no ``raise`` in the handler, a body that only discards (pass, a log
    line, a literal return), and either a catch-all (bare, Exception, BaseException) or an
    empty body. A handler that logs and re-raises is never flagged.
    """
    found: list[Finding] = []
    def visit(node: ast.AST, fn_name: str) -> None:
        for child in ast.iter_child_nodes(node):
            name = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else fn_name
            if isinstance(child, ast.ExceptHandler):
                reraises = any(isinstance(n, ast.Raise) for n in ast.walk(child))
                empty, discards = _handler_trivial(child)
                t = child.type
                broad = t is None or (isinstance(t, ast.Name) and t.id in _BROAD) or (
                    isinstance(t, ast.Tuple) and any(isinstance(e, ast.Name) and e.id in _BROAD
                                                     for e in t.elts))
                if not reraises and discards and (broad or empty):
                    signals = ["does not re-raise"]
                    if t is None:
                        signals.append("bare except")
                    elif broad:
                        signals.append("catch-all handler")
                    signals.append("empty handler" if empty else "only logs or returns a literal")
                    found.append(Finding(fn_name, child.lineno, tuple(signals)))
            visit(child, name)
    visit(tree, "")
    return found


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
    def visit(node: ast.AST, fn_name: str) -> None:
        for child in ast.iter_child_nodes(node):
            name = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else fn_name
            if isinstance(child, ast.ExceptHandler) \
                    and _catches(child.type, {"AssertionError", *_BROAD}):
                reraises = any(isinstance(n, ast.Raise) for n in ast.walk(child))
                empty, discards = _handler_trivial(child)
                if not reraises and discards:
                    caught = ("bare except" if child.type is None else
                              "catches AssertionError" if _catches(child.type, {"AssertionError"})
                              else "catch-all handler")
                    found.append(Finding(fn_name, child.lineno, (
                        "does not re-raise", caught,
                        "empty handler" if empty else "only logs or returns a literal")))
            visit(child, name)
    visit(tree, "")
    return found


def analyze_python(path: str, source: str) -> SourceAnalysis:
    """Parse Python source and collect definitions, stub shapes and discipline findings."""
    try:
        tree = ast.parse(source, filename=path)
    except SyntaxError as e:
        return SourceAnalysis(path, f"{type(e).__name__}: {e.msg} (line {e.lineno})")
    except ValueError as e:
        return SourceAnalysis(path, f"ValueError: {e}")
    lines = source.splitlines()
    defined: set[str] = set()
    functions: list[FunctionInfo] = []
    hardcoded: list[Finding] = []
    tables: dict[str, int] = {}
    for top in tree.body:
        if isinstance(top, ast.Assign) and isinstance(top.value, ast.Dict):
            d = top.value
            if d.keys and all(_is_literal(k) for k in d.keys) and all(_is_literal(v) for v in d.values):
                for t in top.targets:
                    if isinstance(t, ast.Name):
                        tables[t.id] = len(d.keys)
        if isinstance(top, ast.Assign) and isinstance(top.value, ast.Lambda):
            defined.update(t.id for t in top.targets if isinstance(t, ast.Name))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            defined.add(node.name)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            defined.add(node.name)
            functions.append(FunctionInfo(node.name, node.lineno, stub_shape(node, lines)))
            f = hardcoded_answer(node, tables)
            if f:
                hardcoded.append(f)
    hardcoded.extend(constant_comparisons(tree))
    assertions, checks = test_checks(tree)
    return SourceAnalysis(path, None, frozenset(defined), tuple(functions), tuple(hardcoded),
                          tuple(swallowed_failures(tree)),
                          test_swallowed=tuple(swallowed_assertions(tree)),
                          assertions=assertions, checks=checks)
