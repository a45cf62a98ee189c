"""The cache of validated outcomes: which goals count as the same, and the events that record it.

A task that reached DONE through a gate pass leaves a validated outcome: its goal, the worker
root's tree hash at the start (before the guard was armed, without ``.git`` and Overlord's
own hook files), the digest of the gate's toolchain, and the changes it made (each file's
path, new blob and mode). Before the Council spends anything on a goal it asks the cache for
a hit; a hit is replayed (the changes written into the new root) and the gate runs again:
only that fresh pass makes the task DONE.

What counts as the same goal (:func:`judge`):

1. the same starting tree and the same toolchain, always (a different tree is a different
   problem, whatever its goal says);
2. then either the same normalized text (:func:`normalize_goal`: case, spacing, punctuation
   and Unicode forms folded), or a goal whose embedding is near (cosine at least
   :data:`NEAR_COSINE`) *and* whose content words are the same set (:func:`content_words`).

The content-word check is what makes the near case safe: cosine alone cannot tell "make the
parser accept trailing commas" from "... reject ..." (0.865 here, above a true paraphrase's
0.817), nor "sum" from "product". Words that carry polarity, direction, quantity or negation
(not, without, before, after, up, down, on, off, all, none, first, last, numbers, ...) are
content words here; only articles, pronouns, politeness and auxiliaries are not. A near goal
that differs in any other word is not a hit: the cache prefers a miss (paying for work) to a
false replay.

Pure: no I/O, no clock.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate

from overlord.domain.events import triggers
from overlord.errors import OverlordError

NEAR_COSINE = 0.9
"""The least cosine similarity of two goals' embeddings for a near hit (with equal content words)."""

FUNCTION_WORDS = frozenset("""a an the this that these those it its it's please kindly just so then
i me my we us our you your they them their he she his her
is are was were be been being am do does did can could should would will shall must may might
of to for with by at as from into onto
and also
make ensure let lets get
""".split())
"""Words that do not change what a goal asks for. Deliberately short: a word left out of this
set makes two goals differ (a miss), never the same (a false replay)."""

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*", re.UNICODE)


class OutcomeError(OverlordError):
    """A cached outcome that cannot be recorded (not validated, no changes, a bad field)."""


def normalize_goal(text: str) -> str:
    """``text`` with Unicode compatibility forms folded (NFKC), lower case, words kept and
    joined by single spaces: punctuation, quotes and spacing do not make two goals differ."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(_WORD.findall(folded))


def _stem(word: str) -> str:
    """A plural or third-person ``s`` dropped (``commas`` -> ``comma``, ``accepts`` ->
    ``accept``), nothing else: stemming further would merge words that differ."""
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def content_words(text: str) -> frozenset[str]:
    """The words of ``text`` that say what is asked (see the module docstring): its normalized
    words less :data:`FUNCTION_WORDS`, each with a plural ``s`` dropped."""
    return frozenset(_stem(w) for w in normalize_goal(text).split() if w not in FUNCTION_WORDS)


@dataclass(frozen=True)
class Judgement:
    """Whether a cached goal is a hit for a new one: ``hit``, ``how`` (``exact``, ``near``, or
    ``None``) and ``reason`` (why not, in words)."""

    hit: bool
    how: str | None
    reason: str


def judge(goal: str, cached_goal: str, *, similarity: float, same_tree: bool, same_toolchain: bool,
          near_cosine: float = NEAR_COSINE) -> Judgement:
    """Whether ``cached_goal`` (whose embedding has cosine ``similarity`` to ``goal``'s) is a hit.

    Fails closed: a similarity that is not a number below or equal to 1 is never near."""
    if not same_tree:
        return Judgement(False, None, "the worker root differs from the cached outcome's starting tree")
    if not same_toolchain:
        return Judgement(False, None, "the gate's toolchain differs from the cached outcome's")
    if normalize_goal(goal) == normalize_goal(cached_goal) and normalize_goal(goal):
        return Judgement(True, "exact", "the same goal")
    if not (isinstance(similarity, float | int) and near_cosine <= similarity <= 1.0 + 1e-6):
        return Judgement(False, None, f"the goals are not near (cosine {similarity:.3f} < {near_cosine})"
                         if isinstance(similarity, float | int) else "the goals' similarity is unknown")
    mine, theirs = content_words(goal), content_words(cached_goal)
    if mine != theirs:
        differ = sorted(mine ^ theirs)
        return Judgement(False, None, f"near (cosine {similarity:.3f}) but a content word differs: "
                                      f"{', '.join(differ[:6])}")
    return Judgement(True, "near", f"near (cosine {similarity:.3f}) with the same content words")


Change = tuple[str, "str | None", int]
"""One file the outcome changed: relative POSIX path, new blob (``None``: deleted), git-style mode."""


def check_changes(changes: Sequence[Sequence[Any]]) -> list[list[Any]]:
    """``changes`` as ``[[path, blob or None, mode], ...]`` sorted by path, each path relative,
    inside the root and outside ``.git``; blobs 64 lowercase hex digits.

    Raises:
        OutcomeError: a change is malformed, escapes the root, or touches ``.git``.
    """
    out: list[list[Any]] = []
    for change in changes:
        if not isinstance(change, list | tuple) or len(change) != 3:
            raise OutcomeError(f"a cached change is not (path, blob, mode): {change!r:.80}")
        path, blob, mode = change
        if not isinstance(path, str) or not path or path.startswith("/") or "\x00" in path or "\\" in path:
            raise OutcomeError(f"a cached change names a path that is not relative: {path!r:.80}")
        parts = path.split("/")
        if any(p in ("", ".", "..") for p in parts) or ".git" in parts:
            raise OutcomeError(f"a cached change names a path outside the root or inside .git: {path!r:.80}")
        if blob is not None and not (isinstance(blob, str) and re.fullmatch(r"[0-9a-f]{64}", blob)):
            raise OutcomeError(f"a cached change of {path!r:.80} names a blob that is not a SHA-256")
        if not isinstance(mode, int) or isinstance(mode, bool) or mode not in (0, 0o100644, 0o100755, 0o120000):
            raise OutcomeError(f"a cached change of {path!r:.80} has mode {mode!r}")
        out.append([path, blob, mode])
    return sorted(out, key=lambda c: str(c[0]).encode())


class CachedOutcome(Aggregate):
    """One validated outcome in the cache. State: whether it is still valid, and how often it
    was reused."""

    TOPIC = "overlord.outcomes.CachedOutcome"

    class Event(Aggregate.Event):
        """An event of a cached outcome (the base of the events below; never stored itself)."""

    class Created(Event, Aggregate.Created):
        """``OutcomeCached``: task ``task_id`` reached DONE through gate check ``gate_check``
        (``validated`` is always true: a goal that failed is never cached). ``goal`` as asked
        and ``normalized``; ``tree_hash``: the worker root at the start, before the guard was
        armed (without ``.git`` and Overlord's hook files); ``toolchain``: the digest of the
        gate's toolchain; ``changes``: ``[path, blob or None, mode]`` for each file the task
        changed; ``diff_blob``: the unified diff for people (or ``None``)."""

        TOPIC = "overlord.outcomes.Cached"

        goal: str
        normalized: str
        tree_hash: str
        toolchain: str
        changes: list[list[Any]]
        diff_blob: str | None
        task_id: str
        gate_check: str
        validated: bool

        def summary(self) -> str:
            """One line for people."""
            return (f"outcome cached from task {self.task_id[:8]} (gate check {self.gate_check[:8]}): "
                    f"{len(self.changes)} file(s) for tree {self.tree_hash[:12]}")

    class Reused(Event):
        """The outcome was replayed for task ``task_id`` (matched ``how``: ``exact`` or
        ``near``) and the fresh gate check ``gate_check`` passed: no model was called."""

        TOPIC = "overlord.outcomes.Reused"

        task_id: str
        gate_check: str
        how: str

        def apply(self, aggregate: CachedOutcome) -> None:
            """One more reuse."""
            aggregate.reuses += 1

        def summary(self) -> str:
            """One line for people."""
            return f"reused a validated cached outcome for task {self.task_id[:8]} ({self.how} match, gate pass)"

    reused = triggers(Reused)

    class Invalidated(Event):
        """The outcome no longer holds: replayed for task ``task_id``, its fresh gate check
        ``gate_check`` did not pass (``reason``); it is never offered again."""

        TOPIC = "overlord.outcomes.Invalidated"

        task_id: str
        gate_check: str
        reason: str

        def apply(self, aggregate: CachedOutcome) -> None:
            """No longer valid."""
            aggregate.valid = False

        def summary(self) -> str:
            """One line for people."""
            return f"cached outcome invalidated: {self.reason}"

    def __init__(self, goal: str, normalized: str, tree_hash: str, toolchain: str, changes: list[list[Any]],
                 diff_blob: str | None, task_id: str, gate_check: str, validated: bool) -> None:
        self.goal = goal
        self.tree_hash = tree_hash
        self.toolchain = toolchain
        self.changes = changes
        self.diff_blob = diff_blob
        self.task_id = task_id
        self.gate_check = gate_check
        self.valid = validated
        self.reuses = 0

    @classmethod
    def cache(cls, *, outcome_id: UUID, at: datetime, goal: str, tree_hash: str, toolchain: str,
              changes: Sequence[Sequence[Any]], diff_blob: str | None, task_id: str, gate_check: str,
              validated: bool) -> CachedOutcome:
        """Record a validated outcome (``OutcomeCached``).

        Raises:
            OutcomeError: ``validated`` is false (a failed goal is never cached), the goal is
                empty, there are no changes, or a change or hash is malformed.
        """
        if validated is not True:
            raise OutcomeError("only a task that reached DONE through a gate pass is cached",
                               "a goal that failed is worked afresh next time")
        if not normalize_goal(goal):
            raise OutcomeError("a cached outcome needs a goal")
        for name, value in (("tree_hash", tree_hash), ("toolchain", toolchain)):
            if not re.fullmatch(r"[0-9a-f]{64}", value or ""):
                raise OutcomeError(f"a cached outcome's {name} is not a SHA-256")
        checked = check_changes(changes)
        if not checked:
            raise OutcomeError("a cached outcome that changed nothing replays nothing", "it is not cached")
        return cls._create(cls.Created, id=outcome_id, timestamp=at, goal=goal, normalized=normalize_goal(goal),
                           tree_hash=tree_hash, toolchain=toolchain, changes=checked, diff_blob=diff_blob,
                           task_id=task_id, gate_check=gate_check, validated=True)

    def invalidate(self, *, task_id: str, gate_check: str, reason: str, at: datetime) -> None:
        """Record that a replay's gate check failed (``Invalidated``); once only.

        Raises:
            OutcomeError: it was invalidated already.
        """
        if not self.valid:
            raise OutcomeError(f"cached outcome {self.id} was invalidated already")
        self.trigger_event(self.Invalidated, timestamp=at, task_id=task_id, gate_check=gate_check, reason=reason[:500])


OUTCOME_TOPICS = frozenset({CachedOutcome.Created.TOPIC, CachedOutcome.Invalidated.TOPIC})
"""The topics the vault's outcome table is built from."""
