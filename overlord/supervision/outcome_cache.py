"""The cache of validated outcomes, as the Council uses it: remember, find, replay.

The seam the Council's loop calls (``overlord.supervision.council``):

1. before the guard is armed, ``tree = root_tree(root)`` and ``tool = toolchain_digest(tc)``
   (:mod:`overlord.adapters.vault.tree`);
2. before it spends anything, ``hit = cache.find(goal, tree, tool)``; on a hit,
   ``cache.replay(hit, root, task_id=..., gate=...)`` writes the cached changes into the root
   and runs ``gate`` (the Council's own gate run, which records its ``GateCheck``). Only a
   pass is a reuse (``Reused``: the task is DONE, "reused a validated cached outcome", with
   no model call); a failure is ``Invalidated``, the root is put back as it was, and the goal
   is worked afresh;
3. when a task reaches DONE through a gate pass, ``cache.remember(ValidatedOutcome(...))``.

With no vault (no secret store yet, or a locked one), there is no cache: :func:`open_cache`
says why (a :class:`CacheSkipped` with the reason) and the Council records that it worked
without memory and cache.

Every change here is an event (``OutcomeCached``, ``Reused``, ``Invalidated``) saved through
the ledger; the vault's database catches up from them like every other row.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from overlord.adapters.vault.tree import apply_changes, restore
from overlord.domain.outcomes import CachedOutcome, Judgement, OutcomeError, judge, normalize_goal
from overlord.errors import OverlordError
from overlord.supervision.vault import Vault


@dataclass(frozen=True)
class ValidatedOutcome:
    """What a task that reached DONE through a gate pass leaves for the cache: its goal, the
    worker root's tree hash at the start and the toolchain digest, the changes it made
    (``[path, blob or None, mode]``, blobs in the ledger's blob store), the unified diff's
    blob for people, the task and the passing gate check."""

    task_id: str
    goal: str
    tree_hash: str
    toolchain: str
    changes: Sequence[Sequence[Any]]
    gate_check: str
    diff_blob: str | None = None


@dataclass(frozen=True)
class CacheHit:
    """A cached outcome that matches a goal: ``how`` (``exact`` or ``near``), the cosine
    ``similarity`` of the goals, and the changes to replay."""

    outcome_id: str
    goal: str
    how: str
    similarity: float
    changes: list[list[Any]]
    reason: str


@dataclass(frozen=True)
class GateResult:
    """What the Council's gate run on the replayed root said: ``passed``, its gate check id,
    and the verdict's reason."""

    passed: bool
    gate_check: str
    reason: str


@dataclass(frozen=True)
class Replay:
    """A replay's result: ``reused`` (the fresh gate run passed: DONE with no model call), the
    outcome, how it matched, the gate check, and the reason in words."""

    reused: bool
    outcome_id: str
    how: str
    gate_check: str
    reason: str

    LABEL = "reused a validated cached outcome"


class CacheSkipped(OverlordError):
    """There is no cache to use (no vault): ``reason`` says why; the Council records it."""


class OutcomeCache:
    """The cache of one vault (see the module docstring)."""

    def __init__(self, vault: Vault) -> None:
        self.vault = vault

    def remember(self, *outcomes: ValidatedOutcome) -> list[str]:
        """Record validated outcomes (``OutcomeCached``, in one ledger write); returns their ids.

        Raises:
            OutcomeError: one changed nothing, or a field is malformed (nothing is recorded).
        """
        cached = [CachedOutcome.cache(outcome_id=uuid.uuid4(), at=self.vault.clock.now(), goal=o.goal,
                                      tree_hash=o.tree_hash, toolchain=o.toolchain, changes=o.changes,
                                      diff_blob=o.diff_blob, task_id=o.task_id, gate_check=o.gate_check,
                                      validated=True) for o in outcomes]
        if cached:
            self.vault.session.ledger.append(*cached)
            self.vault.catch_up()
        return [str(c.id) for c in cached]

    def find(self, goal: str, tree_hash: str, toolchain: str) -> CacheHit | None:
        """A valid cached outcome for ``goal`` in this starting tree under this toolchain, or
        ``None`` (see :func:`overlord.domain.outcomes.judge`)."""
        judged = self.candidates(goal, tree_hash, toolchain)
        for outcome, verdict in judged:
            if verdict.hit:
                return CacheHit(outcome.outcome_id, outcome.goal, verdict.how or "", outcome.similarity,
                                json.loads(outcome.diff), verdict.reason)
        return None

    def candidates(self, goal: str, tree_hash: str, toolchain: str, *, k: int = 5) -> list[tuple[Any, Judgement]]:
        """Each outcome considered for ``goal`` (the exact match, then the nearest ``k`` for this
        tree and toolchain) with its judgement."""
        db = self.vault.db
        out: list[tuple[Any, Judgement]] = []
        exact = db.outcome_exact(normalize_goal(goal), tree_hash, toolchain)
        if exact is not None:
            out.append((exact, judge(goal, exact.goal, similarity=1.0, same_tree=exact.tree_hash == tree_hash,
                                     same_toolchain=exact.toolchain == toolchain)))
        vector = self.vault.embedder.embed([goal])[0]
        for near in db.outcome_near(vector, tree_hash, toolchain, k=k):
            if exact is not None and near.outcome_id == exact.outcome_id:
                continue
            out.append((near, judge(goal, near.goal, similarity=near.similarity,
                                    same_tree=near.tree_hash == tree_hash, same_toolchain=near.toolchain == toolchain)))
        return out

    def replay(self, hit: CacheHit, root: Path, *, task_id: str, gate: Callable[[Path], GateResult]) -> Replay:
        """Write the hit's changes into ``root``, run ``gate`` on it: a pass is ``Reused``; a
        failure (or a gate that raises, or changes that cannot be written) is ``Invalidated``
        and the root is put back as it was, so the goal is worked afresh."""
        try:
            replaced = apply_changes(root, hit.changes, self.vault.session.blobs.get)
        except OverlordError as e:
            return self._invalidate(hit, task_id, "", f"the cached changes could not be replayed: {e.message}")
        try:
            result = gate(root)
        except Exception as e:  # noqa: BLE001 - whatever stops the gate, it is never a pass
            result = GateResult(False, "", f"the gate could not run: {e}")
        if not result.passed:
            restore(root, replaced)
            return self._invalidate(hit, task_id, result.gate_check, f"the fresh gate run did not pass: {result.reason}")
        item: CachedOutcome = self.vault.session.ledger.get(uuid.UUID(hit.outcome_id))
        item.reused(task_id=task_id, gate_check=result.gate_check, how=hit.how, at=self.vault.clock.now())
        self.vault.session.ledger.append(item)
        return Replay(True, hit.outcome_id, hit.how, result.gate_check, Replay.LABEL)

    def _invalidate(self, hit: CacheHit, task_id: str, gate_check: str, reason: str) -> Replay:
        item: CachedOutcome = self.vault.session.ledger.get(uuid.UUID(hit.outcome_id))
        try:
            item.invalidate(task_id=task_id, gate_check=gate_check, reason=reason, at=self.vault.clock.now())
        except OutcomeError:
            pass  # invalidated meanwhile by another worker: it is out of the cache either way
        else:
            self.vault.session.ledger.append(item)
        self.vault.catch_up()
        return Replay(False, hit.outcome_id, hit.how, gate_check, reason)
