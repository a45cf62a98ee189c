"""``overlord secret``: the owner's secrets in the home's encrypted store.

The passphrase is read from the terminal, or from ``OVERLORD_SECRET_PASSPHRASE`` for
automation (``passwd`` takes the new one from ``OVERLORD_SECRET_NEW_PASSPHRASE``); a value
from stdin, never from the command line. Each change is recorded in the ledger with names and
hashes only. Nothing here ever prints a value.
"""

from __future__ import annotations

import getpass
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from cli.context import appending, home_path, open_session
from overlord.adapters.clock import SystemClock
from overlord.errors import ConfigError

if TYPE_CHECKING:
    from overlord.adapters.secrets import SecretStore, StoreChange

DEFAULT_TIMEOUT_S = 8 * 3600  # overlord.adapters.secrets.store.DEFAULT_TIMEOUT_S (imported late: cryptography)
MAX_TIMEOUT_S = 7 * 24 * 3600  # overlord.adapters.secrets.store.MAX_TIMEOUT_S, likewise

PASSPHRASE_ENV = "OVERLORD_SECRET_PASSPHRASE"
NEW_PASSPHRASE_ENV = "OVERLORD_SECRET_NEW_PASSPHRASE"
HOME_OPT = typer.Option(None, "--home", help="The Overlord home (default: $OVERLORD_HOME, else $XDG_DATA_HOME/overlord).")
app = typer.Typer(help="The owner's secrets (model API keys) in one encrypted envelope in the home.",
                  no_args_is_help=True)


def _passphrase(env_name: str, prompt: str, *, confirm: bool = False) -> bytearray:
    given = os.environ.get(env_name)
    if given is not None:
        if not given:
            raise ConfigError(f"{env_name} is empty", "give a passphrase, or unset it to be asked on the terminal")
        return bytearray(given.encode("utf-8"))
    _need_terminal(f"set {env_name} for automation, or run on a terminal")
    try:
        first = getpass.getpass(prompt)
        if confirm and getpass.getpass("again: ") != first:
            raise ConfigError("the two passphrases differ", "type the same passphrase twice")
    except (EOFError, OSError) as e:
        raise ConfigError("no passphrase: the terminal could not be read", f"set {env_name} for automation") from e
    if not first:
        raise ConfigError("the passphrase is empty", "choose a passphrase")
    return bytearray(first.encode("utf-8"))


def _need_terminal(hint: str) -> None:
    """Refuse to ask when there is no terminal (getpass would read stdin, echoing)."""
    try:
        os.close(os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY))
    except OSError as e:
        raise ConfigError("no passphrase: there is no terminal to ask on", hint) from e


def _store(home: Path | None) -> SecretStore:
    from overlord.adapters.secrets import SecretStore

    return SecretStore(home_path(home))


def zero(buf: bytearray) -> None:
    """Overwrite a passphrase (best effort)."""
    from overlord.adapters.secrets.envelope import zero as wipe

    wipe(buf)


def _record(home: Path | None, change: StoreChange, action: Any) -> None:
    """Append the change's event to the store's stream (created on first use)."""
    from overlord.adapters.secrets.envelope import PROTECTIONS
    from overlord.domain.secrets import SecretStoreLog, store_stream_id

    clock = SystemClock()
    with appending(home) as session:  # the change's event, then a signed and pinned checkpoint
        def decide(log: SecretStoreLog | None) -> tuple[SecretStoreLog, None]:
            if log is None:
                log = SecretStoreLog.create(store_id=change.store_id, protection=PROTECTIONS[0],
                                            envelope_sha256=change.envelope_sha256 or "", at=clock.now())
                if action is None:
                    return log, None
            action(log, clock.now())
            return log, None

        session.ledger.cas.apply(store_stream_id(change.store_id), decide)


def init(home: Path = HOME_OPT) -> None:
    """Make the home's secret store under a new passphrase (it starts locked)."""
    open_session(home).close()  # the home must exist: changes are recorded in its ledger
    store = _store(home)
    if store.exists():
        raise ConfigError(f"{store.path} exists already", "use `overlord secret passwd` to change its passphrase")
    phrase = _passphrase(PASSPHRASE_ENV, "new passphrase for the secret store: ", confirm=True)
    try:
        change = store.init(phrase)
    finally:
        zero(phrase)
    _record(home, change, None)
    typer.echo(f"created {store.path} (locked; `overlord secret unlock` to use it)")


def unlock(
    home: Path = HOME_OPT,
    timeout_s: int = typer.Option(DEFAULT_TIMEOUT_S, "--timeout-s",
                                  help=f"Forget the key after this many seconds: 1 to {MAX_TIMEOUT_S} (a week); "
                                       "default 8 hours."),
) -> None:
    """Unlock the store: its key is kept in the kernel keyring (never on disk) until the timeout or `lock`.

    The unlock is recorded (``SecretStoreUnlocked``) once the passphrase opens the store and
    before the key is cached: an unlock the ledger cannot record does not happen.
    """
    if isinstance(timeout_s, bool) or not 1 <= timeout_s <= MAX_TIMEOUT_S:  # at the boundary, before anything
        shown = str(timeout_s) if len(str(timeout_s)) <= 40 else "that"
        raise ConfigError(f"--timeout-s {shown} is not 1 to {MAX_TIMEOUT_S} seconds (a week)",
                          "give a timeout within it (default 8 hours), and unlock again when it ends")
    from overlord.adapters.secrets.keyring import KeyringUnavailable

    store = _store(home)
    store.envelope()  # no store, or a bad one: say so before asking for a passphrase
    phrase = _passphrase(PASSPHRASE_ENV, "passphrase: ")
    recorded: list[StoreChange] = []

    def record(change: StoreChange) -> None:
        _record(home, change, lambda log, at: log.unlocked(timeout_s=timeout_s, at=at))
        recorded.append(change)

    try:
        change = store.unlock(phrase, timeout_s=timeout_s, record=record)
    except KeyringUnavailable:
        if recorded:  # recorded as unlocked, but the kernel would not keep the key: it stays locked
            _record(home, recorded[0], lambda log, at: log.locked(at=at))
        raise
    finally:
        zero(phrase)
    typer.echo(f"unlocked for {change.timeout_s} s (`overlord secret lock` forgets the key now)")


def lock(home: Path = HOME_OPT) -> None:
    """Lock the store: forget its key from the kernel keyring."""
    change = _store(home).lock()
    _record(home, change, lambda log, at: log.locked(at=at))
    typer.echo("locked")


def _value_from_stdin() -> str:
    """The value piped on stdin, one trailing line break taken off: at most 64 KiB (and its
    line break) is read, so an endless stream is refused without being held; UTF-8 only.

    Raises:
        BadSecret: over 64 KiB, or not UTF-8 (the message never quotes the value).
    """
    from overlord.adapters.secrets.store import MAX_VALUE_BYTES, BadSecret
    from overlord.errors import InputError
    from overlord.inputs import read_stream

    try:
        data = read_stream(sys.stdin.buffer, what="secret's value on stdin", max_bytes=MAX_VALUE_BYTES + 2)
    except InputError as e:
        raise BadSecret("the secret's value on stdin is longer than 64 KiB", "a secret's value is at most 64 KiB") from e
    try:
        value = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BadSecret(f"the secret's value on stdin is not UTF-8 text (byte {e.start})",
                        "store text (encode binary keys as base64)") from None
    finally:
        del data
    return value[:-2] if value.endswith("\r\n") else value[:-1] if value.endswith("\n") else value


def set_secret(name: str = typer.Argument(..., help="The secret's name, as an environment variable (ANTHROPIC_API_KEY)."),
               home: Path = HOME_OPT) -> None:
    """Set a secret; its value is read from stdin (never from the command line)."""
    store = _store(home)
    if sys.stdin is None or sys.stdin.isatty():
        _need_terminal(f"pipe the value: printf %s \"$VALUE\" | overlord secret set {name}")
        try:
            value = getpass.getpass(f"value of {name}: ")
        except (EOFError, OSError) as e:
            raise ConfigError("no value on stdin", f"pipe it: printf %s \"$VALUE\" | overlord secret set {name}") from e
    else:
        value = _value_from_stdin()
    change = store.set(name, value, at=SystemClock().now().strftime("%Y-%m-%dT%H:%M:%SZ"))
    del value
    _record(home, change, lambda log, at: log.written(name=change.name or name, envelope_sha256=change.envelope_sha256 or "",
                                                       fingerprint=change.fingerprint or "", at=at))
    typer.echo(f"set {name}")


def list_secrets(home: Path = HOME_OPT, json_out: bool = typer.Option(False, "--json", help="Print JSON for scripts.")) -> None:
    """The secrets' names, when each was set, and the last four characters (none for short values)."""
    entries = _store(home).entries()
    if json_out:
        typer.echo(json.dumps({"secrets": [e.to_json() for e in entries]}))
        return
    for e in entries:
        typer.echo(f"{e.name:<40} {e.updated_at:<22} {'…' + e.preview if e.preview else ''}")


def rm(name: str = typer.Argument(..., help="The secret's name."), home: Path = HOME_OPT) -> None:
    """Remove a secret."""
    change = _store(home).remove(name)
    _record(home, change, lambda log, at: log.deleted(name=name, envelope_sha256=change.envelope_sha256 or "", at=at))
    typer.echo(f"removed {name}")


def passwd(home: Path = HOME_OPT) -> None:
    """Change the passphrase (the data key is rewrapped; the secrets are not re-entered)."""
    store = _store(home)
    store.envelope()
    old = _passphrase(PASSPHRASE_ENV, "current passphrase: ")
    new = bytearray()
    try:
        new = _passphrase(NEW_PASSPHRASE_ENV, "new passphrase: ", confirm=True)
        change = store.passwd(old, new)
    finally:
        zero(old)
        zero(new)
    _record(home, change, lambda log, at: log.passphrase_changed(envelope_sha256=change.envelope_sha256 or "", at=at))
    typer.echo("passphrase changed")


app.command("init")(init)
app.command("unlock")(unlock)
app.command("lock")(lock)
app.command("set")(set_secret)
app.command("list")(list_secrets)
app.command("rm")(rm)
app.command("passwd")(passwd)
