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


def cheapest_summarizer(session: LedgerSession, home: Path, *, clock: Clock,
                        environ: Mapping[str, str] | None = None) -> MessagesSummarizer | None:
    """The cheapest tier of the install policy's ``[oracle]`` table (checked against the ledger
    first, as at every start) that speaks the Messages API (provider ``anthropic``) and whose
    credential resolves; ``None`` when there is none.

    Raises:
        PolicyIntegrityError: the policy file is not the latest recorded version.
    """
    from overlord.adapters.secrets import MissingSecretError, SecretStore, resolve_secret
    from overlord.supervision.policy_keeper import check_policy

    policy = check_policy(session, where="memory compact", clock=clock).policy
    for tier in policy.oracle.ordered():
        if tier.provider != "anthropic" or not tier.credential:
            continue
        try:
            secret = resolve_secret(tier.credential, store=SecretStore(home), environ=environ or {})
        except MissingSecretError:
            continue
        return MessagesSummarizer(tier.base_url, tier.model, secret.value, allowed_origins=(tier.base_url,))
    return None


def open_cache(session: LedgerSession, home: Path, *, clock: Clock) -> Any:
    """The home's cache of validated outcomes (an :class:`overlord.supervision.outcome_cache.
    OutcomeCache` over its vault), for the Council.

    Raises:
        CacheSkipped: there is no vault (no secret store, a locked one, a damaged key): the
            reason is the message, for the Council to record that it worked without cache.
    """
    from overlord.adapters.vault.crypto import VaultError
    from overlord.supervision.outcome_cache import CacheSkipped, OutcomeCache

    try:
        return OutcomeCache(open_vault(session, home, clock=clock))
    except VaultError as e:
        raise CacheSkipped(f"no cache of validated outcomes: {e.message}", e.hint) from e


def mission_context(session: LedgerSession, home: Path, *, goal: str, role: str, budget_pct: float,
                    model: str | None, run_id: str, clock: Clock) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The notes a mission's agent is given before its goal (``[memory]``), recorded as
    ``MemoryRetrieved``, and those of them that are sealed (CONFIDENTIAL and SECRET, ``(id,
    text)``: the run must keep them off disk); ``("", ())`` when there are none. With no vault
    (no secret store, a locked one), the run goes on without memory and ``MemoryRetrieved``
    says it was skipped and why."""
    import uuid

    from overlord.adapters.vault.crypto import VaultError
    from overlord.domain.memory import MemoryRetrieval, budget_bytes

    budget = budget_bytes(model, budget_pct)
    try:
        vault = open_vault(session, home, clock=clock)
    except VaultError as e:
        session.ledger.append(MemoryRetrieval.record(retrieval_id=uuid.uuid4(), run_id=run_id, role=role, ids=[],
                                                     withheld=0, bytes=0, budget_bytes=budget, at=clock.now(),
                                                     skipped=e.message))
        return "", ()
    try:
        given = vault.context(goal, role=role, budget_bytes=budget, run_id=run_id)
        return given.text, given.sealed
    finally:
        vault.close()


def remember_run(session: LedgerSession, home: Path, run_id: Any, *, goal: str, clock: Clock) -> str | None:
    """Put a settled run's note (goal, stop code, verdict and evidence, denials with their rules)
    through the intake gate, labelled INTERNAL, with the run as its provenance. Returns the
    new item's id, or ``None`` when there is no vault to put it in (no secret store, a locked
    one: nothing is recorded then)."""
    from overlord.adapters.vault.crypto import NoVault, VaultLocked
    from overlord.domain.memory import Provenance, RunFacts, Submission, run_summary
    from overlord.domain.run import Run

    run: Run = session.ledger.get(run_id)
    if run.settlement is None:
        return None
    denials: list[tuple[str, str, str]] = []
    last = verdict_reason = ""
    for stored in session.ledger.stream_rows(run_id):
        event = session.ledger.mapper.to_domain_event(stored)
        last = f"{run_id}:{stored.originator_version}"
        if isinstance(event, Run.ToolCallDecided) and event.decision != "allow" and not event.probe:
            denials.append((event.tool, event.denial_class or "deny", event.reason[:300]))
        elif isinstance(event, Run.GateVerdict):
            verdict_reason = event.reason[:500]
    facts = RunFacts(str(run_id), goal, run.settlement.status, run.settlement.stop_code, run.settlement.detail[:300],
                     run.verdict, verdict_reason, tuple(denials))
    try:
        vault = open_vault(session, home, clock=clock)
    except (NoVault, VaultLocked):
        return None
    try:
        intake = vault.add(Submission(run_summary(facts), "INTERNAL",
                                      Provenance("run", source_event=last, run_id=str(run_id)), content_type="text"))
        return intake.ids[0] if intake.ids else None
    finally:
        vault.close()
