"""Bounded parsing of untrusted text, and a walk of nested values that never recurses.

Python's ``json`` and ``tomllib`` recurse once per nesting level, so 100,000 nested arrays
end in a ``RecursionError`` deep inside the parser (a traceback, not an answer). Here the
text is scanned first, without recursion, for how deeply its brackets nest (strings and
comments skipped), and refused past ``max_depth``; the parsed value is then walked again
with :func:`containers` (iteratively, depth-limited), which also catches depth the scan
cannot see (TOML dotted keys). Every refusal is one :class:`~overlord.errors.InputError`.

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
    r"|[\[\]{}]"
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
        text_depth(text, _TOML_TOKENS, max_depth)
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
