"""The cache of validated outcomes: the same goal in the same tree is replayed and passes a
fresh gate run with no model call; a polarity corpus of 246 goal pairs gives no false replay; a
cached outcome that no longer passes is invalidated, the root put back, the goal worked
afresh. The gate is the real one (bubblewrap, Python's toolchain)."""

from __future__ import annotations

import shutil
import uuid
from pathlib import Path

import pytest

from overlord.adapters.vault.tree import apply_changes, root_tree, toolchain_digest
from overlord.domain.gate_check import GateCheck
from overlord.domain.outcomes import CachedOutcome, OutcomeError, content_words, judge
from overlord.domain.run import Run
from overlord.supervision.outcome_cache import GateResult, OutcomeCache, ValidatedOutcome
from overlord.supervision.vault import Vault
from tests.conftest import StepClock, need_part
from tests.vault.polarity import NEGATIONS, PARAPHRASES, polarity_pairs

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
GOAL = "Write is_prime(n) in solution.py so that the tests pass"
STUB = b"def is_prime(n):\n    raise NotImplementedError\n"
TREE_A = "a" * 64
TOOL = "b" * 64


def _events(vault: Vault, topic: str) -> list:
    ledger = vault.session.ledger
    return [ledger.mapper.to_domain_event(n) for n in ledger.recorder.select_notifications(start=None, limit=10**6)
            if n.topic == topic]


def _start_tree(root: Path) -> Path:
    root.mkdir(parents=True)
    case = CORPUS / "python_pass_prime_guard_clause"
    shutil.copy(case / "plan.md", root / "plan.md")
    shutil.copy(case / "test_solution.py", root / "test_solution.py")
    (root / "solution.py").write_bytes(STUB)
    (root / ".git").mkdir()
    (root / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    return root


def _gate(vault: Vault):
    """The real gate on the replayed root, recorded as a GateCheck (what the Council runs)."""
    from overlord.gate.record import record_report
    from overlord.gate.runner import check_artifact
    from overlord.sandbox.bubblewrap import BubblewrapSandbox

    def run(root: Path) -> GateResult:
        report = check_artifact(root, BubblewrapSandbox())
        check = record_report(report, ledger=vault.session.ledger, blobs=vault.session.blobs, clock=vault.clock,
                              sandbox="bubblewrap")
        return GateResult(report.verdict.verdict == "pass", str(check.id), report.verdict.verdict)

    return run


def _python_toolchain():
    from overlord.gate.toolchains import all_toolchains

    return all_toolchains()["python"]


def test_a_repeated_goal_in_an_identical_tree_is_replayed_and_passes_a_fresh_gate(vault: Vault,
                                                                                   tmp_path: Path) -> None:
    need_part(shutil.which("bwrap") is not None, "bubblewrap")
    first = _start_tree(tmp_path / "first")
    tool = toolchain_digest(_python_toolchain())
    tree = root_tree(first)
    solved = (CORPUS / "python_pass_prime_guard_clause" / "solution.py").read_bytes()
    cache = OutcomeCache(vault)
    (outcome_id,) = cache.remember(ValidatedOutcome(
        task_id="task-1", goal=GOAL, tree_hash=tree, toolchain=tool, gate_check="gate-1",
        changes=[["solution.py", vault.session.blobs.put(solved), 0o100644]]))

    # the same starting tree elsewhere: .git and the guard's hook settings do not count
    second = _start_tree(tmp_path / "second")
    (second / ".git" / "config").write_text("[core]\n\tbare = false\n")
    (second / ".claude").mkdir()
    (second / ".claude" / "settings.json").write_text("{}")
    assert root_tree(second) == tree
    hit = cache.find("  write IS_PRIME(n) in solution.py, so that the tests pass!", tree, tool)
    assert hit is not None and hit.outcome_id == outcome_id and hit.how == "exact"
    replay = cache.replay(hit, second, task_id="task-2", gate=_gate(vault))
    assert replay.reused and replay.reason == "reused a validated cached outcome"
    assert (second / "solution.py").read_bytes() == solved
    (reused,) = _events(vault, CachedOutcome.Reused.TOPIC)
    assert (reused.task_id, reused.gate_check, reused.how) == ("task-2", replay.gate_check, "exact")
    verdicts = [e for e in _events(vault, GateCheck.VerdictRecorded.TOPIC) if str(e.originator_id) == replay.gate_check]
    assert [v.verdict for v in verdicts] == ["pass"]  # a fresh gate pass, recorded
    assert _events(vault, Run.ConnectorCalled.TOPIC) == []  # and no model call at all

    # a different starting tree is never a hit, whatever the goal says
    (second / "solution.py").write_bytes(STUB)
    (second / "notes.txt").write_text("one more file")
    assert cache.find(GOAL, root_tree(second), tool) is None
    assert cache.find(GOAL, tree, "c" * 64) is None  # nor another toolchain


def test_a_cached_outcome_that_no_longer_passes_is_invalidated_and_the_goal_worked_afresh(vault: Vault,
                                                                                          tmp_path: Path) -> None:
    need_part(shutil.which("bwrap") is not None, "bubblewrap")
    root = _start_tree(tmp_path / "root")
    tool = toolchain_digest(_python_toolchain())
    tree = root_tree(root)
    wrong = b"def is_prime(n):\n    return n > 1\n"  # what passed once, under a test since made stricter
    cache = OutcomeCache(vault)
    (outcome_id,) = cache.remember(ValidatedOutcome(task_id="task-1", goal=GOAL, tree_hash=tree, toolchain=tool,
                                                 gate_check="gate-1",
                                                 changes=[["solution.py", vault.session.blobs.put(wrong), 0o100644],
                                                          ["extra/new.txt", vault.session.blobs.put(b"x"), 0o100644]]))
    hit = cache.find(GOAL, tree, tool)
    assert hit is not None
    replay = cache.replay(hit, root, task_id="task-2", gate=_gate(vault))
    assert not replay.reused and "did not pass" in replay.reason
    assert root_tree(root) == tree and (root / "solution.py").read_bytes() == STUB  # put back as it was
    (invalidated,) = _events(vault, CachedOutcome.Invalidated.TOPIC)
    assert str(invalidated.originator_id) == outcome_id and invalidated.task_id == "task-2"
    assert _events(vault, CachedOutcome.Reused.TOPIC) == []
    assert cache.find(GOAL, tree, tool) is None  # worked afresh from now on
    vault.rebuild()
    assert cache.find(GOAL, tree, tool) is None  # and the view rebuilt from the log agrees


def test_a_gate_that_cannot_run_is_never_a_reuse(vault: Vault, tmp_path: Path) -> None:
    root = _start_tree(tmp_path / "root")
    tree = root_tree(root)
    cache = OutcomeCache(vault)
    cache.remember(ValidatedOutcome("task-1", GOAL, tree, TOOL, [["solution.py", vault.session.blobs.put(b"x"), 0o100644]],
                                    "gate-1"))

    def broken(_: Path) -> GateResult:
        raise RuntimeError("sandbox unavailable")

    replay = cache.replay(cache.find(GOAL, tree, TOOL), root, task_id="t", gate=broken)
    assert not replay.reused and "could not run" in replay.reason and root_tree(root) == tree


def test_the_polarity_corpus_gives_no_false_replay(vault: Vault) -> None:
    pairs = polarity_pairs() + list(NEGATIONS)
    assert len(pairs) >= 200
    cache = OutcomeCache(vault)
    blob = vault.session.blobs.put(b"changed")
    trees = {"goal": "1" * 64, "twin": "2" * 64}
    # each side cached in its own tree, so a twin meets exactly its goal
    cache.remember(*(ValidatedOutcome(f"task-{uuid.uuid4()}", text, trees[side], TOOL, [["f.txt", blob, 0o100644]],
                                      "gate") for goal, twin in pairs for side, text in (("goal", goal), ("twin", twin))))
    false_replays, near_by_cosine = [], 0
    for goal, twin in pairs:
        for asked, tree, cached in ((twin, trees["goal"], goal), (goal, trees["twin"], twin)):
            considered = cache.candidates(asked, tree, TOOL)
            near_by_cosine += any(o.goal == cached and o.similarity >= 0.9 for o, _ in considered)
            hit = cache.find(asked, tree, TOOL)
            if hit is not None:
                false_replays.append((asked, hit.goal))
    print(f"polarity corpus: {len(pairs)} pairs, {near_by_cosine} of {2 * len(pairs)} lookups had the twin "
          f"within cosine 0.9, {len(false_replays)} false replays")
    assert false_replays == []
    assert near_by_cosine >= len(pairs) // 4  # cosine alone would have replayed these
    # while the goal itself is still a hit, in its own tree
    assert all(cache.find(goal, trees["goal"], TOOL) is not None for goal, _ in pairs[::20])


def test_paraphrases_in_function_words_are_one_goal() -> None:
    for a, b in PARAPHRASES:
        assert content_words(a) == content_words(b), (a, b)
        assert judge(a, b, similarity=0.95, same_tree=True, same_toolchain=True).hit
    assert not judge(*PARAPHRASES[1], similarity=0.5, same_tree=True, same_toolchain=True).hit
    assert not judge(GOAL, GOAL, similarity=1.0, same_tree=False, same_toolchain=True).hit
    assert not judge("accept commas", "reject commas", similarity=float("nan"), same_tree=True,
                     same_toolchain=True).hit


def test_a_failed_goal_is_never_cached_and_a_change_cannot_leave_the_root(vault: Vault, tmp_path: Path) -> None:
    with pytest.raises(OutcomeError, match="only a task that reached DONE"):
        CachedOutcome.cache(outcome_id=uuid.uuid4(), at=StepClock().now(), goal=GOAL, tree_hash=TREE_A, toolchain=TOOL,
                            changes=[["a", None, 0]], diff_blob=None, task_id="t", gate_check="g", validated=False)
    for path in ("../escape.txt", "/etc/passwd", ".git/hooks/post-checkout", "a/../../b", ""):
        with pytest.raises(OutcomeError):
            CachedOutcome.cache(outcome_id=uuid.uuid4(), at=StepClock().now(), goal=GOAL, tree_hash=TREE_A,
                                toolchain=TOOL, changes=[[path, None, 0]], diff_blob=None, task_id="t",
                                gate_check="g", validated=True)
    # a symlink planted in the root is not followed when the changes are written
    root = tmp_path / "root"
    root.mkdir()
    outside = tmp_path / "outside"
    outside.mkdir()
    (root / "link").symlink_to(outside)
    blob = vault.session.blobs.put(b"payload")
    with pytest.raises(Exception, match="could not be written"):
        apply_changes(root, [["link/file.txt", blob, 0o100644]], vault.session.blobs.get)
    assert list(outside.iterdir()) == []
