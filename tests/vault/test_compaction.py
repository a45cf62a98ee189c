"""The compression ladder: summaries keep their sources' highest label, expand back to exactly
their sources, never reach a role that could not read one of them, and a pass that cannot run
says why. The summarizer is a Messages API call answered by the replay connector."""

from __future__ import annotations

from datetime import timedelta

import pytest

from overlord.adapters.connector.replay import ConnectorThread
from overlord.adapters.connector.transcript import Transcript
from overlord.adapters.vault.summarizer import MessagesSummarizer
from overlord.domain.memory import MemoryCompaction, MemoryItem, Provenance, Submission
from overlord.errors import NotFoundError
from overlord.supervision.vault import CompactionSkipped, Vault

NOW = timedelta(0)


def _summarizer(connector: ConnectorThread) -> MessagesSummarizer:
    return MessagesSummarizer(connector.url, "claude-haiku-4-5", "dummy-key", allowed_origins=(connector.url,))


def _transcript(*texts: str) -> Transcript:
    return Transcript.from_json([{"blocks": [{"text": t}], "usage": {"input_tokens": 900, "output_tokens": 60}}
                                 for t in texts])


def _add(vault: Vault, label: str, n: int, what: str) -> list[str]:
    return [vault.add(Submission(f"{what} note {i}: the retry loop waits {i} seconds", label,
                                 Provenance("cli"))).ids[0] for i in range(n)]


def _skips(vault: Vault) -> list[tuple[str, str]]:
    ledger = vault.session.ledger
    return [(e.reason, e.detail) for e in (ledger.mapper.to_domain_event(n) for n in
            ledger.recorder.select_notifications(start=None, limit=10**6)
            if n.topic == MemoryCompaction.Created.TOPIC)]


def test_a_mixed_summary_takes_the_highest_label_and_expands_to_exactly_its_sources(vault: Vault) -> None:
    ids = _add(vault, "PUBLIC", 3, "public") + _add(vault, "CONFIDENTIAL", 3, "confidential") + \
        _add(vault, "INTERNAL", 2, "internal")
    with ConnectorThread(_transcript("The retry loop waits between 0 and 2 seconds.")) as connector:
        done = vault.compact(_summarizer(connector), older_than=NOW, ids=ids, mix_labels=True)
        (request,) = [r for r in connector.requests if r.path == "/v1/messages"]
    ((summary_id, sources),) = done.summaries.items()
    assert sources == ids
    summary = vault.show(summary_id, role="user")
    assert summary.label == "CONFIDENTIAL" and summary.kind == "summary" and summary.level == 1
    assert summary.text == "The retry loop waits between 0 and 2 seconds."
    assert [r.id for r in vault.expand(summary_id, role="user")] == ids
    assert [r.id for r in vault.expand(summary_id, role="admin")] == ids
    # a viewer reads three of its sources but not all: it never sees the summary
    with pytest.raises(NotFoundError):
        vault.show(summary_id, role="viewer")
    with pytest.raises(NotFoundError):
        vault.expand(summary_id, role="viewer")
    assert summary_id not in [h.row.id for h in vault.search("retry loop waits seconds", role="viewer", limit=50)]
    # folded sources leave search; the summary stands for them
    hits = [h.row.id for h in vault.search("retry loop waits seconds", role="user", limit=50)]
    assert summary_id in hits and not set(ids) & set(hits)
    # and the events say so: the summary enters through the gate, each source is Folded
    ledger = vault.session.ledger
    folded = [ledger.mapper.to_domain_event(n) for n in ledger.recorder.select_notifications(start=None, limit=10**6)
              if n.topic == MemoryItem.Folded.TOPIC]
    assert sorted(str(e.originator_id) for e in folded) == sorted(ids)
    assert {e.summary_id for e in folded} == {summary_id}


def test_summaries_of_summaries_climb_the_ladder(vault: Vault) -> None:
    first = _add(vault, "INTERNAL", 2, "first")
    second = _add(vault, "INTERNAL", 2, "second")
    with ConnectorThread(_transcript("one", "two", "three")) as connector:
        s1 = next(iter(vault.compact(_summarizer(connector), older_than=NOW, ids=first, min_entries=2).summaries))
        s2 = next(iter(vault.compact(_summarizer(connector), older_than=NOW, ids=second, min_entries=2).summaries))
        top = vault.compact(_summarizer(connector), older_than=NOW, ids=[s1, s2], min_entries=2)
    ((top_id, sources),) = top.summaries.items()
    assert sources == [s1, s2] and vault.show(top_id, role="user").level == 2
    assert [r.id for r in vault.expand(top_id, role="user")] == [s1, s2]
    assert [r.id for r in vault.expand(s1, role="user")] == first


def test_a_pass_that_cannot_run_says_why_and_records_it(vault: Vault) -> None:
    public = _add(vault, "PUBLIC", 4, "public")
    secret = _add(vault, "SECRET", 4, "secret")
    with pytest.raises(CompactionSkipped) as e:
        vault.compact(None, older_than=NOW)
    assert e.value.reason == "no_summarizer"
    with ConnectorThread(_transcript("unused")) as connector:
        with pytest.raises(CompactionSkipped) as e:
            vault.compact(_summarizer(connector), older_than=NOW)  # 4 of each label, 8 needed
        assert e.value.reason == "below_min_entries"
        with pytest.raises(CompactionSkipped) as e:
            vault.compact(_summarizer(connector), older_than=NOW, ids=public + secret)
        assert e.value.reason == "would_mix_labels"
        with pytest.raises(CompactionSkipped) as e:
            vault.compact(_summarizer(connector), older_than=timedelta(days=30), min_entries=2)  # nothing is old
        assert e.value.reason == "below_min_entries"
        assert [r for r in connector.requests if r.path == "/v1/messages"] == []  # no model call for a skip
    assert [r for r, _ in _skips(vault)] == ["no_summarizer", "below_min_entries", "would_mix_labels",
                                             "below_min_entries"]
    assert vault.db.count() == 8 and all(vault.db.get(i, 3).folded_into is None for i in public + secret)
