"""Ledger commands: init, checkpoint, verify, export, journal, proof."""

from __future__ import annotations

import base64
import json
import os
import sys
import time
from pathlib import Path

import typer

from cli.context import appending, find_run, home_path, open_session
from overlord.adapters.clock import SystemClock
from overlord.domain.events import topics_of
from overlord.errors import ConfigError, NotFoundError
from overlord.inputs import SMALL_MAX_BYTES, read_text
from overlord.ledger import merkle
from overlord.ledger.application import AGGREGATES
from overlord.ledger.export import read_export, verify_export, write_export
from overlord.ledger.keys import parse_trust
from overlord.ledger.session import init_home
from overlord.ledger.store import PostgresConfig
from overlord.projections.journal import JournalEntry, JournalView
from overlord.projections.viewfile import read_view

HOME_OPT = typer.Option(None, "--home", help="The Overlord home (default: $OVERLORD_HOME, else $XDG_DATA_HOME/overlord).")
JSON_OPT = typer.Option(False, "--json", help="Print JSON for scripts.")
proof_app = typer.Typer(help="Merkle proofs over the ledger (RFC 9162), as base64 lines.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    """Add the ledger commands to ``app``."""
    app.command("init")(init)
    app.command("checkpoint")(checkpoint)
    app.command("verify")(verify)
    app.command("export")(export)
    app.command("journal")(journal)
    app.add_typer(proof_app, name="proof")


def init(
    home: Path = HOME_OPT,
    store: str = typer.Option("sqlite", help="Where events are stored: sqlite (embedded) or postgres."),
    pg_host: str = typer.Option("127.0.0.1", help="PostgreSQL host (with --store postgres)."),
    pg_port: int = typer.Option(5432, help="PostgreSQL port."),
    pg_dbname: str = typer.Option("overlord", help="PostgreSQL database."),
    pg_user: str = typer.Option("overlord", help="PostgreSQL user (password from $OVERLORD_POSTGRES_PASSWORD)."),
    pg_schema: str = typer.Option("public", help="PostgreSQL schema."),
    json_out: bool = JSON_OPT,
) -> None:
    """Create the home: the log key (mode 0600), the trust file, an empty ledger.

    Refuses to touch a home that already exists.
    """
    if store not in ("sqlite", "postgres"):
        raise ConfigError(f"--store {store!r} is not a store", "use sqlite or postgres")
    pg = None
    if store == "postgres":
        pg = PostgresConfig(pg_host, pg_port, pg_dbname, pg_user, os.environ.get("OVERLORD_POSTGRES_PASSWORD", ""), pg_schema)
    session = init_home(home_path(home), store_kind=store, postgres=pg)
    try:
        from overlord.supervision.policy_keeper import install_default_policy

        install_default_policy(session, clock=SystemClock())  # policy.toml, version 1
        session.checkpoint(at=SystemClock().now())  # the home starts with its PolicyChanged covered and pinned
        verifier = session.signer.verifier().to_key() if session.signer else ""
        if json_out:
            typer.echo(json.dumps({"home": str(session.home.root), "origin": session.origin, "verifier_key": verifier}))
        else:
            typer.echo(f"created {session.home.root}")
            typer.echo(f"origin:       {session.origin}")
            typer.echo(f"verifier key: {verifier}")
    finally:
        session.close()


def checkpoint(
    home: Path = HOME_OPT,
    json_out: bool = JSON_OPT,
    witness: list[str] = typer.Option(None, "--witness", help="A witness URL to cosign the checkpoint (repeatable); its key must be a `witness <key>` line of the trust file."),
) -> None:
    """Sign a checkpoint of the whole ledger, store it as an event, and pin it in the home.

    With --witness, ask each witness to cosign it (C2SP tlog-witness) and store the
    cosignatures as events, which `overlord verify` checks; a second checkpoint then covers
    those events (the one printed is the one the witnesses cosigned).
    """
    from overlord.ledger.keys import witness_keys
    from witness.client import request_cosignatures

    lines: list[str] = []
    clock = SystemClock()
    # the Cosigned events that the witnesses' answers become come after the checkpoint they
    # cosign: `appending` ends with one more checkpoint, so they too are covered
    with appending(home) as session:
        cp, note = session.checkpoint(at=clock.now())
        for url in witness or []:
            kept = request_cosignatures(session, url, note, witness_keys(session.verifiers), at=clock.now())
            lines.extend(c.line for c in kept)
    if json_out:
        typer.echo(json.dumps({"origin": cp.origin, "size": cp.size, "root_hash": base64.b64encode(cp.root_hash).decode(),
                               "note": note, "cosignatures": lines}))
    else:
        typer.echo(note + "".join(line + "\n" for line in lines), nl=False)


def verify(
    home: Path = HOME_OPT,
    file: Path = typer.Option(None, "--file", help="Verify an export file instead of the home (no database needed)."),
    trust: Path = typer.Option(None, "--trust", help="With --file: a trust file of verifier keys to check against, instead of the keys inside the export."),
    json_out: bool = JSON_OPT,
) -> None:
    """Replay every event and check signatures, chains, versions, blobs and checkpoints.

    Exit 0 when all hold; 1 naming the first bad event; 2 when it cannot start.
    """
    workers = max(1, min(2, os.cpu_count() or 1))
    if trust is not None and file is None:
        raise ConfigError("--trust goes with --file", "the home's own trust file is used when verifying the home")
    if file is not None:
        report = _verify_export(file, trust, workers)
    else:
        session = open_session(home, writable=False)
        try:
            report = session.verify(workers=workers)
        finally:
            session.close()
    if json_out:
        typer.echo(json.dumps(report.to_json()))
    else:
        typer.echo(report.summary(), err=not report.ok)
    raise typer.Exit(0 if report.ok else 1)


def _verify_export(file: Path, trust: Path | None, workers: int):  # noqa: ANN202
    exported = read_export(file)
    if trust is not None:
        verifiers = parse_trust(read_text(trust, what="trust file", max_bytes=SMALL_MAX_BYTES), str(trust))
    else:
        verifiers = parse_trust("\n".join(exported.trust), f"{file} (its own keys)")
    return verify_export(exported, verifiers, known_topics=topics_of(*AGGREGATES), workers=workers)


def export(file: Path = typer.Argument(..., help="Where to write the export."), home: Path = HOME_OPT) -> None:
    """Write a self-contained export: events, checkpoints, public keys and blobs."""
    session = open_session(home, writable=False)
    try:
        n = write_export(session, file)
    finally:
        session.close()
    typer.echo(f"exported {n} events to {file}")


def journal(
    run: str = typer.Option(None, "--run", help="Only the events of this run (its id)."),
    follow: bool = typer.Option(False, "--follow", "-f", help="Keep printing events as they land (Ctrl-C to stop)."),
    home: Path = HOME_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """The chronological list of events: time, stream, event type, summary."""
    session = open_session(home, writable=False)
    path = str(session.home.views_path)

    def entries(after: int) -> list[JournalEntry]:  # caught up; a damaged views file is rebuilt
        return read_view(session.ledger, path, JournalView, lambda v: _select(v, run, after))

    try:
        if run is not None:
            run = str(find_run(session, run))
        last = -1
        while True:
            for e in entries(last):
                _print_entry(e, json_out)
                last = e.position
            if not follow:
                break
            time.sleep(0.5)
    finally:
        session.close()


def _select(view: JournalView, run: str | None, after: int = -1) -> list[JournalEntry]:
    """The journal's rows after ``after``: all, or a run's own and its approvals' (in log order)."""
    if run is None:
        return view.select(after_position=after)
    from overlord.domain.approval import approvals_stream_id

    streams = (run, str(approvals_stream_id(run)))
    return sorted((e for s in streams for e in view.select(stream=s, after_position=after)), key=lambda e: e.position)


def _print_entry(e: JournalEntry, json_out: bool) -> None:
    if json_out:
        typer.echo(json.dumps(e.to_json()))
        return
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(e.time_ns // 1_000_000_000))
    typer.echo(f"{stamp}Z  {e.stream[:8]}  v{e.version:<3} {e.event_type:<16} {e.summary}")
    sys.stdout.flush()


@proof_app.command("inclusion")
def proof_inclusion(
    position: int = typer.Argument(..., help="0-based position of the event in the log."),
    size: int = typer.Option(None, "--size", help="Tree size to prove against (default: the whole log)."),
    home: Path = HOME_OPT,
) -> None:
    """The inclusion proof of the event at POSITION: one base64 hash per line."""
    leaves = _leaf_hashes(home)
    size = len(leaves) if size is None else size
    if not 0 <= position < size <= len(leaves):
        raise NotFoundError(f"no position {position} in a tree of {size} (the log holds {len(leaves)} events)")
    _print_proof(merkle.inclusion_proof(leaves, position, size))


@proof_app.command("consistency")
def proof_consistency(
    old_size: int = typer.Argument(..., help="The smaller tree size."),
    new_size: int = typer.Argument(..., help="The larger tree size."),
    home: Path = HOME_OPT,
) -> None:
    """The consistency proof between two tree sizes: one base64 hash per line."""
    leaves = _leaf_hashes(home)
    if not 0 <= old_size <= new_size <= len(leaves):
        raise NotFoundError(f"sizes must satisfy 0 <= {old_size} <= {new_size} <= {len(leaves)} (the log's size)")
    _print_proof(merkle.consistency_proof(leaves, old_size, new_size))


def _leaf_hashes(home: Path | None) -> list[bytes]:
    session = open_session(home, writable=False)
    try:
        return session.ledger.leaf_hashes()
    finally:
        session.close()


def _print_proof(hashes: list[bytes]) -> None:
    for h in hashes:
        typer.echo(base64.b64encode(h).decode())
