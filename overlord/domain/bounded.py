"""Bounded parsing of untrusted text, and a walk of nested values that never recurses.

Python's ``json`` and ``tomllib`` recurse once per nesting level, so 100,000 nested arrays
end in a ``RecursionError`` deep inside the parser (a traceback, not an answer). Here the
text is scanned first, without recursion, for how deeply its brackets nest (strings and
comments skipped), and refused past ``max_depth``; the parsed value is then walked again
with :func:`containers` (iteratively, depth-limited), which also catches depth the scan
cannot see. TOML is scanned by :func:`toml_depth`, which also counts the parts of dotted
keys and table headers. Every refusal is one :class:`~overlord.errors.InputError`.

Pure: text in, values out; no I/O.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterator
from typing import Any

from overlord.errors import InputError

MAX_DEPTH = 64
"""How deeply a hand-written file (mission, policy, prices, transcript) may nest."""

_JSON_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')
_TOML_TOKENS = re.compile(
    r'"""(?:\\[\s\S]|[^\\])*?"""'  # multi-line basic string
    r"|'''[\s\S]*?'''"  # multi-line literal string
    r'|"(?:\\.|[^"\\\n])*"'  # basic string
    r"|'[^'\n]*'"  # literal string
    r"|#[^\n]*"  # comment
    r"|[\[\]{}.=,\n]"  # brackets, and what delimits keys: dots, =, commas, line ends
)


class TooDeep(ValueError):
    """A value nests deeper than allowed (``depth`` is the level that was refused)."""

    def __init__(self, depth: int, max_depth: int) -> None:
        super().__init__(f"nested more than {max_depth} levels deep")
        self.depth = depth
        self.max_depth = max_depth


def text_depth(text: str, tokens: re.Pattern[str], max_depth: int) -> int:
    """The deepest bracket nesting of ``text`` (strings and comments matched by ``tokens``
    skipped), scanning no further than the first level past ``max_depth``.

    Raises:
        TooDeep: the brackets nest deeper than ``max_depth``.
    """
    depth = deepest = 0
    for m in tokens.finditer(text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > max_depth:
                raise TooDeep(depth, max_depth)
            deepest = max(deepest, depth)
        elif c in "]}":
            depth = max(0, depth - 1)
    return deepest


def toml_depth(text: str, max_depth: int) -> int:
    """How deeply the TOML ``text`` nests, counted as :func:`containers` counts the parsed
    value (the top table is level 1), without parsing it and without recursion.

    Brackets are not the only nesting in TOML: each part of a dotted key (``a.b.c = 1``)
    and of a table header (``[a.b.c]``; ``[[a.b]]`` one more, for its array) is a table, and
    ``tomllib`` spends time and memory quadratic in their number (50,000 parts: 4.9 GB, over
    60 s). So each dot of a key is a level where it stands (in its table, inline table or
    array), each ``[`` and ``{`` of a value one more, and the scan stops at the first level
    past ``max_depth``. A header's part may name an earlier array of tables (``[[a]]`` then
    ``[[a.a]]``: two levels each), so each part counts one more while there were as many
    ``[[headers]]`` before it. A float's dot is counted too. The count is never less than
    the parsed value's depth, and at most about twice it for headers under arrays of tables.

    Raises:
        TooDeep: the text nests deeper than ``max_depth``.
    """
    stack: list[tuple[str, int]] = []  # the open inline tables and arrays: (bracket, its level)
    table = 1  # the level of the table the last [header] opened (1: the top table)
    value_base = 1  # the level a value's bracket opens under (where its key's tables end)
    dots = 0  # dots since the last delimiter: the current key's parts, less one
    deepest = 1
    line_start = True  # only whitespace since a line end outside brackets: there '[' opens a header
    header: int | None = None  # inside [a.b] (0) or [[a.b]] (1: its array is one more level)
    skip_close = False  # the second ']' of a [[header]]
    arrays = 0  # [[headers]] seen: a later header's part may name one (a level more each)
    end = -1

    def level(depth: int) -> int:
        nonlocal deepest
        if depth > max_depth:
            raise TooDeep(depth, max_depth)
        deepest = max(deepest, depth)
        return depth

    for m in _TOML_TOKENS.finditer(text):
        c = m.group()
        adjacent, end = m.start() == end, m.end()
        if c[0] in "\"'#":  # a string (a key's part or a value) or a comment
            line_start = line_start and c[0] == "#"
            continue
        if header is not None:  # inside a header, only its dots and closing bracket count
            if c == ".":
                dots += 1
                level(2 + dots + min(dots, arrays) + header)
            elif c == "[" and adjacent and dots == 0:
                header = 1
            elif c == "]":  # 1 + its parts, one more for each part that may be an array of tables
                table = value_base = level(2 + dots + min(dots, arrays) + header)
                arrays += header
                skip_close, header, dots = header == 1, None, 0
            continue
        if skip_close and c == "]" and adjacent:
            skip_close = False
            continue
        skip_close = False
        here = stack[-1][1] if stack else table  # the container a key here belongs to
        if c == ".":
            dots += 1
            level(here + dots)
            continue
        if c == "[" and not stack and line_start:
            header, dots, line_start = 0, 0, False
            continue
        if c == "=":
            value_base = level(here + dots)  # all the key's parts but the last are tables
        elif c in "[{":
            base = stack[-1][1] if stack and stack[-1][0] == "[" else value_base  # an element, or a key's value
            stack.append((c, level(base + 1)))
        elif c in "]}":
            if stack:
                stack.pop()
        dots = 0
        line_start = c == "\n" and not stack
    return deepest


def containers(value: Any, *, max_depth: int) -> Iterator[dict[Any, Any] | list[Any] | tuple[Any, ...]]:
    """Every dict, list and tuple inside ``value`` (``value`` first when it is one),
    depth first, without recursion.

    Raises:
        TooDeep: a container sits deeper than ``max_depth`` levels (the top one is level 1).
    """
    if not isinstance(value, (dict, list, tuple)):
        return
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        v, depth = stack.pop()
        if depth > max_depth:
            raise TooDeep(depth, max_depth)
        yield v
        for child in (v.values() if isinstance(v, dict) else v):
            if isinstance(child, (dict, list, tuple)):
                stack.append((child, depth + 1))


def check_depth(value: Any, *, max_depth: int = MAX_DEPTH) -> None:
    """Raise :class:`TooDeep` when ``value`` nests deeper than ``max_depth``."""
    for _ in containers(value, max_depth=max_depth):
        pass


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def loads_json(text: str, *, source: str, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text that nests at most ``max_depth`` levels (NaN and Infinity refused).

    Raises:
        InputError: not JSON, or nested too deeply (``source`` names the file).
    """
    try:
        text_depth(text, _JSON_TOKENS, max_depth)
        value = json.loads(text, parse_constant=_refuse_constant)
        check_depth(value, max_depth=max_depth)
    except TooDeep as e:
        raise InputError(f"{source}: JSON {e}", f"keep it under {max_depth} levels of arrays and objects") from e
    except RecursionError as e:  # a backstop: the scan above should always stop it first
        raise InputError(f"{source}: JSON nested too deeply to read") from e
    except ValueError as e:  # json.JSONDecodeError, and integers too long to read
        raise InputError(f"{source} is not JSON: {e}", "fix the file") from e
    return value


def loads_toml(text: str, *, source: str, max_depth: int = MAX_DEPTH) -> dict[str, Any]:
    """Parse TOML text that nests at most ``max_depth`` levels.

    Raises:
        InputError: not TOML, or nested too deeply (``source`` names the file).
    """
    try:
        toml_depth(text, max_depth)  # brackets, dotted keys and headers, before tomllib sees a byte
        value = tomllib.loads(text)
        check_depth(value, max_depth=max_depth)
    except TooDeep as e:
        raise InputError(f"{source}: TOML {e}", f"keep it under {max_depth} levels of arrays and tables") from e
    except RecursionError as e:  # a backstop: the scan above should always stop it first
        raise InputError(f"{source}: TOML nested too deeply to read") from e
    except tomllib.TOMLDecodeError as e:
        raise InputError(f"{source}: not valid TOML: {e}", "fix the TOML syntax") from e
    except ValueError as e:  # e.g. an integer too long to read
        raise InputError(f"{source}: not valid TOML: {e}", "fix the TOML syntax") from e
    return value
