"""``overlord policy``: the install policy, shown to anyone and changed only by the owner.

* ``overlord policy show [--json]``: the recorded policy, its version and SHA-256, and whether
  ``policy.toml`` still holds exactly those bytes (exit 1 when it does not).
* ``overlord policy set FILE``: check FILE, show its diff from the recorded version on the
  terminal, then ask there, never on stdin, with exactly the plain line
  ``Type "apply XXXXXXXX" to confirm:`` (the first 8 hex digits of FILE's SHA-256). The answer is
  read from ``/dev/tty`` and compared in constant time. With no terminal it refuses (exit 2)
  and changes nothing; a wrong answer changes nothing (exit 2). The right one records
  ``PolicyChanged`` and replaces the file atomically.

An agent inside a run has no controlling terminal (its jail starts a new session) and no view
of the home, so it cannot use this channel.
"""

from __future__ import annotations

import hmac
import json
import os
from pathlib import Path

import typer

from cli.context import appending, open_session
from overlord.errors import ConfigError

app = typer.Typer(help="The install policy: show it; change it on a terminal (the owner only).",
                  no_args_is_help=True, add_completion=False)

HOME_OPT = typer.Option(None, "--home", help="The Overlord home.")
MAX_ANSWER_BYTES = 256


@app.callback()
def _policy() -> None:
    """The install policy: show it; change it on a terminal (the owner only)."""


@app.command("show")
def show(home: Path = HOME_OPT, json_out: bool = typer.Option(False, "--json", help="Print one JSON object.")) -> None:
    """Show the recorded install policy and whether policy.toml still holds its bytes.

    Exit 0 when the file is intact, 1 when it was changed outside `overlord policy set`.
    """
    from overlord.adapters.policy_file import read_policy_file
    from overlord.domain.policy import InstallPolicy
    from overlord.supervision.policy_keeper import latest_change, policy_path

    session = open_session(home, writable=False)
    try:
        path = policy_path(session)
        change = latest_change(session)
        found = read_policy_file(path)
        recorded = session.blobs.get(change.policy_blob) if change else None
    finally:
        session.close()
    if change is None:
        problem = "no policy is recorded yet: the next run records the default"
    elif found.data is None:
        problem = found.problem
    elif found.sha256 != change.sha256:
        problem = f"{path} was changed outside `overlord policy set` (sha256 {found.sha256})"
    else:
        problem = ""
    intact = change is not None and not problem
    shown = recorded if recorded is not None else found.data
    policy = InstallPolicy.from_bytes(shown) if shown is not None else None
    if json_out:
        typer.echo(json.dumps({"path": str(path), "version": change.version if change else 0,
                               "sha256": change.sha256 if change else "", "file_sha256": found.sha256,
                               "intact": intact, "problem": problem, "by": change.by if change else "",
                               "policy": policy.to_json() if policy else None}))
    else:
        head = f"{path}: version {change.version}, sha256 {change.sha256}" if change else f"{path}: not recorded"
        typer.echo(head + (" (intact)" if intact else f"\nPROBLEM: {problem}"))
        if shown is not None:
            typer.echo(shown.decode("utf-8", "replace"), nl=False)
    if change is not None and not intact:
        raise typer.Exit(1)


@app.command("set")
def set_policy(
    file: Path = typer.Argument(..., help="The new policy.toml."),
    home: Path = HOME_OPT,
) -> None:
    """Apply FILE as the install policy, after confirming on the terminal (never stdin).

    Shows the diff from the recorded version, then asks `Type "apply XXXXXXXX" to confirm:`.
    Refused (exit 2, nothing changed) with no terminal or a wrong answer.
    """
    from overlord.adapters.clock import SystemClock
    from overlord.domain.policy import MAX_POLICY_BYTES
    from overlord.inputs import read_input
    from overlord.supervision.policy_keeper import apply_change, plan_change

    data = read_input(file, what="policy file", max_bytes=MAX_POLICY_BYTES)  # a regular file, capped
    with appending(home) as session:  # PolicyChanged, then a signed and pinned checkpoint covering it
        planned = plan_change(session, data, source=str(file))
        if planned.old is not None and planned.old.sha256 == planned.sha256:
            typer.echo(f"the install policy is already {file} (version {planned.old.version}): nothing to change")
            return
        with Terminal.open() as tty:
            tty.write(planned.diff or "(no textual difference)\n")
            tty.write(f'Type "{planned.confirmation}" to confirm: ')
            answer = tty.read_line()
        if not hmac.compare_digest(answer.strip().encode("utf-8", "replace"), planned.confirmation.encode()):
            raise ConfigError("the confirmation did not match: nothing was changed",
                              f'type exactly "{planned.confirmation}" to apply {file}')
        change = apply_change(session, planned, clock=SystemClock())
    typer.echo(f"install policy version {change.version} applied (sha256 {change.sha256})")


class Terminal:
    """The controlling terminal (``/dev/tty``), opened for one question and closed after."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    @classmethod
    def open(cls) -> Terminal:
        """Open the controlling terminal.

        Raises:
            ConfigError: there is none (a pipe, a job, an agent's jail): the owner must run it
                on a terminal.
        """
        try:
            fd = os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY | os.O_CLOEXEC)
        except OSError as e:
            raise ConfigError("no terminal: `overlord policy set` asks the owner on the terminal, never on stdin; "
                              "nothing was changed", "run it from an interactive terminal") from e
        if not os.isatty(fd):
            os.close(fd)
            raise ConfigError("/dev/tty is not a terminal: nothing was changed", "run it from an interactive terminal")
        return cls(fd)

    def write(self, text: str) -> None:
        """Write plain text to the terminal."""
        data = text.encode("utf-8", "replace")
        while data:
            n = os.write(self.fd, data)
            data = data[n:]

    def read_line(self) -> str:
        """One line typed on the terminal (at most 256 bytes; the end of input ends it)."""
        out = bytearray()
        while len(out) <= MAX_ANSWER_BYTES:
            chunk = os.read(self.fd, 1)
            if not chunk or chunk == b"\n":
                break
            out += chunk
        return out.decode("utf-8", "replace").rstrip("\r")

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc: object) -> None:
        os.close(self.fd)
