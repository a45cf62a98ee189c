"""Each view (journal, diffs, blame, cost, runs) rebuilt from zero on a ledger of 10,000 events
equals what was built incrementally while the ledger grew."""

from __future__ import annotations

import random
import uuid
from datetime import UTC, datetime, timedelta

from overlord.adapters.layers import tree_hash
from overlord.domain.run import Run
from overlord.domain.settlement import Settlement
from overlord.ledger.session import init_home
from overlord.projections.blame import BlameView
from overlord.projections.cost import CostView
from overlord.projections.diffs import DiffsView
from overlord.projections.journal import JournalView
from overlord.projections.runs import RunsView
from overlord.projections.tracked import catch_up, open_view

T0 = datetime(2026, 11, 1, tzinfo=UTC)
ROOTS = ["/w/alpha", "/w/beta", "/w/gamma"]
PATHS = ["src/a.py", "src/b.py", "README.md", "docs/c.txt"]


def make_run(rng: random.Random, blobs, state: dict, n: int) -> Run:
    root = ROOTS[n % len(ROOTS)]
    files = state.setdefault(root, {})
    at = T0 + timedelta(hours=n)
    run = Run.open(run_id=uuid.UUID(int=rng.getrandbits(128)), cwd=root, argv=["claude"], policy_hash="p" * 64,
                   overlord_version="0.1.0", runtime="claude-code", sandbox="none", at=at)
    run.runtime_started(session_id=f"s{n}", model="claude-sonnet-4-5", version="2", tools=8, at=at)
    changes = [[p, blobs.put(b), 0o100644] for p, b in sorted(files.items())]
    run.seal_layer(index=0, parent=None, tree=tree_hash((c[0], c[1], c[2]) for c in changes), changes=changes,
                   tool_use_id=None, files=len(files), at=at)
    layer = 1
    while len(run.pending_events) < 96:
        at += timedelta(seconds=1)
        tid = f"toolu_{n}_{layer}"
        run.record_turn(message_id=f"m{n}_{layer}", model="claude-sonnet-4-5", input_tokens=100, output_tokens=10, at=at)
        run.record_connector_call(provider=rng.choice(["anthropic", "replay"]), path="/v1/messages",
                                  model=rng.choice(["claude-sonnet-4-5", "claude-haiku-4-5"]), status=200, stream=True,
                                  input_tokens=rng.randint(1, 5000), output_tokens=rng.randint(1, 500),
                                  cache_creation_input_tokens=0, cache_read_input_tokens=rng.randint(0, 100),
                                  cost_micro_usd=rng.randint(0, 20000), priced=True, latency_ns=1000, request_blob="a" * 64,
                                  response_blob="b" * 64, at=at)
        run.record_tool_call(tool="Edit", input={"file_path": "x"}, digest="d" * 64, decision=rng.choice(["allow", "allow", "deny"]),
                             denial_class=None, reason="r", tool_use_id=tid, at=at)
        run.record_tool_use(tool_use_id=tid, name="Edit", input_digest="d" * 64, at=at)
        path = rng.choice(PATHS)
        lines = files.get(path, b"").splitlines(keepends=True)
        if lines and rng.random() < 0.1:
            files.pop(path)
            change = [path, None, 0]
        else:
            pos = rng.randint(0, len(lines))
            if lines and rng.random() < 0.5:
                lines[min(pos, len(lines) - 1)] = f"changed {n} {layer}\n".encode()
            else:
                lines.insert(pos, f"line {n} {layer}\n".encode())
            files[path] = b"".join(lines)
            change = [path, blobs.put(files[path]), 0o100644]
        run.seal_layer(index=layer, parent=layer - 1, tree="t" * 64, changes=[change], tool_use_id=tid, files=len(files),
                       at=at)
        run.record_tool_result(tool_use_id=tid, is_error=False, denied=False, content_blob="c" * 64, at=at)
        layer += 1
    run.record_result(subtype="success", is_error=False, num_turns=layer, cost_micro_usd=1234, session_id=f"s{n}", detail="",
                      at=at)
    run.record_exit(exit_code=0, signal=None, duration_ns=10, stdout_blob="a" * 64, stderr_blob="b" * 64, stdout_bytes=1,
                    stderr_bytes=1, at=at)
    run.settle(Settlement("succeeded", "completed", ""), at=at)
    if n % 3 == 0:
        run.record_commit(sha=f"{n:040x}", tree="e" * 40, layer=layer - 1, ref="refs/heads/main", at=at)
    return run


def test_rebuild_equals_incremental_on_10000_events(tmp_path):
    session = init_home(tmp_path / "home")
    rng = random.Random(5)
    views_path = str(tmp_path / "views.sqlite")
    views = [open_view(DiffsView, views_path, blobs=session.blobs), open_view(BlameView, views_path, blobs=session.blobs),
             open_view(CostView, views_path), open_view(RunsView, views_path)]
    jv = open_view(JournalView, views_path)
    state: dict = {}
    n = 0
    try:
        while session.ledger_size() < 10_000:
            session.ledger.append(*[make_run(rng, session.blobs, state, n + i) for i in range(10)])
            n += 10
            for v in views:  # incremental, while the ledger grows
                catch_up(session.ledger, v, batch=137)
            catch_up(session.ledger, jv, batch=137)
        assert session.ledger_size() >= 10_000
        incremental = [v.dump() for v in views]
        inc_journal = jv.select()
        assert all(any(rows for rows in d.values()) for d in incremental)
        for v in views:
            v.drop()
            assert not any(v.dump().values())
            catch_up(session.ledger, v)
        jv.drop()
        catch_up(session.ledger, jv)
        assert [v.dump() for v in views] == incremental
        assert jv.select() == inc_journal
        # a view's numbers agree with the events
        cost = views[2].report("run")
        assert len(cost) == n and all(r.calls > 0 for r in cost)
        assert len(views[3].all()) == n and {r.stop_code for r in views[3].all()} == {"completed"}
    finally:
        for v in [*views, jv]:
            v.datastore.close()
        session.close()


def test_a_file_name_cannot_forge_diff_lines():
    from overlord.projections.diffs import quote_path, side

    assert quote_path("src/ok.py") == "src/ok.py"
    assert quote_path("x\n+++ b/FAKE") == '"x\\n+++ b/FAKE"'
    assert side("a/", "x\ny") == '"a/x\\ny"' and side("b/", "plain") == "b/plain"
    assert "\n" not in side("a/", "evil\n@@ -0,0 +1 @@\n+injected")
