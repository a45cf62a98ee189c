"""Source analysis for C, C++, C#, Go, Java, JavaScript, TypeScript and Rust with tree-sitter.

Parsed, never grepped: definitions, hollow bodies, hard-coded answers and swallowed failures
are read from the syntax tree the language's grammar wheel builds. The node-type names the
grammars use are listed once here; where grammars share a name (``return_statement``,
``catch_clause``) one rule serves them all.
"""

from __future__ import annotations

import importlib
import re
from functools import cache
from typing import TYPE_CHECKING, Any

from overlord.gate.analysis import Finding, FunctionInfo, SourceAnalysis
from overlord.gate.axes import GateError

if TYPE_CHECKING:
    from tree_sitter import Node


#: language -> (grammar module, the function returning its Language pointer)
GRAMMARS = {
    "c": ("tree_sitter_c", "language"),
    "cpp": ("tree_sitter_cpp", "language"),
    "javascript": ("tree_sitter_javascript", "language"),
    "typescript": ("tree_sitter_typescript", "language_typescript"),
    "java": ("tree_sitter_java", "language"),
    "go": ("tree_sitter_go", "language"),
    "rust": ("tree_sitter_rust", "language"),
    "csharp": ("tree_sitter_c_sharp", "language"),
}

FUNCTION_TYPES = {"function_definition", "function_declaration", "method_definition",
                  "method_declaration", "function_item", "constructor_declaration",
                  "local_function_statement", "generator_function_declaration"}
CLASS_TYPES = {"class_declaration", "struct_item", "struct_specifier", "class_specifier",
               "type_spec", "interface_declaration", "enum_item", "impl_item",
               "record_declaration", "struct_declaration"}
RETURN_TYPES = {"return_statement", "return_expression"}
THROW_TYPES = {"throw_statement", "throw_expression"}
LOOP_TYPES = {"for_statement", "while_statement", "do_statement", "for_in_statement",
              "for_of_statement", "enhanced_for_statement", "for_range_loop", "for_expression",
              "while_expression", "loop_expression", "foreach_statement", "for_each_statement"}
CALL_TYPES = {"call_expression", "method_invocation", "invocation_expression",
              "new_expression", "object_creation_expression", "macro_invocation"}
SWITCH_CASE_TYPES = {"case_statement", "switch_case", "switch_block_statement_group",
                     "switch_section", "expression_case", "match_arm", "switch_rule"}
LITERAL_WORDS = {"number", "string", "true", "false", "null", "undefined", "nil", "nullptr",
                 "none", "char_literal", "boolean_literal", "null_literal"}
EMPTY_COLLECTION_TYPES = {"array", "object", "initializer_list", "composite_literal",
                          "array_expression", "array_creation_expression",
                          "collection_expression"}
EMPTY_COLLECTION_CALLS = ("Vec::new", "HashMap::new", "String::new", "List.of", "Map.of",
                          "Collections.emptyList", "Collections.emptyMap", "Array.Empty",
                          "new ArrayList", "new HashMap", "new List", "new Dictionary",
                          "new Array", "new Map", "new Set", "vec!", "make(")
NOT_IMPLEMENTED_WORDS = ("NotImplemented", "UnsupportedOperationException", "not implemented",
                         "todo!", "unimplemented!", "Not implemented", "NotSupportedException")
LOG_WORDS = ("log", "print", "Print", "Log", "error", "warn", "Write", "cerr", "cout",
             "Error", "debug", "info")
ARITHMETIC_OPS = {"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^"}
BROAD_CATCH = ("Exception", "Throwable", "std::exception", "System.Exception", "...")


@cache
def _parser(language: str) -> Any:
    import tree_sitter

    try:
        module, fn = GRAMMARS[language]
    except KeyError as e:
        raise GateError(f"no tree-sitter grammar for {language!r}") from e
    try:
        grammar = importlib.import_module(module)
    except ImportError as e:
        raise GateError(f"the tree-sitter grammar {module} is not installed",
                        f"pip install {module.replace('_', '-')}") from e
    return tree_sitter.Parser(tree_sitter.Language(getattr(grammar, fn)()))


def grammar_available(language: str) -> bool:
    """True when the grammar wheel for ``language`` imports."""
    try:
        _parser(language)
    except GateError:
        return False
    return True


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", errors="replace")


def _named(node: Node) -> list:
    return [c for c in node.named_children if "comment" not in c.type]


def _walk(node: Node) -> Any:
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(n.children))


def _first_error(node: Node) -> Any:
    for n in _walk(node):
        if n.type == "ERROR" or n.is_missing:
            return n
    return None


def _ident_in(node: Node) -> str | None:
    """The last identifier-like leaf of a declarator, or None."""
    found = None
    for n in _walk(node):
        if n.type in ("identifier", "field_identifier", "property_identifier",
                      "type_identifier", "destructor_name", "operator_name"):
            found = _text(n)
    return found


def _function_name(fn: Node) -> str | None:
    name = fn.child_by_field_name("name")
    if name is not None:
        return _text(name)
    decl = fn.child_by_field_name("declarator")
    while decl is not None and decl.type != "function_declarator":
        decl = decl.child_by_field_name("declarator")
    if decl is None:
        return None
    inner = decl.child_by_field_name("declarator")
    return _ident_in(inner) if inner is not None else None


def _params_node(fn: Node) -> Any:
    p = fn.child_by_field_name("parameters")
    if p is not None:
        return p
    decl = fn.child_by_field_name("declarator")
    while decl is not None:
        p = decl.child_by_field_name("parameters")
        if p is not None:
            return p
        decl = decl.child_by_field_name("declarator")
    return None


def _param_names(fn: Node) -> list[str]:
    params = _params_node(fn)
    if params is None:
        return []
    names = []
    for p in params.named_children:
        if p.type in ("identifier",):
            names.append(_text(p))
            continue
        for field in ("name", "pattern", "declarator"):
            sub = p.child_by_field_name(field)
            if sub is not None:
                ident = _ident_in(sub)
                if ident:
                    names.append(ident)
                break
    return [n for n in names if n not in ("self", "this")]


def _unwrap(node: Node) -> Any:
    while node is not None and node.type in ("parenthesized_expression", "expression_statement",
                                             "parenthesized_expression") and node.named_child_count == 1:
        node = node.named_children[0]
    return node


def is_literal(node: Node) -> bool:
    """A literal value: number, string, char, boolean, null (a leading minus allowed)."""
    node = _unwrap(node)
    if node is None:
        return False
    t = node.type
    if t.endswith("_literal") and t not in ("composite_literal", "func_literal", "template_literal"):
        return not any(c.type in ("template_substitution", "interpolation") for c in _walk(node))
    if t in LITERAL_WORDS:
        return not any(c.type in ("template_substitution",) for c in _walk(node))
    if t in ("unary_expression", "prefix_unary_expression", "negative_literal") and node.named_child_count == 1:
        return _text(node).lstrip().startswith(("-", "+")) and is_literal(node.named_children[0])
    if t == "string" or t == "raw_string_literal":
        return True
    return False


def _is_empty_collection(node: Node) -> bool:
    node = _unwrap(node)
    if node is None:
        return False
    text = " ".join(_text(node).split())
    if node.type in EMPTY_COLLECTION_TYPES:
        body = node.child_by_field_name("body")
        inner = _named(body) if body is not None else [c for c in _named(node)
                                                       if c.type not in ("type_identifier",
                                                                         "generic_type",
                                                                         "array_type",
                                                                         "qualified_type")]
        return not inner or text.endswith(("{}", "[]", "{ }", "[ ]"))
    if node.type in CALL_TYPES:
        args = node.child_by_field_name("arguments")
        no_args = args is None or not _named(args)
        if node.type == "macro_invocation":
            return text.replace(" ", "") in ("vec![]", "vec!()")
        return no_args and any(w in text for w in EMPTY_COLLECTION_CALLS)
    return False


def _body_statements(fn: Node) -> tuple[list, Node | None]:
    body = fn.child_by_field_name("body")
    if body is None:
        return [], None
    if body.type not in ("compound_statement", "statement_block", "block", "function_body",
                         "constructor_body"):
        return [body], body  # an arrow function's expression body
    # a string standing alone as a statement (a JavaScript directive or docstring-like
    # comment, wherever it sits) does nothing: a hollow body cannot hide behind it
    stmts = [s for s in _named(body) if not (
        s.type == "expression_statement" and len(_named(s)) == 1
        and _named(s)[0].type in ("string", "template_string", "string_literal")
        and is_literal(_named(s)[0]))]
    return stmts, body


def _return_value(stmt: Node) -> Any:
    """The value a statement returns, (True, node) or (False, None)."""
    s = _unwrap(stmt) if stmt.type == "expression_statement" else stmt
    if s is None:
        return False, None
    if s.type in RETURN_TYPES:
        vals = _named(s)
        return True, (vals[0] if vals else None)
    return False, None


def stub_shape(fn: Node, source: bytes, expression_body: bool = False) -> str | None:
    """The hollow shape of a function body (see :data:`analysis.STUB_SHAPES`), or None."""
    stmts, body = _body_statements(fn)
    if body is None:
        return None
    params = _param_names(fn)
    body_text = _text(body)
    todo = any(w in body_text for w in ("TODO", "FIXME", "XXX"))
    if body.type not in ("compound_statement", "statement_block", "block", "function_body",
                         "constructor_body"):
        value = body
        is_ret = True
    elif not stmts:
        return "todo_body" if todo else "pass_body"
    elif len(stmts) != 1:
        return None
    else:
        stmt = stmts[0]
        is_ret, value = _return_value(stmt)
        if not is_ret:
            # Rust: a tail expression is the value
            if stmt.type not in ("expression_statement",) and body.type == "block" and \
                    not stmt.type.endswith(("statement", "declaration")):
                is_ret, value = True, stmt
            elif stmt.type in THROW_TYPES or stmt.type == "expression_statement" or \
                    stmt.type == "macro_invocation":
                text = _text(stmt)
                if any(w in text for w in NOT_IMPLEMENTED_WORDS) or \
                        (stmt.type in THROW_TYPES and todo):
                    return "not_implemented"
                if _unwrap(stmt) is not None and _unwrap(stmt).type == "macro_invocation" and \
                        any(w in text for w in ("todo!", "unimplemented!")):
                    return "not_implemented"
                return None
            else:
                return None
    if value is None:
        return "todo_body" if todo else "pass_body"
    if todo and (is_literal(value) or _is_empty_collection(value)):
        return "todo_body"
    if _is_empty_collection(value):
        return "empty_collection"
    if is_literal(value):
        return "literal_return"
    v = _unwrap(value)
    if v is not None and v.type == "identifier" and _text(v) in params:
        return "returns_argument"
    if v is not None and v.type in CALL_TYPES:
        callee = v.child_by_field_name("function") or v.child_by_field_name("name")
        args = v.child_by_field_name("arguments")
        name = _ident_in(callee) if callee is not None else None
        arg_names = [_text(a) for a in _named(args)] if args is not None else []
        if name == _function_name(fn) and arg_names == params:
            return "passthrough"
    if v is not None and v.type == "macro_invocation" and any(
            w in _text(v) for w in ("todo!", "unimplemented!")):
        return "not_implemented"
    return None


def _mentions(node: Node, names: set[str]) -> bool:
    return any(n.type == "identifier" and _text(n) in names for n in _walk(node))


def _returns_literal(node: Node) -> bool:
    """A branch that only returns a literal (a return statement, block of one, or a value)."""
    node = _unwrap(node)
    if node is None:
        return False
    if node.type in ("compound_statement", "statement_block", "block"):
        inner = _named(node)
        return len(inner) == 1 and _returns_literal(inner[0])
    is_ret, value = _return_value(node)
    if is_ret:
        return value is not None and is_literal(value)
    return is_literal(node)


def _eq_test(cond: Node, params: set[str]) -> bool:
    cond = _unwrap(cond)
    if cond is None or cond.type != "binary_expression":
        return False
    op = cond.child_by_field_name("operator")
    left, right = cond.child_by_field_name("left"), cond.child_by_field_name("right")
    if op is None or _text(op) not in ("==", "===", "is") or left is None or right is None:
        return False
    return (_mentions(left, params) and is_literal(right)) or \
        (_mentions(right, params) and is_literal(left))


def hardcoded_answer(fn: Node, name: str) -> Finding | None:
    """A body mapping specific inputs to literal outputs that computes nothing, else None.

    All three signals are needed: two or more ``input == literal → literal`` links (if
    chains, switch cases, match arms); no loop, arithmetic or call; every return a literal.
    """
    params = set(_param_names(fn))
    body = fn.child_by_field_name("body")
    if not params or body is None:
        return None
    links = 0
    for n in _walk(body):
        if n.type in ("if_statement", "if_expression"):
            cond = n.child_by_field_name("condition")
            cons = n.child_by_field_name("consequence")
            if cond is not None and cons is not None and _eq_test(cond, params) and \
                    _returns_literal(cons):
                links += 1
        elif n.type in SWITCH_CASE_TYPES:
            value = n.child_by_field_name("value") or n.child_by_field_name("pattern")
            rest = [c for c in _named(n) if c is not value]
            if value is not None and is_literal(value if value.type != "match_pattern" else
                                                (value.named_children or [value])[0]) \
                    and rest and all(_returns_literal(c) for c in rest):
                links += 1
            elif value is None and _named(n) and is_literal(_named(n)[0]) and \
                    all(_returns_literal(c) for c in _named(n)[1:]) and len(_named(n)) > 1:
                links += 1
    computes = False
    for n in _walk(body):
        if n.type in LOOP_TYPES or n.type in CALL_TYPES or n.type in (
                "update_expression", "augmented_assignment_expression", "compound_assignment_expr",
                "assignment_expression", "inc_statement", "dec_statement", "postfix_unary_expression"):
            computes = True
            break
        if n.type == "binary_expression":
            op = n.child_by_field_name("operator")
            if op is not None and _text(op) in ARITHMETIC_OPS:
                computes = True
                break
    returns = [n for n in _walk(body) if n.type in RETURN_TYPES]
    every_literal = all(_named(r) and is_literal(_named(r)[0]) for r in returns)
    signals = []
    if links >= 2:
        signals.append(f"{links} specific inputs mapped to literal outputs")
    if not computes:
        signals.append("computes nothing from its input")
    if every_literal:
        signals.append("every return is a literal")
    if len(signals) == 3:
        return Finding(name, fn.start_point[0] + 1, tuple(signals))
    return None


def _discards(stmt: Node) -> bool:
    s = _unwrap(stmt)
    if s is None:
        return True
    if s.type in ("break_statement", "continue_statement", "empty_statement"):
        return True
    is_ret, value = _return_value(stmt)
    if is_ret:
        return value is None or is_literal(value) or _is_empty_collection(value)
    if s.type in CALL_TYPES or s.type in ("binary_expression",):
        callee = s.child_by_field_name("function") or s.child_by_field_name("name") or s
        return any(w in _text(callee) for w in LOG_WORDS)
    return False


#: What a failed assertion is thrown as, by language (a test catching it swallows it).
ASSERTION_CATCH = ("AssertionError", "AssertionFailedError", "Throwable", "Exception", "Error",
                   "std::exception", "...", "System.Exception")


def swallowed_assertions(root: Node, language: str) -> list[Finding]:
    """Read as a test file: catch clauses that would catch a failed assertion (JavaScript's
    untyped catch, or an assertion, error or catch-all type) and discard it (no throw; the
    body empty, a log line or a literal return), so a failing test exits 0."""
    found = []
    for n in _walk(root):
        if n.type != "catch_clause":
            continue
        body = n.child_by_field_name("body") or next(
            (c for c in n.named_children if c.type in ("compound_statement", "statement_block",
                                                       "block")), None)
        if body is None or any(c.type in THROW_TYPES for c in _walk(body)):
            continue
        header = _text(n)[: body.start_byte - n.start_byte]
        words = {w.replace("::", ".").rsplit(".", 1)[-1]
                 for w in re.findall(r"[A-Za-z_][\w.:]*", header)}
        catches = language in ("javascript", "typescript") or "(" not in header or \
            "..." in header or bool(words & {w.rsplit(".", 1)[-1].split("::")[-1]
                                             for w in ASSERTION_CATCH})
        stmts = _named(body)
        if not catches or not all(_discards(s) for s in stmts):
            continue
        fn = n.parent
        while fn is not None and fn.type not in FUNCTION_TYPES:
            fn = fn.parent
        found.append(Finding(_function_name(fn) or "" if fn is not None else "",
                             n.start_point[0] + 1,
                             ("does not re-throw", "catches a failed assertion",
                              "empty handler" if not stmts else "only logs or returns a literal")))
    return found


def swallowed_failures(root: Node, language: str) -> list[Finding]:
    """Read as the solution: catch clauses that discard any failure.

    A finding needs: no throw in the clause; a body that only discards (nothing, a log line,
    a literal return); and a catch-all (JavaScript's untyped catch, ``catch (...)``,
    Exception/Throwable). A narrow catch (``catch (NumberFormatException e) {}``) is a
    deliberate choice the spec may ask for.
    """
    found = []
    for n in _walk(root):
        if n.type != "catch_clause":
            continue
        body = n.child_by_field_name("body") or next(
            (c for c in n.named_children if c.type in ("compound_statement", "statement_block",
                                                       "block")), None)
        if body is None:
            continue
        stmts = _named(body)
        if any(c.type in THROW_TYPES for c in _walk(body)):
            continue
        header = _text(n)[: body.start_byte - n.start_byte]
        words = {w.replace("::", ".").rsplit(".", 1)[-1]
                 for w in re.findall(r"[A-Za-z_][\w.:]*", header)}
        broad = language in ("javascript", "typescript") or "(" not in header or \
            "..." in header or bool(words & {w.rsplit(".", 1)[-1].split("::")[-1]
                                             for w in BROAD_CATCH})
        empty = not stmts
        if not (all(_discards(s) for s in stmts) and broad):
            continue
        signals = ["does not re-raise"]
        if broad:
            signals.append("catch-all handler")
        signals.append("empty handler" if empty else "only logs or returns a literal")
        fn = n.parent
        while fn is not None and fn.type not in FUNCTION_TYPES:
            fn = fn.parent
        found.append(Finding(_function_name(fn) or "" if fn is not None else "",
                             n.start_point[0] + 1, tuple(signals)))
    return found


def analyze_tree_sitter(language: str, path: str, source: str) -> SourceAnalysis:
    """Parse ``source`` with the language's grammar; collect definitions and findings.

    Raises:
        GateError: when the grammar wheel is not installed.
    """
    parser = _parser(language)
    data = source.encode("utf-8")
    tree = parser.parse(data)
    root = tree.root_node
    err = _first_error(root)
    if err is not None:
        row, col = err.start_point
        what = "missing " + err.type if err.is_missing else "syntax error"
        near = _text(err)[:40].replace("\n", " ")
        return SourceAnalysis(path, f"{what} at line {row + 1}, column {col + 1}: {near!r}")
    defined: set[str] = set()
    functions: list[FunctionInfo] = []
    hardcoded: list[Finding] = []
    for n in _walk(root):
        if n.type in FUNCTION_TYPES and n.child_by_field_name("body") is not None:
            name = _function_name(n)
            if not name:
                continue
            defined.add(name)
            functions.append(FunctionInfo(name, n.start_point[0] + 1, stub_shape(n, data)))
            f = hardcoded_answer(n, name)
            if f:
                hardcoded.append(f)
        elif n.type == "variable_declarator":
            value = n.child_by_field_name("value")
            name = n.child_by_field_name("name")
            if value is not None and name is not None and value.type in (
                    "arrow_function", "function_expression", "function"):
                defined.add(_text(name))
                functions.append(FunctionInfo(_text(name), n.start_point[0] + 1,
                                              stub_shape(value, data)))
                f = hardcoded_answer(value, _text(name))
                if f:
                    hardcoded.append(f)
        elif n.type in CLASS_TYPES:
            name = n.child_by_field_name("name") or n.child_by_field_name("type")
            if name is not None:
                defined.add(_ident_in(name) or _text(name))
    if language in ("javascript", "typescript", "java"):
        from overlord.gate.tsflow import answer_tables

        named = {f.function for f in hardcoded}
        hardcoded += [f for f in answer_tables(root) if f.function not in named]
    return SourceAnalysis(path, None, frozenset(defined), tuple(functions), tuple(hardcoded),
                          tuple(swallowed_failures(root, language)),
                          test_swallowed=tuple(swallowed_assertions(root, language)))
