"""Who may decide a halted task: the owner, authenticated the way approvals are.

The owner is whoever holds the home's log key (the agent never sees the home: it is hidden
from the sandbox and refused as a worker root) or, through the war room, the witness's
action token (kept 0600 in the home). Every owner decision is signed with the home's key
when it is stored, like every event.

This is the one place the Council asks; the Fates' owner authentication replaces its body
when it lands on main, and the callers do not change.
"""

from __future__ import annotations

from typing import Any

from overlord.errors import OverlordError

CHANNELS = ("terminal", "witness")


class OwnerAuthError(OverlordError):
    """The caller could not be authenticated as the owner."""


def authenticate_owner(session: Any, *, channel: str) -> str:
    """Who decides, as recorded (``owner via terminal`` / ``owner via witness``).

    Args:
        session: the opened home (a :class:`~overlord.ledger.session.LedgerSession`). On the
            terminal it must be opened writable: its log key was read from a file only the
            owner can read (``open_home`` refuses a key readable by others).
        channel: ``terminal`` (``overlord task approve``) or ``witness`` (the war room, after
            its token gate has passed).

    Raises:
        OwnerAuthError: an unknown channel, or a home opened without its key.
    """
    if channel not in CHANNELS:
        raise OwnerAuthError(f"unknown owner channel {channel!r}", f"use one of: {', '.join(CHANNELS)}")
    if getattr(session, "signer", None) is None:
        raise OwnerAuthError("the home was opened without its log key: the owner is not authenticated",
                             "run the command as the user who owns OVERLORD_HOME")
    return f"owner via {channel}"
