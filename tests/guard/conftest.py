"""Fixtures for the guard tests: a real worker tree with symlinks, an OVERLORD_HOME beside it,
and the corpus with its placeholders filled in."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from overlord.adapters.paths import RealPathResolver
from overlord.domain.guard import GuardPolicy, ToolCall

CORPUS = Path(__file__).with_name("corpus.jsonl")


class HomeResolver(RealPathResolver):
    """The real filesystem, with ``~`` pinned to a test directory."""

    def __init__(self, home: str) -> None:
        self._home = home

    def home(self) -> str:
        """The pinned home."""
        return self._home


@dataclass(frozen=True)
class Tree:
    """The test tree: a worker root, a directory outside it, OVERLORD_HOME, a user home."""

    root: str
    outside: str
    overlord_home: str
    user_home: str

    @property
    def placeholders(self) -> dict[str, str]:
        """What each corpus placeholder stands for."""
        return {"{ROOT}": self.root, "{OUT}": self.outside, "{HOME}": self.overlord_home,
                "{UHOME}": self.user_home}

    def fill(self, value: Any) -> Any:
        """``value`` with every placeholder replaced (recursively through JSON values)."""
        if isinstance(value, str):
            for key, real in self.placeholders.items():
                value = value.replace(key, real)
            return value
        if isinstance(value, list):
            return [self.fill(v) for v in value]
        if isinstance(value, dict):
            return {k: self.fill(v) for k, v in value.items()}
        return value

    @property
    def resolver(self) -> HomeResolver:
        """A resolver whose ``~`` is the tree's user home."""
        return HomeResolver(self.user_home)


def build_tree(base: Path) -> Tree:
    """Make the worker tree under ``base`` (real files, real symlinks)."""
    base = Path(os.path.realpath(base))
    root, outside, home, user = (base / "root", base / "outside", base / "home",
                                 base / "userhome")
    for d in (root / "src", root / "tests", root / "build", root / ".git" / "hooks",
              root / ".git" / "info", root / ".claude", root / ".codex", root / "sub" / ".git",
              outside / "dir", outside / "shared", home / "keys", home / "snapshots" / "abc",
              user):
        d.mkdir(parents=True, exist_ok=True)
    for f, text in {
        root / "src" / "app.py": "print('a')\n", root / "src" / "old.py": "",
        root / "data.txt": "a b\n", root / "list.txt": "a.txt\n", root / "a.txt": "a",
        root / "b.txt": "b", root / ".git" / "config": "", root / ".git" / "HEAD": "",
        root / ".claude" / "settings.json": "{}", outside / "target.txt": "t",
        outside / "a.txt": "a", home / "keys" / "signing.key": "secret",
        home / "ledger.sqlite": "", home / "snapshots" / "abc" / "hook.py": "",
        user / ".bashrc": "",
    }.items():
        f.write_text(text)
    (root / "escape").symlink_to(outside, target_is_directory=True)
    (root / "outlink").symlink_to(outside / "target.txt")
    (root / "homelink").symlink_to(home, target_is_directory=True)
    return Tree(str(root), str(outside), str(home), str(user))


@pytest.fixture(scope="session")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Tree:
    """One worker tree for the session (the guard never changes it)."""
    return build_tree(tmp_path_factory.mktemp("guard"))


def load_corpus() -> list[dict[str, Any]]:
    """Every corpus case, as written (placeholders unfilled)."""
    with CORPUS.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def case_call(case: dict[str, Any], tree: Tree) -> tuple[ToolCall, GuardPolicy]:
    """The tool call and policy of a corpus case, placeholders filled."""
    cwd = tree.fill(case.get("cwd", "{ROOT}"))
    call = ToolCall(case["tool"], tree.fill(case["input"]), cwd, "s", f"case-{case['id']}")
    policy = GuardPolicy.from_mapping(tree.fill(case.get("policy", {})))
    return call, policy
