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
