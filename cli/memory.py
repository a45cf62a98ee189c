"""``overlord memory``: the vault, read under a role's clearance and filled through the intake gate.

Thin: reads stdin and flags, opens the vault with its key from the secret store (no store:
"run `overlord secret init`"; a locked one: "unlock the store"; both exit 2), calls
:class:`overlord.supervision.vault.Vault`, renders. ``--json`` prints one JSON document.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import typer

from cli.ledger import HOME_OPT
from overlord.errors import OverlordError

app = typer.Typer(help="The vault: memory with clearance (add, search, show, rm, expand, compact).",
                  no_args_is_help=True)

def _known_role(role: str) -> str:
    """A role a person typed: one of the three, or a usage error (a typo would read nothing)."""
    from overlord.domain.memory import ROLES

    if role not in ROLES:
        raise typer.BadParameter(f"{role!r} is not a role: use one of {', '.join(ROLES)}")
    return role


ROLE_OPT = typer.Option(..., "--role", callback=_known_role,
                        help="Read as this role: viewer (PUBLIC), user (up to CONFIDENTIAL), admin (up to SECRET).")
JSON_OPT = typer.Option(False, "--json", help="Print JSON for scripts.")


class RefusedAtIntake(OverlordError):
    """The intake gate refused the item (the refusal is recorded in the ledger)."""


@contextlib.contextmanager
def opened(home: Path | None) -> Iterator[Any]:
    """The home's vault, open (see :func:`overlord.supervision.memory_open.open_vault`). When
    the command appended events (an item, a refusal, a removal, the vault's key made on first
    use), it ends by signing and pinning a checkpoint, so no tail of the log is left uncovered."""
    from cli.context import home_path, open_session
    from overlord.adapters.clock import SystemClock
    from overlord.supervision.memory_open import open_vault

    clock = SystemClock()
    session = open_session(home)
    start = session.ledger.recorder.max_notification_id() or 0
    try:
        vault = open_vault(session, home_path(home), clock=clock)
        try:
            yield vault
        finally:
            vault.close()
    finally:
        try:
            if (session.ledger.recorder.max_notification_id() or 0) > start:
                session.checkpoint(at=clock.now())
        except OverlordError as e:
            typer.echo(f"overlord memory: recorded, but no checkpoint was signed: {e.diagnostics()}", err=True)
        finally:
            session.close()


def _read_stdin(limit: int) -> str:
    """At most ``limit + 1`` bytes of stdin as UTF-8 (never the whole of an unbounded stream:
    one byte more than the limit is enough for the gate to refuse the item as too large).

    Raises:
        VaultInputError: the text is not UTF-8.
    """
    from overlord.domain.memory import VaultInputError

    stream = sys.stdin.buffer if sys.stdin is not None else None
    data = stream.read(limit + 1) if stream is not None else b""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        if len(data) > limit:  # cut inside a character: it is over the limit either way
            return data.decode("utf-8", "replace")
        raise VaultInputError("the item on stdin is not UTF-8 text", "store text; encode binary as base64") from e


def _print(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2, sort_keys=True))


@app.command("add")
def add(label: str = typer.Option(..., "--label", help="PUBLIC, INTERNAL, CONFIDENTIAL or SECRET (the gate may "
                                                         "raise it)."),
        content_type: str | None = typer.Option(None, "--content-type", help="text, markdown, code, json or log "
                                                                            "(default: detected)."),
        source: str = typer.Option("cli", "--source", help="Where the item comes from (recorded)."),
        home: Path = HOME_OPT, json_out: bool = JSON_OPT) -> None:
    """Add the text on stdin through the intake gate; prints the new items' ids and their label."""
    from overlord.domain.memory import MAX_ITEM_BYTES, Provenance, Submission, parse_label

    parse_label(label)  # an unknown label is refused before the vault is opened
    text = _read_stdin(MAX_ITEM_BYTES)
    with opened(home) as vault:
        intake = vault.add(Submission(text, label, Provenance(source), content_type=content_type))
    if intake.refusal is not None:
        raise RefusedAtIntake(f"the intake gate refused the item at {intake.refusal.stage}: {intake.refusal.reason}",
                              "nothing was stored")
    if json_out:
        _print({"ids": intake.ids, "label": intake.label, "chunks": len(intake.ids)})
        return
    raised = f" (raised from {label.upper()})" if intake.label != label.strip().upper() else ""
    for item_id in intake.ids:
        typer.echo(f"{item_id}  {intake.label}{raised}")


@app.command("search")
def search(query: str = typer.Argument(..., help="Words or a sentence: exact tokens and meaning both count."),
           role: str = ROLE_OPT, limit: int = typer.Option(10, "--limit", help="At most this many items (1-1000)."),
           home: Path = HOME_OPT, json_out: bool = JSON_OPT) -> None:
    """Search the items the role may read (exact and semantic recall, ranks fused)."""
    with opened(home) as vault:
        hits = vault.search(query, role=role, limit=limit)
    if json_out:
        _print({"role": role, "query": query, "items": [h.row.to_json(round(h.score, 6)) for h in hits]})
        return
    if not hits:
        typer.echo("no items")
    for h in hits:
        line = " ".join(h.row.text.split())
        typer.echo(f"{h.row.id}  {h.row.label:<12} {h.score:.4f}  {line[:100]}")


@app.command("show")
def show(item_id: str = typer.Argument(..., help="The item's id."), role: str = ROLE_OPT,
         home: Path = HOME_OPT, json_out: bool = JSON_OPT) -> None:
    """One item the role may read; a summary is shown with its sources."""
    with opened(home) as vault:
        row = vault.show(item_id, role=role)
        sources = vault.expand(item_id, role=role) if row.kind == "summary" else []
    if json_out:
        out = row.to_json()
        if sources:
            out["source_items"] = [s.to_json() for s in sources]
        _print(out)
        return
    typer.echo(f"{row.id}  {row.label}  {row.kind} from {row.source}" + (f" (run {row.run_id})" if row.run_id else ""))
    if row.findings:
        typer.echo(f"found: {', '.join(row.findings)}")
    typer.echo(row.text)
    for s in sources:
        typer.echo(f"\n  source {s.id}  {s.label}\n  " + s.text.replace("\n", "\n  "))


@app.command("expand")
def expand(item_id: str = typer.Argument(..., help="A summary's id."), role: str = ROLE_OPT,
           home: Path = HOME_OPT, json_out: bool = JSON_OPT) -> None:
    """A summary's sources, exactly."""
    with opened(home) as vault:
        rows = vault.expand(item_id, role=role)
    if json_out:
        _print({"summary": item_id, "items": [r.to_json() for r in rows]})
        return
    for r in rows:
        typer.echo(f"{r.id}  {r.label}\n{r.text}\n")


@app.command("rm")
def rm(item_id: str = typer.Argument(..., help="The item's id."), home: Path = HOME_OPT) -> None:
    """Remove an item (recorded; its sealed text stays unreadable in the log)."""
    with opened(home) as vault:
        vault.remove(item_id)
    typer.echo(f"removed {item_id}")


@app.command("compact")
def compact(older_than_days: float = typer.Option(30.0, "--older-than-days", help="Fold items older than this."),
            min_entries: int = typer.Option(8, "--min-entries", help="A summary needs at least this many sources."),
            ids: list[str] = typer.Option([], "--id", help="Fold exactly these items (repeat)."),
            mix_labels: bool = typer.Option(False, "--mix-labels", help="Let one summary fold items of several "
                                                                          "labels (it takes the highest)."),
            home: Path = HOME_OPT, json_out: bool = JSON_OPT) -> None:
    """Fold old items into summaries with the Oracle's cheapest tier; says why when it cannot."""
    from cli.context import home_path
    from overlord.supervision.memory_open import cheapest_summarizer
    from overlord.supervision.vault import CompactionSkipped

    with opened(home) as vault:
        try:
            summarizer = cheapest_summarizer(vault.session, home_path(home), clock=vault.clock)
            done = vault.compact(summarizer, older_than=timedelta(days=older_than_days),
                                 min_entries=min_entries, ids=ids, mix_labels=mix_labels)
        except CompactionSkipped as e:
            if json_out:
                _print({"skipped": e.reason, "detail": e.detail})
            raise
    if json_out:
        _print({"summaries": [{"id": k, "sources": v} for k, v in done.summaries.items()]})
        return
    for summary, sources in done.summaries.items():
        typer.echo(f"{summary}  folds {len(sources)} items")


@app.command("rebuild")
def rebuild(home: Path = HOME_OPT) -> None:
    """Drop the vault's database rows and build them again from the log."""
    with opened(home) as vault:
        read = vault.rebuild()
        count = vault.db.count()
    typer.echo(f"rebuilt from {read} events: {count} items")
