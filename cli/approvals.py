"""``overlord approvals``, ``approve``, ``deny``: the owner decides tool calls that wait.

* ``overlord approvals [--json]``: what waits now in the home's live runs: id, run, tool, a
  summary of the input, the denial class, the deadline.
* ``overlord approve ID [--digest HEX]`` / ``overlord deny ID [--why TEXT]``: decide, signed
  with the home's log key (the agent has neither the key nor a view of the home). Without
  ``--digest`` the action the run holds is the one approved. Exit 0 when the decision took
  effect, 1 when it was refused (late, duplicate, unknown id, another action: the call is
  denied), 2 when no live run holds the id.

Kept light: these read the home's key and the runs' broker addresses, never the ledger, so an
approval reaches the waiting call as fast as the command can start.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import typer

from cli.context import home_path

HOME_OPT = typer.Option(None, "--home", help="The Overlord home.")
JSON_OPT = typer.Option(False, "--json", help="Print JSON.")


def register(app: typer.Typer) -> None:
    """Add ``approvals``, ``approve`` and ``deny`` to ``app``."""
    app.command("approvals")(approvals)
    app.command("approve")(approve)
    app.command("deny")(deny)


def approvals(home: Path = HOME_OPT, json_out: bool = JSON_OPT) -> None:
    """List the tool calls waiting for the owner's decision in live runs."""
    from overlord.supervision.approvals import pending_approvals

    pending = pending_approvals(home_path(home))
    if json_out:
        typer.echo(json.dumps({"pending": pending}))
        return
    if not pending:
        typer.echo("nothing waits for approval")
        return
    for p in pending:
        deadline = datetime.fromtimestamp((p.get("deadline_ns") or 0) / 1e9, UTC).strftime("%Y-%m-%d %H:%M:%SZ")
        typer.echo(f"{p['id']:<14} run {str(p['run'])[:8]}  {p.get('class', ''):<16} until {deadline}  "
                   f"action {str(p.get('action_sha256', ''))[:12]}  {p.get('summary', '')}")


def approve(
    approval: str = typer.Argument(..., metavar="ID", help="The approval id (from `overlord approvals`)."),
    digest: str = typer.Option(None, "--digest", help="The action SHA-256 (or its first 8+ hex digits) you approve."),
    home: Path = HOME_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """Approve the waiting tool call ID (signed with the home's key)."""
    _decide(approval, "approve", home=home, json_out=json_out, digest=digest)


def deny(
    approval: str = typer.Argument(..., metavar="ID", help="The approval id (from `overlord approvals`)."),
    why: str = typer.Option("", "--why", help="Why, for the record and the agent."),
    home: Path = HOME_OPT,
    json_out: bool = JSON_OPT,
) -> None:
    """Deny the waiting tool call ID (signed with the home's key)."""
    _decide(approval, "deny", home=home, json_out=json_out, why=why)


def _decide(approval: str, decision: str, *, home: Path | None, json_out: bool, digest: str | None = None,
            why: str = "") -> None:
    from overlord.ledger.home import Home
    from overlord.ledger.keys import load_signer
    from overlord.supervision.approvals import send_decision

    h = Home(home_path(home))
    h.check_exists()
    h.check_key_file()
    signer = load_signer(h.key_path)
    answer = send_decision(h.root, signer, approval.strip(), decision, why=why, action_sha256=digest)
    if json_out:
        typer.echo(json.dumps({k: answer.get(k) for k in ("id", "run", "ok", "outcome", "error")}))
    else:
        typer.echo(f"approval {answer.get('id')}: {answer.get('outcome')}"
                   + (f" ({answer['error']})" if answer.get("error") else ""))
    if not answer.get("ok"):
        raise typer.Exit(1)
