"""The views file (``views.sqlite``): a cache of projections, rebuilt when it is damaged.

Every view is a projection of the ledger, so the file that holds them is never a record of
truth: when it turns out not to be a sound database (not a database at all, a malformed
page, tables of another shape, a FIFO or a device where the file should be), it is removed
and the views are rebuilt from the ledger, once. So are views that are not what Overlord
writes (:class:`~overlord.projections.tracked.ViewDamaged`: tables that lost their types or
a table, a tracking position past the ledger's). A full disk, or any other failure of the
views' database, is one :class:`~overlord.errors.LedgerError` line, never a traceback.

:func:`with_views` runs a caller's "open the views, catch them up, read them" under that
rule; :func:`read_view` does it for one view.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import stat
from collections.abc import Callable
from typing import Any, TypeVar

import structlog

from overlord.errors import LedgerError
from overlord.projections.tracked import TrackedView, ViewDamaged, catch_up, open_view

log = structlog.get_logger("overlord.views")
T = TypeVar("T")

_DAMAGED_NAMES = frozenset({"SQLITE_NOTADB", "SQLITE_CORRUPT"})
_FULL_NAMES = frozenset({"SQLITE_FULL"})
# a database of another shape: Overlord's own tables exist but are not what it wrote
_WRONG_SHAPE = ("no such table", "no such column", "has no column named", "columns but", "values were supplied")
_SIDE_FILES = ("-wal", "-shm", "-journal")


def _sqlite_error(e: BaseException) -> sqlite3.Error | None:
    """The sqlite3 error behind ``e`` (eventsourcing wraps them), if any."""
    seen: BaseException | None = e
    for _ in range(10):
        if seen is None:
            return None
        if isinstance(seen, sqlite3.Error):
            return seen
        seen = seen.__cause__ or seen.__context__
    return None


def is_damage(e: BaseException) -> bool:
    """True when ``e`` says the views file is not a sound database of Overlord's views (or a
    view in it is not what Overlord writes: :class:`ViewDamaged`)."""
    if isinstance(e, ViewDamaged):
        return True
    err = _sqlite_error(e)
    if err is None:
        return False
    if getattr(err, "sqlite_errorname", "") in _DAMAGED_NAMES:
        return True
    return isinstance(err, sqlite3.OperationalError) and any(s in str(err) for s in _WRONG_SHAPE)


def is_full(e: BaseException) -> bool:
    """True when ``e`` says the disk (or the file system's quota) is full."""
    err = _sqlite_error(e)
    if err is not None and getattr(err, "sqlite_errorname", "") in _FULL_NAMES:
        return True
    return isinstance(e, OSError) and e.errno in (errno.ENOSPC, errno.EDQUOT)


def _remove(path: str) -> None:
    """Remove the views file and SQLite's side files (all caches).

    Raises:
        LedgerError: a directory stands where the file should be.
    """
    for name in (path, *(path + s for s in _SIDE_FILES)):
        try:
            st = os.lstat(name)
        except FileNotFoundError:
            continue
        if stat.S_ISDIR(st.st_mode):
            raise LedgerError(f"the views file {name} is a directory", "remove it; the views are rebuilt from the ledger")
        os.unlink(name)


def _check_file(path: str) -> None:
    """Remove what stands at ``path`` when it is not a regular file (a FIFO would hang SQLite)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if not stat.S_ISREG(st.st_mode):
        log.warning("views.rebuilt", path=path, why="not a regular file")
        _remove(path)


def _failed(path: str, e: BaseException) -> LedgerError:
    if is_full(e):
        return LedgerError(f"no space left to write the views in {path}",
                           "free some disk space and run the command again; the ledger itself is unchanged")
    err = _sqlite_error(e) or e
    return LedgerError(f"the views in {path} cannot be read or written: {err}",
                       "run the command again; `overlord verify` checks the ledger itself")


def with_views(path: str, work: Callable[[], T]) -> T:
    """Run ``work`` (open views in the file ``path``, catch them up, read them); when the file
    proves damaged (see :func:`is_damage`), remove it and run ``work`` once more on a fresh
    file. ``work`` must close what it opened when it raises.

    Raises:
        LedgerError: a full disk, or a failure that a rebuild does not cure (one line).
    """
    _check_file(path)
    try:
        return work()
    except Exception as e:  # noqa: BLE001 - classified below; anything not sqlite's goes on as it was
        if is_full(e):
            raise _failed(path, e) from e
        if not is_damage(e):
            if _sqlite_error(e) is not None:
                raise _failed(path, e) from e
            raise
        log.warning("views.rebuilt", path=path, why=str(e if isinstance(e, ViewDamaged) else _sqlite_error(e)))
    _remove(path)
    try:
        return work()
    except Exception as e:  # noqa: BLE001 - the rebuild did not cure it: one line
        if _sqlite_error(e) is None and not is_full(e):
            raise
        raise _failed(path, e) from e


def read_view(ledger: Any, path: str, kind: type[TrackedView], read: Callable[[Any], T], **kwargs: Any) -> T:
    """Open the view ``kind`` in the views file ``path``, catch it up with ``ledger``, return
    ``read(view)`` and close it; under :func:`with_views` (a damaged file is rebuilt).

    Raises:
        LedgerError: a stored event fails its checks, or the views file cannot be written.
    """

    def work() -> T:
        view = open_view(kind, path, **kwargs)
        try:
            catch_up(ledger, view)
            return read(view)
        finally:
            view.datastore.close()

    return with_views(path, work)
