"""Fixtures of the vault's tests: a real home, a real key, the real embedding model."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from overlord.adapters.vault.crypto import VaultKey
from overlord.adapters.vault.embed import WordLlamaEmbedder, load_wordllama
from overlord.domain.memory import RateLimit
from overlord.ledger.session import LedgerSession, init_home
from overlord.supervision.vault import Vault
from tests.conftest import StepClock


@pytest.fixture(scope="session")
def embedder(tmp_path_factory: pytest.TempPathFactory) -> WordLlamaEmbedder:
    """wordllama's model, loaded once for the whole run (from its wheel: no network)."""
    return load_wordllama(tmp_path_factory.mktemp("wordllama"))


def make_vault(root: Path, embedder: WordLlamaEmbedder, *, rate: RateLimit | None = None,
               key: bytes | None = None) -> tuple[LedgerSession, Vault]:
    """A fresh home at ``root`` and its vault (no rate limit unless given: tests add in bulk)."""
    session = init_home(root)
    vault = Vault.open(session, VaultKey(key or os.urandom(32)), embedder=embedder, clock=StepClock(),
                       rate=rate or RateLimit(None))
    return session, vault


@pytest.fixture
def vault(tmp_path: Path, embedder: WordLlamaEmbedder) -> Iterator[Vault]:
    """A vault in a fresh home."""
    session, v = make_vault(tmp_path / "home", embedder)
    yield v
    v.close()
    session.close()
