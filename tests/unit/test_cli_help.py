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
