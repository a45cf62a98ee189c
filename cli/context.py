"""What every command shares: where the home is, and opening it.

Only the CLI reads environment variables (OVERLORD_HOME, XDG_DATA_HOME, HOME,
OVERLORD_POSTGRES_PASSWORD); the core is handed values.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import structlog

from overlord.adapters.clock import SystemClock
from overlord.ledger.home import default_home
from overlord.ledger.session import LedgerSession, open_home
from overlord.projections.runs import RunsView, resolve_run
from overlord.projections.viewfile import read_view

log = structlog.get_logger("overlord.cli")


def home_path(explicit: Path | None = None) -> Path:
    """The home from ``--home``, else OVERLORD_HOME, else $XDG_DATA_HOME/overlord."""
    return explicit if explicit is not None else default_home(dict(os.environ))


def open_session(explicit: Path | None = None, *, writable: bool = True) -> LedgerSession:
    """Open the home (see :func:`overlord.ledger.session.open_home`)."""
    return open_home(
        home_path(explicit), writable=writable, postgres_password=os.environ.get("OVERLORD_POSTGRES_PASSWORD", "")
    )


def find_run(session: LedgerSession, prefix: str) -> uuid.UUID:
    """The run a person named by its id or a unique prefix of it (as ``ps`` and ``journal``
    print it), through the runs view (see :func:`overlord.projections.runs.resolve_run`).

    Raises:
        NotFoundError: no run, or the prefix names several.
    """
    return uuid.UUID(read_view(session.ledger, str(session.home.views_path), RunsView,
                               lambda view: resolve_run(prefix, view.run_ids())))


@contextmanager
def appending(explicit: Path | None = None) -> Iterator[LedgerSession]:
    """The home opened for a command that appends events, closed on the way out.

    On the way out, when the log grew while the command ran, a checkpoint of the whole log
    is signed and pinned, so no command leaves a tail of events that no checkpoint covers
    (``verify`` requires the pinned checkpoint's own event in the log). After an error the
    checkpoint is still attempted, and its own failure is logged, not raised over the
    first error.

    Raises:
        OverlordError: the home cannot be opened, or (after a success) the checkpoint failed.
    """
    session = open_session(explicit)

    def uncovered() -> bool:  # events appended since the start, or since this session's last checkpoint
        return session.ledger.max_notification_id() > max(start, session.covered_through)

    try:
        start = session.ledger.max_notification_id()
        try:
            yield session
        except BaseException:
            try:
                if uncovered():
                    session.checkpoint(at=SystemClock().now())
            except Exception as e:  # noqa: BLE001 - the first error is the one to report
                log.warning("checkpoint.failed", error=str(e))
            raise
        if uncovered():
            session.checkpoint(at=SystemClock().now())
    finally:
        session.close()
