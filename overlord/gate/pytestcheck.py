"""What a Python test file checks, parsed with ``ast`` (never run, never grepped).

The execution axis can only vouch for a solution when the tests could have failed on a
wrong one. :func:`test_checks` counts, over the functions the test functions reach, the
asserting statements, and among them the *checks*: those comparing a value derived from a
solution call with something not derived from it (``assert add(2, 3) == 5``), or asserting
a solution result's truth (``assert is_prime(7)``, ``assert not is_prime(8)``).
``assert r == r``, ``assert isinstance(fib(10), int)`` and ``assert x or True`` assert
without checking.
"""

from __future__ import annotations

import ast
import builtins

#: The module the test file imports the solution from (``solution.py``).
SOLUTION_MODULE = "solution"

#: Calls that inspect a value's kind or identity, never its worth.
_PROBES = {"isinstance", "issubclass", "hasattr", "callable", "type", "id", "getattr", "repr",
           "dir", "vars"}

#: Expected-exception context managers (``pytest.raises``, ``self.assertRaises``).
_RAISES = {"raises", "assertRaises", "assertRaisesRegex", "assertWarns", "warns"}

_BROAD = {"Exception", "BaseException", "AssertionError"}

_FuncDef = (ast.FunctionDef, ast.AsyncFunctionDef)


def _call_name(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


class _Module:
    """The solution's names as the test module sees them, and its functions."""

    def __init__(self, tree: ast.Module) -> None:
        self.names: set[str] = set()
        self.modules: set[str] = set()
        self.star = False
        self.functions: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}
        self.local: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == SOLUTION_MODULE:
                for a in node.names:
                    if a.name == "*":
                        self.star = True
                    else:
                        self.names.add(a.asname or a.name)
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if a.name == SOLUTION_MODULE:
                        self.modules.add(a.asname or a.name)
            elif isinstance(node, (*_FuncDef, ast.ClassDef)):
                self.local.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                self.local.add(node.id)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                self.local.update((a.asname or a.name).split(".")[0] for a in node.names)
        for node in tree.body:
            if isinstance(node, _FuncDef):
                self.functions[node.name] = node

    def solution_call(self, call: ast.Call) -> bool:
        """Whether the call goes to the solution (imported name or ``solution.attr``)."""
        f = call.func
        while isinstance(f, ast.Attribute):
            f = f.value
            if isinstance(f, ast.Name) and f.id in self.modules:
                return True
        if isinstance(call.func, ast.Name):
            n = call.func.id
            return n in self.names or (self.star and n not in self.local
                                       and not hasattr(builtins, n))
        return False


def _reachable(mod: _Module) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The top-level ``test_*`` functions and the module functions they call, transitively."""
    todo = [n for n in mod.functions if n.startswith("test_")]
    seen: list[str] = []
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.append(name)
        for node in ast.walk(mod.functions[name]):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in mod.functions:
                todo.append(node.func.id)
            elif isinstance(node, ast.Name) and node.id in mod.functions:
                todo.append(node.id)  # passed as a callback
    return [mod.functions[n] for n in seen]


def _params(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    a = fn.args
    return [p.arg for p in (*a.posonlyargs, *a.args)]


class _Taint:
    """Which local names hold values derived from a solution call, per function.

    Flow-insensitive and iterated to a fixed point: a name assigned from a derived value,
    looped over one, or passed to a solution call (which may fill it in) is derived; a
    helper's parameter is derived when some call passes it a derived argument.
    """

    def __init__(self, mod: _Module, funcs: list) -> None:
        self.mod = mod
        self.funcs = funcs
        self.names: dict[str, set[str]] = {f.name: set() for f in funcs}
        #: per function, the sets of its parameters some call site passes derived values to
        self.contexts: dict[str, set[frozenset[str]]] = {f.name: set() for f in funcs}
        changed = True
        while changed:
            changed = False
            for fn in funcs:
                changed |= self._pass(fn, fn.name, True)

    def scopes(self, fn_node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
        """Keys into :attr:`names`, one per calling context of the function (its parameters
        derived as one call site passes them), so ``check(got, want)`` is judged per call
        rather than with every call site's taint merged."""
        keys = []
        for i, ctx in enumerate(sorted(self.contexts[fn_node.name] or {frozenset()}, key=sorted)):
            key = f"{fn_node.name}#{i}"
            self.names[key] = set(ctx)
            while self._pass(fn_node, key, False):
                pass
            keys.append(key)
        return keys

    def derived(self, node: ast.AST | None, fn: str) -> bool:
        """Whether any part of the expression comes from a solution call."""
        if node is None:
            return False
        tainted = self.names[fn]
        stack = [node]
        while stack:
            n = stack.pop()
            if isinstance(n, ast.Call) and self.mod.solution_call(n):
                return True
            if isinstance(n, ast.Call) and _call_name(n) in _PROBES:
                continue  # type(x), isinstance(x, T): the kind of a value, not the value
            stack.extend(ast.iter_child_nodes(n))
            if isinstance(n, ast.Name) and n.id in tainted:
                return True
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) \
                    and n.value.id in self.mod.modules:
                return True
        return False

    def _mark(self, fn: str, target: ast.AST) -> bool:
        new = {n.id for n in ast.walk(target) if isinstance(n, ast.Name)} - self.names[fn]
        self.names[fn] |= new
        return bool(new)

    def _pass(self, fn_node: ast.FunctionDef | ast.AsyncFunctionDef, fn: str, propagate: bool) -> bool:
        changed = False
        for node in ast.walk(fn_node):
            if isinstance(node, ast.Assign) and self.derived(node.value, fn):
                for t in node.targets:
                    changed |= self._mark(fn, t)
            elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.NamedExpr)) \
                    and self.derived(node.value, fn):
                changed |= self._mark(fn, node.target)
            elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)) \
                    and self.derived(node.iter, fn):
                changed |= self._mark(fn, node.target)
            elif isinstance(node, ast.withitem) and node.optional_vars is not None \
                    and self.derived(node.context_expr, fn):
                changed |= self._mark(fn, node.optional_vars)
            elif isinstance(node, ast.Call):
                if self.mod.solution_call(node):
                    for a in (*node.args, *(k.value for k in node.keywords)):
                        if isinstance(a, ast.Name):
                            changed |= self._mark(fn, a)
                elif propagate and isinstance(node.func, ast.Name) \
                        and node.func.id in self.contexts:
                    callee = self.mod.functions[node.func.id]
                    params = _params(callee)
                    ctx = {params[i] for i, a in enumerate(node.args)
                           if i < len(params) and self.derived(a, fn)}
                    ctx |= {k.arg for k in node.keywords if k.arg and self.derived(k.value, fn)}
                    if frozenset(ctx) not in self.contexts[callee.name]:
                        self.contexts[callee.name].add(frozenset(ctx))
                        changed = True
                    if not ctx <= self.names[callee.name]:
                        self.names[callee.name] |= ctx
                        changed = True
        return changed

    def check(self, node: ast.AST, fn: str) -> bool:
        """Whether asserting this expression's truth checks a solution result."""
        if isinstance(node, ast.BoolOp):
            results = [self.check(v, fn) for v in node.values]
            return any(results) if isinstance(node.op, ast.And) else all(results)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return self.check(node.operand, fn)
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            return any(self.derived(a, fn) != self.derived(b, fn)
                       for a, b in zip(sides, sides[1:], strict=False))
        if isinstance(node, ast.Call) and not self.mod.solution_call(node):
            if _call_name(node) in _PROBES:
                return False
        return self.derived(node, fn)

    def call_check(self, call: ast.Call, fn: str) -> bool:
        """Whether an ``assert*`` call checks a solution result: two values compared with
        one derived and one not, or one derived value asserted."""
        args = list(call.args)
        if len(args) >= 2:
            return self.derived(args[0], fn) != self.derived(args[1], fn)
        return bool(args) and self.check(args[0], fn)


def _expects_exception(node: ast.AST, taint: _Taint, fn: str) -> bool:
    """A ``with pytest.raises(E):`` block, or ``try: <solution call> except E:`` with a
    specific E, whose body calls the solution."""
    if isinstance(node, (ast.With, ast.AsyncWith)):
        return any(isinstance(i.context_expr, ast.Call) and _call_name(i.context_expr) in _RAISES
                   for i in node.items) and any(taint.derived(s, fn) for s in node.body)
    if isinstance(node, ast.Try):
        specific = [h for h in node.handlers if h.type is not None
                    and not any(isinstance(n, ast.Name) and n.id in _BROAD
                                for n in ast.walk(h.type))]
        return bool(specific) and any(taint.derived(s, fn) for s in node.body)
    return False


def test_checks(tree: ast.AST) -> tuple[int, int]:
    """``(assertions, checks)`` over the functions the test functions reach.

    assertions: ``assert`` statements, ``raise`` statements, ``assert*``/``fail`` calls and
    expected-exception blocks. checks: those that would notice a wrong solution result (see
    the module docstring); a ``raise`` under an ``if`` checks what the ``if`` tests, and an
    expected-exception block whose body calls the solution is a check.
    """
    if not isinstance(tree, ast.Module):
        return 0, 0
    mod = _Module(tree)
    funcs = _reachable(mod)
    taint = _Taint(mod, funcs)
    assertions = checks = 0
    for fn_node in funcs:
        scopes = taint.scopes(fn_node)
        fn = fn_node.name
        guards: dict[int, ast.AST] = {}
        for node in ast.walk(fn_node):
            if isinstance(node, ast.If):
                for s in ast.walk(ast.Module(body=[*node.body, *node.orelse], type_ignores=[])):
                    if isinstance(s, (ast.Raise, ast.Call)):
                        guards.setdefault(id(s), node.test)
        expects = any(_expects_exception(n, taint, fn) for n in ast.walk(fn_node))
        for node in ast.walk(fn_node):
            if isinstance(node, ast.Assert):
                assertions += 1
                checks += any(taint.check(node.test, k) for k in scopes)
            elif isinstance(node, ast.Raise) and node.exc is not None:  # not a bare re-raise
                assertions += 1
                test = guards.get(id(node))
                checks += (any(taint.check(test, k) for k in scopes) if test is not None
                           else expects)
            elif isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute)):
                name = _call_name(node)
                if name.startswith("assert") and name not in _RAISES:
                    assertions += 1
                    checks += any(taint.call_check(node, k) for k in scopes)
                elif name == "fail":
                    assertions += 1
                    test = guards.get(id(node))
                    checks += (any(taint.check(test, k) for k in scopes) if test is not None
                           else expects)
            elif isinstance(node, (ast.With, ast.AsyncWith)) \
                    and _expects_exception(node, taint, fn):
                assertions += 1
                checks += 1
    return assertions, checks
