"""The Redactor (pure): a sealed note's text is withheld whole, by its lines, JSON-escaped, and
as a cut one-line copy; masked output keeps every byte offset (a database file stays valid)."""

from __future__ import annotations

import json
import sqlite3

from overlord.domain.memory import Redactor

NOTE = ("the launch codename is ZEBRAFALCON42 and every greet function must greet politely,\n"
        "in full sentences, with the person's name and the hour of the day \"as written\"")


def _sealed() -> Redactor:
    r = Redactor()
    r.seal([("abcdef1234567890", NOTE)])
    return r


def test_every_form_of_a_sealed_note_is_withheld():
    r = _sealed()
    collapsed = " ".join(NOTE.split())
    cases = [NOTE.encode(), json.dumps(NOTE).encode(), json.dumps({"p": collapsed[:50] + "…"}).encode(),
             json.dumps({"p": collapsed}, ensure_ascii=False).encode(), NOTE.splitlines()[1].encode()]
    for data in cases:
        out = r(data)
        assert b"ZEBRAFALCON42" not in out and b"full sentences" not in out, out
        assert b"[vault item abcdef12 sha256:" in out
    assert r(b"nothing sealed here") == b"nothing sealed here"


def test_masked_keeps_a_sqlite_file_well_formed(tmp_path):
    db = tmp_path / "state.sqlite"
    with sqlite3.connect(db) as c:
        c.execute("create table t (id integer primary key, body text)")
        c.executemany("insert into t (body) values (?)", [(NOTE,), ("other",), (" ".join(NOTE.split())[:60],)])
    data = db.read_bytes()
    masked = _sealed().masked(data)
    assert len(masked) == len(data) and b"ZEBRAFALCON42" not in masked
    db.write_bytes(masked)
    with sqlite3.connect(db) as c:
        assert c.execute("pragma integrity_check").fetchone() == ("ok",)
        bodies = [b for (b,) in c.execute("select body from t order by id")]
    assert bodies[1] == "other" and set(bodies[0]) <= {"*", " "} | set(NOTE) and "ZEBRAFALCON42" not in bodies[0]
