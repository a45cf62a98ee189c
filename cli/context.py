"""What every command shares: where the home is, and opening it.

Only the CLI reads environment variables (OVERLORD_HOME, XDG_DATA_HOME, HOME,
OVERLORD_POSTGRES_PASSWORD); the core is handed values.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path

from overlord.ledger.home import default_home
from overlord.ledger.session import LedgerSession, open_home
from overlord.projections.runs import RunsView, resolve_run
from overlord.projections.tracked import catch_up, open_view


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
    view = open_view(RunsView, str(session.home.views_path))
    try:
        catch_up(session.ledger, view)
        return uuid.UUID(resolve_run(prefix, view.run_ids()))
    finally:
        view.datastore.close()
