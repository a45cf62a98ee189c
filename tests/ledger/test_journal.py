"""The journal projection: resumable through tracking, and a rebuild equals the incremental view."""

from __future__ import annotations

from overlord.projections.journal import JournalView
from overlord.projections.tracked import catch_up, open_view
from tests.ledger.conftest import StepClock, add_runs


def test_incremental_equals_rebuild(make_home, tmp_path):
    home = make_home("sqlite")
    clock = StepClock()
    view = open_view(JournalView, str(tmp_path / "views.sqlite"))
    add_runs(home, clock, n=5)
    assert catch_up(home.ledger, view) == 20
    add_runs(home, clock, n=4)
    assert catch_up(home.ledger, view) == 16  # resumed, not restarted
    assert catch_up(home.ledger, view) == 0
    incremental = view.select()
    view.drop()
    assert view.select() == []
    assert catch_up(home.ledger, view) == 36  # a tracked view counts the events it read
    assert view.select() == incremental
    assert [e.position for e in incremental] == list(range(36))
    assert incremental[2].event_type == "Settled" and "exited 0" in incremental[2].summary


def test_journal_rebuild_on_10000_events(make_home, tmp_path):
    home = make_home("sqlite")
    clock = StepClock()
    import uuid

    from overlord.domain.run import Run
    from overlord.domain.settlement import settle_exit

    view = open_view(JournalView, str(tmp_path / "views.sqlite"))
    batch = []
    for i in range(5000):
        run = Run.open(run_id=uuid.uuid4(), cwd="/w", argv=["x", str(i)], policy_hash="", overlord_version="t",
                       runtime="command", sandbox="none", at=clock.now())
        run.settle(settle_exit(0, None), at=clock.now())
        batch.append(run)
        if len(batch) == 500:
            home.ledger.append(*batch)
            batch = []
            catch_up(home.ledger, view)  # incremental, as a live follower would
    incremental = view.select()
    assert len(incremental) == 10000
    view.drop()
    catch_up(home.ledger, view)
    assert view.select() == incremental
