"""``overlord guard``: the guard's decision with no run, for people and scripts.

``overlord guard check [--policy FILE]`` reads a PreToolUse JSON payload on stdin and prints one
JSON object, ``{"decision": "allow"|"deny", "class": <class or null>, "reason": "..."}``. It
exits 0 whenever a decision was made; a malformed payload is a decision too (deny). A policy
file it cannot use, or a payload over 8 MiB (the hook's cap), is refused before any decision:
one ``overlord: error:`` line and exit 2 (which a hook's caller also reads as a deny).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from overlord.domain.guard import GuardPolicy

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


def load_policy_file(path: Path) -> GuardPolicy:
    """The guard policy in the TOML file ``path`` (its ``[guard]`` table; none: the empty policy).

    Read through the one input reader (a regular file, at most 4 MiB) and parsed with a
    nesting limit; relative paths in it are taken under the file's directory.

    Raises:
        ConfigError: the file is missing, not a regular file, too large, not UTF-8 or TOML,
            nested too deeply, or its table is wrong (the error names it).
    """
    from overlord.domain.bounded import loads_toml
    from overlord.domain.guard import GuardPolicy
    from overlord.inputs import TOML_MAX_BYTES, read_text

    text = read_text(path, what="policy file", max_bytes=TOML_MAX_BYTES)
    source = str(path.resolve())
    document = loads_toml(text, source=source)
    return GuardPolicy.from_mapping(document.get("guard", {}), base_dir=str(path.resolve().parent), source=source)


@app.callback()
def _guard() -> None:
    """The tool guard: decide tool calls."""


@app.command("check")
def check(
    policy: Path | None = typer.Option(
        None, "--policy", help="The policy TOML (\\[guard] table); default ./overlord.toml "
        "when it exists."),
) -> None:
    """Decide the PreToolUse JSON on stdin; print {"decision", "class", "reason"}."""
    from overlord.adapters.paths import RealPathResolver
    from overlord.domain.guard import GuardPolicy, decide_payload
    from overlord.inputs import PAYLOAD_MAX_BYTES, read_stream

    source: Path | None = policy
    if source is None and os.path.lexists(POLICY_FILE):  # anything there is read, or refused: never skipped
        source = Path(POLICY_FILE)
    # a bad policy or an oversized payload is an OverlordError: one line from main, exit 2
    loaded = load_policy_file(source) if source is not None else GuardPolicy()
    data = read_stream(sys.stdin.buffer if sys.stdin is not None else None, what="tool call on stdin",
                       max_bytes=PAYLOAD_MAX_BYTES)
    guard_paths = [str(source.resolve())] if source is not None else []
    decision = decide_payload(data, loaded, overlord_home=overlord_home(),
                              guard_paths=guard_paths, resolver=RealPathResolver())
    typer.echo(json.dumps(decision.to_json(), ensure_ascii=False))
