"""Overlord's one error tree.

Every error Overlord raises on purpose is an :class:`OverlordError`. Each says what went
wrong *and what to do about it*; the CLI catches the tree once, prints one line and exits 2
(``--verbose`` shows the traceback). Third-party errors are wrapped with ``raise ... from e``.
"""

from __future__ import annotations

import re

_ONE_LINE = re.compile(r"[ \t]*[\r\n\v\f\x1c-\x1e\x85\u2028\u2029]+[ \t]*")


class OverlordError(Exception):
    """Root of Overlord's errors.

    Args:
        message: what went wrong, one line.
        hint: what the user should do next (optional, one line).
    """

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def diagnostics(self) -> str:
        """One line for a person: the problem, then the way forward. Line breaks inside
        either (a driver's message, such as psycopg's two-line "connection refused") are
        folded into single spaces: an error is always one line."""
        text = f"{self.message} ({self.hint})" if self.hint else self.message
        return _ONE_LINE.sub(" ", text).strip()


class ConfigError(OverlordError):
    """A configuration file, flag or environment value is missing or wrong."""


class HomeError(OverlordError):
    """The Overlord home is missing, corrupt, or unsafe (keys readable by others)."""


class LedgerError(OverlordError):
    """The ledger cannot be opened, read or written."""


class NotFoundError(OverlordError):
    """A named thing (run id, layer, blob, position) does not exist."""


class EncodingError(LedgerError):
    """A value cannot be put into (or read from) canonical signed bytes."""


class ProofError(OverlordError):
    """A Merkle proof, note or checkpoint is malformed or does not verify."""


class InputError(ConfigError):
    """A file or value handed to Overlord is unusable as input: missing, not a regular file
    (a FIFO, a device, a directory), over its size limit, not UTF-8, or nested too deeply."""
