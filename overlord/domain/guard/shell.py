"""Bash parsed with the tree-sitter-bash grammar into simple commands the guard can judge.

:func:`parse_script` walks every place a command can hide: lists, pipelines, subshells,
``{ }`` groups, control structures, function bodies, ``$()``, backticks, ``<()``, and the
command substitutions of unquoted here-doc bodies. It resolves each word to the strings it can
become (quotes, escapes, ``$'...'``, braces, ``~``, variables assigned earlier in the script),
tracks the directories a command may run in (``cd``, ``pushd``), and reports what it could not
read as *problems* (the caller denies them as ``unparseable``). Wrappers (``env``, ``sudo``,
``sh -c``, ...) are unwrapped by the caller, which knows what each command means.

The grammar is loaded once per process, on first use.
"""

from __future__ import annotations

import contextvars
import itertools
import posixpath
import re
from dataclasses import dataclass, field
from typing import Any

MAX_VARIANTS = 16
"""The most strings a word may become before it is treated as unknown."""

MAX_DEPTH = 150
"""How deep the syntax tree may nest before the script is unparseable."""

_PARSER: Any = None
_SOURCE: contextvars.ContextVar[bytes] = contextvars.ContextVar("guard_shell_source")


def _src(node: Any) -> str:
    """The original text of ``node`` (the parser saw an ASCII-only copy)."""
    return _SOURCE.get()[node.start_byte:node.end_byte].decode("utf-8", "replace")


def _parser() -> Any:
    """The process-wide tree-sitter parser for bash, built on first use."""
    global _PARSER
    if _PARSER is None:
        import tree_sitter
        import tree_sitter_bash

        _PARSER = tree_sitter.Parser(tree_sitter.Language(tree_sitter_bash.language()))
    return _PARSER


@dataclass(frozen=True)
class Word:
    """One shell word after expansion.

    Attributes:
        values: every string the word can become, or ``None`` when that cannot be known
            (a command substitution, an unknown variable, word splitting).
        glob: the word holds an unquoted pattern character (``*``, ``?``, ``[``).
        raw: the source text.
        spread: the values are all present, side by side (brace expansion ``a{b,c}``), not
            alternatives of one word.
    """

    values: tuple[str, ...] | None
    glob: bool = False
    raw: str = ""
    spread: bool = False

    @property
    def known(self) -> bool:
        """True when every string the word can become is known."""
        return self.values is not None

    @property
    def text(self) -> str | None:
        """The one string the word becomes, or ``None`` (unknown or several)."""
        if self.values is not None and len(self.values) == 1:
            return self.values[0]
        return None


def literal(text: str) -> Word:
    """A known word with one value (for arguments built by the caller)."""
    return Word((text,), False, text)


@dataclass(frozen=True)
class Redirect:
    """One redirection: ``op`` (``>``, ``>>``, ``&>``, ``<``, ``>&``, ``<<``, ...), the
    descriptor it names (or ``None``), and the target word (``None`` for here-docs)."""

    op: str
    fd: int | None
    target: Word | None


@dataclass(frozen=True)
class SimpleCommand:
    """One command the shell would run, with what the guard needs to judge it.

    Attributes:
        argv: the words, command name first (empty for a bare redirection of a group).
        redirects: its redirections (those of enclosing groups included).
        cwds: every directory it may run in; ``None`` marks one that cannot be known.
        background: it runs with ``&``.
        stdin: ``"inherit"``, ``"pipe"``, ``"heredoc"``, ``"herestring"`` or ``"file"``.
        stdin_text: the here-doc or here-string text, when ``stdin`` is one of those.
        stdin_known: the here-doc text is exactly what the command reads (quoted
            delimiter, or no expansions in it).
    """

    argv: tuple[Word, ...]
    redirects: tuple[Redirect, ...] = ()
    cwds: tuple[str | None, ...] = ()
    background: bool = False
    stdin: str = "inherit"
    stdin_text: str | None = None
    stdin_known: bool = True


@dataclass(frozen=True)
class Script:
    """A parsed shell script: its simple commands in source order, what could not be read,
    the names of every variable it references, and every assignment it makes (name and the
    values it may get, ``None`` when unknown)."""

    commands: tuple[SimpleCommand, ...]
    problems: tuple[str, ...]
    references: frozenset[str]
    assigned: tuple[tuple[str, tuple[str, ...] | None], ...] = ()


@dataclass
class _State:
    """What the walk knows at a point in the script (copied for subshells)."""

    cwds: tuple[str | None, ...]
    env: dict[str, tuple[str, ...] | None]
    home: str
    stack: list[tuple[str | None, ...]] = field(default_factory=list)
    last_cd: tuple[str | None, ...] | None = None

    def copy(self) -> _State:
        return _State(self.cwds, dict(self.env), self.home, list(self.stack))


@dataclass
class _Out:
    """What the walk collects."""

    commands: list[SimpleCommand] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    refs: set[str] = field(default_factory=set)
    assigned: list[tuple[str, tuple[str, ...] | None]] = field(default_factory=list)


def parse_script(text: str, cwds: tuple[str | None, ...], *, home: str,
                 env: dict[str, tuple[str, ...] | None] | None = None) -> Script:
    """Parse ``text`` as bash run from any of ``cwds``; ``home`` is what ``~`` means.

    ``env`` gives variables known at the start (name → possible values, ``None``: unknown).
    Never raises on bad input: what cannot be read becomes a problem.
    """
    out = _Out()
    known_env: dict[str, tuple[str, ...] | None] = {"HOME": (home,)}
    if len(cwds) == 1 and cwds[0] is not None:
        known_env["PWD"] = (cwds[0],)
    known_env.update(env or {})
    state = _State(tuple(cwds), known_env, home)
    try:
        data = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        data = text.encode("utf-8", "replace")
    if b"\x00" in data:
        out.problems.append("the command holds a NUL byte")
    token = _SOURCE.set(data)
    try:
        # tree-sitter-bash's scanner can crash the process on some non-ASCII input: it parses
        # a copy where every non-ASCII byte is an ASCII letter (bash treats both as word
        # characters, so the tree is the same) and texts are cut from the original bytes.
        copy = bytes(b if b < 0x80 else 0x78 for b in data)
        tree = _parser().parse(copy)
        if tree.root_node.has_error and b"<<" in copy:
            # The grammar reads ``<<E"O"F`` wrongly; bash takes the delimiter after quote
            # removal, quoted. Re-spell it ``\EOF`` (same length) in the parser's copy.
            respelled = _respell_heredoc_delimiters(copy)
            if respelled != copy:
                again = _parser().parse(respelled)
                if not again.root_node.has_error:
                    tree = again
        root = tree.root_node
        if root.has_error:
            out.problems.append(_error_reason(root))
        out.problems.extend(_lexical_problems(root, data))
        _Walker(out).walk(root, state, False, 0)
    except RecursionError:
        out.problems.append("the command nests too deeply to read")
    finally:
        _SOURCE.reset(token)
    return Script(tuple(out.commands), tuple(out.problems), frozenset(out.refs),
                  tuple(out.assigned))


_HEREDOC_WORD = re.compile(rb"(?<!<)<<(?!<)(-?)([ \t]*)((?:[^\s;&|<>()'\"\\]|\\.|\"[^\"\n]*\"|'[^'\n]*')+)")


def _respell_heredoc_delimiters(copy: bytes) -> bytes:
    """``copy`` with each quoted here-doc delimiter spelled ``\\WORD`` plus padding."""
    def respell(m: re.Match[bytes]) -> bytes:
        word = m.group(3)
        if not any(q in word for q in (b"'", b'"', b"\\")):
            return m.group(0)
        bare = re.sub(rb"\\(.)", rb"\1", word.replace(b'"', b"").replace(b"'", b""))
        spelled = b"\\" + bare
        if len(spelled) > len(word):
            return m.group(0)
        return b"<<" + m.group(1) + m.group(2) + spelled + b" " * (len(word) - len(spelled))
    return _HEREDOC_WORD.sub(respell, copy)


_LITERAL_NODES = frozenset({"string", "raw_string", "ansi_c_string", "translated_string",
                            "heredoc_body", "heredoc_content", "comment"})
_CODE_NODES = frozenset({"command_substitution", "process_substitution", "arithmetic_expansion",
                         "expansion", "simple_expansion"})
_WORD_CHAR = re.compile(rb"[^\s|&;()<>]")


def _context_of(root: Any, offset: int) -> str:
    """``"literal"`` when the byte at ``offset`` sits in quoted text, a here-doc body or a
    comment (nearest enclosing node first), else ``"code"``."""
    path = [root]
    node = root
    while True:
        child = next((c for c in node.children
                      if c.start_byte <= offset < c.end_byte), None)
        if child is None:
            break
        path.append(child)
        node = child
    for n in reversed(path):
        if n.type in _CODE_NODES:
            return "code"
        if n.type in _LITERAL_NODES:
            return "literal"
    return "code"


def _lexical_problems(root: Any, data: bytes) -> list[str]:
    """Bytes bash reads differently from the grammar: a carriage return outside quotes (bash
    keeps it inside a word; the grammar splits there) and a line continuation inside a word
    (bash joins the two halves into one word; the grammar makes two)."""
    problems: list[str] = []
    for i in (m.start() for m in re.finditer(rb"\r", data)):
        if _context_of(root, i) == "code":
            problems.append("a carriage return outside quotes (bash reads it as part of a word, "
                            "so the command is not what it looks like)")
            break
    for m in re.finditer(rb"\\\n", data):
        i = m.start()
        run = len(data[:i + 1]) - len(data[:i + 1].rstrip(b"\\"))
        if run % 2 == 0:
            continue  # an escaped backslash, then a newline
        before, after = data[i - run:i - run + 1] if i - run >= 0 else b"", data[i + 2:i + 3]
        if before and after and _WORD_CHAR.match(before) and _WORD_CHAR.match(after) and \
                _context_of(root, i) == "code":
            problems.append("a line continuation inside a word (bash joins the two halves into "
                            "one word the guard would read as two)")
            break
    return problems


def _error_reason(root: Any) -> str:
    """A short description of where the parse failed."""
    node = _first_error(root)
    if node is None:
        return "the shell grammar could not parse the command"
    snippet = _src(node)[:40]
    kind = "missing token" if node.is_missing else "syntax error"
    return f"the shell grammar could not parse the command ({kind} near {snippet!r})"


def _first_error(node: Any) -> Any:
    stack = [node]
    while stack:
        n = stack.pop()
        if n.type == "ERROR" or n.is_missing:
            return n
        if n.has_error:
            stack.extend(reversed(n.children))
    return None


_ASSIGNERS = {"read", "mapfile", "readarray", "getopts", "let", "printf", "declare", "typeset",
              "local", "export", "readonly", "select"}
_WRAPPER_WORDS = {"time", "builtin", "command", "env", "nice", "timeout", "sudo", "exec",
                  "nohup", "stdbuf", "doas", "ionice"}
_CONTROL = {
    "if_statement", "elif_clause", "else_clause", "while_statement", "for_statement",
    "c_style_for_statement", "case_statement", "case_item", "do_group", "function_definition",
}
_SEQUENCE = {"program", "compound_statement"}
REBOUND_BUILTINS = frozenset({
    "cd", "pushd", "popd", "dirs", "command", "builtin", "exec", "eval", "source", ".",
    "hash", "alias", "unalias", "enable", "set", "shopt", "trap", "declare", "typeset", "local",
    "export", "readonly", "unset", "read", "mapfile", "readarray", "let", "printf", "test", "[",
    "getopts", "shift", "return", "exit", "break", "continue", "type", "wait", "jobs", "umask",
})
"""Builtins whose meaning the guard relies on: a function by one of these names is denied."""


class _Walker:
    """Walks the syntax tree, emitting simple commands into an :class:`_Out`."""

    def __init__(self, out: _Out) -> None:
        self.out = out
        self.moving_functions: set[str] = set()

    # ---- statements -----------------------------------------------------------------
    def walk(self, node: Any, st: _State, cond: bool, depth: int, *, stdin: str = "inherit",
             background: bool = False, redirects: tuple[Redirect, ...] = (),
             stdin_text: str | None = None, stdin_known: bool = True) -> None:
        if depth > MAX_DEPTH:
            raise RecursionError
        t = node.type
        d = depth + 1
        # What a redirected group reads (a here-doc) may be read by any command inside it.
        feed: dict[str, Any] = {}
        if stdin in ("heredoc", "herestring"):
            feed = {"stdin": stdin, "stdin_text": stdin_text, "stdin_known": stdin_known}
        if t == "ERROR":
            # Still look inside: every command in the broken part is judged too.
            for child in node.named_children:
                self.walk(child, st, True, d)
            return
        if t == "comment":
            return
        if t == "function_definition":
            self._function(node)
        if t in _SEQUENCE or t in _CONTROL:
            inner_cond = cond or t in _CONTROL
            children = node.children
            if t == "for_statement":
                self._for_variable(node, st)
            for i, child in enumerate(children):
                if not child.is_named:
                    continue
                bg = i + 1 < len(children) and children[i + 1].type == "&"
                self.walk(child, st, inner_cond, d, background=bg or background,
                          redirects=redirects, **feed)
            return
        if t == "list":
            self._list(node, st, cond, d, background, redirects, feed)
            return
        if t == "pipeline":
            results = []
            for i, child in enumerate(c for c in node.children if c.is_named):
                sub = st.copy()
                self.walk(child, sub, True, d, stdin="pipe" if i else stdin,
                          background=background, redirects=redirects,
                          stdin_text=None if i else stdin_text,
                          stdin_known=True if i else stdin_known)
                results.append(sub)
            _union_into(st, results)
            return
        if t == "subshell":
            sub = st.copy()
            for child, bg in _with_background(node):
                self.walk(child, sub, cond, d, background=background or bg,
                          redirects=redirects, **feed)
            return
        if t == "negated_command":
            for child in node.named_children:
                self.walk(child, st, cond, d, stdin=stdin, background=background,
                          redirects=redirects)
            return
        if t == "redirected_statement":
            self._redirected(node, st, cond, d, background, redirects)
            return
        if t == "command":
            self._command(node, st, cond, d, stdin=stdin, background=background,
                          redirects=redirects, stdin_text=stdin_text, stdin_known=stdin_known)
            return
        if t == "variable_assignment":
            self._assign(node, st, cond, d)
            return
        if t == "variable_assignments":
            for child in node.named_children:
                self.walk(child, st, cond, d)
            return
        if t == "declaration_command":
            self._declaration(node, st, cond, d)
            return
        if t == "unset_command":
            for child in node.named_children:
                name = _src(child)
                st.env[name] = None
            return
        if t in ("command_substitution", "process_substitution"):
            sub = st.copy()
            for child, bg in _with_background(node):
                self.walk(child, sub, True, d, background=bg)
            return
        if t == "heredoc_body":
            self._expansions_in(node, st, d)
            return
        # Anything else (test commands, arithmetic, words in control headers, ...): look
        # inside for substitutions and commands.
        for child in node.named_children:
            self.walk(child, st, cond, d)

    def _function(self, node: Any) -> None:
        """A function by a builtin's name changes what that builtin does (denied); a function
        whose body changes directory leaves the directory unknown wherever it is called."""
        name_node = node.child_by_field_name("name") or next(
            (c for c in node.named_children if c.type == "word"), None)
        name = _src(name_node) if name_node is not None else ""
        if name in REBOUND_BUILTINS:
            self.out.problems.append(f"a function named {name!r} changes what the {name} builtin "
                                     "does")
        if re.search(r"(^|[\s;&|({`])(cd|pushd|popd|source|eval|\.)\s", _src(node)):
            self.moving_functions.add(name)

    def _list(self, node: Any, st: _State, cond: bool, depth: int, background: bool,
              redirects: tuple[Redirect, ...], feed: dict[str, Any]) -> None:
        """``a && b`` / ``a || b``: when ``a`` is a ``cd``, ``b`` runs only where the cd
        went (``&&``) or only where it failed to go (``||``)."""
        children = node.children
        ops = [c.type for c in children if not c.is_named]
        named = [c for c in children if c.is_named]
        if len(named) != 2 or len(ops) != 1:
            for i, child in enumerate(named):
                self.walk(child, st, cond or i > 0, depth, background=background,
                          redirects=redirects, **feed)
            return
        left, right = named
        before = st.cwds
        st.last_cd = None
        self.walk(left, st, cond, depth, background=background, redirects=redirects, **feed)
        went = st.last_cd if left.type == "command" else None
        st.last_cd = None
        if went is not None and ops[0] in ("&&", "||"):
            after = st.cwds
            st.cwds = went if ops[0] == "&&" else before
            self.walk(right, st, True, depth, background=background, redirects=redirects, **feed)
            st.cwds = _merge(after, st.cwds)
            return
        self.walk(right, st, True, depth, background=background, redirects=redirects, **feed)

    def _redirected(self, node: Any, st: _State, cond: bool, depth: int, background: bool,
                    outer: tuple[Redirect, ...]) -> None:
        body = node.child_by_field_name("body")
        reds: list[Redirect] = []
        stdin = "inherit"
        stdin_text: str | None = None
        stdin_known = True
        trailing: list[Any] = []
        for child in node.children:
            if (body is not None and child == body) or not child.is_named:
                continue
            if child.type == "file_redirect":
                for red in self._file_redirect(child, st, depth):
                    reds.append(red)
                    if red.op == "<":
                        stdin = "file"
            elif child.type == "heredoc_redirect":
                stdin = "heredoc"
                stdin_text, stdin_known, inner = self._heredoc(child, st, depth, reds)
                trailing.extend(inner)
            elif child.type == "herestring_redirect":
                stdin = "herestring"
                words = [self.word(c, st, depth) for c in child.named_children]
                stdin_text = words[0].text if words else None
                stdin_known = stdin_text is not None
            else:
                self.walk(child, st, cond, depth)
        all_reds = tuple(reds) + outer
        if body is None:
            self.out.commands.append(SimpleCommand((), all_reds, st.cwds, background))
        elif body.type == "command":
            self._command(body, st, cond, depth, stdin=stdin, background=background,
                          redirects=all_reds, stdin_text=stdin_text, stdin_known=stdin_known)
        else:
            if reds:
                # A group's redirection is a write of its own: judge it once.
                self.out.commands.append(SimpleCommand((), tuple(reds), st.cwds, background))
            self.walk(body, st, cond, depth, stdin=stdin, background=background,
                      redirects=all_reds, stdin_text=stdin_text, stdin_known=stdin_known)
        for extra in trailing:
            # ``cat <<EOF | sh`` puts the rest of the pipeline inside the here-doc node.
            if extra.type == "pipeline":
                sub = st.copy()
                for child in extra.named_children:
                    self.walk(child, sub, True, depth, stdin="pipe", background=background)
            else:
                self.walk(extra, st, True, depth, background=background)

    def _heredoc(self, node: Any, st: _State, depth: int,
                 reds: list[Redirect]) -> tuple[str | None, bool, list[Any]]:
        start = ""
        body_text = ""
        known = True
        inner: list[Any] = []
        strip_tabs = False
        for child in node.children:
            if child.type == "<<-":
                strip_tabs = True
            elif child.type == "heredoc_start":
                start = _src(child)
            elif child.type == "heredoc_body":
                body_text = _src(child)
                quoted = any(q in start for q in "'\"\\")
                if not quoted:
                    self._expansions_in(child, st, depth)
                    if any(c.type not in ("heredoc_content",) for c in child.named_children):
                        known = False
            elif child.type == "file_redirect":
                reds.extend(self._file_redirect(child, st, depth))
            elif child.is_named and child.type not in ("heredoc_end",):
                inner.append(child)
        if strip_tabs:
            body_text = "\n".join(line.lstrip("\t") for line in body_text.split("\n"))
        return body_text, known, inner

    def _expansions_in(self, node: Any, st: _State, depth: int) -> None:
        """Walk the command substitutions inside an unquoted here-doc body."""
        for child in node.named_children:
            if child.type in ("command_substitution", "process_substitution"):
                self.walk(child, st, True, depth + 1)
            elif child.type in ("expansion", "simple_expansion"):
                self.word(child, st, depth + 1)
            else:
                self._expansions_in(child, st, depth + 1)

    def _file_redirect(self, node: Any, st: _State, depth: int) -> list[Redirect]:
        """One redirection node; the grammar sometimes folds two (``>& f 0>&1``) into one,
        so every destination becomes a redirection of its own."""
        fd: int | None = None
        op = ""
        targets: list[Word] = []
        for child in node.children:
            if child.type == "file_descriptor":
                try:
                    fd = int(_src(child))
                except ValueError:
                    fd = None
            elif not child.is_named:
                op += child.type
            elif child.type == "ERROR":
                op += _src(child)
                self.out.problems.append("a redirection the grammar could not read")
            else:
                targets.append(self.word(child, st, depth))
        return [Redirect(op, fd, t) for t in targets] or [Redirect(op, fd, None)]

    def _command(self, node: Any, st: _State, cond: bool, depth: int, *, stdin: str,
                 background: bool, redirects: tuple[Redirect, ...], stdin_text: str | None,
                 stdin_known: bool) -> None:
        argv: list[Word] = []
        reds = list(redirects)
        prefix_assign: list[Any] = []
        for child in node.children:
            if not child.is_named:
                continue
            if child.type == "variable_assignment":
                prefix_assign.append(child)
                value = child.child_by_field_name("value")
                if value is not None:
                    self.word(value, st, depth)
            elif child.type == "command_name":
                for part in child.named_children:
                    argv.append(self.word(part, st, depth))
            elif child.type == "file_redirect":
                reds.extend(self._file_redirect(child, st, depth))
            elif child.type == "herestring_redirect":
                words = [self.word(c, st, depth) for c in child.named_children]
                stdin = "herestring"
                stdin_text = words[0].text if words else None
                stdin_known = stdin_text is not None
            elif child.type == "comment":
                continue
            else:
                argv.append(self.word(child, st, depth))
        if prefix_assign and argv:
            # ``VAR=x cmd``: the assignment is an environment entry of cmd only.
            env_words = [literal("env")]
            for a in prefix_assign:
                env_words.append(self.word(a, st, depth, assignment=True))
            argv = env_words + argv
        if not argv and prefix_assign:
            for a in prefix_assign:
                self._assign(a, st, cond, depth)
            return
        cmd = SimpleCommand(tuple(argv), tuple(reds), st.cwds, background, stdin, stdin_text,
                            stdin_known)
        self.out.commands.append(cmd)
        self._track_directory(cmd, st)

    def _track_directory(self, cmd: SimpleCommand, st: _State) -> None:
        """Follow ``cd``, ``pushd`` and ``popd``: the new directory joins the possible ones
        (a ``cd`` may fail and leave the old directory in place). ``cd`` is logical (``a/..``
        is taken textually), the filesystem is physical: both places are kept. After ``eval``
        of a cd, or ``source``, the directory is unknown."""
        argv = list(cmd.argv)
        # Behind a wrapper (time, builtin, command, VAR=x, ...) a cd may still be a cd: take
        # the first cd-like word among the first few as the command, to err on the safe side.
        for i, word in enumerate(argv[:8]):
            t = word.text or ""
            if t in ("cd", "pushd", "popd", "chdir", "source", ".", "eval") or t in _ASSIGNERS:
                argv = argv[i:]
                break
            if not (t in _WRAPPER_WORDS or t.startswith("-") or re.match(
                    r"^([A-Za-z_][A-Za-z0-9_]*=|\d+[smhd]?$)", t)):
                break
        if not argv:
            return
        name = argv[0].text
        if name in self.moving_functions:
            st.last_cd = None
            st.cwds = _merge(st.cwds, (None,))
            return
        if name in ("source", ".", "eval"):
            for key in st.env:
                st.env[key] = None
        if name in ("source", ".") or (name == "eval" and any(
                w.text is None or re.search(r"\b(cd|pushd|popd)\b", w.text) for w in argv[1:])):
            st.last_cd = None
            st.cwds = _merge(st.cwds, (None,))
            return
        if name in _ASSIGNERS:
            names = [w.text for w in argv[1:] if w.text and re.fullmatch(
                r"[A-Za-z_][A-Za-z0-9_]*", w.text)]
            for var in names + ["REPLY", "MAPFILE", "OPTARG", "OPTIND"]:
                st.env[var] = None
            for w in argv[1:]:
                if w.text is None or (w.text and "=" in w.text):
                    for key in st.env:
                        st.env[key] = None
            return
        if name not in ("cd", "pushd", "popd", "chdir"):
            return
        args = [w for w in argv[1:] if not (w.text or "").startswith("-") or w.text == "-"]
        if name == "popd":
            previous = st.stack.pop() if st.stack else (None,)
            st.cwds = _merge(st.cwds, previous)
            return
        if name == "pushd":
            st.stack.append(st.cwds)
        if not args:
            targets: tuple[str | None, ...] = (_home(st),) if name == "cd" else (None,)
        else:
            word = args[0]
            if not word.known or word.glob or word.text == "-" or "CDPATH" in st.env or any(
                    (w.text or "").startswith("CDPATH=") for w in cmd.argv):
                targets = (None,)
            else:
                joined = [_join_dir(cwd, value) for cwd in st.cwds for value in word.values or ()]
                logical = [posixpath.normpath(j) if j is not None else None for j in joined]
                targets = _dedupe(tuple(joined + logical))
        st.last_cd = targets
        st.cwds = _merge(st.cwds, targets)
        st.env["OLDPWD"] = None
        st.env["PWD"] = None if None in st.cwds else tuple(c for c in st.cwds if c is not None)

    def _assign(self, node: Any, st: _State, cond: bool, depth: int) -> None:
        name_node = node.child_by_field_name("name")
        if name_node is None:
            return
        name = _src(name_node)
        if name_node.type == "subscript":
            # ``a[$(cmd)]=1`` runs cmd while evaluating the subscript.
            for child in name_node.named_children:
                self.walk(child, st, True, depth + 1)
            name = _src(name_node).split("[", 1)[0]
        value_node = node.child_by_field_name("value")
        appending = any(c.type == "+=" for c in node.children) or name_node.type == "subscript"
        if value_node is None:
            values: tuple[str, ...] | None = ("",)
        else:
            if value_node.type == "array":
                self.word(value_node, st, depth)
                values = None
            else:
                word = self.word(value_node, st, depth, assignment=True)
                values = None if word.glob else word.values
        if appending:
            values = None
        if name == "CDPATH":
            st.env[name] = None
        self.out.assigned.append((name, values))
        if cond and values is not None:
            old = st.env.get(name)
            values = None if old is None else _dedupe(old + values)
        st.env[name] = values

    def _declaration(self, node: Any, st: _State, cond: bool, depth: int) -> None:
        for child in node.named_children:
            if child.type == "variable_assignment":
                self._assign(child, st, cond, depth)
            elif child.type == "variable_name":
                continue
            else:
                self.word(child, st, depth)

    def _for_variable(self, node: Any, st: _State) -> None:
        var = node.child_by_field_name("variable")
        if var is None:
            return
        name = _src(var)
        values: list[str] = []
        known = True
        saw_in = False
        for child in node.children:
            if child.type == "in":
                saw_in = True
                continue
            if not saw_in or child.type in (";", "do_group") or not child.is_named:
                continue
            if child == var:
                continue
            word = self.word(child, st, 0)
            if not word.known or word.glob:
                known = False
            else:
                values.extend(word.values or ())
        st.env[name] = tuple(values) if known and saw_in and values else None

    # ---- words ----------------------------------------------------------------------
    def word(self, node: Any, st: _State, depth: int, *, assignment: bool = False) -> Word:
        """Expand one word node into the strings it can become."""
        raw = _src(node)
        parts: list[tuple[list[str] | None, bool]] = []  # (alternatives, unquoted)
        glob = False
        nodes = node.named_children if node.type == "concatenation" else [node]
        if assignment and node.type == "variable_assignment":
            name = node.child_by_field_name("name")
            value = node.child_by_field_name("value")
            prefix = (_src(name) if name else "") + "="
            parts.append(([prefix], False))
            nodes = [] if value is None else (
                value.named_children if value.type == "concatenation" else [value])
        for i, part in enumerate(nodes):
            alts, unquoted, is_glob = self._part(part, st, depth, first=(i == 0))
            glob = glob or is_glob
            parts.append((alts, unquoted))
        if any(alts is None for alts, _ in parts):
            return Word(None, glob, raw)
        combos = 1
        for alts, _ in parts:
            combos *= max(1, len(alts or []))
        if combos > MAX_VARIANTS:
            return Word(None, glob, raw)
        values = ["".join(p) for p in itertools.product(*[alts or [""] for alts, _ in parts])]
        all_unquoted = all(unq for _, unq in parts)
        if any("{" in v for v in values) and any(unq for _, unq in parts):
            if all_unquoted:
                got = expand_braces(values[0]) if len(values) == 1 else None
                if got is None:
                    return Word(None, glob, raw)
                if len(got) > 1:
                    return Word(tuple(got), glob, raw, spread=True)
            elif re.search(r"\{[^}]*(,|\.\.)[^}]*\}", raw):
                return Word(None, glob, raw)
        if len(values) > MAX_VARIANTS:
            return Word(None, glob, raw)
        return Word(tuple(_dedupe(tuple(values))), glob, raw)

    def _part(self, node: Any, st: _State, depth: int, *,
              first: bool) -> tuple[list[str] | None, bool, bool]:
        """One piece of a word: (alternatives or None, unquoted, holds a pattern)."""
        t = node.type
        text = _src(node)
        if t == "word" or t == "number":
            value = _unescape(text)
            is_glob = t == "word" and _has_unquoted_glob(text)
            alts: list[str] | None = [value]
            if first and value.startswith("~"):
                alts = _tilde(value, st)
                if alts is None:
                    return None, True, is_glob
            elif "=~/" in value or value.endswith("=~"):
                home = _home(st)
                if home is None:
                    return None, True, is_glob
                alts = [value.replace("=~", "=" + home, 1)]
            return alts, True, is_glob
        if t == "raw_string":
            return [text[1:-1]], False, False
        if t == "ansi_c_string":
            decoded = _ansi_c(text[2:-1])
            return (None if decoded is None else [decoded]), False, False
        if t in ("string", "translated_string"):
            pieces: list[list[str] | None] = []
            for child in node.named_children:
                if child.type == "string_content":
                    pieces.append([_unescape_dq(_src(child))])
                elif child.type in ("simple_expansion", "expansion"):
                    pieces.append(self._variable(child, st, depth, quoted=True))
                else:
                    self.walk(child, st, True, depth + 1)
                    pieces.append(None)
            if any(p is None for p in pieces):
                return None, False, False
            combos = [
                "".join(c) for c in itertools.islice(
                    itertools.product(*[p or [""] for p in pieces]), MAX_VARIANTS + 1)
            ]
            if len(combos) > MAX_VARIANTS:
                return None, False, False
            return combos, False, False
        if t in ("simple_expansion", "expansion"):
            return self._variable(node, st, depth, quoted=False), True, False
        if t == "process_substitution":
            self.walk(node, st, True, depth + 1)
            return ["/dev/fd/63"], False, False
        if t == "command_substitution":
            self.walk(node, st, True, depth + 1)
            return None, True, False
        if t == "concatenation":
            inner = self.word(node, st, depth)
            return (None if inner.values is None else list(inner.values)), True, inner.glob
        if t in ("arithmetic_expansion", "brace_expression"):
            for child in node.named_children:
                self.walk(child, st, True, depth + 1)
            if t == "brace_expression":
                return [text], True, False
            return None, True, False
        # Anything else inside a word: look for substitutions, treat the value as unknown.
        for child in node.named_children:
            self.walk(child, st, True, depth + 1)
        return None, True, False

    def _variable(self, node: Any, st: _State, depth: int, *,
                  quoted: bool) -> list[str] | None:
        names = [c for c in node.named_children if c.type in ("variable_name",
                                                                "special_variable_name")]
        for child in node.named_children:
            if child.type not in ("variable_name", "special_variable_name"):
                self.walk(child, st, True, depth + 1)
        if not names:
            return None
        name = _src(names[0])
        self.out.refs.add(name)
        if node.type == "expansion":
            if re.search(r"@P\}$", _src(node)):
                self.out.problems.append(f"the prompt expansion {_src(node)} runs the command "
                                         "substitutions in the value")
                return None
            # Only a plain ${NAME} is read; operators (${X:-y}, ${#X}, ...) are unknown.
            kinds = [c.type for c in node.children]
            if kinds != ["${", names[0].type, "}"]:
                return None
        if names[0].type == "special_variable_name" or name.isdigit():
            return None
        values = st.env.get(name)
        if values is None:
            return None
        if not quoted and any(_needs_splitting(v) for v in values):
            return None
        return list(values)


def _with_background(node: Any) -> list[tuple[Any, bool]]:
    """The named children of ``node``, each with whether a ``&`` follows it."""
    children = node.children
    return [(c, i + 1 < len(children) and children[i + 1].type == "&")
            for i, c in enumerate(children) if c.is_named]


def _home(st: _State) -> str | None:
    """What ``~`` means now: $HOME when it has one known value."""
    values = st.env.get("HOME")
    return values[0] if values is not None and len(values) == 1 else None


def _union_into(st: _State, results: list[_State]) -> None:
    """Merge what pipeline members may have changed (lastpipe may keep the last one's)."""
    for sub in results:
        st.cwds = _merge(st.cwds, sub.cwds)
        for name, values in sub.env.items():
            old = st.env.get(name)
            if old != values:
                st.env[name] = None if (old is None or values is None) else _dedupe(old + values)


def _merge(a: tuple[str | None, ...], b: tuple[str | None, ...]) -> tuple[str | None, ...]:
    return _dedupe(a + b)


def _dedupe(items: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(dict.fromkeys(items))


def _join_dir(cwd: str | None, value: str) -> str | None:
    if value.startswith("/"):
        return value
    if cwd is None:
        return None
    return cwd.rstrip("/") + "/" + value if value else cwd


def _tilde(value: str, st: _State) -> list[str] | None:
    head, sep, rest = value.partition("/")
    if head == "~":
        base: str | None = _home(st)
    elif head == "~+" and len(st.cwds) == 1:
        base = st.cwds[0]
    else:
        return None
    if base is None:
        return None
    return [base + (sep + rest if sep else "")]


_ESCAPE = re.compile(r"\\(.)", re.S)


def _unescape(text: str) -> str:
    """An unquoted word's text with backslash escapes removed (``r\\m`` is ``rm``)."""
    return _ESCAPE.sub(lambda m: "" if m.group(1) == "\n" else m.group(1), text)


def _unescape_dq(text: str) -> str:
    """Double-quoted text with its few escapes removed."""
    return re.sub(r"\\([$`\"\\\n])", lambda m: "" if m.group(1) == "\n" else m.group(1), text)


def _has_unquoted_glob(text: str) -> bool:
    escaped = False
    for c in text:
        if escaped:
            escaped = False
            continue
        if c == "\\":
            escaped = True
        elif c in "*?[":
            return True
    return False


def _needs_splitting(value: str) -> bool:
    return any(c in value for c in " \t\n*?[")


_C_ESCAPES = {"a": "\a", "b": "\b", "e": "\x1b", "E": "\x1b", "f": "\f", "n": "\n",
              "r": "\r", "t": "\t", "v": "\v", "\\": "\\", "'": "'", '"': '"', "?": "?"}


def _ansi_c(body: str) -> str | None:
    """Decode a ``$'...'`` body; ``None`` when an escape is not understood."""
    out: list[str] = []
    i = 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        i += 1
        if i >= len(body):
            return None
        e = body[i]
        if e in _C_ESCAPES:
            out.append(_C_ESCAPES[e])
            i += 1
        elif e == "x":
            m = re.match(r"[0-9a-fA-F]{1,2}", body[i + 1:])
            if not m:
                return None
            out.append(chr(int(m.group(), 16)))
            i += 1 + len(m.group())
        elif e in "uU":
            m = re.match(r"[0-9a-fA-F]{1,8}" if e == "U" else r"[0-9a-fA-F]{1,4}", body[i + 1:])
            if not m or int(m.group(), 16) > 0x10FFFF:
                return None
            out.append(chr(int(m.group(), 16)))
            i += 1 + len(m.group())
        elif e in "01234567":
            m = re.match(r"[0-7]{1,3}", body[i:])
            assert m is not None
            out.append(chr(int(m.group(), 8) & 0xFF))
            i += len(m.group())
        elif e == "c":
            return None
        else:
            out.append("\\" + e)
            i += 1
    return "".join(out)


def decode_ansi_c(body: str) -> str | None:
    """The text a ``$'...'`` body (or ``echo -e`` / ``printf`` escapes) stands for; ``None``
    when an escape is not understood."""
    return _ansi_c(body)


def expand_braces(text: str, limit: int = 64) -> list[str] | None:
    """Bash brace expansion of ``text`` (``a{b,c}d``, ``{1..3}``); ``None`` past ``limit``
    results or on a form it does not handle."""
    results = _braces(text, limit)
    if results is None or len(results) > limit:
        return None
    return results


def _braces(text: str, limit: int) -> list[str] | None:
    depth = 0
    start = -1
    for i, c in enumerate(text):
        if c == "{" and (i == 0 or text[i - 1] != "$"):
            if depth == 0:
                start = i
            depth += 1
        elif c == "}" and depth:
            depth -= 1
            if depth == 0:
                inner = text[start + 1:i]
                options = _split_top(inner)
                if options is None:
                    seq = re.fullmatch(r"(-?\d+)\.\.(-?\d+)", inner) or re.fullmatch(
                        r"([a-zA-Z])\.\.([a-zA-Z])", inner)
                    if seq is None:
                        rest = _braces(text[i + 1:], limit)
                        if rest is None:
                            return None
                        return [text[:i + 1] + r for r in rest]
                    a, b = seq.group(1), seq.group(2)
                    if a.lstrip("-").isdigit():
                        lo, hi = int(a), int(b)
                        if abs(hi - lo) > limit:
                            return None
                        step = 1 if hi >= lo else -1
                        options = [str(n) for n in range(lo, hi + step, step)]
                    else:
                        step = 1 if ord(b) >= ord(a) else -1
                        options = [chr(n) for n in range(ord(a), ord(b) + step, step)]
                prefix = text[:start]
                suffix_all = _braces(text[i + 1:], limit)
                if suffix_all is None:
                    return None
                out: list[str] = []
                for opt in options:
                    inner_all = _braces(opt, limit)
                    if inner_all is None:
                        return None
                    for o in inner_all:
                        for s in suffix_all:
                            out.append(prefix + o + s)
                            if len(out) > limit:
                                return None
                return out
    return [text]


def _split_top(inner: str) -> list[str] | None:
    """Split a brace body at its top-level commas; ``None`` when it has none."""
    parts: list[str] = []
    depth = 0
    cur = ""
    for c in inner:
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        if c == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += c
    if not parts:
        return None
    parts.append(cur)
    return parts
