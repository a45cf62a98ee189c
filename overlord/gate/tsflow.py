"""Hard-coded answers in JavaScript, TypeScript and Java, found by data flow over the
tree-sitter tree (the counterpart of :mod:`overlord.gate.pyflow`, whose rule it shares).

A function *computes nothing* when every value it returns is a literal constant, or an
entry of a literal table, and which one is returned is decided only by comparing or looking
up its arguments: ``===``/``==``/``.equals`` chains, ``switch`` on an argument, a literal
object, array, ``Map``/``Set`` (``Map.of``, ``new Set([...])``, ``List.of`` ...) indexed or
searched with any key built from the arguments (the argument itself, ``JSON.stringify``,
``String``, ``Arrays.toString``, a template string, ``a + "," + b``, ``join``), a loop over a
literal table of ``[input, answer]`` pairs, or a helper doing one of these. The thresholds
are :attr:`overlord.gate.pyflow._Summary.table`'s: at least two entries (a key re-spelled as
text counts twice), more entries than decisions on computed values (``if (n < 2) return
false;`` before a real loop stays honest), and two answers or more, or one from a body that
does nothing else.

Flow-insensitive, like the Python rule: a local is *constant* when every assignment to it is,
and a *key* when it only ever holds the arguments or a re-spelling of them; iterated to a
fixed point, with module- and class-level constants and helper functions summarised first.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from overlord.gate.analysis import Finding
from overlord.gate.pyflow import _Summary
from overlord.gate.treesit import _function_name, _named, _param_names, _text, is_literal

if TYPE_CHECKING:
    from tree_sitter import Node

#: The languages this rule reads (their node names are the ones below).
FLOW_LANGUAGES = ("javascript", "typescript", "java")

_FUNCTIONS = {"function_declaration", "method_declaration", "method_definition",
              "arrow_function", "function_expression", "function", "generator_function",
              "generator_function_declaration", "constructor_declaration"}
_SCOPES = _FUNCTIONS | {"class_body", "lambda_expression"}
_ARRAYS = {"array", "array_initializer", "initializer_list"}
_SUBSCRIPTS = {"subscript_expression": ("object", "index"), "array_access": ("array", "index")}
_MEMBERS = {"member_expression": ("object", "property"), "field_access": ("object", "field")}
_EQ_OPS = {"==", "===", "!=", "!=="}
_NONE = {"null", "undefined", "null_literal"}
#: Collections built from constants stay constants.
_COLLECTION_TYPES = {"Set", "Map", "Array", "HashSet", "HashMap", "ArrayList", "TreeMap",
                     "TreeSet", "LinkedHashMap", "LinkedHashSet", "LinkedList", "WeakMap"}
#: Namespaces whose functions, given constants, give a constant.
_PURE_NAMESPACES = {"JSON", "Object", "Array", "Arrays", "List", "Set", "Map", "String",
                    "Number", "Integer", "Long", "Double", "Boolean", "Collections",
                    "Character", "Objects", "Math"}
#: Calls and methods that re-spell a value without computing anything new from it.
_RESPELL = {"stringify", "String", "toString", "valueOf", "join", "toLowerCase",
            "toUpperCase", "trim", "asList", "of", "hash", "hashCode", "deepToString",
            "format", "concat", "sort", "sorted", "from", "toList", "entries", "keys",
            "values", "Number", "parseInt", "parseFloat", "toFixed", "copyOf"}
#: Of those, the ones that turn the arguments into text or a hash.
_TEXT = {"stringify", "String", "toString", "valueOf", "join", "hash", "hashCode",
         "deepToString", "format"}
#: Methods that look a key up in a table (an entry), or test membership (a selection).
_LOOKUPS = {"get", "getOrDefault", "at"}
_MEMBERSHIP = {"has", "includes", "contains", "containsKey", "containsValue",
               "hasOwnProperty"}


def _field(node: Node, name: str) -> Node | None:
    return node.child_by_field_name(name)


def _strip(node: Node | None) -> Node | None:
    while node is not None and node.type in ("parenthesized_expression",
                                             "expression_statement", "as_expression",
                                             "non_null_expression", "cast_expression") \
            and _named(node):
        inner = _named(node)
        node = inner[-1] if node.type == "cast_expression" else inner[0]
    return node


def _callee(node: Node) -> tuple[Node | None, str]:
    """(receiver, name) of a call: ``T.get(k)`` -> (T, "get"); ``String(x)`` -> (None,
    "String"); ``new Set(...)`` -> (None, "Set")."""
    if node.type == "method_invocation":
        name = _field(node, "name")
        return _field(node, "object"), _text(name) if name is not None else ""
    if node.type in ("new_expression", "object_creation_expression"):
        ctor = _field(node, "constructor") or _field(node, "type")
        text = _text(ctor) if ctor is not None else ""
        return None, text.split("<", 1)[0].rsplit(".", 1)[-1]
    fn = _strip(_field(node, "function"))
    if fn is None:
        return None, ""
    if fn.type in _MEMBERS:
        obj_field, prop_field = _MEMBERS[fn.type]
        prop = _field(fn, prop_field)
        return _field(fn, obj_field), _text(prop) if prop is not None else ""
    return None, _text(fn)


def _args(node: Node) -> list[Node]:
    a = _field(node, "arguments")
    return _named(a) if a is not None else []


def _idents(node: Node) -> list[str]:
    out = []
    stack = [node]
    while stack:
        n = stack.pop()
        if n.type in ("identifier", "shorthand_property_identifier_pattern"):
            out.append(_text(n))
        stack.extend(n.named_children)
    return out


def _params(fn: Node) -> set[str]:
    """The parameter names, rest parameters included (``...args``, ``int... xs``)."""
    names = set(_param_names(fn))
    params = _field(fn, "parameters")
    for p in params.named_children if params is not None else ():
        if p.type in ("rest_pattern", "spread_parameter", "rest_parameter"):
            names.update(_idents(p)[-1:])
    if params is None and fn.type == "arrow_function":
        single = _field(fn, "parameter")
        if single is not None:
            names.add(_text(single))
    return names


def _own_nodes(fn: Node) -> Iterator[Node]:
    """The nodes of a function's body, not descending into nested functions or classes."""
    body = _field(fn, "body")
    stack = [body] if body is not None else []
    while stack:
        node = stack.pop()
        yield node
        if node.type in _SCOPES or node.type in ("class_declaration", "class"):
            continue
        stack.extend(reversed(node.named_children))


class _Module:
    """Module- and class-level constants (name -> table size), and every function's summary."""

    def __init__(self, root: Node) -> None:
        self.constants: dict[str, int] = {}
        self.functions: dict[str, Node] = {}
        self.summaries: dict[str, _Summary] = {}
        assigned: dict[str, list[Node | None]] = {}
        stack = [root]
        while stack:
            node = stack.pop()
            if node.type in _FUNCTIONS:
                name = _function_name(node)
                if name and _field(node, "body") is not None:
                    self.functions.setdefault(name, node)
                continue
            if node.type == "variable_declarator":
                ident, value = _field(node, "name"), _field(node, "value")
                if ident is not None and ident.type == "identifier":
                    if value is not None and value.type in _FUNCTIONS:
                        self.functions.setdefault(_text(ident), value)
                        continue
                    assigned.setdefault(_text(ident), []).append(value)
                elif ident is not None:
                    for n in _idents(ident):
                        assigned.setdefault(n, []).append(None)
            elif node.type in ("assignment_expression", "augmented_assignment_expression",
                               "update_expression"):
                target = _field(node, "left") or _field(node, "argument")
                if target is not None:
                    for n in _idents(target):
                        assigned.setdefault(n, []).append(None)
            stack.extend(node.named_children)
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
        for _ in range(4):  # helpers to a fixed point (bounded: summaries only grow)
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
        self.keys: set[str] = set(params)
        self.consts: dict[str, int] = {}
        self.sources: dict[str, list[tuple[str, Node | None]]] = {}

    # -- expression kinds -------------------------------------------------------------

    def size(self, e: Node | None) -> int:
        """Entries of a literal table (0 for a scalar or an unknown)."""
        e = _strip(e)
        if e is None:
            return 0
        if e.type in _ARRAYS:
            return len(_named(e))
        if e.type == "object":
            return sum(c.type in ("pair", "shorthand_property_identifier") for c in _named(e))
        if e.type == "identifier":
            return self.consts.get(_text(e), self.module.constants.get(_text(e), 0))
        if e.type in _MEMBERS:
            prop = _field(e, _MEMBERS[e.type][1])
            return self.module.constants.get(_text(prop), 0) if prop is not None else 0
        if e.type == "array_creation_expression":
            return self.size(_field(e, "value"))
        if e.type in ("call_expression", "method_invocation", "new_expression",
                      "object_creation_expression"):
            args = _args(e)
            _, name = _callee(e)
            if len(args) == 1:
                return self.size(args[0])
            return len(args) // 2 if name in ("of",) and self._is_map(e) else len(args)
        return 0

    @staticmethod
    def _is_map(e: Node) -> bool:
        receiver, _ = _callee(e)
        return receiver is not None and _text(receiver).endswith("Map")

    def _named_const(self, name: str) -> bool:
        return name not in self.keys and (name in self.consts or name in self.module.constants
                                          or name in _NONE)

    def constant(self, e: Node | None) -> bool:
        """Whether the value is a literal, or selected from literals, never computed from the
        arguments."""
        e = _strip(e)
        if e is None or is_literal(e) or e.type in _NONE or e.type in ("true", "false"):
            return True
        t = e.type
        if t == "identifier":
            return self._named_const(_text(e))
        if t in _MEMBERS:
            obj = _field(e, _MEMBERS[t][0])
            prop = _field(e, _MEMBERS[t][1])
            if obj is None or prop is None:
                return False
            if _text(prop) in self.module.constants and obj.type in ("identifier", "this"):
                return _text(obj) not in self.keys  # Solution.TABLE, this.TABLE
            return self.constant(obj)  # PAIRS.length, T.answer
        if t in _ARRAYS:
            return all(self.constant(x) for x in _named(e))
        if t == "object":
            return all(self.constant(_field(c, "value")) if c.type == "pair" else
                       c.type == "shorthand_property_identifier" and self._named_const(_text(c))
                       for c in _named(e))
        if t in ("unary_expression", "prefix_unary_expression"):
            return self.constant(_field(e, "argument") or _field(e, "operand"))
        if t == "binary_expression":
            return self.constant(_field(e, "left")) and self.constant(_field(e, "right"))
        if t in ("ternary_expression", "conditional_expression"):
            return self.constant(_field(e, "consequence")) and \
                self.constant(_field(e, "alternative"))
        if t == "template_string":
            return all(self.constant(_named(s)[0] if _named(s) else None)
                       for s in e.named_children if s.type == "template_substitution")
        if t in _SUBSCRIPTS:
            table, index = (_field(e, f) for f in _SUBSCRIPTS[t])
            if self.constant(table) and self.size(table) and self.key(index):
                return True  # an entry of a literal table, chosen by the arguments
            return self.constant(table) and self.constant(index)
        if t == "array_creation_expression":
            value = _field(e, "value")
            return value is not None and self.constant(value)
        if t == "switch_expression":
            return self._switch_constant(e)
        if t in ("call_expression", "method_invocation", "new_expression",
                 "object_creation_expression"):
            return self._call_constant(e)
        return False

    def _switch_constant(self, e: Node) -> bool:
        body = _field(e, "body")
        arms = [c for c in _named(body)] if body is not None else []
        values = []
        for arm in arms:
            if arm.type == "switch_rule":
                values += [c for c in _named(arm) if c.type != "switch_label"]
            elif arm.type == "switch_block_statement_group":
                values += [c for c in _walk_own(arm) if c.type == "yield_statement"]
        return bool(values) and all(
            self.constant(_named(v)[0] if v.type in ("yield_statement", "expression_statement")
                          and _named(v) else v) or v.type == "throw_statement"
            for v in values)

    def _call_constant(self, e: Node) -> bool:
        receiver, name = _callee(e)
        args = _args(e)
        if receiver is not None and name in _LOOKUPS and args and self.constant(receiver) \
                and self.size(receiver):
            return all(self.constant(a) for a in args[1:])  # T.get(key, default)
        if receiver is None and name in self.module.summaries \
                and self.module.summaries[name].constant:
            return True
        if e.type in ("new_expression", "object_creation_expression"):
            return name in _COLLECTION_TYPES and all(self.constant(a) for a in args)
        if receiver is not None and _text(receiver) in _PURE_NAMESPACES and \
                _text(receiver) not in self.keys:
            return bool(args) and all(self.constant(a) for a in args)
        if receiver is None and name in _RESPELL | _COLLECTION_TYPES:
            return bool(args) and all(self.constant(a) for a in args)
        if receiver is not None and self.constant(receiver):
            return all(self.constant(a) for a in args)
        return False

    def key(self, e: Node | None) -> bool:
        """Whether the value is the arguments themselves, or a re-spelling of them that
        computes nothing (``JSON.stringify(args)``, ``Arrays.toString(xs)``, a template)."""
        e = _strip(e)
        if e is None:
            return False
        t = e.type
        if t == "identifier":
            return _text(e) in self.keys
        if t in _ARRAYS or t == "array_creation_expression":
            inner = _field(e, "value") if t == "array_creation_expression" else e
            parts = _named(inner) if inner is not None else []
            return any(self.key(x) for x in parts) and \
                all(self.key(x) or self.constant(x) for x in parts)
        if t == "spread_element":
            return bool(_named(e)) and self.key(_named(e)[0])
        if t == "template_string":
            vals = [_named(s)[0] for s in e.named_children
                    if s.type == "template_substitution" and _named(s)]
            return any(self.key(v) for v in vals) and \
                all(self.key(v) or self.constant(v) for v in vals)
        if t == "binary_expression":
            op = _field(e, "operator")
            left, right = _field(e, "left"), _field(e, "right")
            if op is None or _text(op) != "+":
                return False
            sides = (left, right)
            text = any(s is not None and (s.type in ("string", "string_literal",
                                                      "template_string")
                                          or self._texty(s)) for s in sides)
            return text and any(self.key(s) for s in sides) and \
                all(self.key(s) or self.constant(s) for s in sides)
        if t in _SUBSCRIPTS:
            table, index = (_field(e, f) for f in _SUBSCRIPTS[t])
            return self.key(table) and self.constant(index)
        if t in _MEMBERS:
            return self.key(_field(e, _MEMBERS[t][0]))
        if t in ("call_expression", "method_invocation", "new_expression",
                 "object_creation_expression"):
            receiver, name = _callee(e)
            args = _args(e)
            if name not in _RESPELL and name not in _COLLECTION_TYPES:
                return False
            if receiver is not None and not (self.key(receiver) or self.constant(receiver)
                                             or _text(receiver) in _PURE_NAMESPACES):
                return False
            return (self.key(receiver) or any(self.key(a) for a in args)) and \
                all(self.key(a) or self.constant(a) for a in args)
        return False

    def _texty(self, e: Node) -> bool:
        """A key already turned into text (the left part of ``a + "," + b``)."""
        inner = _strip(e)
        if inner is None or inner.type != "binary_expression":
            return False
        op = _field(inner, "operator")
        return op is not None and _text(op) == "+" and self.key(inner)

    def selection(self, e: Node | None) -> bool:
        """A comparison of a key with constants (``n === 3``, ``T.has(key)``,
        ``s.equals("ab")``)."""
        e = _strip(e)
        if e is None:
            return False
        t = e.type
        if t == "binary_expression":
            op = _field(e, "operator")
            left, right = _field(e, "left"), _field(e, "right")
            if op is None:
                return False
            o = _text(op)
            if o in ("&&", "||"):
                return self.selection(left) and self.selection(right)
            if o == "in":
                return self.key(left) and self.constant(right) and self.size(right) > 0
            if o not in _EQ_OPS:
                return False
            return (self.key(left) or self.key(right)) and \
                all(self.key(s) or self.constant(s) for s in (left, right))
        if t in ("unary_expression",):
            op = _field(e, "operator")
            return op is not None and _text(op) == "!" and self.selection(_field(e, "argument")
                                                                          or _field(e, "operand"))
        if t in ("call_expression", "method_invocation"):
            receiver, name = _callee(e)
            args = _args(e)
            if name == "equals" and receiver is not None and len(args) == 1:
                pair = (receiver, args[0])
            elif name == "equals" and receiver is not None and _text(receiver) == "Objects" \
                    and len(args) == 2:
                pair = (args[0], args[1])
            elif name in _MEMBERSHIP and receiver is not None and len(args) == 1:
                return self.constant(receiver) and self.size(receiver) > 0 and \
                    self.key(args[0])
            else:
                return False
            return any(self.key(s) for s in pair) and \
                all(self.key(s) or self.constant(s) for s in pair)
        return False

    def _count(self, e: Node) -> int:
        """How many table entries one selection consults."""
        t = e.type
        if t == "binary_expression":
            op = _field(e, "operator")
            if op is not None and _text(op) == "in":
                return max(1, self.size(_field(e, "right")))
            return 1
        if t in ("call_expression", "method_invocation"):
            receiver, name = _callee(e)
            if name in _MEMBERSHIP and receiver is not None:
                return max(1, self.size(receiver))
            return 1
        return 0

    def _spelled(self, e: Node | None) -> bool:
        """Whether a key re-spells the arguments as text or a hash (through the locals it
        was built in, too)."""
        stack = [e] if e is not None else []
        seen: set[str] = set()
        while stack:
            n = stack.pop()
            if n.type == "identifier" and _text(n) in self.keys and _text(n) not in seen:
                seen.add(_text(n))
                stack.extend(v for _, v in self.sources.get(_text(n), ()) if v is not None)
            if n.type == "template_string":
                return True
            if n.type in ("call_expression", "method_invocation", "new_expression"):
                if _callee(n)[1] in _TEXT:
                    return True
            if n.type == "binary_expression" and self.key(n):
                return True  # a + "," + b
            stack.extend(n.named_children)
        return False

    # -- the function -----------------------------------------------------------------

    def _bind(self, fn: Node) -> None:
        """Locals to a fixed point: constants (every assignment constant) and keys."""
        assigns: dict[str, list[tuple[str, Node | None]]] = {}
        for node in _own_nodes(fn):
            t = node.type
            if t == "variable_declarator":
                target, value = _field(node, "name"), _field(node, "value")
                if target is None:
                    continue
                simple = target.type == "identifier"
                for n in _idents(target):
                    assigns.setdefault(n, []).append(("value" if simple else "part", value))
            elif t == "assignment_expression":
                left, right = _field(node, "left"), _field(node, "right")
                op = _field(node, "operator")
                how = "computed" if op is not None and _text(op) != "=" else "value"
                if left is not None and left.type == "identifier":
                    assigns.setdefault(_text(left), []).append((how, right))
                elif left is not None and left.type in ("array_pattern", "object_pattern"):
                    for n in _idents(left):
                        assigns.setdefault(n, []).append(("part", right))
            elif t in ("augmented_assignment_expression", "update_expression"):
                target = _field(node, "left") or _field(node, "argument")
                for n in _idents(target) if target is not None else ():
                    assigns.setdefault(n, []).append(("computed", None))
            elif t == "for_in_statement":
                left, right = _field(node, "left"), _field(node, "right")
                for n in _idents(left) if left is not None else ():
                    assigns.setdefault(n, []).append(("item", right))
            elif t == "enhanced_for_statement":
                target, value = _field(node, "name"), _field(node, "value")
                for n in _idents(target) if target is not None else ():
                    assigns.setdefault(n, []).append(("item", value))
            elif t == "catch_clause":
                for n in _idents(_field(node, "parameter") or node)[:1]:
                    assigns.setdefault(n, []).append(("computed", None))
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
                elif all(how in ("value", "part") and (self.key(v) or self.constant(v))
                         for how, v in sources) and any(self.key(v) for _, v in sources):
                    self.keys.add(name)
                    changed = True

    def values(self, e: Node | None, depth: int = 0) -> int:
        """About how many different answers a constant expression can give."""
        e = _strip(e)
        if depth > 8 or e is None or is_literal(e):
            return 1
        if e.type in ("ternary_expression", "conditional_expression"):
            return self.values(_field(e, "consequence"), depth + 1) + \
                self.values(_field(e, "alternative"), depth + 1)
        if e.type == "identifier" and _text(e) in self.sources:
            return sum(self.size(v) if how == "item" else self.values(v, depth + 1)
                       for how, v in self.sources[_text(e)])
        if e.type in _SUBSCRIPTS:
            return max(1, self.size(_field(e, _SUBSCRIPTS[e.type][0])))
        if e.type == "switch_expression":
            return 2
        if e.type in ("call_expression", "method_invocation"):
            receiver, name = _callee(e)
            if name in _LOOKUPS and receiver is not None:
                return self.size(receiver) + (len(_args(e)) > 1)
            if receiver is None and name in self.module.summaries:
                return max(1, self.module.summaries[name].answers)
        return 1

    def _returns(self, fn: Node) -> list[Node | None] | None:
        """The returned values (None for a bare return), or None for a generator."""
        body = _field(fn, "body")
        if body is not None and body.type not in ("statement_block", "block"):
            return [body]  # an arrow function's expression body
        out: list[Node | None] = []
        for node in _own_nodes(fn):
            if node.type in ("yield_expression", "await_expression"):
                return None
            if node.type == "return_statement":
                vals = _named(node)
                out.append(vals[0] if vals else None)
        return out

    def summarise(self, fn: Node) -> _Summary:
        """Whether every return is a constant, and how many entries select among them."""
        self._bind(fn)
        returns = self._returns(fn)
        if returns is None:
            return _Summary(False, 0)
        constant = True
        answers: set[str] = set()
        for value in returns:
            v = _strip(value)
            if v is None or v.type in _NONE or _text(v) in _NONE:
                answers.add("None#0")
                continue
            if self.selection(v):
                answers.update(("true", "false"))
                continue
            if not self.constant(v):
                constant = False
                continue
            answers.update(f"{_text(v)}#{i}" for i in range(self.values(v)))
        body = _field(fn, "body")
        stmts = _named(body) if body is not None and body.type in ("statement_block",
                                                                    "block") else []
        if body is not None and body.type in ("statement_block", "block") and (
                not stmts or stmts[-1].type not in ("return_statement", "throw_statement")):
            answers.add("None#0")  # it can fall off the end
        loops: dict[str, int] = {}
        nodes = list(_own_nodes(fn))
        for node in nodes:
            if node.type in ("for_in_statement", "enhanced_for_statement"):
                table = _field(node, "right") or _field(node, "value")
                target = _field(node, "left") or _field(node, "name")
                if self.constant(table) and target is not None:
                    loops.update({n: self.size(table) for n in _idents(target)})
        links = computed = effects = 0
        spelled = False
        for node in nodes:
            computed += self._computed_decisions(node)
            effects += self._effect(node)
            t = node.type
            if t in ("binary_expression", "call_expression", "method_invocation") and \
                    self.selection(node) and not self._compound(node):
                looped = [loops[n] for n in _idents(node) if n in loops]
                links += max(looped) if looped else self._count(node)
                spelled = spelled or self._spelled(node)
            elif t in _SUBSCRIPTS:
                table, index = (_field(node, f) for f in _SUBSCRIPTS[t])
                if self.key(index) and self.constant(table):
                    links += self.size(table)
                    spelled = spelled or self._spelled(index)
            elif t in ("call_expression", "method_invocation"):
                receiver, name = _callee(node)
                args = _args(node)
                if name in _LOOKUPS and receiver is not None and args and \
                        self.key(args[0]) and self.constant(receiver):
                    links += self.size(receiver)
                    spelled = spelled or self._spelled(args[0])
                elif receiver is None and name in self.module.summaries and \
                        any(self.key(a) for a in args):
                    helper = self.module.summaries[name]
                    links += helper.links
                    computed += helper.computed
                    effects += helper.effects
                    spelled = spelled or helper.spelled
            elif t in ("switch_statement", "switch_expression"):
                subject = _field(node, "value") or _field(node, "condition")
                if self.key(subject):
                    links += self._case_labels(node)
        return _Summary(constant, links, len(answers), computed, effects, spelled)

    def _compound(self, node: Node) -> bool:
        """An ``&&``/``||`` of selections (its parts are counted one by one)."""
        op = _field(node, "operator") if node.type == "binary_expression" else None
        return op is not None and _text(op) in ("&&", "||")

    def _case_labels(self, node: Node) -> int:
        n = 0
        for c in _walk_own(node):
            if c.type == "switch_case":
                value = _field(c, "value")
                n += value is not None and self.constant(value)
            elif c.type == "switch_label":
                n += sum(self.constant(x) for x in _named(c))
        return n

    def _computed_decisions(self, node: Node) -> int:
        """1 for a branch test or loop that decides on a computed value (``n % d === 0``,
        ``while (i * i <= n)``, ``for (let d = 2; ...)``), not on a comparison or lookup of
        the arguments; else 0."""
        t = node.type
        if t in ("if_statement", "while_statement", "do_statement", "ternary_expression",
                 "conditional_expression"):
            test = _field(node, "condition")
            return int(not (self.selection(test) or self.constant(test)))
        if t == "for_statement":
            return 1
        if t in ("for_in_statement", "enhanced_for_statement"):
            return int(not self.constant(_field(node, "right") or _field(node, "value")))
        if t in ("switch_statement", "switch_expression"):
            subject = _field(node, "value") or _field(node, "condition")
            return int(not (self.key(subject) or self.constant(subject)))
        return 0

    def _effect(self, node: Node) -> int:
        """1 for a statement that does work besides choosing the answer (a call made for its
        effect, an assignment into an object or an array, a throw, a local assigned a
        computed value); else 0."""
        t = node.type
        if t == "expression_statement":
            inner = _strip(node)
            if inner is None or is_literal(inner):
                return 0
            if inner.type == "assignment_expression":
                left = _field(inner, "left")
                return int(left is None or left.type != "identifier" or not (
                    self.constant(_field(inner, "right")) or self.key(_field(inner, "right"))))
            return 1
        if t == "throw_statement":
            return 1
        if t == "variable_declarator":
            value = _field(node, "value")
            return int(value is not None and not (self.constant(value) or self.key(value)))
        return 0


def _walk_own(node: Node) -> Iterator[Node]:
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        if n is not node and n.type in _SCOPES:
            continue
        stack.extend(reversed(n.named_children))


def answer_tables(root: Node) -> list[Finding]:
    """Every function whose whole result is a table of answers selected by its arguments."""
    module = _Module(root)
    found: list[Finding] = []
    stack = [root]
    while stack:
        node = stack.pop()
        stack.extend(node.named_children)
        if node.type not in _FUNCTIONS or _field(node, "body") is None:
            continue
        name = _function_name(node)
        if not name and node.parent is not None and node.parent.type == "variable_declarator":
            ident = _field(node.parent, "name")
            name = _text(ident) if ident is not None else None
        params = _params(node)
        if not name or not params:
            continue
        s = _Flow(module, params).summarise(node)
        if s.table:
            how = " through a key re-spelled as text" if s.spelled else ""
            found.append(Finding(name, node.start_point[0] + 1, (
                f"{s.links} specific input{'' if s.links == 1 else 's'} mapped to literal "
                f"outputs{how}",
                "every returned value is a literal or a table entry",
                "selected only by comparing or looking up its arguments")))
    return found
