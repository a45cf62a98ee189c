"""``overlord secret`` as a user runs it: the commands, the events they record (names and
hashes only), and the bad inputs (one line, exit 2, nothing written)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from overlord.adapters.secrets import SecretStore
from tests.conftest import overlord_cmd

CANARY = "sk-ant-cli-canary-5e4d3c2b1a09"


@pytest.fixture
def home(tmp_path):
    h = tmp_path / "home"
    env = dict(os.environ, OVERLORD_HOME=str(h), OVERLORD_SECRET_PASSPHRASE="pass phrase one")
    subprocess.run([*overlord_cmd(), "init"], env=env, check=True, capture_output=True)
    yield h, env
    try:
        SecretStore(h).lock()
    except Exception:  # noqa: BLE001 - a test that broke the store on purpose
        pass


def ov(env, *args: str, stdin: str | None = None, **extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([*overlord_cmd(), *args], env={**env, **extra}, input=stdin, capture_output=True, text=True,
                          timeout=120)


def one_line_error(p: subprocess.CompletedProcess, needle: str) -> None:
    assert p.returncode == 2, (p.returncode, p.stdout, p.stderr)
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("overlord: error: ") and needle in lines[0], p.stderr
    assert "Traceback" not in p.stderr


def events(env) -> list[dict]:
    out = ov(env, "journal", "--json").stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def test_the_commands_and_their_events(home):
    h, env = home
    assert ov(env, "secret", "init").returncode == 0
    one_line_error(ov(env, "secret", "list"), "locked")
    assert ov(env, "secret", "unlock", "--timeout-s", "120").returncode == 0
    assert ov(env, "secret", "set", "ANTHROPIC_API_KEY", stdin=CANARY + "\n").returncode == 0
    assert ov(env, "secret", "set", "SHORT", stdin="abc").returncode == 0
    listed = json.loads(ov(env, "secret", "list", "--json").stdout)["secrets"]
    assert [(s["name"], s["preview"]) for s in listed] == [("ANTHROPIC_API_KEY", CANARY[-4:]), ("SHORT", "")]
    assert all(s["updated_at"].endswith("Z") for s in listed)
    assert SecretStore(h).lookup("ANTHROPIC_API_KEY") == CANARY, "the trailing newline of stdin is not part of the value"
    assert ov(env, "secret", "rm", "SHORT").returncode == 0
    assert ov(env, "secret", "passwd", OVERLORD_SECRET_NEW_PASSPHRASE="pass phrase two").returncode == 0
    assert ov(env, "secret", "lock").returncode == 0
    one_line_error(ov(env, "secret", "unlock"), "does not open")
    assert ov(env, "secret", "unlock", OVERLORD_SECRET_PASSPHRASE="pass phrase two").returncode == 0
    # overlord init's PolicyChanged, then the store's events, each command's covered by its checkpoint
    kinds = [e["event_type"] for e in events(env) if e["event_type"] not in ("PolicyChanged", "CheckpointSigned")]
    assert kinds == ["StoreCreated", "SecretStoreUnlocked", "SecretWritten", "SecretWritten", "SecretDeleted",
                     "PassphraseChanged", "SecretStoreLocked", "SecretStoreUnlocked"]
    assert events(env)[-1]["event_type"] == "CheckpointSigned"
    assert ov(env, "verify").returncode == 0
    for path in h.rglob("*"):
        if path.is_file():
            assert CANARY.encode() not in path.read_bytes(), path


def test_bad_inputs_are_one_line_and_write_nothing(home):
    h, env = home
    assert ov(env, "secret", "init").returncode == 0
    store = SecretStore(h).path
    before, count = store.read_bytes(), len(events(env))
    one_line_error(ov(env, "secret", "unlock", OVERLORD_SECRET_PASSPHRASE="not it"), "passphrase does not open")
    assert store.read_bytes() == before and len(events(env)) == count and not SecretStore(h).unlocked()
    assert ov(env, "secret", "unlock").returncode == 0
    count = len(events(env))
    one_line_error(ov(env, "secret", "set", "K", stdin=""), "value is empty")
    one_line_error(ov(env, "secret", "set", "K", stdin="\n"), "value is empty")
    one_line_error(ov(env, "secret", "set", "not-a-name", stdin="v"), "not a secret name")
    one_line_error(ov(env, "secret", "init"), "exists already")
    assert len(events(env)) == count
    raw = json.loads(store.read_bytes())
    store.write_text(json.dumps({**raw, "version": 2}))
    one_line_error(ov(env, "secret", "list"), "newer Overlord")
    one_line_error(ov(env, "secret", "unlock"), "upgrade Overlord")


def test_without_a_home_or_a_terminal_it_says_what_to_do(tmp_path):
    env = dict(os.environ, OVERLORD_HOME=str(tmp_path / "nohome"))
    env.pop("OVERLORD_SECRET_PASSPHRASE", None)
    one_line_error(ov(env, "secret", "init"), "")
    h = tmp_path / "h"
    env["OVERLORD_HOME"] = str(h)
    subprocess.run([*overlord_cmd(), "init"], env=env, check=True, capture_output=True)
    p = subprocess.run([*overlord_cmd(), "secret", "init"], env=env, capture_output=True, text=True, timeout=60,
                       stdin=subprocess.DEVNULL, start_new_session=True)
    one_line_error(p, "OVERLORD_SECRET_PASSPHRASE")
    assert not Path(h / "secrets.store").exists()


def _keyring_timeout(h: Path) -> str | None:
    """The timeout column of this home's keyring entry in /proc/keys (``1w``, ``7h``, ``perm``), or ``None``."""
    store = SecretStore(h)
    name = store.cache_name(store.envelope().store_id)
    for line in Path("/proc/keys").read_text().splitlines():
        if line.endswith(f"{name}: 32"):
            return line.split()[3]
    return None


def test_unlock_timeouts_are_checked_before_anything_is_unlocked(home):
    h, env = home
    assert ov(env, "secret", "init").returncode == 0
    count = len(events(env))
    # past a week, and the keyring's 32-bit timeout: 2**32 + 1 would be 1 s, 2**32 forever, 10**20 unencodable
    for value in ("99999999999999999999", "4294967297", "4294967296", "604801", "0", "-1"):
        p = ov(env, "secret", "unlock", "--timeout-s", value)
        one_line_error(p, "--timeout-s")
        assert "604800" in p.stderr, p.stderr
        assert not SecretStore(h).unlocked() and _keyring_timeout(h) is None, value
        assert len(events(env)) == count, f"{value}: nothing recorded"
    p = ov(env, "secret", "unlock", "--timeout-s", "604800")
    assert p.returncode == 0 and "unlocked for 604800 s" in p.stdout, p.stderr
    assert _keyring_timeout(h) in ("1w", "6d"), "the kernel was given the timeout printed (a week, counting down)"
    unlocked = [e for e in events(env) if e["event_type"] == "SecretStoreUnlocked"]
    assert len(unlocked) == 1 and "604800 s" in unlocked[0]["summary"]
    assert ov(env, "secret", "unlock", "--timeout-s", "120").returncode == 0 and _keyring_timeout(h) in ("2m", "1m")
    from cli.secret import MAX_TIMEOUT_S as told
    from overlord.adapters.secrets.store import MAX_TIMEOUT_S

    assert told == MAX_TIMEOUT_S == 604_800 < 2**32
