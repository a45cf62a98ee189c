"""The filesystem the guard judges writes against: the real resolver it is given.

The guard's decision is pure (:mod:`overlord.domain.guard`); where a path really lands comes
from a :class:`~overlord.domain.guard.paths.PathResolver` passed in. This one reads the real
filesystem: ``..`` collapsed and every symlink followed (``os.path.realpath``), so a write is
judged where it lands, including through a symlink the agent planted inside the root.
"""

from __future__ import annotations

import glob as _glob
import itertools
import os

from overlord.domain.guard.paths import GLOB_LIMIT, TooManyMatches


class RealPathResolver:
    """The decision service's resolver: ``os.path.realpath``, ``~`` from the environment,
    ``glob`` as bash matches (no dotfiles for ``*``)."""

    def realpath(self, path: str) -> str:
        """The resolved absolute path (``os.path.realpath``, non-strict: a missing tail is
        kept, a dangling symlink is followed to where it points)."""
        return os.path.realpath(path)

    def home(self) -> str:
        """The user's home directory (``os.path.expanduser("~")``)."""
        return os.path.expanduser("~")

    def glob(self, pattern: str) -> list[str]:
        """Up to :data:`~overlord.domain.guard.paths.GLOB_LIMIT` matches of ``pattern``.

        Raises:
            TooManyMatches: the pattern matches more.
        """
        matches = list(itertools.islice(_glob.iglob(pattern), GLOB_LIMIT + 1))
        if len(matches) > GLOB_LIMIT:
            raise TooManyMatches(pattern)
        return matches
