"""The blame view: who last changed each line of each file, across runs in the same root.

Every ``LayerSealed`` event that changes a file adds a version of it: its blob and, for each
line, the (run, layer, tool call, time) that last changed it. Lines equal to the previous
version's (a line diff, difflib's SequenceMatcher) keep their attribution; the others get the
layer's. Versions are kept per root (the run's working directory), so a later run in the
same root continues the earlier run's attributions; a layer 0 that finds a file changed since
(someone edited it between runs) attributes the changed lines to that layer 0 (no tool call:
"as found"). Tool names come from ``ToolCallDecided``; Overlord's commits from ``Committed``.
"""

from __future__ import annotations

import difflib
import json
import os
from dataclasses import dataclass
from typing import Any

from eventsourcing.sqlite import SQLiteCursor

from overlord.domain.run import Run
from overlord.errors import NotFoundError
from overlord.ledger.codec import datetime_to_ns
from overlord.projections.tracked import TrackedView

OPENED, LAYER_SEALED = Run.Created.TOPIC, Run.LayerSealed.TOPIC
DECIDED, COMMITTED = Run.ToolCallDecided.TOPIC, Run.Committed.TOPIC


@dataclass(frozen=True)
class BlameLine:
    """One line of a file and what last changed it."""

    number: int
    text: str
    run: str
    layer: int
    tool_use_id: str | None
    tool: str | None
    time_ns: int
    commit: str | None

    def to_json(self) -> dict[str, Any]:
        return {"line": self.number, "text": self.text, "run": self.run, "layer": self.layer,
                "tool_use_id": self.tool_use_id, "tool": self.tool, "time_ns": self.time_ns, "commit": self.commit}


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True)


class BlameView(TrackedView):
    """File versions with per-line attribution. Needs the blob store (``blobs``)."""

    NAME = "view:blame"
    TOPICS = frozenset({OPENED, LAYER_SEALED, DECIDED, COMMITTED})
    TABLE_NAMES = ("blame_runs", "blame_versions", "blame_tools", "blame_commits")
    TABLES = (
        "CREATE TABLE IF NOT EXISTS blame_runs (run TEXT PRIMARY KEY, root TEXT, notification_id INTEGER)",
        "CREATE TABLE IF NOT EXISTS blame_versions (root TEXT, path TEXT, notification_id INTEGER, run TEXT, "
        "layer INTEGER, blob TEXT, lines TEXT, PRIMARY KEY (root, path, notification_id))",
        "CREATE TABLE IF NOT EXISTS blame_tools (run TEXT, tool_use_id TEXT, tool TEXT, PRIMARY KEY (run, tool_use_id))",
        "CREATE TABLE IF NOT EXISTS blame_commits (run TEXT, layer INTEGER, sha TEXT, notification_id INTEGER, "
        "PRIMARY KEY (run, sha))",
    )

    def __init__(self, datastore: Any, *, blobs: Any = None, **kwargs: Any) -> None:
        super().__init__(datastore, **kwargs)
        self.blobs = blobs

    def handle(self, c: SQLiteCursor, notification_id: int, topic: str, originator: str, event: Any) -> None:
        if topic == OPENED:
            c.execute("INSERT OR REPLACE INTO blame_runs VALUES (?, ?, ?)", (originator, event.cwd, notification_id))
        elif topic == DECIDED:
            if not event.probe and event.tool_use_id:
                c.execute("INSERT OR REPLACE INTO blame_tools VALUES (?, ?, ?)", (originator, event.tool_use_id, event.tool))
        elif topic == COMMITTED:
            c.execute("INSERT OR REPLACE INTO blame_commits VALUES (?, ?, ?, ?)",
                      (originator, event.layer, event.sha, notification_id))
        elif topic == LAYER_SEALED:
            self._layer(c, notification_id, originator, event)

    def _current(self, c: SQLiteCursor, root: str, path: str) -> tuple[str | None, list] | None:
        c.execute("SELECT blob, lines FROM blame_versions WHERE root = ? AND path = ? ORDER BY notification_id DESC "
                  "LIMIT 1", (root, path))
        row = c.fetchone()
        return None if row is None else (row[0], json.loads(row[1]) if row[1] else [])

    def _layer(self, c: SQLiteCursor, nid: int, run: str, event: Any) -> None:
        c.execute("SELECT root FROM blame_runs WHERE run = ?", (run,))
        row = c.fetchone()
        if row is None:
            return
        root = row[0]
        event_changes = event.read_changes(self.blobs.get)
        changed = {p for p, _, _ in event_changes}
        if event.parent is None:  # the root as found: files seen before but absent now were removed meanwhile
            c.execute("SELECT path, blob FROM blame_versions v WHERE root = ? AND notification_id = "
                      "(SELECT MAX(notification_id) FROM blame_versions w WHERE w.root = v.root AND w.path = v.path)",
                      (root,))
            for path, blob in c.fetchall():
                if blob is not None and path not in changed:
                    c.execute("INSERT INTO blame_versions VALUES (?, ?, ?, ?, ?, NULL, NULL)",
                              (root, path, nid, run, event.index))
        when = datetime_to_ns(event.timestamp)
        mark = [run, event.index, event.tool_use_id, when]
        for path, blob, _mode in event_changes:
            prev = self._current(c, root, path)
            if blob is None:
                if prev is not None and prev[0] is not None:
                    c.execute("INSERT INTO blame_versions VALUES (?, ?, ?, ?, ?, NULL, NULL)",
                              (root, path, nid, run, event.index))
                continue
            if prev is not None and prev[0] == blob:
                continue
            new = _lines(self.blobs.get(blob))
            if prev is None or prev[0] is None:
                attrs = [mark] * len(new)
            else:
                old = _lines(self.blobs.get(prev[0]))
                old_attrs = prev[1]
                attrs = []
                for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
                    if op == "equal":
                        attrs.extend(old_attrs[i1:i2])
                    else:
                        attrs.extend([mark] * (j2 - j1))
            c.execute("INSERT INTO blame_versions VALUES (?, ?, ?, ?, ?, ?, ?)",
                      (root, path, nid, run, event.index, blob, json.dumps(attrs, separators=(",", ":"))))

    # -- queries ------------------------------------------------------------------------------

    def roots(self) -> list[str]:
        return [r[0] for r in self.query("SELECT DISTINCT root FROM blame_runs")]

    def locate(self, path: str) -> tuple[str, str]:
        """``(root, relative path)`` for an absolute ``path``: the deepest known root holding it.

        Raises:
            NotFoundError: no run ever sealed a root that holds ``path``.
        """
        best = None
        for root in self.roots():
            if path == root or path.startswith(root.rstrip("/") + "/"):
                if best is None or len(root) > len(best):
                    best = root
        if best is None:
            raise NotFoundError(f"{path} is under no root that a run sealed", "blame a file inside a run's worker root")
        return best, os.path.relpath(path, best).replace(os.sep, "/")

    def blame(self, path: str, run: str | None = None) -> list[BlameLine]:
        """Each line of ``path`` (absolute) with what last changed it, now or, with ``run``,
        as that run left it.

        Raises:
            NotFoundError: no root holds the path, the run is not in that root, or no layer
                holds the file.
        """
        root, rel = self.locate(path)
        params: list[Any] = [root, rel]
        sql = "SELECT blob, lines FROM blame_versions WHERE root = ? AND path = ?"
        if run is not None:
            last = self.query("SELECT MAX(notification_id) FROM blame_versions WHERE run = ?", (run,))
            owner = self.query("SELECT root FROM blame_runs WHERE run = ?", (run,))
            if not owner or owner[0][0] != root:
                raise NotFoundError(f"run {run} did not run in {root}")
            opened = self.query("SELECT notification_id FROM blame_runs WHERE run = ?", (run,))[0][0]
            sql += " AND notification_id <= ?"
            params.append(max(last[0][0] or 0, opened))
        rows = self.query(sql + " ORDER BY notification_id DESC LIMIT 1", params)
        if not rows or rows[0][0] is None:
            raise NotFoundError(f"no layer holds {rel} in {root}" + (f" after run {run}" if run else ""))
        blob, attrs = rows[0][0], json.loads(rows[0][1])
        tools = {(r, t): name for r, t, name in self.query("SELECT run, tool_use_id, tool FROM blame_tools")}
        commits: dict[str, list[tuple[int, str]]] = {}
        for r, layer, sha in self.query("SELECT run, layer, sha FROM blame_commits ORDER BY notification_id"):
            commits.setdefault(r, []).append((layer, sha))
        out = []
        for i, (line, (r, layer, tid, when)) in enumerate(zip(_lines(self.blobs.get(blob)), attrs, strict=True), 1):
            sha = next((s for lay, s in commits.get(r, []) if lay >= layer), None)
            out.append(BlameLine(i, line.decode("utf-8", "replace").rstrip("\r\n"), r, layer, tid,
                                 tools.get((r, tid)) if tid else None, when, sha))
        return out
