"""The shell reader: words become the strings bash would make, every hiding place is walked,
and the directories a command may run in are followed."""

from __future__ import annotations

from overlord.domain.guard.shell import expand_braces, parse_script


def _argvs(text: str, cwd: str = "/w") -> list[list[tuple[str, ...] | None]]:
    script = parse_script(text, (cwd,), home="/h")
    return [[w.values for w in c.argv] for c in script.commands]


def test_quotes_escapes_and_ansi_c_strings() -> None:
    assert _argvs("r\\m 'a b' \"c$HOME\" $'\\x72m' r''m \"r\"m") == [
        [("rm",), ("a b",), ("c/h",), ("rm",), ("rm",), ("rm",)]]


def test_tilde_braces_and_variables() -> None:
    script = parse_script("X=/etc; rm ~/f a{b,c} $X/p $UNSET ${X:-y}", ("/w",), home="/h")
    rm = script.commands[-1].argv
    assert [w.values for w in rm] == [("rm",), ("/h/f",), ("ab", "ac"), ("/etc/p",), None, None]
    assert rm[2].spread is True
    assert script.assigned == (("X", ("/etc",)),)


def test_every_hiding_place_is_walked() -> None:
    text = ("echo $(a1) `a2` <(a3); (a4); { a5; }; a6 && a7 || a8 | a9\n"
            "cat <<EOF\n$(a10)\nEOF\ncat <<'EOF'\n$(never)\nEOF\nf() { a11; }")
    names = [c.argv[0].text for c in parse_script(text, ("/w",), home="/h").commands
             if c.argv]
    assert [n for n in names if n and n.startswith("a")] == [f"a{i}" for i in range(1, 12)]
    assert "never" not in names


def test_directories_are_followed() -> None:
    script = parse_script("cd src && rm x; cd /tmp || rm y; (cd /z; rm w); rm v", ("/w",),
                          home="/h")
    cwds = {c.argv[1].text: c.cwds for c in script.commands if c.argv[0].text == "rm"}
    assert cwds["x"] == ("/w/src",)
    assert cwds["y"] == ("/w", "/w/src")
    assert cwds["w"] == ("/w", "/w/src", "/tmp", "/z")
    assert cwds["v"] == ("/w", "/w/src", "/tmp")


def test_redirections_and_background() -> None:
    script = parse_script("a > o 2>&1 &>> p < i & b", ("/w",), home="/h")
    a, b = script.commands
    assert [(r.op, r.fd, r.target.values) for r in a.redirects] == [
        (">", None, ("o",)), (">&", 2, ("1",)), ("&>>", None, ("p",)), ("<", None, ("i",))]
    assert (a.background, b.background) == (True, False)


def test_problems_are_reported_not_raised() -> None:
    assert parse_script("echo 'open", ("/w",), home="/h").problems
    assert parse_script("a\x00b", ("/w",), home="/h").problems[0] == "the command holds a NUL byte"
    deep = "(" * 3000 + "x" + ")" * 3000
    assert parse_script(deep, ("/w",), home="/h").problems


def test_brace_expansion() -> None:
    assert expand_braces("a{b,c{d,e}}f") == ["abf", "acdf", "acef"]
    assert expand_braces("x{1..3}") == ["x1", "x2", "x3"]
    assert expand_braces("{a}") == ["{a}"]
    assert expand_braces("{1..1000}") is None
