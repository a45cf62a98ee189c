"""Where paths land: the port through which the guard learns it, and pure containment.

Judging a write needs to know where it really lands: ``..`` and symlinks are resolved through
the filesystem. That reading is a :class:`PathResolver` the caller passes in (the decision
service passes :class:`overlord.adapters.paths.RealPathResolver`; tests pass fakes); every
function here is pure string work on already-resolved absolute paths.
"""

from __future__ import annotations

import posixpath
from typing import Protocol

GLOB_LIMIT = 1000
"""The most matches a pattern may have before the guard stops judging it (and denies)."""


class TooManyMatches(Exception):
    """A glob pattern matched more paths than :data:`GLOB_LIMIT`."""


class PathResolver(Protocol):
    """How the guard learns where a path really lands."""

    def realpath(self, path: str) -> str:
        """The absolute path with every symlink and ``..`` resolved (a missing tail is kept)."""
        ...

    def home(self) -> str:
        """The user's home directory, what ``~`` means to the shell."""
        ...

    def glob(self, pattern: str) -> list[str]:
        """The paths a shell glob matches, as bash would (no dotfiles for ``*``); may raise
        :class:`TooManyMatches`."""
        ...


def join(cwd: str, path: str) -> str:
    """``path`` taken relative to ``cwd`` (no resolution; ``..`` is left for realpath)."""
    return path if path.startswith("/") else posixpath.join(cwd, path)


def is_within(path: str, root: str) -> bool:
    """True when ``path`` is ``root`` or lies under it (both absolute and resolved)."""
    if root == "/":
        return path.startswith("/")
    return path == root or path.startswith(root + "/")


def has_glob(text: str) -> bool:
    """True when ``text`` holds a shell pattern character."""
    return any(c in text for c in "*?[")
