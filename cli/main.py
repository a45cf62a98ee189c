"""``overlord``: the command line. Thin: parses, renders, calls the core.

Every error Overlord means to raise is an OverlordError: printed as one line on stderr,
exit 2 (``--verbose`` adds the traceback). Exit 1 is reserved for a check that ran and
failed (verify, gate).
"""

from __future__ import annotations

import logging
import sys
import traceback

import structlog
import typer

from cli import approvals as approvals_cmds
from cli import control as control_cmds
from cli import doctor as doctor_cmds
from cli import gate as gate_cmds
from cli import guard as guard_cmds
from cli import hook as hook_cmds
from cli import ledger as ledger_cmds
from cli import memory as memory_cmds
from cli import policy as policy_cmds
from cli import run as run_cmds
from cli import secret as secret_cmds
from cli import task as task_cmds
from cli import views as views_cmds
from cli import witness as witness_cmds
from overlord import __version__
from overlord.errors import OverlordError

app = typer.Typer(
    name="overlord",
    help=(
        "Supervise unattended AI coding agents and keep a signed, append-only ledger of every act.\n\n"
        "Start with `overlord init`, then `overlord run -- CMD`, `overlord journal`, `overlord verify`."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)
_state = {"verbose": False}


def _version(value: bool) -> None:
    if value:
        typer.echo(f"overlord {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Log progress and show tracebacks on errors."),
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version."),
) -> None:
    _state["verbose"] = verbose
    level = logging.INFO if verbose else logging.WARNING
    structlog.configure(
        wrapper_class=structlog.make_filtering_bound_logger(level),
        logger_factory=structlog.PrintLoggerFactory(sys.stderr),
    )


ledger_cmds.register(app)
run_cmds.register(app)
control_cmds.register(app)
views_cmds.register(app)
doctor_cmds.register(app)
approvals_cmds.register(app)
task_cmds.register(app)

app.add_typer(gate_cmds.app, name="gate", help="The completion gate: check an artifact on four axes.")
app.add_typer(guard_cmds.app, name="guard", help="The tool guard: decide a tool call (no run needed).")
app.add_typer(hook_cmds.app, name="hook", help="The guard's hook: install, restore, run in-process.")
app.add_typer(memory_cmds.app, name="memory", help="The vault: memory with clearance, filled through the intake gate.")
app.add_typer(secret_cmds.app, name="secret", help="The owner's secrets in one encrypted store: init, set, list, rm, unlock, lock, passwd.")
app.add_typer(policy_cmds.app, name="policy", help="The install policy: show it; change it on a terminal (the owner only).")
app.add_typer(witness_cmds.app, name="witness", help="The witness server: read API, live page, C2SP witness, token-gated actions.")


def main() -> None:
    """Console entry point: run the app; turn OverlordError into one line and exit 2."""
    try:
        app()
    except OverlordError as e:
        if _state["verbose"]:
            traceback.print_exc()
        typer.echo(f"overlord: error: {e.diagnostics()}", err=True)
        sys.exit(2)
    except (OSError, UnicodeError) as e:  # a file Overlord had to read or write, bad on disk
        if _state["verbose"]:
            traceback.print_exc()
        filename = getattr(e, "filename", None)
        where = f" ({filename})" if filename else ""
        typer.echo(f"overlord: error: {getattr(e, 'strerror', None) or e}{where}", err=True)
        sys.exit(2)
    except KeyboardInterrupt:
        typer.echo("overlord: interrupted", err=True)
        sys.exit(130)


if __name__ == "__main__":
    main()
