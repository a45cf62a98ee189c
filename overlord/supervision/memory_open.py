"""Opening the home's vault: its key from the secret store, the embedding model, the summarizer.

:func:`open_vault` is what the CLI and a mission use; with no secret store or a locked one it
raises (exit 2 with "run `overlord secret init`" / "unlock the store"). The first opening
makes the vault's key in the secret store and records that change in the ledger (names and
hashes only, as every secret store change is). :func:`cheapest_summarizer` picks the Oracle's
cheapest tier that speaks the Messages API and has its own credential; ``None`` when there is
none (the compaction pass then says ``no_summarizer``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from overlord.adapters.clock import Clock
from overlord.adapters.vault.embed import load_wordllama
from overlord.adapters.vault.key import vault_key
from overlord.adapters.vault.summarizer import MessagesSummarizer
from overlord.ledger.session import LedgerSession
from overlord.supervision.vault import Vault

MODEL_DIR = Path("models") / "wordllama"


def open_vault(session: LedgerSession, home: Path, *, clock: Clock) -> Vault:
    """The vault of ``home`` (its database caught up with the log).

    Raises:
        NoVault: there is no secret store. VaultLocked: it is locked. VaultError: the key or
            the database is bad.
    """
    now = clock.now()
    lookup = vault_key(home, at=now.isoformat().replace("+00:00", "Z"))
    if lookup.created is not None:
        _record_key_created(session, lookup.created, clock)
    return Vault.open(session, lookup.key, embedder=load_wordllama(home / MODEL_DIR), clock=clock)


def _record_key_created(session: LedgerSession, change: Any, clock: Clock) -> None:
    """Record the vault key's creation in the secret store's stream (name and hashes only)."""
    from overlord.domain.secrets import SecretStoreLog, store_stream_id

    def decide(log: SecretStoreLog | None) -> tuple[SecretStoreLog, None]:
        if log is None:
            raise LookupError("the secret store's stream is missing")
        log.written(name=change.name, envelope_sha256=change.envelope_sha256 or "",
                    fingerprint=change.fingerprint or "", at=clock.now())
        return log, None

    try:
        session.ledger.cas.apply(store_stream_id(change.store_id), decide)
    except LookupError:
        pass  # a store made before its stream was recorded: the change stays in the store only


def cheapest_summarizer(home: Path, *, environ: Mapping[str, str] | None = None) -> MessagesSummarizer | None:
    """The cheapest tier of the install policy's ``[oracle]`` table that speaks the Messages
    API (provider ``anthropic``) and whose credential resolves; ``None`` when there is none."""
    try:
        from overlord.adapters.secrets import MissingSecretError, SecretStore, resolve_secret
        from overlord.supervision.install_policy import load_oracle_policy
    except ImportError:
        return None
    policy = load_oracle_policy(home)
    for tier in policy.ordered():
        if tier.provider != "anthropic" or not tier.credential:
            continue
        try:
            secret = resolve_secret(tier.credential, store=SecretStore(home), environ=environ or {})
        except MissingSecretError:
            continue
        return MessagesSummarizer(tier.base_url, tier.model, secret.value, allowed_origins=(tier.base_url,))
    return None
