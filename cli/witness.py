"""``overlord witness``: serve the read API, the page and the C2SP witness; manage its key and logs.

The witness's own home is ``--witness-home``, else ``OVERLORD_WITNESS_HOME``, else
``$XDG_DATA_HOME/overlord-witness``: its key (0600, created on first use) and its store.
"""

from __future__ import annotations

import os
from pathlib import Path

import typer

from cli.context import open_session
from overlord.errors import ConfigError
from witness.state import WitnessHome, default_witness_home

app = typer.Typer(help="The witness server: read API, live page, C2SP witness, actions.", no_args_is_help=True,
                  add_completion=False)

WHOME_OPT = typer.Option(None, "--witness-home", help="The witness's home (default: $OVERLORD_WITNESS_HOME, else $XDG_DATA_HOME/overlord-witness).")
HOME_OPT = typer.Option(None, "--home", help="The Overlord home served (default: $OVERLORD_HOME, else $XDG_DATA_HOME/overlord).")


def _witness_home(explicit: Path | None) -> WitnessHome:
    return WitnessHome(explicit if explicit is not None else default_witness_home(dict(os.environ)))


@app.command("key")
def key(
    witness_home: Path = WHOME_OPT,
    name: str = typer.Option(None, "--name", help="The witness's key name, used only when the key is created."),
) -> None:
    """Print the witness's verifier key (cosigner, type 0x04); creates the key on first use.

    Trust it with a line `witness <key>` in the ledger home's trust file.
    """
    home = _witness_home(witness_home)
    signer = home.signer(name=name)
    from overlord.ledger.cosignature import CosignatureVerifier

    typer.echo(CosignatureVerifier(signer.name, signer.public_key).to_key())


@app.command("add-log")
def add_log(
    origin: str = typer.Argument(..., help="The log's origin (its checkpoints' first line)."),
    verifier_key: str = typer.Argument(..., help="The log's verifier key (name+keyid+base64)."),
    witness_home: Path = WHOME_OPT,
) -> None:
    """Let the witness cosign checkpoints of ORIGIN signed by VERIFIER_KEY."""
    store = _witness_home(witness_home).store()
    try:
        state = store.add_log(origin, verifier_key)
    finally:
        store.close()
    typer.echo(f"witness knows {state.origin} ({len(state.verifiers)} key(s)), latest cosigned size {state.size}")


@app.command("serve")
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (loopback by default)."),
    port: int = typer.Option(8770, "--port", min=0, max=65535, help="Port to listen on."),
    allow_host: list[str] = typer.Option(None, "--allow-host", help="Another name clients may use in Host (repeatable), e.g. behind a proxy or a DNS name of this machine."),
    max_connections: int = typer.Option(100, "--max-connections", min=1, help="Connections open at once; more get 503."),
    header_timeout_s: float = typer.Option(10.0, "--header-timeout", min=0.1, help="Seconds a connection may take to send a request's headers (and sit idle between requests)."),
    body_timeout_s: float = typer.Option(10.0, "--body-timeout", min=0.1, help="Seconds a request body may take to arrive (then 408)."),
    home: Path = HOME_OPT,
    witness_home: Path = WHOME_OPT,
    goal_mission: Path = typer.Option(None, "--goal-mission", help="The war room's goal console: the mission a typed goal is put into."),
    goal_root: Path = typer.Option(None, "--goal-root", help="Where each typed goal gets a fresh worker root (a directory)."),
) -> None:
    """Serve the read API, the live page at / (the war room), the C2SP witness (POST
    /add-checkpoint) and actions.

    Answers only to the names it is bound to (421 for any other Host: DNS rebinding), and
    to the address a client connected to. Actions need the token in OVERLORD_HOME/witness.token
    (created here, mode 0600). A goal typed in the console, and an approved task, are worked
    by an `overlord worker --task ID` process started for it.
    """
    from witness.actions import load_or_create_token
    from witness.admission import ConnectionGate, names_for
    from witness.app import ServerConfig, add_local_log, serve_forever

    session = open_session(home)
    whome = _witness_home(witness_home)
    signer = whome.signer()
    store = whome.store()
    try:
        add_local_log(session, store)
        token = load_or_create_token(session.home.root)
        import sys

        from overlord.adapters.clock import SystemClock
        from witness.warroom import spawn_worker_ops

        ops = spawn_worker_ops(session, SystemClock(), [sys.executable, "-m", "cli.main"],
                               goal_mission=goal_mission, goal_root=goal_root.resolve() if goal_root else None)
        config = ServerConfig(session=session, witness_signer=signer, witness_store=store, token=token,
                              allowed_hosts=names_for(host, allow_host or ()), body_timeout_s=body_timeout_s,
                              warroom=ops)
        gate = ConnectionGate(max_connections=max_connections, header_timeout_s=header_timeout_s)
        typer.echo(f"overlord witness on http://{host}:{port}/ (witness {signer.name}; token in {session.home.root}/witness.token)", err=True)
        try:
            serve_forever(config, host, port, gate)
        except OSError as e:  # the port is taken, the address is not this machine's, ...
            raise ConfigError(f"cannot listen on {host}:{port}: {e.strerror or e}", "choose another --host or --port") from e
    finally:
        store.close()
        session.close()
