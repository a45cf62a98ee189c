"""``overlord guard``: the guard's decision with no run, for people and scripts.

``overlord guard check [--policy FILE]`` reads a PreToolUse JSON payload on stdin and prints one
JSON object, ``{"decision": "allow"|"deny", "class": <class or null>, "reason": "..."}``. It
exits 0 whenever a decision was made; a malformed payload is a decision too (deny).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping
from pathlib import Path

import typer

app = typer.Typer(help="The tool guard: decide tool calls.", no_args_is_help=True,
                  add_completion=False)

POLICY_FILE = "overlord.toml"
"""The policy file read from the current directory when no --policy is given."""


def overlord_home(environ: Mapping[str, str] | None = None) -> str:
    """OVERLORD_HOME from the environment, else ``$XDG_DATA_HOME/overlord``, else
    ``$HOME/.local/share/overlord``: the same answer as
    :func:`overlord.ledger.home.default_home`, without importing the ledger (a guard check
    must start fast)."""
    env = os.environ if environ is None else environ
    if env.get("OVERLORD_HOME"):
        return os.path.expanduser(env["OVERLORD_HOME"])
    data = env.get("XDG_DATA_HOME") or os.path.join(
        os.path.expanduser(env.get("HOME", "~")), ".local", "share")
    return os.path.join(os.path.expanduser(data), "overlord")


@app.callback()
def _guard() -> None:
    """The tool guard: decide tool calls."""


@app.command("check")
def check(
    policy: Path | None = typer.Option(
        None, "--policy", help="The policy TOML (\\[guard] table); default ./overlord.toml "
        "when it exists.", dir_okay=False),
) -> None:
    """Decide the PreToolUse JSON on stdin; print {"decision", "class", "reason"}."""
    from overlord.adapters.paths import RealPathResolver
    from overlord.domain.guard import GuardPolicy, decide_payload
    from overlord.errors import ConfigError

    source: Path | None = policy
    if source is None and Path(POLICY_FILE).is_file():
        source = Path(POLICY_FILE)
    try:
        loaded = GuardPolicy.from_toml(source) if source is not None else GuardPolicy()
    except ConfigError as e:
        typer.echo(f"error: {e.diagnostics()}", err=True)
        raise typer.Exit(2) from e
    data = sys.stdin.buffer.read()
    guard_paths = [str(source.resolve())] if source is not None else []
    decision = decide_payload(data, loaded, overlord_home=overlord_home(),
                              guard_paths=guard_paths, resolver=RealPathResolver())
    typer.echo(json.dumps(decision.to_json(), ensure_ascii=False))
