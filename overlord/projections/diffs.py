"""The diffs view: each run's layers and their changes, and unified diffs between layers.

Rows come from ``LayerSealed`` events only; file contents come from the blobs the events
name. ``files_at(run, L)`` folds a run's changes up to layer L (layer 0 holds every file of
the root as found); :func:`diff` compares two such states.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from eventsourcing.sqlite import SQLiteCursor

from overlord.domain.run import Run
from overlord.errors import NotFoundError
from overlord.ledger.codec import datetime_to_ns
from overlord.projections.tracked import TrackedView

LAYER_SEALED = Run.LayerSealed.TOPIC


@dataclass(frozen=True)
class FileDiff:
    """One file's difference between two layers (``old``/``new`` blob ``None``: absent)."""

    path: str
    old: str | None
    new: str | None
    old_mode: int | None
    new_mode: int | None
    text: str
    added: int
    removed: int
    binary: bool

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "old_blob": self.old, "new_blob": self.new, "old_mode": self.old_mode,
                "new_mode": self.new_mode, "added": self.added, "removed": self.removed, "binary": self.binary,
                "diff": self.text}


class DiffsView(TrackedView):
    """Layers and changes per run."""

    NAME = "view:diffs"
    TOPICS = frozenset({LAYER_SEALED})
    TABLE_NAMES = ("diff_layers", "diff_changes")
    TABLES = (
        "CREATE TABLE IF NOT EXISTS diff_layers (run TEXT, layer INTEGER, parent INTEGER, tree TEXT, "
        "tool_use_id TEXT, time_ns INTEGER, files INTEGER, notification_id INTEGER, PRIMARY KEY (run, layer))",
        "CREATE TABLE IF NOT EXISTS diff_changes (run TEXT, layer INTEGER, path TEXT, blob TEXT, mode INTEGER, "
        "PRIMARY KEY (run, layer, path))",
    )

    def __init__(self, datastore: Any, *, blobs: Any = None, **kwargs: Any) -> None:
        super().__init__(datastore, **kwargs)
        self.blobs = blobs

    def handle(self, c: SQLiteCursor, notification_id: int, topic: str, originator: str, event: Any) -> None:
        c.execute("INSERT INTO diff_layers VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                  (originator, event.index, event.parent, event.tree, event.tool_use_id,
                   datetime_to_ns(event.timestamp), event.files, notification_id))
        for path, blob, mode in event.read_changes(self.blobs.get):
            c.execute("INSERT INTO diff_changes VALUES (?, ?, ?, ?, ?)", (originator, event.index, path, blob, mode))

    def runs(self) -> list[str]:
        return [r[0] for r in self.query("SELECT DISTINCT run FROM diff_layers ORDER BY run")]

    def layers(self, run: str) -> list[tuple]:
        """``(layer, parent, tree, tool_use_id, time_ns, files)`` of ``run``, in order."""
        return self.query("SELECT layer, parent, tree, tool_use_id, time_ns, files FROM diff_layers WHERE run = ? "
                          "ORDER BY layer", (run,))

    def files_at(self, run: str, layer: int) -> dict[str, tuple[str, int]]:
        """The files of ``run`` at ``layer``: path -> (blob, mode)."""
        files: dict[str, tuple[str, int]] = {}
        for path, blob, mode in self.query("SELECT path, blob, mode FROM diff_changes WHERE run = ? AND layer <= ? "
                                           "ORDER BY layer, path", (run, layer)):
            if blob is None:
                files.pop(path, None)
            else:
                files[path] = (blob, mode)
        return files

    def changes(self, run: str, layer: int) -> list[tuple[str, str | None, int]]:
        return self.query("SELECT path, blob, mode FROM diff_changes WHERE run = ? AND layer = ? ORDER BY path",
                          (run, layer))


def _text(data: bytes) -> list[str] | None:
    if b"\0" in data[:8192]:
        return None
    return data.decode("utf-8", "replace").splitlines(keepends=True)


_ESCAPES = {"\n": "\\n", "\t": "\\t", "\r": "\\r", '"': '\\"', "\\": "\\\\"}


def quote_path(path: str) -> str:
    """A path as diff headers show it: as is, or C-quoted in double quotes (as git does) when
    it holds a newline, a tab, a quote, a backslash or another control character, so a file
    name can never forge a line of the diff."""
    if not any(c in _ESCAPES or ord(c) < 0x20 or ord(c) == 0x7F for c in path):
        return path
    return '"' + "".join(_ESCAPES.get(c) or (f"\\{ord(c):03o}" if ord(c) < 0x20 or ord(c) == 0x7F else c)
                         for c in path) + '"'


def side(prefix: str, path: str) -> str:
    """``a/PATH`` or ``b/PATH`` for a diff header, quoted as :func:`quote_path` does."""
    q = quote_path(path)
    return f'"{prefix}{q[1:]}' if q.startswith('"') else f"{prefix}{q}"


def diff(view: DiffsView, blobs: Any, run: str, from_layer: int | None = None, to_layer: int | None = None) -> list[FileDiff]:
    """Unified diffs of ``run`` between two layers (default: layer 0 to the last).

    Raises:
        NotFoundError: the run has no layers, or a layer does not exist.
    """
    layers = [r[0] for r in view.layers(run)]
    if not layers:
        raise NotFoundError(f"run {run} has no sealed layers", "runs seal layers since workspace layers were built")
    a = 0 if from_layer is None else from_layer
    b = layers[-1] if to_layer is None else to_layer
    for name, value in (("--from", a), ("--to", b)):
        if value not in layers:
            raise NotFoundError(f"run {run} has no layer {value} ({name}); it has layers 0..{layers[-1]}")
    return diff_files(view.files_at(run, a), view.files_at(run, b), blobs)


def diff_files(old: dict[str, tuple[str, int]], new: dict[str, tuple[str, int]], blobs: Any) -> list[FileDiff]:
    """Unified diffs between two states of a root (path -> (blob, mode)), in path order;
    unchanged files are left out."""
    out = []
    for path in sorted(set(old) | set(new), key=str.encode):
        o, n = old.get(path), new.get(path)
        if o == n:
            continue
        ob = blobs.get(o[0]) if o else b""
        nb = blobs.get(n[0]) if n else b""
        ol, nl = _text(ob), _text(nb)
        if ol is None or nl is None:
            out.append(FileDiff(path, o and o[0], n and n[0], o and o[1], n and n[1],
                                f"Binary files {side('a/', path) if o else '/dev/null'} and "
                                f"{side('b/', path) if n else '/dev/null'} differ\n", 0, 0, True))
            continue
        lines = list(difflib.unified_diff(ol, nl, side("a/", path) if o else "/dev/null", side("b/", path) if n else "/dev/null",
                                          lineterm="\n"))
        text = "".join(x if x.endswith("\n") else x + "\n\\ No newline at end of file\n" for x in lines)
        if o and n and o[1] != n[1] and not lines:
            text = f"mode change {o[1]:o} => {n[1]:o} {quote_path(path)}\n"
        added = sum(1 for x in lines if x.startswith("+") and not x.startswith("+++"))
        removed = sum(1 for x in lines if x.startswith("-") and not x.startswith("---"))
        out.append(FileDiff(path, o and o[0], n and n[0], o and o[1], n and n[1], text, added, removed, False))
    return out
