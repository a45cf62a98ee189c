"""Hard-coded answers in Python, found by data flow rather than by the shape of the code.

A function *computes nothing* when every value it returns is a literal constant (or an entry
of a literal table) and which one is returned is decided only by comparing or looking up its
arguments: ``==``/``!=``/``is`` chains, ``in`` a literal collection, a literal dict or set
indexed by any key built from the arguments (the argument itself, ``repr``, ``str``,
``tuple``, ``frozenset``, an f-string, ``%``-formatting, ``join``), a loop over a literal
table of ``(input, answer)`` pairs, ``match`` on literal patterns, a helper that does one of
these. A finding needs the *whole* result to come from the table: one computed return (``if
n < 2: return False`` then ``return all(n % d for d in range(2, n))``) makes the function
honest, and so do decisions on computed values (``if n % d == 0: return False`` inside a
loop over ``range(2, n)``) when they are as many as the table's entries: those are arithmetic,
not a lookup. It also needs at least two selected entries (``0 if n == 0 else 1`` is a guard;
a key re-spelled as text, ``repr((n,))``, counts twice, since honest code never prints an
argument to compare it) and two different answers, or one answer (``None``) from a body that
does nothing else (so a validator that raises, or a procedure with early returns, is honest).

Flow-insensitive: each local name is *constant* when every assignment to it is, and a *key*
when it only ever holds the arguments or a re-spelling of them; iterated to a fixed point,
with helper functions summarised the same way.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import dataclass

from overlord.gate.analysis import Finding

#: Builtins and methods that re-spell a value without computing anything new from it.
_RESPELL_CALLS = {"repr", "str", "tuple", "frozenset", "list", "set", "sorted", "bytes",
                  "hash", "format", "ascii", "int", "float", "bool", "dumps", "id"}
_RESPELL_METHODS = {"lower", "upper", "casefold", "strip", "lstrip", "rstrip", "encode",
                    "decode", "join", "format", "title", "items", "keys", "values"}
#: Pure builtins on constants that still give a constant.
_PURE_ON_CONSTANTS = _RESPELL_CALLS | {"dict", "zip", "range", "len", "min", "max", "abs",
                                       "reversed", "enumerate", "next", "iter", "map"}
#: Re-spellings that turn the arguments into text or a hash: a key no computation needs.
_TEXT_SPELLINGS = {"repr", "str", "format", "ascii", "dumps", "hash", "join"}
_SELECT_OPS = (ast.Eq, ast.NotEq, ast.In, ast.NotIn, ast.Is, ast.IsNot)
_FuncDef = (ast.FunctionDef, ast.AsyncFunctionDef)
_Fn = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda


#: Leaves no rule reads (a literal's constants, load/store contexts, operators): skipped, so
#: a table of thousands of literal entries is walked once, quickly.
_LEAVES = (ast.Constant, ast.expr_context, ast.operator, ast.cmpop, ast.boolop, ast.unaryop)


def _pure_literal(e: ast.AST) -> bool:
    """A tuple, list, set or dict of constants only (nested), cached on the node: tables of
    thousands of entries are asked about many times."""
    cached = getattr(e, "_overlord_pure", None)
    if cached is not None:
        return bool(cached)
    if isinstance(e, ast.Constant):
        return True
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, (ast.USub, ast.UAdd)):
        pure = isinstance(e.operand, ast.Constant)
    elif isinstance(e, (ast.Tuple, ast.List, ast.Set)):
        pure = all(_pure_literal(x) for x in e.elts)
    elif isinstance(e, ast.Dict):
        pure = all(k is not None and _pure_literal(k) for k in e.keys) and \
            all(_pure_literal(v) for v in e.values)
    else:
        pure = False
    e._overlord_pure = pure  # type: ignore[attr-defined]
    return pure


def _own_nodes(fn: ast.AST, into_scopes: bool = False) -> list[ast.AST]:
    """The nodes of a function's body, not descending into nested functions or classes
    unless ``into_scopes`` (constants, contexts and operators left out: no rule reads
    them)."""
    out: list[ast.AST] = []
    stack = [c for c in ast.iter_child_nodes(fn) if not isinstance(c, _LEAVES)]
    while stack:
        node = stack.pop()
        out.append(node)
        if not into_scopes and isinstance(node, (*_FuncDef, ast.Lambda, ast.ClassDef)):
            continue
        for field in node._fields:
            value = getattr(node, field, None)
            if isinstance(value, list):
                stack.extend(v for v in value if isinstance(v, ast.AST)
                             and not isinstance(v, _LEAVES))
            elif isinstance(value, ast.AST) and not isinstance(value, _LEAVES):
                stack.append(value)
    return out


def _params(fn: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> set[str]:
    a = fn.args
    names = {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)}
    if a.vararg:
        names.add(a.vararg.arg)
    if a.kwarg:
        names.add(a.kwarg.arg)
    return names - {"self", "cls"}


def _targets(node: ast.AST) -> list[str]:
    return [n.id for n in ast.walk(node) if isinstance(n, ast.Name)]


@dataclass
class _Summary:
    """A function's summary: whether all its returns are constants, how many table entries
    select among them (``links``), how many different answers they give, and how many of
    its decisions are made on computed values (``computed``: a test or a loop that is not a
    comparison or lookup of the arguments)."""

    constant: bool = False
    links: int = 0
    answers: int = 0
    computed: int = 0
    effects: int = 0
    spelled: bool = False

    @property
    def weight(self) -> int:
        """The entries, counted twice when the key is the arguments re-spelled as text or a
        hash (``repr((n,))``, ``str(xs)``, an f-string, ``'%s' % (a,)``, ``','.join(...)``):
        honest code compares an argument with a constant, it does not print it first."""
        return self.links * (2 if self.spelled else 1)

    @property
    def table(self) -> bool:
        """The whole result is a table of answers: every return a constant; at least two
        entries; more entries than decisions on computed values (so ``if n < 2: return
        False`` before a real test of ``n`` stays honest); and two answers or more, or one
        answer (``None``) from a body that does nothing else (no call, no assignment of a
        computed value, no raise), so a validator or a procedure with an early return stays
        honest."""
        if not self.constant or self.weight < 2 or self.weight <= self.computed:
            return False
        return self.answers >= 2 or (self.answers == 1 and self.effects == 0)


class _Module:
    """Module-level constants and literal tables, and every function's summary."""

    def __init__(self, tree: ast.Module) -> None:
        self.constants: dict[str, int] = {}  # name -> table size (0 for a scalar)
        self.functions: dict[str, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda] = {}
        self.summaries: dict[str, _Summary] = {}
        self.nodes: dict[int, list[ast.AST]] = {}  # id(function) -> its own nodes, walked once
        assigned: dict[str, list[ast.AST | None]] = {}

        def collect(body: list[ast.stmt], scope: str) -> None:
            for stmt in body:
                if isinstance(stmt, _FuncDef):
                    self.functions.setdefault(stmt.name, stmt)
                elif isinstance(stmt, ast.ClassDef):
                    collect(stmt.body, stmt.name)
                elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
                    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                    for t in targets:
                        if isinstance(t, ast.Name):
                            if isinstance(stmt.value, ast.Lambda) and not scope:
                                self.functions.setdefault(t.id, stmt.value)
                            assigned.setdefault(t.id, []).append(stmt.value)
                        else:
                            for n in _targets(t):
                                assigned.setdefault(n, []).append(None)
                elif isinstance(stmt, (ast.If, ast.Try, ast.With)):
                    for field in ("body", "orelse", "finalbody"):
                        collect(getattr(stmt, field, []) or [], scope)
                    for h in getattr(stmt, "handlers", []):
                        collect(h.body, scope)
                elif isinstance(stmt, (ast.For, ast.AugAssign, ast.Import, ast.ImportFrom)):
                    names = (_targets(stmt.target) if isinstance(stmt, (ast.For, ast.AugAssign))
                             else [(a.asname or a.name).split(".")[0] for a in stmt.names])
                    for n in names:
                        assigned.setdefault(n, []).append(None)

        collect(tree.body, "")
        flow = _Flow(self, set())
        changed = True
        while changed:
            changed = False
            for name, values in assigned.items():
                if name in self.constants or any(v is None for v in values):
                    continue
                if all(flow.constant(v) for v in values):
                    self.constants[name] = max(flow.size(v) for v in values)
                    changed = True
        for _ in range(4):  # helpers summarised to a fixed point (bounded: they only grow)
            grew = False
            for name, fn in self.functions.items():
                summary = _Flow(self, _params(fn)).summarise(fn)
                if summary != self.summaries.get(name):
                    self.summaries[name] = summary
                    grew = True
            if not grew:
                break


class _Flow:
    """One function's data flow: which locals are constants, which are keys."""

    def __init__(self, module: _Module, params: set[str]) -> None:
        self.module = module
        self._nodes: dict[int, list[ast.AST]] = module.nodes
        self.keys: set[str] = set(params)
        self.consts: dict[str, int] = {}
        self.sources: dict[str, list[tuple[str, ast.AST | None]]] = {}

    # -- expression kinds -------------------------------------------------------------

    def size(self, e: ast.AST | None) -> int:
        """Entries of a literal table (0 for a scalar or an unknown)."""
        if isinstance(e, (ast.List, ast.Tuple, ast.Set)):
            return len(e.elts)
        if isinstance(e, ast.Dict):
            return len(e.keys)
        if isinstance(e, ast.Name):
            return self.consts.get(e.id, self.module.constants.get(e.id, 0))
        if isinstance(e, ast.Attribute):
            return self.module.constants.get(e.attr, 0) if self._class_const(e) else 0
        if isinstance(e, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            return self.size(e.generators[0].iter)
        if isinstance(e, ast.Call) and e.args:
            return self.size(e.args[0])
        return 0

    def _class_const(self, e: ast.Attribute) -> bool:
        return isinstance(e.value, ast.Name) and e.attr in self.module.constants

    def constant(self, e: ast.AST | None) -> bool:
        """Whether the value is a literal, or selected from literals, never computed from the
        arguments."""
        if e is None or isinstance(e, ast.Constant):
            return True
        if isinstance(e, ast.Name):
            return e.id not in self.keys and (e.id in self.consts or e.id in self.module.constants
                                              or e.id in ("None", "True", "False"))
        if isinstance(e, ast.Attribute):
            return self._class_const(e)
        if isinstance(e, (ast.Tuple, ast.List, ast.Set, ast.Dict)) and _pure_literal(e):
            return True  # no name inside: what the flow knows cannot change the answer
        if isinstance(e, (ast.Tuple, ast.List, ast.Set)):
            return all(self.constant(x) for x in e.elts)
        if isinstance(e, ast.Dict):
            return all(k is not None and self.constant(k) for k in e.keys) and \
                all(self.constant(v) for v in e.values)
        if isinstance(e, ast.UnaryOp):
            return self.constant(e.operand)
        if isinstance(e, ast.BinOp):
            return self.constant(e.left) and self.constant(e.right)
        if isinstance(e, ast.BoolOp):
            return all(self.constant(v) or self.selection(v) for v in e.values) and \
                any(self.constant(v) for v in e.values)
        if isinstance(e, ast.Compare):
            return all(self.constant(x) for x in (e.left, *e.comparators))
        if isinstance(e, ast.IfExp):
            return self.constant(e.body) and self.constant(e.orelse)
        if isinstance(e, ast.JoinedStr):
            return all(self.constant(v.value) if isinstance(v, ast.FormattedValue) else True
                       for v in e.values)
        if isinstance(e, ast.Subscript):
            if self.constant(e.value) and self.size(e.value) and self.key(e.slice):
                return True  # an entry of a literal table, chosen by the arguments
            return self.constant(e.value) and self.constant(e.slice)
        if isinstance(e, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
            return self._comp_constant(e, [e.elt])
        if isinstance(e, ast.DictComp):
            return self._comp_constant(e, [e.key, e.value])
        if isinstance(e, ast.Call):
            return self._call_constant(e)
        return False

    def _comp_constant(self, e: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp, parts: list[ast.AST]) -> bool:
        saved = dict(self.consts)
        for g in e.generators:
            if not self.constant(g.iter):
                self.consts = saved
                return False
            for n in _targets(g.target):
                self.consts.setdefault(n, 0)
        ok = all(self.constant(p) for p in parts)
        self.consts = saved
        return ok

    def _call_constant(self, e: ast.Call) -> bool:
        f = e.func
        args = [*e.args, *(k.value for k in e.keywords)]
        if isinstance(f, ast.Attribute) and f.attr == "get" and self.constant(f.value) \
                and self.size(f.value) and e.args:
            return all(self.constant(a) for a in e.args[1:])  # TABLE.get(key, default)
        if isinstance(f, ast.Name) and f.id in self.module.summaries \
                and self.module.summaries[f.id].constant:
            return True
        if isinstance(f, ast.Name) and f.id in _PURE_ON_CONSTANTS:
            return all(self.constant(a) for a in args)
        if isinstance(f, ast.Attribute) and self.constant(f.value):
            return all(self.constant(a) for a in args)
        return False

    def key(self, e: ast.AST | None) -> bool:
        """Whether the value is the arguments themselves, or a re-spelling of them that
        computes nothing (``repr(args)``, ``tuple(xs)``, ``f"{a},{b}"``)."""
        if e is None:
            return False
        if isinstance(e, ast.Name):
            return e.id in self.keys
        if isinstance(e, (ast.Tuple, ast.List, ast.Set, ast.Dict)) and _pure_literal(e):
            return False
        if isinstance(e, (ast.Tuple, ast.List, ast.Set)):
            return any(self.key(x) for x in e.elts) and \
                all(self.key(x) or self.constant(x) for x in e.elts)
        if isinstance(e, ast.Starred):
            return self.key(e.value)
        if isinstance(e, ast.JoinedStr):
            vals = [v.value for v in e.values if isinstance(v, ast.FormattedValue)]
            return any(self.key(v) for v in vals) and all(self.key(v) or self.constant(v)
                                                          for v in vals)
        if isinstance(e, ast.BinOp) and isinstance(e.op, (ast.Mod, ast.Add)):
            sides = (e.left, e.right)
            strings = [s for s in sides if isinstance(s, ast.Constant) and isinstance(s.value, str)]
            return bool(strings or isinstance(e.op, ast.Mod) and isinstance(e.left, ast.JoinedStr)) \
                and any(self.key(s) for s in sides) and all(self.key(s) or self.constant(s)
                                                             for s in sides)
        if isinstance(e, ast.Subscript):
            return self.key(e.value) and self.constant(e.slice)
        if isinstance(e, ast.Attribute):
            return self.key(e.value)
        if isinstance(e, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
            return all(self.key(g.iter) for g in e.generators) and (
                self._respelled_elt(e.elt, e.generators))
        if isinstance(e, ast.Call):
            f = e.func
            args = [*e.args, *(k.value for k in e.keywords)]
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if name == "map" and len(e.args) == 2 and isinstance(e.args[0], ast.Name) \
                    and e.args[0].id in _RESPELL_CALLS:
                return self.key(e.args[1])
            if isinstance(f, ast.Attribute) and name in _RESPELL_METHODS:
                receiver_ok = self.key(f.value) or self.constant(f.value)
                return receiver_ok and (self.key(f.value) or any(self.key(a) for a in args)) \
                    and all(self.key(a) or self.constant(a) for a in args)
            if name in _RESPELL_CALLS:
                return any(self.key(a) for a in args) and all(self.key(a) or self.constant(a)
                                                              for a in args)
        return False

    def _respelled_elt(self, elt: ast.AST, generators: list[ast.comprehension]) -> bool:
        saved = set(self.keys)
        for g in generators:
            self.keys.update(_targets(g.target))
        ok = self.key(elt)
        self.keys = saved
        return ok

    def selection(self, e: ast.AST) -> bool:
        """A comparison of a key with constants (``n == 3``, ``args in TABLE``)."""
        if isinstance(e, ast.BoolOp):
            return all(self.selection(v) for v in e.values)
        if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.Not):
            return self.selection(e.operand)
        if not isinstance(e, ast.Compare) or not all(isinstance(o, _SELECT_OPS) for o in e.ops):
            return False
        sides = [e.left, *e.comparators]
        return any(self.key(s) for s in sides) and all(self.key(s) or self.constant(s)
                                                       for s in sides)

    def _count(self, e: ast.AST) -> int:
        """How many table entries a selection consults."""
        if isinstance(e, ast.BoolOp):
            return sum(self._count(v) for v in e.values)
        if isinstance(e, ast.UnaryOp):
            return self._count(e.operand)
        if isinstance(e, ast.Compare):
            n = 0
            for op, right in zip(e.ops, e.comparators, strict=True):
                if isinstance(op, (ast.In, ast.NotIn)) and not (
                        isinstance(right, ast.Constant) and isinstance(right.value, str)):
                    n += max(1, self.size(right))
                else:
                    n += 1
            return n
        return 0

    # -- the function -----------------------------------------------------------------

    def own(self, fn: _Fn) -> list[ast.AST]:
        """The function's own nodes (cached on the module: summaries are recomputed)."""
        key = id(fn)
        if key not in self._nodes:
            self._nodes[key] = _own_nodes(fn)
        return self._nodes[key]

    def _bind(self, fn: _Fn) -> None:
        """Locals to a fixed point: constants (every assignment constant) and keys."""
        assigns: dict[str, list[tuple[str, ast.AST | None]]] = {}
        for node in self.own(fn):
            if isinstance(node, (ast.Assign, ast.AnnAssign, ast.NamedExpr)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for t in targets:
                    simple = isinstance(t, ast.Name)
                    for n in _targets(t):
                        assigns.setdefault(n, []).append(("value" if simple else "part",
                                                          node.value))
            elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
                for n in _targets(node.target):
                    assigns.setdefault(n, []).append(("item", node.iter))
            elif isinstance(node, ast.AugAssign):
                for n in _targets(node.target):
                    assigns.setdefault(n, []).append(("computed", None))
            elif isinstance(node, (ast.withitem,)) and node.optional_vars is not None:
                for n in _targets(node.optional_vars):
                    assigns.setdefault(n, []).append(("computed", None))
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                for a in node.names:
                    assigns.setdefault((a.asname or a.name).split(".")[0], []).append(
                        ("computed", None))
        self.sources = assigns
        changed = True
        while changed:
            changed = False
            for name, sources in assigns.items():
                if name in self.consts or name in self.keys:
                    continue
                if all(how in ("value", "part", "item") and self.constant(v)
                       for how, v in sources):
                    self.consts[name] = max((self.size(v) if how == "value" else 0)
                                            for how, v in sources)
                    changed = True
                elif all(how in ("value", "part", "item") and (self.key(v) or self.constant(v))
                         for how, v in sources) and any(self.key(v) for _, v in sources):
                    self.keys.add(name)
                    changed = True

    def values(self, e: ast.AST | None, depth: int = 0) -> int:
        """About how many different answers a constant expression can give."""
        if depth > 8 or e is None or isinstance(e, ast.Constant):
            return 1
        if isinstance(e, ast.IfExp):
            return self.values(e.body, depth + 1) + self.values(e.orelse, depth + 1)
        if isinstance(e, ast.Name) and e.id in self.sources:
            return sum(self.size(v) if how == "item" else self.values(v, depth + 1)
                       for how, v in self.sources[e.id])
        if isinstance(e, ast.Subscript):
            return max(1, self.size(e.value))
        if isinstance(e, ast.Call):
            f = e.func
            if isinstance(f, ast.Attribute) and f.attr == "get":
                return self.size(f.value) + (len(e.args) > 1)
            if isinstance(f, ast.Name) and f.id == "next" and e.args:
                return max(1, self.size(e.args[0])) + (len(e.args) > 1)
            if isinstance(f, ast.Name) and f.id in self.module.summaries:
                return max(1, self.module.summaries[f.id].answers)
        return 1

    def summarise(self, fn: _Fn) -> _Summary:
        """Whether every return is a constant, and how many entries select among them."""
        self._bind(fn)
        if isinstance(fn, ast.Lambda):
            returns: list[ast.AST | None] = [fn.body]
        else:
            returns = [n.value for n in self.own(fn) if isinstance(n, ast.Return)]
            if any(isinstance(n, (ast.Yield, ast.YieldFrom, ast.Await)) for n in self.own(fn)):
                return _Summary(False, 0)
        links = 0
        constant = True
        answers: set[str] = set()
        for value in returns:
            none = value is None or (isinstance(value, ast.Constant) and value.value is None)
            shown = "None" if none or value is None else ast.dump(value)
            if value is not None and self.selection(value):
                answers.update(("True", "False"))  # ``return n in (2, 3, 5)``
                continue
            if not self.constant(value):
                constant = False
                continue
            answers.update(f"{shown}#{i}" for i in range(self.values(value)))
        body = [] if isinstance(fn, ast.Lambda) else fn.body
        if body and not isinstance(body[-1], (ast.Return, ast.Raise)):
            answers.add("None#0")  # it can fall off the end: None
        nodes = [fn.body] if isinstance(fn, ast.Lambda) else self.own(fn)
        walk = [n for root in nodes for n in ast.walk(root)] if isinstance(fn, ast.Lambda) \
            else nodes
        loops = {}
        for node in walk:
            if isinstance(node, (ast.For, ast.comprehension)) and self.constant(node.iter):
                loops.update({n: self.size(node.iter) for n in _targets(node.target)})
        computed = effects = 0
        spelled = False
        for node in walk:
            computed += self._computed_decisions(node)
            effects += self._effect(node)
            if isinstance(node, ast.Compare) and self.selection(node):
                looped = [loops[n.id] for n in (_own_nodes(node, True) if loops else ())
                          if isinstance(n, ast.Name) and n.id in loops]
                links += max(looped) if looped else self._count(node)
                spelled = spelled or _spelled([e for e in (node.left, *node.comparators)
                                               if self.key(e)])
            elif isinstance(node, ast.Subscript) and self.key(node.slice) \
                    and self.constant(node.value):
                links += self.size(node.value)
                spelled = spelled or _spelled([node.slice])
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr == "get" and node.args and self.key(node.args[0]) \
                    and self.constant(node.func.value):
                links += self.size(node.func.value)
                spelled = spelled or _spelled(node.args[:1])
            elif isinstance(node, ast.Match) and self.key(node.subject):
                for case in node.cases:
                    links += _literal_patterns(case.pattern)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in self.module.summaries \
                    and any(self.key(a) for a in node.args):
                helper = self.module.summaries[node.func.id]
                links += helper.links
                computed += helper.computed
                effects += helper.effects
                spelled = spelled or helper.spelled
        return _Summary(constant, links, len(answers), computed, effects, spelled)

    def _effect(self, node: ast.AST) -> int:
        """1 for a statement that does work besides choosing the answer: a call made for
        its effect, an augmented assignment, a store into an attribute or an item, a
        ``del``, a ``raise``, a local assigned a computed value; else 0."""
        if isinstance(node, ast.Expr):
            return int(not isinstance(node.value, ast.Constant))
        if isinstance(node, (ast.AugAssign, ast.Delete, ast.Raise)):
            return 1  # (a raise: a validator, whose one answer is "no error")
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(not isinstance(t, ast.Name) for t in targets):
                return 1
            return int(node.value is not None and not (self.constant(node.value)
                                                       or self.key(node.value)))
        return 0

    def _computed_decisions(self, node: ast.AST) -> int:
        """1 for a branch test or loop that decides on a computed value (``n % d == 0``,
        ``while i * i <= n``, ``for d in range(2, n)``), not on a comparison or lookup of
        the arguments; else 0."""
        tests: list[ast.AST] = []
        if isinstance(node, (ast.If, ast.While, ast.IfExp)):
            tests = [node.test]
        elif isinstance(node, ast.comprehension):
            tests = list(node.ifs)
        elif isinstance(node, ast.match_case) and node.guard is not None:
            tests = [node.guard]
        n = sum(not (self.selection(t) or self.constant(t)) for t in tests)
        if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)) \
                and not self.constant(node.iter):
            n += 1
        return n


def _spelled(keys: Sequence[ast.AST]) -> bool:
    """Whether a key re-spells the arguments as text or a hash (see :attr:`_Summary.weight`)."""
    for key in keys:
        for n in ast.walk(key):
            if isinstance(n, ast.JoinedStr) or (isinstance(n, ast.BinOp)
                                                and isinstance(n.op, ast.Mod)):
                return True
            if isinstance(n, ast.Call):
                f = n.func
                name = f.id if isinstance(f, ast.Name) else \
                    f.attr if isinstance(f, ast.Attribute) else ""
                if name in _TEXT_SPELLINGS:
                    return True
    return False


def _literal_patterns(p: ast.pattern) -> int:
    if isinstance(p, (ast.MatchValue, ast.MatchSingleton)):
        return 1
    if isinstance(p, ast.MatchOr):
        return sum(_literal_patterns(x) for x in p.patterns)
    if isinstance(p, ast.MatchSequence):
        return 1 if p.patterns and all(_literal_patterns(x) for x in p.patterns) else 0
    if isinstance(p, ast.MatchAs) and p.pattern is not None:
        return _literal_patterns(p.pattern)
    return 0


def all_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node of the tree but constants, contexts and operators, walked once (a table
    of thousands of literal entries stays quick to scan)."""
    return _own_nodes(tree, into_scopes=True)


def answer_tables(tree: ast.Module, nodes: list[ast.AST] | None = None) -> list[Finding]:
    """Every function (and module-level lambda) whose whole result is a table of answers
    selected by its arguments, with at least two entries."""
    if not isinstance(tree, ast.Module):
        return []
    module = _Module(tree)
    found: list[Finding] = []
    for node in nodes if nodes is not None else all_nodes(tree):
        fns: list[tuple[str, _Fn]] = []
        if isinstance(node, _FuncDef):
            fns.append((node.name, node))
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Lambda):
            fns += [(t.id, node.value) for t in node.targets if isinstance(t, ast.Name)]
        for name, fn in fns:
            params = _params(fn)
            if not params:
                continue
            s = _Flow(module, params).summarise(fn)
            if s.table:
                how = " through a key re-spelled as text" if s.spelled else ""
                found.append(Finding(name, getattr(fn, "lineno", 0), (
                    f"{s.links} specific input{'' if s.links == 1 else 's'} mapped to literal outputs{how}",
                    "every returned value is a literal or a table entry",
                    "selected only by comparing or looking up its arguments")))
    return found
