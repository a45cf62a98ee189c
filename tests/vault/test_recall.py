"""Semantic recall: a query that shares no word with its target still finds it (top 3, >= 80%)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from overlord.domain.memory import Provenance, Submission
from overlord.supervision.vault import Vault
from tests.vault.corpus import distractors

PAIRS = json.loads((Path(__file__).parent / "paraphrases.json").read_text())["pairs"]


def _words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.lower()))


def test_the_paraphrase_set_shares_no_word_with_its_targets() -> None:
    assert len(PAIRS) >= 20
    assert [(t, q) for t, q in PAIRS if _words(t) & _words(q)] == []


def test_paraphrases_find_their_target_in_the_top_3(vault: Vault) -> None:
    targets = vault.add_many([Submission(t, "PUBLIC", Provenance("cli")) for t, _ in PAIRS])
    vault.add_many([Submission(t, "PUBLIC", Provenance("cli")) for t in distractors(300)])
    found = []
    for (_target, query), intake in zip(PAIRS, targets, strict=True):
        top3 = [h.row.id for h in vault.search(query, role="viewer", limit=3)]
        found.append(intake.ids[0] in top3)
    recall = sum(found) / len(found)
    print(f"paraphrase recall@3: {sum(found)}/{len(found)} = {recall:.2f}")
    assert recall >= 0.8
