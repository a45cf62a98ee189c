"""Every command's ``--help`` shows its text whole: rich markup must not eat ``[guard]``."""

from __future__ import annotations

import re

import typer
from typer.testing import CliRunner

from cli.main import app

# a TOML table name in brackets (``[guard]``, ``[limits]``), written escaped (``\[guard]``)
# in the source so rich prints it instead of reading it as a style tag
BRACKETED = re.compile(r"\\?\[([a-z][a-z_.-]*)\]")


def _commands(group, path: tuple[str, ...] = ()):
    yield path, group
    if hasattr(group, "commands"):  # a group (typer carries its own click)
        for name, sub in sorted(group.commands.items()):
            if not sub.hidden:
                yield from _commands(sub, (*path, name))


def _texts(cmd) -> list[str]:
    texts = [cmd.help or "", cmd.short_help or ""]
    texts += [getattr(p, "help", None) or "" for p in cmd.params]
    return texts


def _flat(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


def test_every_help_keeps_its_bracketed_table_names():
    root = typer.main.get_command(app)
    runner = CliRunner()
    checked, names = 0, set()
    for path, cmd in _commands(root):
        result = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "300", "NO_COLOR": "1"})
        assert result.exit_code == 0, (path, result.output)
        shown = _flat(result.output)
        assert "( table)" not in shown and "() table" not in shown, (path, shown)
        for text in _texts(cmd):
            for name in BRACKETED.findall(text):
                assert f"[{name}]" in shown, f"`overlord {' '.join(path)} --help` lost [{name}]"
                names.add(name)
        checked += 1
    assert checked >= 25  # every command and group was asked
    assert "guard" in names  # the case that was eaten: `overlord guard check --help`


def test_guard_check_help_names_the_guard_table():
    result = CliRunner().invoke(app, ["guard", "check", "--help"], env={"COLUMNS": "300"})
    assert "([guard] table)" in _flat(result.output)


def test_no_help_text_breaks_a_sentence_where_its_docstring_did():
    """At 300 columns every prose paragraph of every command's help is one line: a line break
    from the docstring's source (``may be\\nmissing``) never reaches the terminal."""
    root = typer.main.get_command(app)
    runner = CliRunner()
    for path, _ in _commands(root):
        if not path:
            continue
        out = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "300", "NO_COLOR": "1"}).output
        head = out.split("╭", 1)[0]  # the usage line and the help text, before the option boxes
        for paragraph in head.strip().split("\n\n")[1:]:
            lines = [line.strip() for line in paragraph.splitlines() if line.strip()]
            if lines and not any(line.startswith(("-", "*", "|")) for line in lines):
                assert len(lines) == 1, (path, paragraph)


def test_a_usage_error_is_one_line_with_the_command_to_ask(tmp_path):
    """An unknown option or an extra argument: one ``overlord: error:`` line naming the
    command's ``--help``, exit 2 (typer's boxed message spans several lines)."""
    import subprocess

    from tests.conftest import overlord_cmd

    env = {"PATH": "/usr/bin:/bin", "OVERLORD_HOME": str(tmp_path / "home"), "COLUMNS": "80"}
    for argv, needle in ((["run", "--nope"], "No such option: --nope"),
                         (["verify", "extra"], "unexpected extra argument"),
                         (["journal", "--limit", "x"], "No such option: --limit")):
        p = subprocess.run([*overlord_cmd(), *argv], capture_output=True, text=True, env=env, timeout=60)
        lines = p.stderr.splitlines()
        assert p.returncode == 2 and len(lines) == 1 and lines[0].startswith("overlord: error: "), p.stderr
        assert needle in lines[0] and f"'overlord {argv[0]} --help'" in lines[0], p.stderr
