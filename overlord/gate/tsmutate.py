"""Source mutants for the languages parsed with tree-sitter (everything but Python).

Each mutant is the whole solution source with one plan-named function changed, by byte
ranges of its syntax tree: the body returning the language's zero value (``null``, ``0``,
``false``, ``default``, ``Default::default()``), returning its first argument when the types
allow it, one operator or integer literal changed, or the body raising. Mutants are built
and tested by the toolchain's own steps (:mod:`overlord.gate.mutant_run`); one that does not
compile says nothing about the tests and is recorded as such.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from overlord.gate.treesit import FUNCTION_TYPES, _function_name, _params_node, _parser, _text, _walk

if TYPE_CHECKING:
    from tree_sitter import Node


#: Operators swapped one at a time.
OPERATOR_SWAPS = {"+": "-", "-": "+", "*": "/", "/": "*", "%": "*", "<": "<=", "<=": "<",
                  ">": ">=", ">=": ">", "==": "!=", "!=": "==", "===": "!==", "!==": "===",
                  "&&": "||", "||": "&&"}

#: The body that raises, per language.
RAISE_BODY = {"javascript": '{ throw new Error("overlord mutant"); }',
              "typescript": '{ throw new Error("overlord mutant"); }',
              "java": '{ throw new RuntimeException("overlord mutant"); }',
              "csharp": '{ throw new System.Exception("overlord mutant"); }',
              "go": '{ panic("overlord mutant") }',
              "rust": '{ panic!("overlord mutant") }',
              "c": "{ __builtin_trap(); }", "cpp": "{ __builtin_trap(); }"}

_C_SCALARS = ("int", "long", "short", "char", "unsigned", "signed", "double", "float", "bool",
              "size_t", "_Bool", "int64_t", "int32_t", "uint64_t", "uint32_t", "uint8_t")
_JAVA_ZERO = {"boolean": "false", "int": "0", "long": "0L", "short": "(short) 0",
              "byte": "(byte) 0", "char": "'\\0'", "double": "0.0", "float": "0.0f"}


@dataclass(frozen=True)
class SourceMutant:
    """One mutant of the solution source.

    Attributes:
        function: the plan-named function it changes.
        kind: ``raise``, ``return_none``, ``return_arg`` or ``operator``.
        description: what changed.
        source: the whole mutated solution source.
    """

    function: str
    kind: str
    description: str
    source: bytes


def _functions(language: str, root: Node, name: str) -> list:
    found = []
    for n in _walk(root):
        if n.type in FUNCTION_TYPES and n.child_by_field_name("body") is not None:
            if _function_name(n) == name:
                found.append(n)
        elif n.type == "variable_declarator":
            value, ident = n.child_by_field_name("value"), n.child_by_field_name("name")
            if value is not None and ident is not None and _text(ident) == name and \
                    value.type in ("arrow_function", "function_expression", "function"):
                found.append(value)
    return found


def _return_type(language: str, fn: Node) -> str | None:
    """The declared result type's text, '' for none/void, None when it cannot be read."""
    if language in ("javascript",):
        return None
    for field in ("type", "result", "return_type", "returns"):
        t = fn.child_by_field_name(field)
        if t is not None:
            text = _text(t).strip()
            if language == "typescript":
                text = text.lstrip(":").strip()
            return text
    if language == "rust" or language == "go":
        return ""
    return None


def _zero(language: str, rtype: str | None) -> str | None:
    """The body returning the zero value of the result type, or None when none is known."""
    if language == "javascript":
        return "{ return undefined; }"
    if language == "typescript":
        return "{ return undefined as any; }" if rtype != "void" else "{ return; }"
    if rtype is None:
        return None
    if language == "java":
        if rtype == "void":
            return "{ return; }"
        return "{ return " + _JAVA_ZERO.get(rtype, "null") + "; }"
    if language == "csharp":
        return "{ return; }" if rtype == "void" else "{ return default(" + rtype + "); }"
    if language == "go":
        if not rtype:
            return "{ return }"
        if rtype.startswith("("):
            return None
        return "{ var overlordZero " + rtype + "; return overlordZero }"
    if language == "rust":
        return "{}" if not rtype or rtype == "()" else "{ Default::default() }"
    if language in ("c", "cpp"):
        words = rtype.replace("const", "").split()
        if rtype.strip() == "void":
            return "{ return; }"
        if "*" in rtype or all(w in _C_SCALARS for w in words):
            return "{ return 0; }"
        return None
    return None


def _first_param(language: str, fn: Node) -> tuple[str, str] | None:
    """(name, type text) of the first parameter, or None."""
    params = _params_node(fn)
    if params is None:
        return None
    for p in params.named_children:
        if "comment" in p.type or p.type in ("self_parameter",):
            continue
        if p.type == "identifier":
            return _text(p), ""
        name = p.child_by_field_name("name") or p.child_by_field_name("pattern") or \
            p.child_by_field_name("declarator")
        ptype = p.child_by_field_name("type")
        if name is None:
            return None
        ident = name
        while ident.type not in ("identifier",) and ident.named_child_count:
            inner = ident.child_by_field_name("declarator") or ident.named_children[-1]
            if inner is None or inner == ident:
                break
            ident = inner
        text = _text(ident)
        if language == "go" and ptype is None:
            return None
        return text, (_text(ptype).lstrip(":").strip() if ptype is not None else "")
    return None


def source_mutants(language: str, source: str, functions: tuple[str, ...],
                   operator_limit: int = 6) -> dict[str, list[SourceMutant]]:
    """Every mutant of each plan-named function, by function; a function not found (or not
    mutable) maps to an empty list."""
    data = source.encode("utf-8")
    tree = _parser(language).parse(data)
    out: dict[str, list[SourceMutant]] = {}

    def splice(start: int, end: int, text: str) -> bytes:
        return data[:start] + text.encode("utf-8") + data[end:]

    for name in functions:
        found: list[SourceMutant] = []
        for fn in _functions(language, tree.root_node, name):
            body = fn.child_by_field_name("body")
            if body is None:
                continue
            expression_body = body.type not in ("statement_block", "block", "compound_statement",
                                                "function_body", "constructor_body")
            rtype = _return_type(language, fn)
            zero = _zero(language, rtype)
            if zero is not None:
                text = zero if not expression_body else zero.strip("{} ").removeprefix(
                    "return ").rstrip(";")
                found.append(SourceMutant(name, "return_none", "returns the zero value",
                                          splice(body.start_byte, body.end_byte, text)))
            first = _first_param(language, fn)
            if first is not None and (language == "javascript" or (
                    rtype and first[1] and first[1].replace(" ", "") == rtype.replace(" ", ""))):
                pname = first[0]
                if language == "rust":
                    text = "{ " + pname + " }"
                elif language == "go":
                    text = "{ return " + pname + " }"
                else:
                    text = "{ return " + pname + "; }"
                if expression_body:
                    text = pname
                found.append(SourceMutant(name, "return_arg", f"returns {pname}",
                                          splice(body.start_byte, body.end_byte, text)))
            points = []
            for n in _walk(body):
                if n.type in ("binary_expression",):
                    op = n.child_by_field_name("operator")
                    if op is not None and _text(op) in OPERATOR_SWAPS:
                        points.append((op.start_byte, op.end_byte, _text(op),
                                       OPERATOR_SWAPS[_text(op)], op.start_point[0] + 1))
                elif n.type in ("number", "integer_literal", "int_literal", "number_literal",
                                "decimal_integer_literal") and _text(n).isdigit():
                    v = int(_text(n))
                    points.append((n.start_byte, n.end_byte, str(v), str(v + 1),
                                   n.start_point[0] + 1))
            if len(points) > operator_limit:
                step = len(points) / operator_limit
                points = [points[int(i * step)] for i in range(operator_limit)]
            for start, end, old, new, line in points:
                found.append(SourceMutant(name, "operator", f"line {line}: {old}->{new}",
                                          splice(start, end, new)))
            raise_body = RAISE_BODY.get(language)
            if raise_body and not expression_body:
                found.append(SourceMutant(name, "raise", "body raises",
                                          splice(body.start_byte, body.end_byte, raise_body)))
        out[name] = found
    return out
