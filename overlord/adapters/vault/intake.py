"""The intake gate: the only way into the vault.

Each submission goes through the stages in order, and the first that refuses ends it with a
``MemoryRefused`` event (``stage``, ``reason``): a refusal is a record, not an error.

1. ``validate``: a known label, not empty, at most 256 KiB, no NUL, a known content type, a source;
2. ``classify``: the secret classifier (:mod:`.classify`) on the whole text (a key split across
   two chunks is still found); any finding stamps the item at least SECRET;
3. ``contamination``: text that addresses an agent with instructions is marked
   (``contaminated``, findings ``inject:N``); it is stored but never handed to an agent;
4. ``rate``: at most :data:`~overlord.domain.memory.DEFAULT_RATE_PER_MINUTE` items from one
   source (and run) in any 60 seconds, counted on the items already in the vault plus those
   this gate made since;
5. ``chunk``: cut by content type (:func:`overlord.domain.memory.chunk`);
6. ``seal``: each chunk's text sealed with the vault's key into a blob; the event names the
   blob and carries the keyed content hash, never the text.

The gate returns aggregates with pending events; the caller saves them (adapters never write
the ledger) and then lets the vault's database catch up.
"""

from __future__ import annotations

import uuid
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from overlord.adapters.vault.classify import SecretClassifier
from overlord.adapters.vault.crypto import VaultKey
from overlord.domain.memory import (
    Label,
    MemoryItem,
    MemoryRefusal,
    RateLimit,
    Refused,
    Submission,
    chunk,
    contamination,
    validate,
)

WINDOW = timedelta(seconds=60)


@dataclass
class Intake:
    """What one submission became: the items (their aggregates, pending events) or the refusal."""

    items: list[MemoryItem] = field(default_factory=list)
    refusal: MemoryRefusal | None = None

    @property
    def ids(self) -> list[str]:
        """The new items' ids, in chunk order."""
        return [str(i.id) for i in self.items]

    @property
    def label(self) -> str | None:
        """The label stamped on the items (``None`` when refused)."""
        return self.items[0].label if self.items else None

    def aggregates(self) -> list[object]:
        """Every aggregate to save."""
        return [*self.items, *([self.refusal] if self.refusal else [])]


class IntakeGate:
    """The gate (see the module docstring).

    Args:
        key: the vault's key (seals texts, keys the content hash).
        put_blob: stores bytes, returns their hex SHA-256 (the ledger's blob store).
        recent: ``(source, run_id, since)`` -> items of that source already in the vault since then.
        classifier: the secret classifier (one is built when not given).
        rate: the rate limit.
    """

    def __init__(self, key: VaultKey, *, put_blob: Callable[[bytes], str],
                 recent: Callable[[str, str, datetime], int], classifier: SecretClassifier | None = None,
                 rate: RateLimit | None = None) -> None:
        self.key = key
        self.put_blob = put_blob
        self.recent = recent
        self.classifier = classifier or SecretClassifier()
        self.rate = rate or RateLimit()
        self._made: dict[tuple[str, str], deque[datetime]] = {}  # made, not yet in the database

    def submit(self, sub: Submission, *, at: datetime) -> Intake:
        """Take one submission through the stages at time ``at``."""
        size = len(sub.text.encode("utf-8", "replace")) if isinstance(sub.text, str) else 0
        checked = validate(sub)
        if isinstance(checked, Refused):
            return self._refuse(sub, checked, size, at)
        label, content_type = checked
        findings = self.classifier.kinds_in(sub.text)
        if findings:
            label = max(label, Label.SECRET)
        injected = contamination(sub.text)
        pieces = chunk(sub.text, content_type)
        rate_key = (sub.provenance.source, sub.provenance.run_id)
        since = at - WINDOW
        made = self._made.setdefault(rate_key, deque())
        while made and made[0] < since:
            made.popleft()
        if not self.rate.admits(self.recent(*rate_key, since) + len(made), len(pieces)):
            return self._refuse(sub, Refused("rate", f"{sub.provenance.source} added {self.rate.per_minute} items in "
                                                     "the last minute already; try again later"), size, at)
        try:
            items = self._seal(sub, pieces, label, content_type, [*findings, *injected], bool(injected), at)
        except OSError as e:
            return self._refuse(sub, Refused("seal", f"the sealed text could not be stored: {e.strerror or e}"), size, at)
        made.extend([at] * len(items))
        return Intake(items=items)

    def settled(self) -> None:
        """The items made so far are in the vault's database now (``recent`` counts them):
        forget them here, so none is counted twice."""
        self._made.clear()

    def _seal(self, sub: Submission, pieces: list[str], label: Label, content_type: str, findings: list[str],
              contaminated: bool, at: datetime) -> list[MemoryItem]:
        ids = [uuid.uuid4() for _ in pieces]
        chunk_of = str(ids[0])
        items = []
        for index, (item_id, text) in enumerate(zip(ids, pieces, strict=True)):
            blob = self.put_blob(self.key.seal(text, item_id=str(item_id), label=label.name))
            items.append(MemoryItem.accept(
                item_id=item_id, at=at, label=label.name, requested_label=sub.label.strip().upper(),
                content_hmac=self.key.content_hmac(text), text_blob=blob, text_bytes=len(text.encode("utf-8")),
                content_type=content_type, source=sub.provenance.source, source_event=sub.provenance.source_event,
                run_id=sub.provenance.run_id, tool_call=sub.provenance.tool_call, chunk_of=chunk_of,
                chunk_index=index, chunks=len(pieces), findings=findings, contaminated=contaminated,
                kind="summary" if sub.sources else "item", sources=list(sub.sources),
                level=sub.level))
        return items

    def _refuse(self, sub: Submission, refused: Refused, size: int, at: datetime) -> Intake:
        source = sub.provenance.source if isinstance(sub.provenance.source, str) else ""
        return Intake(refusal=MemoryRefusal.refuse(refusal_id=uuid.uuid4(), stage=refused.stage, reason=refused.reason,
                                                   source=source or "unknown", text_bytes=size, at=at))

