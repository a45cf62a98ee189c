"""``overlord``: the command line. Thin: parses, renders, calls the core.

Every error Overlord means to raise is an OverlordError: printed as one line on stderr,
exit 2 (``--verbose`` adds the traceback). Exit 1 is reserved for a check that ran and
failed (verify, gate).
"""

from __future__ import annotations

import inspect
import logging
import sys
import traceback

import structlog
import typer

try:  # typer >= 0.26 vendors click: its usage errors are its own classes
    from typer._click import exceptions as usage
except ImportError:  # pragma: no cover - an older typer on the real click
    from click import exceptions as usage  # type: ignore[no-redef]

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
        # the stderr of the moment each logger is made (an in-process caller may swap and close it)
        logger_factory=lambda *_: structlog.PrintLogger(sys.stderr),
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


def _reflow(doc: str) -> str:
    """A docstring as help text: the lines of each prose paragraph joined, so the terminal wraps
    them (rich keeps a docstring's line breaks, mid-sentence); lists and indented blocks kept."""
    paragraphs = []
    for block in inspect.cleandoc(doc).split("\n\n"):
        lines = block.splitlines()
        if any(line.startswith((" ", "-", "*", "|")) for line in lines):
            paragraphs.append(block)
        else:
            paragraphs.append(" ".join(line.strip() for line in lines))
    return "\n\n".join(paragraphs)


def _reflow_help(typer_app: typer.Typer) -> None:
    for command in typer_app.registered_commands:
        if command.help is None and command.callback is not None and command.callback.__doc__:
            command.help = _reflow(command.callback.__doc__)
    for group in typer_app.registered_groups:
        if group.typer_instance is not None:
            _reflow_help(group.typer_instance)


_reflow_help(app)


def main() -> None:
    """Console entry point: run the app; turn OverlordError, and a usage error (an unknown
    option, a missing argument), into one ``overlord: error:`` line and exit 2."""
    try:
        code = app(standalone_mode=False)
        sys.exit(code if isinstance(code, int) else 0)
    except usage.NoArgsIsHelpError as e:  # a bare group: its help, as typer shows it
        typer.echo(e.ctx.get_help() if e.ctx else "", err=True)
        sys.exit(e.exit_code)
    except usage.UsageError as e:
        where = f"; see '{e.ctx.command_path} --help'" if e.ctx else ""
        message = " ".join(e.format_message().split())
        typer.echo(f"overlord: error: {message}{where}", err=True)
        sys.exit(e.exit_code)
    except usage.ClickException as e:
        typer.echo(f"overlord: error: {' '.join(e.format_message().split())}", err=True)
        sys.exit(e.exit_code)
    except typer.Abort:
        typer.echo("overlord: aborted", err=True)
        sys.exit(1)
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
