"""The Vault's rules: labels and clearance, what an item is, and the events that record it.

Pure: no I/O, no clock (times are passed in), no third-party code but eventsourcing's
aggregate. The adapter (:mod:`overlord.adapters.vault`) stores and searches; this module
says what may be stored and who may read it.

Labels, lowest first: ``PUBLIC`` < ``INTERNAL`` < ``CONFIDENTIAL`` < ``SECRET``. Roles and
their clearance: ``viewer`` reads up to PUBLIC, ``user`` up to CONFIDENTIAL, ``admin`` up to
SECRET; any other role reads nothing (:data:`NO_CLEARANCE`). A label given by a person must be
one of the four names (:func:`parse_label` refuses anything else); a label read back from a
record that cannot be parsed counts as SECRET (:func:`stored_label`): a damaged label can only
hide an item, never expose it.

Events, each its own stream (so concurrent writers never conflict):

* :class:`MemoryItem` ``Accepted`` (``MemoryAccepted``): an item passed the intake gate. It
  carries a keyed content hash, the label, provenance and the text only as a blob encrypted
  with the vault's key, never in the clear; ``Folded`` when a summary took its place,
  ``Removed`` when ``overlord memory rm`` took it out.
* :class:`MemoryRefusal` (``MemoryRefused``): the gate refused a submission at ``stage`` for
  ``reason``. A refusal is a record, not an error.
* :class:`MemoryRetrieval` (``MemoryRetrieved``): what the context provider gave an agent.
* :class:`MemoryCompaction` (``CompactionSkipped``): a compaction pass that could not run, and
  why.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import IntEnum
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate

from overlord.errors import OverlordError


class Label(IntEnum):
    """An item's sensitivity; a higher value needs a higher clearance."""

    PUBLIC = 0
    INTERNAL = 1
    CONFIDENTIAL = 2
    SECRET = 3


LABELS: tuple[str, ...] = tuple(label.name for label in Label)
"""The label names, lowest first."""
ROLES: Mapping[str, Label] = {"viewer": Label.PUBLIC, "user": Label.CONFIDENTIAL, "admin": Label.SECRET}
"""Each known role and the highest label it may read."""
NO_CLEARANCE = -1
"""The clearance of an unknown role: below every label, so it reads nothing."""

MAX_ITEM_BYTES = 256 * 1024
"""The largest submission the intake gate takes (UTF-8 bytes, before chunking)."""
CHUNK_CHARS = 2000
"""A chunk's target size in characters (a paragraph, a function, a section longer than this is cut)."""
DEFAULT_RATE_PER_MINUTE = 240
"""The intake gate's default: items one source may add in any 60 seconds."""
CONTENT_TYPES = ("text", "markdown", "code", "json", "log")
"""The content types the chunker knows."""
SUMMARIZED_BY = "overlord.summarizer"


class VaultInputError(OverlordError):
    """Bad input to the vault: an unknown label, an empty or oversized item, a bad role or id."""


def parse_label(text: str) -> Label:
    """The label a person named (case-insensitive).

    Raises:
        VaultInputError: it is not one of PUBLIC, INTERNAL, CONFIDENTIAL, SECRET.
    """
    name = text.strip().upper() if isinstance(text, str) else ""
    if name not in LABELS:
        raise VaultInputError(f"unknown label {text!r}", f"use one of {', '.join(LABELS)}")
    return Label[name]


def stored_label(value: object) -> Label:
    """The label of a stored record: its name or number when it is one, else SECRET (an
    unparseable label never lowers what is needed to read the item)."""
    if isinstance(value, Label):
        return value
    if isinstance(value, str) and value.strip().upper() in LABELS:
        return Label[value.strip().upper()]
    if isinstance(value, int) and not isinstance(value, bool) and value in tuple(Label):
        return Label(value)
    return Label.SECRET


def clearance(role: object) -> int:
    """The highest label value ``role`` may read, or :data:`NO_CLEARANCE` (-1) for a role that
    is not ``viewer``, ``user`` or ``admin`` (exact names: ``Admin`` is unknown)."""
    if isinstance(role, str) and role in ROLES:
        return int(ROLES[role])
    return NO_CLEARANCE


def may_read(role: object, label: object) -> bool:
    """Whether ``role`` may read an item labelled ``label`` (read as :func:`stored_label`)."""
    return int(stored_label(label)) <= clearance(role)


def highest(labels: Iterable[object]) -> Label:
    """The highest of ``labels`` (each read as :func:`stored_label`); SECRET for none."""
    found = [stored_label(label) for label in labels]
    return max(found) if found else Label.SECRET


# -- the submission --------------------------------------------------------------------


@dataclass(frozen=True)
class Provenance:
    """Where an item came from: ``source`` (``cli``, ``run``, ``task``, ``summary``, ...), the
    ledger event it was made from (``source_event``: ``stream:version``), the run and the tool
    call it belongs to. Every field but ``source`` may be empty."""

    source: str
    source_event: str = ""
    run_id: str = ""
    tool_call: str = ""


@dataclass(frozen=True)
class Submission:
    """What is offered to the intake gate: the text, the label asked for (a name: checked by
    the gate), the content type (``None``: detected), provenance, and for a summary the ids of
    its sources, the label floor they set (their highest) and its ladder ``level``."""

    text: str
    label: str
    provenance: Provenance
    content_type: str | None = None
    sources: tuple[str, ...] = ()
    floor: Label = Label.PUBLIC
    level: int = 0


@dataclass(frozen=True)
class Refused:
    """A submission the gate refused: the ``stage`` (validate, rate, seal) and the ``reason``."""

    stage: str
    reason: str


def validate(sub: Submission) -> tuple[Label, str] | Refused:
    """``(label, content type)`` for a submission that may go on, else why not.

    Refused at ``validate``: an unknown label, an empty or whitespace-only text, a text over
    :data:`MAX_ITEM_BYTES`, a NUL byte, an unknown content type, an empty source."""
    try:
        label = parse_label(sub.label)
    except VaultInputError as e:
        return Refused("validate", e.message)
    if not isinstance(sub.text, str) or not sub.text.strip():
        return Refused("validate", "the item is empty")
    try:
        size = len(sub.text.encode("utf-8"))
    except UnicodeEncodeError:
        return Refused("validate", "the item is not valid UTF-8 text")
    if size > MAX_ITEM_BYTES:
        return Refused("validate", f"the item is {size} bytes, over the limit of {MAX_ITEM_BYTES}")
    if "\x00" in sub.text:
        return Refused("validate", "the item holds a NUL byte")
    if not sub.provenance.source:
        return Refused("validate", "the item names no source")
    kind = sub.content_type or detect_content_type(sub.text)
    if kind not in CONTENT_TYPES:
        return Refused("validate", f"unknown content type {kind!r} (known: {', '.join(CONTENT_TYPES)})")
    return max(label, sub.floor), kind


# -- the contamination scan -------------------------------------------------------------

_CONTAMINATION = tuple(re.compile(p, re.IGNORECASE) for p in (
    r"\b(ignore|disregard|forget|override)\b.{0,40}\b(previous|prior|above|earlier|all|your|the)\b.{0,20}"
    r"\b(instructions?|prompts?|rules|directions|guidelines)\b",
    r"\byou are now\b",
    r"\b(new|updated|real|hidden)\s+(system\s+)?(instructions?|prompt)\b",
    r"\bsystem\s*prompt\b",
    r"<\s*/?\s*(system|assistant|instructions?)\s*>",
    r"^\s*(system|assistant)\s*:",
    r"\b(as|you are) an? (ai|language model|assistant|agent)\b.{0,60}\b(must|should|will)\b",
    r"\b(do not|don't|never) (tell|inform|mention|reveal)\b.{0,40}\b(user|owner|human|operator)\b",
    r"\b(run|execute)\s+(the following|this)\s+(command|script|code)\b",
    r"\b(exfiltrate|send|upload|post)\b.{0,40}\b(keys?|secrets?|credentials?|tokens?|passwords?)\b.{0,40}\bto\b",
    r"\bdisable\b.{0,30}\b(guard|hook|sandbox|safety|monitoring)\b",
))


def contamination(text: str) -> list[str]:
    """The instructions-to-an-agent patterns ``text`` matches (their index as ``inject:N``);
    empty for clean text. Text that addresses an agent is stored, marked, and never handed
    to an agent by the context provider."""
    return [f"inject:{i}" for i, p in enumerate(_CONTAMINATION) if p.search(text)]


# -- the chunker --------------------------------------------------------------------------

_CODE_LINE = re.compile(r"^(def |class |import |from \S+ import |function |const |let |var |fn |func |package |"
                        r"#include|public |private |async def |@\w+)", re.MULTILINE)
_HEADING = re.compile(r"^#{1,6} \S", re.MULTILINE)
_LOG_LINE = re.compile(r"^(\d{4}-\d\d-\d\d[T ]\d\d:\d\d|\[\d|\w+ \d+ \d\d:\d\d:\d\d|(DEBUG|INFO|WARN|WARNING|ERROR)\b)")


def detect_content_type(text: str) -> str:
    """``json`` (an object or array), ``markdown`` (headings), ``code`` (definitions and
    imports), ``log`` (most lines start with a time or a level), else ``text``."""
    stripped = text.strip()
    if stripped[:1] in "{[" and stripped[-1:] in "}]":
        return "json"
    lines = [line for line in text.splitlines() if line.strip()]
    if lines and sum(1 for line in lines if _LOG_LINE.match(line)) * 2 > len(lines):
        return "log"
    if _HEADING.search(text):
        return "markdown"
    if len(_CODE_LINE.findall(text)) >= 1 and ("(" in text or ":" in text or "{" in text):
        return "code"
    return "text"


def chunk(text: str, content_type: str, *, size: int = CHUNK_CHARS) -> list[str]:
    """``text`` cut into pieces of at most ``size`` characters on the boundaries of its type:
    paragraphs for text, sections for markdown, top-level definitions for code, groups of
    lines for logs, the whole document for JSON (cut by lines when it is too long). Pieces
    keep their text exactly: joined with the separators they were cut on, they give back
    the text (less surrounding blank space)."""
    text = text.strip()
    if len(text) <= size:
        return [text]
    if content_type == "markdown":
        parts = _split_before(text, _HEADING)
    elif content_type == "code":
        parts = _split_before(text, re.compile(r"^(?=\S)(?!\s*[)\]}])", re.MULTILINE), keep_short=True)
    elif content_type in ("log", "json"):
        parts = text.split("\n")
    else:
        parts = re.split(r"\n\s*\n", text)
    pieces: list[str] = []
    current = ""
    for part in (p.strip("\n") for p in parts):
        if not part.strip():
            continue
        for piece in _cut(part, size):
            if current and len(current) + 1 + len(piece) > size:
                pieces.append(current)
                current = piece
            else:
                current = f"{current}\n{piece}" if current else piece
    if current:
        pieces.append(current)
    return [p.strip() for p in pieces if p.strip()]


def _split_before(text: str, pattern: re.Pattern[str], *, keep_short: bool = False) -> list[str]:
    starts = sorted({m.start() for m in pattern.finditer(text)} | {0})
    parts = [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]
    return parts if parts else [text]


def _cut(part: str, size: int) -> list[str]:
    """A part longer than ``size`` cut on whitespace (hard cut when a word is longer)."""
    out: list[str] = []
    while len(part) > size:
        at = part.rfind(" ", 0, size)
        at = at if at > size // 2 else size
        out.append(part[:at])
        part = part[at:].lstrip(" ")
    if part:
        out.append(part)
    return out


# -- the rate limit ---------------------------------------------------------------------


@dataclass(frozen=True)
class RateLimit:
    """At most ``per_minute`` items from one source in any 60 seconds (``None``: no limit)."""

    per_minute: int | None = DEFAULT_RATE_PER_MINUTE

    def admits(self, recent: int, adding: int) -> bool:
        """Whether ``adding`` more items may join the ``recent`` ones of the last 60 seconds."""
        return self.per_minute is None or recent + adding <= self.per_minute


# -- reading: fused ranks, the budget -------------------------------------------------------

RRF_K = 60
"""The reciprocal-rank-fusion constant (Cormack, Clarke and Büttcher, SIGIR 2009)."""


def fuse(*rankings: Sequence[int], k: int = RRF_K) -> list[tuple[int, float]]:
    """Reciprocal rank fusion: ``[(row, score)]``, best first, each row's score the sum of
    ``1 / (k + rank)`` over the rankings it appears in (rank 1 first). Ties by row."""
    scores: dict[int, float] = {}
    for ranking in rankings:
        for rank, row in enumerate(ranking, start=1):
            scores[row] = scores.get(row, 0.0) + 1.0 / (k + rank)
    return sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))


CONTEXT_TOKENS = {"claude": 200_000, "gpt": 400_000, "gemini": 1_000_000}
"""A model's context window in tokens, by the start of its name (200,000 when unknown)."""
DEFAULT_CONTEXT_TOKENS = 200_000
BYTES_PER_TOKEN = 4
DEFAULT_BUDGET_PCT = 8.0


def context_tokens(model: str | None) -> int:
    """The context window of ``model`` in tokens (see :data:`CONTEXT_TOKENS`)."""
    for prefix, tokens in CONTEXT_TOKENS.items():
        if model and model.lower().startswith(prefix):
            return tokens
    return DEFAULT_CONTEXT_TOKENS


def budget_bytes(model: str | None, budget_pct: float) -> int:
    """How many bytes of memory a mission may be given: ``budget_pct`` percent of the model's
    context window, at :data:`BYTES_PER_TOKEN` bytes a token."""
    return math.floor(context_tokens(model) * BYTES_PER_TOKEN * budget_pct / 100)


def within_budget(sizes: Sequence[tuple[str, int]], budget: int) -> tuple[list[str], int, int]:
    """``(ids given, withheld count, bytes given)``: the candidates in order (highest relevance
    first), each taken when it still fits in ``budget`` bytes."""
    given: list[str] = []
    used = 0
    for item_id, size in sizes:
        if used + size <= budget:
            given.append(item_id)
            used += size
    return given, len(sizes) - len(given), used


# -- what a run leaves in memory -----------------------------------------------------------


@dataclass(frozen=True)
class RunFacts:
    """What a settled run leaves for memory: its goal, how it settled, the gate's verdict and
    evidence (``None`` when no gate ran), and each denial as ``(tool, denial class, rule's reason)``."""

    run_id: str
    goal: str
    status: str
    stop_code: str
    detail: str
    verdict: str | None = None
    verdict_reason: str = ""
    denials: tuple[tuple[str, str, str], ...] = ()


MAX_DENIALS_SUMMARIZED = 20


def run_summary(facts: RunFacts) -> str:
    """The one note a run leaves: goal, stop code, verdict with the gate's evidence, denials
    with their rules (the first :data:`MAX_DENIALS_SUMMARIZED`, then how many more)."""
    lines = [f"Run {facts.run_id} goal: {' '.join(facts.goal.split())}",
             f"settled {facts.status}, stop code {facts.stop_code}" + (f": {facts.detail}" if facts.detail else "")]
    if facts.verdict is not None:
        lines.append(f"gate verdict {facts.verdict}" + (f": {facts.verdict_reason}" if facts.verdict_reason else ""))
    if facts.denials:
        lines.append(f"{len(facts.denials)} denial(s):")
        lines += [f"- {tool} denied ({kind}): {reason}" for tool, kind, reason in facts.denials[:MAX_DENIALS_SUMMARIZED]]
        if len(facts.denials) > MAX_DENIALS_SUMMARIZED:
            lines.append(f"- and {len(facts.denials) - MAX_DENIALS_SUMMARIZED} more")
    return "\n".join(lines)


# -- the compression ladder ---------------------------------------------------------------

SKIP_REASONS = ("no_summarizer", "below_min_entries", "would_mix_labels")
DEFAULT_MIN_ENTRIES = 8


@dataclass(frozen=True)
class Candidate:
    """An item a compaction pass may fold: its id, label, ladder level (0 for an item, one
    more than its highest source for a summary) and when it was accepted."""

    item_id: str
    label: Label
    level: int
    accepted_at: datetime


@dataclass(frozen=True)
class Fold:
    """One summary to make: the sources (ids, oldest first), its label (their highest) and
    its level."""

    sources: tuple[str, ...]
    label: Label
    level: int


def plan_compaction(candidates: Sequence[Candidate], *, min_entries: int = DEFAULT_MIN_ENTRIES,
                    mix_labels: bool = False, explicit: bool = False,
                    max_sources: int = 32) -> list[Fold] | Refused:
    """The summaries a pass makes of ``candidates``, or why it cannot run.

    Sources are grouped by level and, unless ``mix_labels``, by label; each group of at least
    ``min_entries`` becomes summaries of at most ``max_sources`` sources (oldest first).
    ``explicit``: the candidates were named by a person, so they are one group, and when they
    span labels without ``mix_labels`` the pass refuses (``would_mix_labels``). No group big
    enough: ``below_min_entries``."""
    if min_entries < 2:
        return Refused("compact", "below_min_entries: a summary needs at least 2 sources")
    ordered = sorted(candidates, key=lambda c: (c.accepted_at, c.item_id))
    if explicit:
        labels = {c.label for c in ordered}
        if len(labels) > 1 and not mix_labels:
            names = ", ".join(label.name for label in sorted(labels))
            return Refused("compact", f"would_mix_labels: the items hold labels {names}; pass --mix-labels to fold "
                                      "them into one summary labelled with the highest")
        if len(ordered) < min_entries:
            return Refused("compact", f"below_min_entries: {len(ordered)} items named, {min_entries} needed")
        groups = {(0, Label.PUBLIC): ordered}
    else:
        groups = {}
        for c in ordered:
            groups.setdefault((c.level, Label.PUBLIC if mix_labels else c.label), []).append(c)
    folds: list[Fold] = []
    for (_, _), members in sorted(groups.items()):
        if len(members) < min_entries:
            continue
        for start in range(0, len(members), max_sources):
            part = members[start:start + max_sources]
            if len(part) < min_entries:
                break
            folds.append(Fold(tuple(c.item_id for c in part), highest(c.label for c in part),
                              max(c.level for c in part) + 1))
    if not folds:
        biggest = max((len(m) for m in groups.values()), default=0)
        return Refused("compact", f"below_min_entries: the largest group of foldable items holds {biggest}, "
                                  f"{min_entries} needed")
    return folds


# -- the events -------------------------------------------------------------------------


class MemoryItem(Aggregate):
    """One item of the vault. State: its label, provenance, whether it was folded into a
    summary or removed."""

    TOPIC = "overlord.memory.Item"

    class Event(Aggregate.Event):
        """An event of a memory item (the base of the events below; never stored itself)."""

    class Created(Event, Aggregate.Created):
        """``MemoryAccepted``: the intake gate accepted an item. ``label`` (its name) is the
        label asked for raised by what the gate found (``requested_label``); ``content_hmac``
        is HMAC-SHA256 of the text under the vault's key (a plain hash would let a guess at a
        short secret be checked against the log); ``text_blob`` names the text sealed with
        the vault's key (AES-256-GCM, the item id and label as associated data), never the
        text itself. ``findings`` name what the secret classifier and the contamination scan
        found (kinds, never values); ``contaminated`` marks text that addresses an agent.
        ``chunk_of``/``chunk_index``/``chunks``: the piece of a submission it is. ``kind``
        is ``item`` or ``summary``; a summary names its ``sources`` and ``level``."""

        TOPIC = "overlord.memory.Accepted"

        label: str
        requested_label: str
        content_hmac: str
        text_blob: str
        text_bytes: int
        content_type: str
        source: str
        source_event: str
        run_id: str
        tool_call: str
        chunk_of: str
        chunk_index: int
        chunks: int
        findings: list[str]
        contaminated: bool
        kind: str
        sources: list[str]
        level: int

        def summary(self) -> str:
            """One line for people (never the text)."""
            what = f"summary of {len(self.sources)} items" if self.kind == "summary" else f"{self.content_type} item"
            found = f", found {', '.join(self.findings)}" if self.findings else ""
            return f"memory accepted: {what} labelled {self.label} from {self.source}, {self.text_bytes} bytes{found}"

    class Folded(Event):
        """A summary (``summary_id``) took this item's place in search; ``expand`` gives it back."""

        TOPIC = "overlord.memory.Folded"

        summary_id: str

        def apply(self, aggregate: MemoryItem) -> None:
            """The item now stands behind its summary."""
            aggregate.folded_into = self.summary_id

        def summary(self) -> str:
            """One line for people."""
            return f"memory item folded into summary {self.summary_id}"

    class Removed(Event):
        """``overlord memory rm`` removed the item (``by``: who asked)."""

        TOPIC = "overlord.memory.Removed"

        by: str

        def apply(self, aggregate: MemoryItem) -> None:
            """The item is gone from the vault."""
            aggregate.removed = True

        def summary(self) -> str:
            """One line for people."""
            return f"memory item removed by {self.by}"

    def __init__(self, label: str, requested_label: str, content_hmac: str, text_blob: str, text_bytes: int,
                 content_type: str, source: str, source_event: str, run_id: str, tool_call: str, chunk_of: str,
                 chunk_index: int, chunks: int, findings: list[str], contaminated: bool, kind: str,
                 sources: list[str], level: int) -> None:
        self.label = label
        self.content_hmac = content_hmac
        self.text_blob = text_blob
        self.kind = kind
        self.sources = list(sources)
        self.folded_into: str | None = None
        self.removed = False

    @classmethod
    def accept(cls, *, item_id: UUID, at: datetime, **fields: Any) -> MemoryItem:
        """Record an accepted item (``MemoryAccepted``); ``fields`` are the event's fields.

        Raises:
            VaultInputError: the label is not one of the four names, or the kind is unknown.
        """
        if fields.get("label") not in LABELS:
            raise VaultInputError(f"memory item {item_id}: unknown label {fields.get('label')!r}")
        if fields.get("kind") not in ("item", "summary"):
            raise VaultInputError(f"memory item {item_id}: unknown kind {fields.get('kind')!r}")
        return cls._create(cls.Created, id=item_id, timestamp=at, **fields)

    def fold(self, *, summary_id: str, at: datetime) -> None:
        """Record that ``summary_id`` summarizes this item (``Folded``).

        Raises:
            VaultInputError: the item was removed or is already folded.
        """
        if self.removed or self.folded_into is not None:
            raise VaultInputError(f"memory item {self.id} cannot be folded (removed or folded already)")
        self.trigger_event(self.Folded, timestamp=at, summary_id=summary_id)

    def remove(self, *, by: str, at: datetime) -> None:
        """Record the item's removal (``Removed``).

        Raises:
            VaultInputError: it was removed already.
        """
        if self.removed:
            raise VaultInputError(f"memory item {self.id} was removed already")
        self.trigger_event(self.Removed, timestamp=at, by=by)


class MemoryRefusal(Aggregate):
    """One submission the intake gate refused (a one-event stream)."""

    TOPIC = "overlord.memory.Refusal"

    class Event(Aggregate.Event):
        """An event of a refusal (never stored itself)."""

    class Created(Event, Aggregate.Created):
        """``MemoryRefused``: the gate refused a submission from ``source`` at ``stage``
        (validate, rate, seal) for ``reason``; ``text_bytes`` its size. Never the text."""

        TOPIC = "overlord.memory.Refused"

        stage: str
        reason: str
        source: str
        text_bytes: int

        def summary(self) -> str:
            """One line for people."""
            return f"memory refused at {self.stage}: {self.reason} (from {self.source}, {self.text_bytes} bytes)"

    def __init__(self, stage: str, reason: str, source: str, text_bytes: int) -> None:
        self.stage = stage
        self.reason = reason
        self.source = source

    @classmethod
    def refuse(cls, *, refusal_id: UUID, stage: str, reason: str, source: str, text_bytes: int,
               at: datetime) -> MemoryRefusal:
        """Record a refusal (``MemoryRefused``)."""
        return cls._create(cls.Created, id=refusal_id, timestamp=at, stage=stage, reason=reason[:500],
                           source=source, text_bytes=text_bytes)


class MemoryRetrieval(Aggregate):
    """What the context provider gave one mission's agent (a one-event stream)."""

    TOPIC = "overlord.memory.Retrieval"

    class Event(Aggregate.Event):
        """An event of a retrieval (never stored itself)."""

    class Created(Event, Aggregate.Created):
        """``MemoryRetrieved``: for run ``run_id``, read as ``role``, the items given (``ids``,
        highest relevance first, ``bytes`` of text in all), how many relevant readable items
        were ``withheld`` (over the budget of ``budget_bytes``, or marked as addressing an
        agent); ``skipped`` says why nothing could be read (no vault, a locked store), else
        empty."""

        TOPIC = "overlord.memory.Retrieved"

        run_id: str
        role: str
        ids: list[str]
        withheld: int
        bytes: int
        budget_bytes: int
        skipped: str = ""

        def summary(self) -> str:
            """One line for people."""
            if self.skipped:
                return f"memory for run {self.run_id} as {self.role} skipped: {self.skipped}"
            return (f"memory for run {self.run_id} as {self.role}: {len(self.ids)} items, {self.bytes} bytes "
                    f"of {self.budget_bytes}, {self.withheld} withheld")

    def __init__(self, run_id: str, role: str, ids: list[str], withheld: int, bytes: int, budget_bytes: int,
                 skipped: str = "") -> None:
        self.run_id = run_id
        self.ids = list(ids)

    @classmethod
    def record(cls, *, retrieval_id: UUID, run_id: str, role: str, ids: list[str], withheld: int, bytes: int,
               budget_bytes: int, at: datetime, skipped: str = "") -> MemoryRetrieval:
        """Record a retrieval (``MemoryRetrieved``), or that none could be made (``skipped``)."""
        return cls._create(cls.Created, id=retrieval_id, timestamp=at, run_id=run_id, role=role, ids=list(ids),
                           withheld=withheld, bytes=bytes, budget_bytes=budget_bytes, skipped=skipped[:300])


class MemoryCompaction(Aggregate):
    """A compaction pass that could not run (a one-event stream)."""

    TOPIC = "overlord.memory.Compaction"

    class Event(Aggregate.Event):
        """An event of a compaction pass (never stored itself)."""

    class Created(Event, Aggregate.Created):
        """``CompactionSkipped``: ``reason`` is one of ``no_summarizer``, ``below_min_entries``,
        ``would_mix_labels``; ``detail`` says more."""

        TOPIC = "overlord.memory.CompactionSkipped"

        reason: str
        detail: str

        def summary(self) -> str:
            """One line for people."""
            return f"memory compaction skipped: {self.reason}: {self.detail}"

    def __init__(self, reason: str, detail: str) -> None:
        self.reason = reason

    @classmethod
    def skip(cls, *, compaction_id: UUID, reason: str, detail: str, at: datetime) -> MemoryCompaction:
        """Record a skipped pass (``CompactionSkipped``).

        Raises:
            VaultInputError: ``reason`` is not one of :data:`SKIP_REASONS`.
        """
        if reason not in SKIP_REASONS:
            raise VaultInputError(f"unknown compaction skip reason {reason!r}")
        return cls._create(cls.Created, id=compaction_id, timestamp=at, reason=reason, detail=detail[:500])


MEMORY_TOPICS = frozenset({
    MemoryItem.Created.TOPIC, MemoryItem.Folded.TOPIC, MemoryItem.Removed.TOPIC,
})
"""The topics the vault's database is built from."""


SEALED_FROM = Label.CONFIDENTIAL
"""Notes at or above this label given to an agent never reach disk in the clear: every blob
of the run and its runtime's HOME carry a reference in their place (:class:`Redactor`)."""
MIN_SEALED_LINE = 12
"""A sealed note's lines this long or longer are withheld on their own too (a line quoted alone)."""
MIN_SEALED_PREFIX = 24
"""A cut, whitespace-collapsed copy of a sealed note this long or longer is withheld too."""


class Redactor:
    """Replaces the text of sealed notes (CONFIDENTIAL and SECRET items given to an agent) in
    bytes bound for disk with a reference: ``[vault item ID8 sha256:HEX16 withheld]`` (ASCII,
    no quote or backslash, so it stands inside any JSON string). Each note is matched whole and
    by each of its lines of at least :data:`MIN_SEALED_LINE` characters, as UTF-8 and in its
    JSON-escaped forms (``\\n``, ``\\"``, and ``\\uXXXX`` for non-ASCII); and, whitespace
    collapsed to single spaces, by any prefix of at least :data:`MIN_SEALED_PREFIX` characters
    (a CLI that keeps a cut, one-line copy of its prompt). :meth:`masked` keeps every byte
    offset instead (a database file: each sealed byte becomes ``*``). Empty until :meth:`seal`
    is given notes. Pure: no I/O."""

    def __init__(self) -> None:
        self._forms: list[tuple[bytes, bytes]] = []
        self._prefixed: list[tuple[bytes, bytes]] = []

    def __bool__(self) -> bool:
        return bool(self._forms)

    def seal(self, notes: Iterable[tuple[str, str]]) -> None:
        """Add notes (``(item id, text)``) to withhold; the longest forms are matched first."""
        forms = dict(self._forms)
        prefixed = dict(self._prefixed)
        for item_id, text in notes:
            ref = f"[vault item {item_id[:8]} sha256:{hashlib.sha256(text.encode()).hexdigest()[:16]} withheld]"
            pieces = [text, *(line.strip() for line in text.splitlines() if len(line.strip()) >= MIN_SEALED_LINE)]
            for piece in pieces:
                if not piece:
                    continue
                for form in _json_forms(piece):
                    forms.setdefault(form.encode("utf-8"), ref.encode("ascii"))
            collapsed = " ".join(text.split())
            if len(collapsed) >= MIN_SEALED_PREFIX:
                for form in _json_forms(collapsed):
                    prefixed.setdefault(form.encode("utf-8"), ref.encode("ascii"))
        self._forms = sorted(forms.items(), key=lambda f: -len(f[0]))
        self._prefixed = sorted(prefixed.items(), key=lambda f: -len(f[0]))

    def spans(self, data: bytes) -> list[tuple[int, int, bytes]]:
        """Every sealed span of ``data``: ``(start, end, reference)``, disjoint, in order."""
        taken: list[tuple[int, int, bytes]] = []

        def free(a: int, b: int) -> bool:
            return all(b <= s or a >= e for s, e, _ in taken)

        for needle, ref in self._forms:
            at = data.find(needle)
            while at >= 0:
                if free(at, at + len(needle)):
                    taken.append((at, at + len(needle), ref))
                at = data.find(needle, at + len(needle))
        for form, ref in self._prefixed:
            head = form[:MIN_SEALED_PREFIX]
            at = data.find(head)
            while at >= 0:
                end = at + len(head)
                while end - at < len(form) and end < len(data) and data[end] == form[end - at]:
                    end += 1
                if free(at, end):
                    taken.append((at, end, ref))
                at = data.find(head, end)
        return sorted(taken)

    def __call__(self, data: bytes) -> bytes:
        """``data`` with every sealed span replaced by its reference."""
        out, last = [], 0
        for start, end, ref in self.spans(data):
            out += [data[last:start], ref]
            last = end
        return b"".join([*out, data[last:]]) if out else data

    def masked(self, data: bytes) -> bytes:
        """``data`` with every sealed byte replaced by ``*`` (the length and every offset kept,
        so a database file stays well formed)."""
        spans = self.spans(data)
        if not spans:
            return data
        buf = bytearray(data)
        for start, end, _ in spans:
            buf[start:end] = b"*" * (end - start)
        return bytes(buf)


def _json_forms(piece: str) -> tuple[str, ...]:
    return piece, json.dumps(piece, ensure_ascii=False)[1:-1], json.dumps(piece)[1:-1]
