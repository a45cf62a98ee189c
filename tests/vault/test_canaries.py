"""A canary corpus of key formats: each written as PUBLIC, each stamped SECRET at intake."""

from __future__ import annotations

from overlord.adapters.vault.classify import SecretClassifier
from overlord.domain.memory import Provenance, Submission
from overlord.supervision.vault import Vault
from tests.vault.canaries import canaries

BENIGN = ("hello world", "the deploy script needs the staging flag", "ordered 28 notebooks for the offsite",
          "sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
          "uuid 8db1f67d-bf38-4788-9d87-43687497b99c", "see https://example.com/docs?page=2",
          'def greet(name: str) -> str:\n    return f"hello, {name}"', "run 12 settled completed after 4 turns",
          "the password policy asks for twelve characters", "token budget: 200000 tokens")


def test_at_least_30_key_formats_written_as_public_are_stamped_secret(vault: Vault) -> None:
    corpus = canaries()
    assert len({name for name, _ in corpus}) >= 30
    results = vault.add_many([Submission(text, "PUBLIC", Provenance("cli")) for _, text in corpus])
    stamped = {name: r.label for (name, _), r in zip(corpus, results, strict=True)}
    assert stamped == {name: "SECRET" for name, _ in corpus}
    assert all(r.items[0].label == "SECRET" for r in results)
    # none of them reaches a viewer or a user, by search or by id
    for r in results:
        assert vault.db.get(r.ids[0], 2) is None
    assert vault.search("credential deploy keep safe", role="user", limit=50) == []
    assert len(vault.search("credential deploy keep safe", role="admin", limit=50)) == len(corpus)


def test_benign_text_keeps_its_label(vault: Vault) -> None:
    classifier = SecretClassifier()
    assert [t for t in BENIGN if classifier.kinds_in(t)] == []
    results = vault.add_many([Submission(t, "PUBLIC", Provenance("cli")) for t in BENIGN])
    assert {r.label for r in results} == {"PUBLIC"}
