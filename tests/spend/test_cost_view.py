"""The cost view's spend figures: per run, tier and model; the install's totals; rebuilt from
zero they equal what was built incrementally."""

from __future__ import annotations

import uuid

from overlord.domain.run import Run
from overlord.domain.spend import Refusal, SpendAccount, SpendAsk
from overlord.ledger.session import init_home
from overlord.projections.cost import CostView
from overlord.projections.tracked import catch_up, open_view
from tests.conftest import StepClock


def test_spend_rows_and_a_rebuild_from_zero(tmp_path):
    clock = StepClock()
    s = init_home(tmp_path / "home")
    view = open_view(CostView, str(tmp_path / "views.sqlite"))
    try:
        runs = []
        for tier in ("1", "2"):
            run = Run.open(run_id=uuid.uuid4(), cwd="/w", argv=["claude"], policy_hash="p", overlord_version="t",
                           runtime="claude-code", sandbox="bubblewrap", at=clock.now())
            run.route_decided(tier=tier, outcome="chosen", reason="named by the mission", at=clock.now())
            s.ledger.append(run)
            runs.append(str(run.id))
        catch_up(s.ledger, view)
        acct = SpendAccount.open(origin=s.origin, at=clock.now())
        plan = [(runs[0], "a", "m1", 500, 120), (runs[0], "b", "m2", 300, None), (runs[1], "c", "m1", 900, 900)]
        for run, rid, model, worst, cost in plan:
            acct.reserve(reservation_id=rid, run=run, tier="1" if run == runs[0] else "2",
                         ask=SpendAsk("anthropic", model, worst, True), run_limit_micro_usd=None,
                         balance_micro_usd=None, free=False, at=clock.now())
            if cost is not None:
                acct.settle(reservation_id=rid, cost_micro_usd=cost, basis="usage", at=clock.now())
            s.ledger.append(acct)
            catch_up(s.ledger, view)  # incrementally, one reservation at a time
        acct.refuse(run=runs[1], tier="2", ask=SpendAsk("anthropic", "m1", 4_000, True),
                    refusal=Refusal("run_limit", "over"), at=clock.now())
        s.ledger.append(acct)
        catch_up(s.ledger, view)
        by_run = {r.key: r for r in view.spend("run")}
        assert (by_run[runs[0]].reserved_micro_usd, by_run[runs[0]].settled_micro_usd,
                by_run[runs[0]].outstanding_micro_usd) == (800, 120, 300)
        assert (by_run[runs[1]].settled_micro_usd, by_run[runs[1]].refused_micro_usd, by_run[runs[1]].refused_calls) == (
            900, 4_000, 1)
        assert {r.key: r.settled_micro_usd for r in view.spend("model")} == {"m1": 1020, "m2": 0}
        assert {r.key: r.reserved_micro_usd for r in view.spend("tier")} == {"1": 800, "2": 900}
        assert view.install_totals() == (1020, 300)
        incremental = view.dump()
        view.drop()
        catch_up(s.ledger, view)
        assert view.dump() == incremental
    finally:
        s.close()
