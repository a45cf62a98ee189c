"""Tampering with the store, each caught by verify naming the right event (SQLite and PostgreSQL)."""

from __future__ import annotations

from overlord.ledger import record
from overlord.ledger.note import Signer
from tests.ledger.conftest import StepClock, add_runs, id_param, reopen, row_at, tamper


def _verify(session):
    fresh = reopen(session, writable=False)
    try:
        return fresh.verify(workers=1)
    finally:
        fresh.close()


def test_untouched_ledger_verifies(home):
    add_runs(home, StepClock())
    report = _verify(home)
    assert report.ok, report.summary()
    assert (report.events, report.streams, report.checkpoints) == (12, 6, 3)


def test_flipped_byte_in_state_is_named(home):
    add_runs(home, StepClock())
    target = row_at(home, 5)  # run 2, ProcessExited
    state = bytearray(target.state)
    state[20] ^= 0x01  # inside the body
    tamper(home, "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = ?",
           (bytes(state), id_param(home, target.originator_id), target.version))
    f = _verify(home).first_failure
    assert (f.stream, f.version, f.position) == (target.originator_id, target.version, 5)
    assert f.problem.startswith(("bad signature", "malformed record"))


def test_flipped_byte_in_topic_is_named(home):
    add_runs(home, StepClock())
    target = row_at(home, 1)
    assert target.topic == "overlord.run.ProcessExited"
    tamper(home, "UPDATE stored_events SET topic = ? WHERE originator_id = ? AND originator_version = ?",
           ("overlord.run.ProcessExiteD", id_param(home, target.originator_id), target.version))
    f = _verify(home).first_failure
    assert (f.stream, f.position) == (target.originator_id, 1)
    assert f.problem.startswith("bad signature")


def test_changed_version_is_named(home):
    add_runs(home, StepClock())
    target = row_at(home, 6)  # run 2, Settled (version 3)
    tamper(home, "UPDATE stored_events SET originator_version = 4 WHERE originator_id = ? AND originator_version = 3",
           (id_param(home, target.originator_id),))
    f = _verify(home).first_failure
    assert (f.stream, f.version, f.position) == (target.originator_id, 4, 6)
    assert f.problem.startswith(("bad signature", "version gap"))


def test_event_deleted_mid_stream_is_named(home):
    add_runs(home, StepClock())
    gone = row_at(home, 5)  # run 2 version 2; version 3 follows it
    tamper(home, "DELETE FROM stored_events WHERE originator_id = ? AND originator_version = 2",
           (id_param(home, gone.originator_id),))
    f = _verify(home).first_failure
    assert (f.stream, f.version) == (gone.originator_id, 3)
    assert f.problem.startswith("version gap")


def test_newest_events_deleted_with_their_checkpoint_are_caught_by_the_pin(home):
    add_runs(home, StepClock())
    rows = list(home.ledger.rows())
    last_run = rows[-4].originator_id  # the last run's three events, then its checkpoint
    tamper(home, "DELETE FROM stored_events WHERE originator_id = ?", (id_param(home, last_run),))
    tamper(home, "DELETE FROM stored_events WHERE originator_id = ?", (id_param(home, rows[-1].originator_id),))
    report = _verify(home)
    assert not report.ok
    f = report.first_failure
    assert f.problem.startswith("store cut short")
    assert f.position == len(rows) - 4


def test_two_events_swapped_are_named(home):
    add_runs(home, StepClock())
    a, b = row_at(home, 4), row_at(home, 5)  # run 2: Opened (v1) then ProcessExited (v2)
    assert a.originator_id == b.originator_id
    oid = id_param(home, a.originator_id)
    # swap the two rows' contents in place, through a free version number
    tamper(home, "UPDATE stored_events SET originator_version = 99 WHERE originator_id = ? AND originator_version = 1", (oid,))
    tamper(home, "UPDATE stored_events SET originator_version = 1, topic = ?, state = ? WHERE originator_id = ? AND originator_version = 2",
           (a.topic, a.state, oid))
    tamper(home, "UPDATE stored_events SET originator_version = 2, topic = ?, state = ? WHERE originator_id = ? AND originator_version = 99",
           (b.topic, b.state, oid))
    f = _verify(home).first_failure
    assert f.stream == a.originator_id and f.position in (4, 5)


def test_event_resigned_with_untrusted_key_is_named(home):
    add_runs(home, StepClock())
    target = row_at(home, 9)
    opened = record.open_record(target.originator_id, target.version, target.topic, target.state)
    rogue = Signer(home.origin, b"\x07" * 32)
    state, _ = record.seal(rogue, target.originator_id, target.version, target.topic, opened.body, opened.prev)
    tamper(home, "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = ?",
           (state, id_param(home, target.originator_id), target.version))
    f = _verify(home).first_failure
    assert (f.stream, f.position) == (target.originator_id, 9)
    assert f.problem.startswith("unknown key")


def test_checkpoint_edited_and_resigned_with_the_log_key_is_caught(home):
    """An attacker with the log key rewrites a checkpoint's root: the root no longer matches."""
    add_runs(home, StepClock())
    cp_row = row_at(home, 7)
    assert cp_row.topic == "overlord.log.CheckpointSigned"
    from overlord.ledger import codec
    from overlord.ledger.checkpoint import Checkpoint, sign_checkpoint

    opened = record.open_record(cp_row.originator_id, cp_row.version, cp_row.topic, cp_row.state)
    body = codec.decode(opened.body)
    forged = Checkpoint(body["origin"], body["size"], bytes(32), ())
    body["note"] = sign_checkpoint(forged, home.signer)
    body["root_hash"] = bytes(32)
    state, _ = record.seal(home.signer, cp_row.originator_id, 1, cp_row.topic, codec.encode(body), opened.prev)
    tamper(home, "UPDATE stored_events SET state = ? WHERE originator_id = ?", (state, id_param(home, cp_row.originator_id)))
    f = _verify(home).first_failure
    assert (f.stream, f.position) == (cp_row.originator_id, 7)
    assert f.problem.startswith("checkpoint root mismatch")


def test_checkpoint_bytes_edited_is_named(home):
    add_runs(home, StepClock())
    cp_row = row_at(home, 3)
    state = cp_row.state.replace(b"\n3\n", b"\n2\n")
    assert state != cp_row.state
    tamper(home, "UPDATE stored_events SET state = ? WHERE originator_id = ?", (state, id_param(home, cp_row.originator_id)))
    f = _verify(home).first_failure
    assert (f.stream, f.position) == (cp_row.originator_id, 3)


def test_pinned_checkpoint_edited_is_caught(home):
    add_runs(home, StepClock())
    pinned = home.home.pinned_path.read_text()
    home.home.pinned_path.write_text(pinned.replace("\n11\n", "\n10\n"))
    report = _verify(home)
    assert not report.ok and report.first_failure.problem.startswith("pinned checkpoint does not verify")


def test_blob_altered_is_named(home):
    add_runs(home, StepClock())
    target = row_at(home, 1)
    opened = record.open_record(target.originator_id, target.version, target.topic, target.state)
    from overlord.ledger import codec

    blob = codec.decode(opened.body)["stdout_blob"]
    home.blobs.path(blob).write_bytes(b"something else\n")
    f = _verify(home).first_failure
    assert (f.stream, f.position) == (target.originator_id, 1)
    assert f.problem.startswith("blob altered")


def test_triggers_refuse_update_and_delete(home):
    add_runs(home, StepClock(), n=1)
    import pytest

    if home.config.store_kind == "sqlite":
        import sqlite3

        conn = sqlite3.connect(home.home.root / "ledger.sqlite")
        for sql in ("UPDATE stored_events SET topic = 'x'", "DELETE FROM stored_events"):
            with pytest.raises(sqlite3.DatabaseError, match="append-only"):
                conn.execute(sql)
    else:
        import psycopg

        pg = home.config.postgres
        with psycopg.connect(host=pg.host, port=pg.port, dbname=pg.dbname, user=pg.user, autocommit=True) as c:
            for sql in ("UPDATE overlord_events SET topic = 'x'", "DELETE FROM overlord_events", "TRUNCATE overlord_events"):
                with pytest.raises(psycopg.Error, match="append-only"):
                    c.execute(sql)
    assert _verify(home).ok
