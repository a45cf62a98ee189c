"""A ledger written by release 0.1.0 still verifies, reads the same, and today's commands write
the same topics and bodies (tests/fixtures/ledger_v0: see its build.py)."""

from __future__ import annotations

import json
import os
import shutil
import uuid
from pathlib import Path

import pytest

from overlord.ledger.record import open_record
from overlord.ledger.session import init_home, open_home
from overlord.projections.journal import JournalView
from overlord.projections.runs import RunsView
from overlord.projections.tracked import catch_up, open_view
from tests.fixtures.ledger_v0.build import ORIGIN, RESUMED_ID, RUN_ID, FixedClock, write_runs

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "ledger_v0"


@pytest.fixture
def old_home(tmp_path):
    """The fixture home, copied (git keeps no file modes: the key is made private again)."""
    root = tmp_path / "home"
    shutil.copytree(FIXTURE / "home", root)
    os.chmod(root, 0o700)
    os.chmod(root / "keys" / "log.key", 0o600)
    session = open_home(root, writable=False)
    yield session
    session.close()


def test_old_ledger_verifies(old_home):
    report = old_home.verify(workers=1)
    assert report.ok, report.first_failure
    assert (report.events, report.streams, report.checkpoints) == (42, 5, 2)


def test_old_ledger_journal_reads_the_same(old_home, tmp_path):
    view = open_view(JournalView, str(tmp_path / "views.sqlite"))
    try:
        assert catch_up(old_home.ledger, view) == 42
        lines = [json.dumps(e.to_json(), sort_keys=True) for e in view.select()]
    finally:
        view.datastore.close()
    expected = (FIXTURE / "journal.jsonl").read_text().splitlines()
    assert len(expected) == 42
    for got, want in zip(lines, expected, strict=True):
        assert got == want


def test_old_ledger_runs_view(old_home, tmp_path):
    view = open_view(RunsView, str(tmp_path / "views.sqlite"))
    try:
        catch_up(old_home.ledger, view)
        first, second = view.get(str(RUN_ID)), view.get(str(RESUMED_ID))
    finally:
        view.datastore.close()
    assert (first.status, first.stop_code, first.tool_calls, first.denials, first.layers, first.turns) == (
        "succeeded", "completed", 2, 1, 3, 1)
    assert (first.verdict, first.commit_sha, first.model) == ("fail:hardcoded_answer", "aa" * 20, "claude-sonnet-4-5")
    assert (second.stop_code, second.signal) == ("policy", 9)


def test_todays_commands_write_the_same_topics_and_bodies(old_home, tmp_path):
    old = {(r.originator_id, r.version): r for r in old_home.ledger.rows()}
    fresh = init_home(tmp_path / "fresh", origin=ORIGIN)
    try:
        write_runs(fresh.ledger, fresh.blobs.put, FixedClock())
        rows = list(fresh.ledger.rows())
        assert len(rows) == 39  # everything but the checkpoint streams
        for r in rows:
            was = old[(r.originator_id, r.version)]
            assert r.topic == was.topic
            # the signed payload's body: the canonical msgpack of the event's fields
            assert open_record(r.originator_id, r.version, r.topic, r.state).body == open_record(
                was.originator_id, was.version, was.topic, was.state).body, (r.topic, r.version)
        assert {uuid.UUID(r.originator_id) for r in rows} == {RUN_ID, RESUMED_ID, uuid.UUID(int=0x0F1C7E5_0003)}
    finally:
        fresh.close()


def test_every_old_topic_still_names_a_class(old_home):
    stored = {r.topic for r in old_home.ledger.rows()}
    assert len(stored) == 28  # every event class 0.1.0 had (23 of a run, 3 of a gate check, 2 of a checkpoint)
    assert stored <= set(old_home.ledger.topics)
