"""The bounded TOML scan counts every way TOML nests (brackets, dotted keys, table headers,
arrays of tables), never less than the parsed value's depth, and refuses past the limit before
tomllib sees the text."""

from __future__ import annotations

import tomllib

import pytest

from overlord.domain.bounded import TooDeep, containers, loads_toml, toml_depth
from overlord.errors import InputError


def _depth(value: object) -> int:
    deepest, stack = 0, [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, (dict, list)):
            deepest = max(deepest, d)
            stack.extend((c, d + 1) for c in (v.values() if isinstance(v, dict) else v))
    return deepest


DOCS = [
    "a = 1", "a.b.c = 1", "[t]\nx = 1", "[t.u.v]\nx.y = 1", "[[a.b]]\nx = 1\n[[a.b]]\ny.z = [1, [2, [3]]]",
    "x = {a.b = {c.d = 1}}", "x = [{a.b.c = 1}, {d = [1.5, 2.5]}]", "f = 3.14\nd = 1979-05-27T07:32:00.999Z",
    "s = \"a.b.c[[[{{{\"\n'q.r' = 'x]]]'\n\"k.l\".m = 1", "# [[[ a.b.c\n[ t . u ]  # x\nv = 1",
    'a = """\n[not.a.header]\n"""\n[b]\nc = 1', "[a]\n[a.b]\n[a.b.c]\nd = {e = [[[1]]]}",
    "arr = [\n  [1, 2],\n  [3, [4]],\n]\n[t]\nx=1", "[[x]]\n[[x.y]]\n[[x.y.z]]\nq = 1", "[[a]]\n[a.b]\nc = 1",
    "[[a]]\nb = 1\n[[a]]\n[a.c.d]\n[[e]]\n[e.f]\ng.h = {i = 1}", "\"a\".\"b\".c = 1\n[ \"h\" . 'i' ]\nj = 2",
    "x = [ { a = [ { b = 1 } ] } ]", "t = 07:32:00.5\n",
]


@pytest.mark.parametrize("text", DOCS)
def test_the_scan_never_counts_less_than_the_parsed_depth(text: str) -> None:
    real = _depth(tomllib.loads(text))
    assert real <= toml_depth(text, 64) <= 2 * real
    assert loads_toml(text, source="t") == tomllib.loads(text)


def test_64_levels_pass_and_65_are_refused() -> None:
    def key(parts: int) -> str:
        return ".".join(["a"] * parts) + " = 1"

    def header(parts: int) -> str:
        return "[" + ".".join(["a"] * parts) + "]\nx = 1"

    for text in (key(64), header(63)):  # the top table and 63 more
        assert toml_depth(text, 64) == _depth(tomllib.loads(text)) == 64
    for text in (key(65), header(64)):
        with pytest.raises(TooDeep):
            toml_depth(text, 64)


@pytest.mark.parametrize("text", [
    "[guard]\n" + ".".join(["a"] * 50_000) + " = 1\n",  # 4.9 GB and over 60 s in tomllib
    "[" + ".".join(["a"] * 20_000) + "]\n",
    "".join("[[" + ".".join(["a"] * k) + "]]\n" for k in range(1, 1_500)),  # quadratic: 2.2 MB, 30 s in tomllib
    "x = " + "{a.a = " * 20_000 + "1" + "}" * 20_000,
    "x = [" + "{a = [" * 20_000 + "]}" * 20_000 + "]",
])
def test_hostile_nesting_is_one_input_error(text: str) -> None:
    with pytest.raises(InputError, match="nested more than 64 levels"):
        loads_toml(text, source="m.toml")


def test_containers_walks_without_recursion() -> None:
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(TooDeep):
        list(containers(deep, max_depth=64))
