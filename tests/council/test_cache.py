"""The Council with the cache of validated outcomes, as a user runs it (``overlord task run``
on a real home with an unlocked vault, the real gate in bubblewrap):

* a goal that reached DONE is remembered; the same goal in an identical starting tree is DONE
  again with no work step and no model call (0 new ``ConnectorCalled``, the real Claude Code
  CLI replaying a model the first time), after a fresh gate pass recorded for it, and says
  it reused (``"reused": true`` with the source);
* a changed starting tree is a miss: the goal is worked afresh;
* a cached outcome that no longer passes the gate is invalidated, the replay undone (the root
  as it was), and the goal worked afresh without counting a correction cycle;
* with no vault the loop works without the cache and records that it skipped it.
"""

from __future__ import annotations

import json
import shutil
import uuid
from pathlib import Path

import pytest

from overlord.adapters.secrets import SecretStore
from overlord.domain.gate_check import GateCheck
from overlord.domain.outcomes import CachedOutcome
from overlord.domain.run import Run
from overlord.domain.task import Task
from overlord.ledger.session import open_home
from tests.conftest import StepClock, need_part
from tests.council.conftest import GOOD, STUB, TESTS, files
from tests.council.test_claude_loop import _attempt, _mission


def _events(home: Path, *topics: str) -> list:
    session = open_home(home, writable=False)
    try:
        ledger = session.ledger
        return [ledger.mapper.to_domain_event(n) for n in ledger.recorder.select_notifications(start=None, limit=10**6)
                if n.topic in topics]
    finally:
        session.close()


def _steps(world, task_id: str) -> list[dict]:
    return json.loads(world.overlord("task", "show", task_id, "--json", check=True).stdout)["steps"]


@pytest.fixture
def vworld(world):
    """The council's world with a secret store, unlocked: the home has a vault."""
    need_part(shutil.which("bwrap") is not None, "bubblewrap")
    world.env["OVERLORD_SECRET_PASSPHRASE"] = "council cache phrase"
    world.overlord("secret", "init", check=True)
    world.overlord("secret", "unlock", "--timeout-s", "600", check=True)
    yield world
    try:
        SecretStore(world.home).lock()
    except Exception:  # noqa: BLE001 - locked already
        pass


def _start(root: Path) -> Path:
    root.mkdir(exist_ok=True)
    (root / "README.md").write_text("A prime number checker.\n")
    (root / ".git").mkdir()
    (root / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    return root


def test_a_repeated_goal_in_an_identical_tree_is_done_with_no_model_call(vworld, claude_bin):
    world = vworld
    first = _start(world.root)
    mission = _mission(world, _attempt(first, GOOD, first=True))
    p = world.overlord("task", "run", mission, "--root", str(first), "--json", timeout=600)
    one = world.last_json(p)
    assert p.returncode == 0, p.stdout + p.stderr
    assert (one["state"], one["cycles"], one["reused"], len(one["runs"])) == ("DONE", 0, False, 1)
    calls_before = len(_events(world.home, Run.ConnectorCalled.TOPIC))
    assert calls_before > 0  # the first task spent: the model was asked
    (cached,) = _events(world.home, CachedOutcome.Created.TOPIC)
    assert cached.task_id == one["task_id"] and cached.validated
    assert sorted(c[0] for c in cached.changes) == ["pkg/solution.py", "pkg/test_solution.py"]
    kinds = [s["kind"] for s in _steps(world, one["task_id"])]
    assert kinds.index("CacheConsulted") < kinds.index("WorkOpened")  # looked up before anything was spent

    # the same goal, in another root holding the same starting tree (.git differs: it never counts)
    second = _start(world.tmp / "again")
    (second / ".git" / "config").write_text("[core]\n\tbare = false\n")
    p = world.overlord("task", "run", mission, "--root", str(second), "--json", timeout=600)
    two = world.last_json(p)
    assert p.returncode == 0, p.stdout + p.stderr
    assert (two["state"], two["cycles"], two["runs"], two["verdict"]) == ("DONE", 0, [], "pass")
    assert two["reused"] is True and two["reused_from"] == one["task_id"] and two["reused_outcome"] == str(cached.originator_id)
    assert len(_events(world.home, Run.ConnectorCalled.TOPIC)) == calls_before  # 0 model calls
    assert (second / "pkg" / "solution.py").read_text() == GOOD
    steps = _steps(world, two["task_id"])
    kinds = [s["kind"] for s in steps]
    assert "WorkOpened" not in kinds and kinds.count("Replayed") == 1 and kinds.count("Checked") == 1
    (check,) = [s["summary"] for s in steps if s["kind"] == "Checked"]
    assert check.startswith("gate verdict pass")
    (reused,) = _events(world.home, CachedOutcome.Reused.TOPIC)
    assert reused.task_id == two["task_id"]
    verdicts = [e for e in _events(world.home, GateCheck.VerdictRecorded.TOPIC)
                if str(e.originator_id) == reused.gate_check]
    assert [v.verdict for v in verdicts] == ["pass"]  # a fresh gate run of its own, recorded
    text = world.overlord("task", "run", mission, "--root", str(_start(world.tmp / "third")), timeout=600)
    assert text.returncode == 0 and "reused a validated cached outcome" in text.stdout, text.stdout + text.stderr
    world.overlord("verify", check=True)


def test_a_changed_tree_is_worked_afresh(vworld):
    world = vworld
    mission = world.command_mission([files(GOOD)])
    one = world.last_json(world.overlord("task", "run", str(mission), "--root", str(_start(world.root)), "--json"))
    assert (one["state"], one["reused"]) == ("DONE", False)
    changed = _start(world.tmp / "changed")
    (changed / "NOTES.md").write_text("one more file in the starting tree\n")
    p = world.overlord("task", "run", str(mission), "--root", str(changed), "--json")
    two = world.last_json(p)
    assert p.returncode == 0, p.stdout + p.stderr
    assert (two["state"], two["reused"], len(two["runs"])) == ("DONE", False, 1)  # worked, not replayed
    consulted = [s["summary"] for s in _steps(world, two["task_id"]) if s["kind"] == "CacheConsulted"]
    assert len(consulted) == 1 and consulted[0].startswith("cache miss")
    assert _events(world.home, CachedOutcome.Reused.TOPIC) == []
    assert len(_events(world.home, CachedOutcome.Created.TOPIC)) == 2  # each tree's outcome is its own


def test_a_cached_outcome_that_no_longer_passes_is_undone_and_the_goal_worked_afresh(vworld):
    from overlord.adapters.vault.tree import root_tree
    from overlord.supervision.council import toolchain_key
    from overlord.supervision.memory_open import open_cache
    from overlord.supervision.outcome_cache import ValidatedOutcome
    from tests.council.conftest import PRIME_GOAL

    world = vworld
    root = _start(world.root)
    (root / "pkg").mkdir()
    (root / "pkg" / "solution.py").write_text(STUB)
    tree = root_tree(root)
    # what passed once under a gate since made stricter: a stub that always says True
    session = open_home(world.home)
    try:
        cache = open_cache(session, world.home, clock=StepClock())
        try:
            blobs = session.blobs
            (stale,) = cache.remember(ValidatedOutcome(
                task_id=str(uuid.uuid4()), goal=PRIME_GOAL, tree_hash=tree, toolchain=toolchain_key(root / "pkg"),
                gate_check=str(uuid.uuid4()), changes=[["pkg/solution.py", blobs.put(STUB.encode() + b"# ok\n"), 0o100644],
                                                       ["pkg/test_solution.py", blobs.put(TESTS.encode()), 0o100644],
                                                       ["pkg/extra.txt", blobs.put(b"left by the stale outcome"), 0o100644]]))
        finally:
            cache.vault.close()
        session.checkpoint(at=StepClock().now())
    finally:
        session.close()

    mission = world.command_mission([{"files": {"pkg/solution.py": GOOD, "pkg/test_solution.py": TESTS},
                                      "note": "the agent's own work"}], extra="[task]\nmax_cycles = 0\n")
    p = world.overlord("task", "run", str(mission), "--root", str(root), "--json")
    out = world.last_json(p)
    assert p.returncode == 0, p.stdout + p.stderr
    # worked afresh after the failed replay: one run, and no correction cycle was spent on the replay
    assert (out["state"], out["cycles"], out["reused"], len(out["runs"])) == ("DONE", 0, False, 1)
    assert not (root / "pkg" / "extra.txt").exists()  # the replay was undone before the work began
    steps = _steps(world, out["task_id"])
    kinds = [s["kind"] for s in steps]
    assert kinds.index("Replayed") < kinds.index("WorkOpened")
    checks = [s["summary"] for s in steps if s["kind"] == "Checked"]
    assert len(checks) == 2 and not checks[0].startswith("gate verdict pass") and checks[1].startswith("gate verdict pass")
    moves = [s["summary"].split(" (")[0] for s in steps if s["kind"] == "Moved"]
    assert moves == ["PLANNING -> WORKING", "WORKING -> SELF_CHECK", "SELF_CHECK -> WORKING", "WORKING -> SELF_CHECK",
                     "SELF_CHECK -> REVIEW", "REVIEW -> DONE"], moves
    (invalidated,) = _events(world.home, CachedOutcome.Invalidated.TOPIC)
    assert str(invalidated.originator_id) == stale and invalidated.task_id == out["task_id"]
    assert _events(world.home, CachedOutcome.Reused.TOPIC) == []
    fresh = [e for e in _events(world.home, CachedOutcome.Created.TOPIC) if str(e.originator_id) != stale]
    assert [e.task_id for e in fresh] == [out["task_id"]]  # the afresh outcome is the one remembered now
    world.overlord("verify", check=True)


def test_with_no_vault_the_loop_works_and_records_that_it_skipped_the_cache(world):
    mission = world.command_mission([files(GOOD)])
    out = world.last_json(world.overlord("task", "run", str(mission), "--root", str(_start(world.root)), "--json"))
    assert (out["state"], out["reused"], len(out["runs"])) == ("DONE", False, 1)
    steps = _steps(world, out["task_id"])
    (consulted,) = [s["summary"] for s in steps if s["kind"] == "CacheConsulted"]
    assert consulted.startswith("cache skipped") and "secret" in consulted
    summary = [s["summary"] for s in steps if s["kind"] == "Summarized"][-1]
    assert summary  # the pass's summary is written
    shown = _events(world.home, Task.Summarized.TOPIC)[-1].text
    assert "skipped:" in shown and "cache:" in shown
