"""``overlord memory`` as a user runs it: the installed console script, a real secret store
(the vault's key is made in it on first use), and the bad inputs (one line, exit 2, nothing
half-written). Every command that appended events ends with a signed, pinned checkpoint."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from overlord.adapters.secrets import SecretStore
from overlord.domain.memory import MAX_ITEM_BYTES
from tests.conftest import overlord_cmd
from tests.vault.canaries import canaries


def ov(env: dict[str, str], *args: str, stdin: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([*overlord_cmd(), *args], env=env, input=stdin, capture_output=True, text=True, timeout=300,
                          cwd=cwd)


def one_line_error(p: subprocess.CompletedProcess, needle: str) -> None:
    assert p.returncode == 2, (p.returncode, p.stdout, p.stderr)
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("overlord: error: ") and needle in lines[0], p.stderr
    assert "Traceback" not in p.stderr


def kinds(env: dict[str, str]) -> list[str]:
    out = ov(env, "journal", "--json").stdout
    return [json.loads(line)["event_type"] for line in out.splitlines() if line.strip()]


def pinned_covers_the_log(env: dict[str, str], home: Path) -> bool:
    """The pinned checkpoint's size is the whole log: its own event is the last one."""
    size = int((home / "checkpoint").read_text().splitlines()[1])
    return size + 1 == len(kinds(env)) and kinds(env)[-1] == "CheckpointSigned"


@pytest.fixture
def home(tmp_path: Path):
    h = tmp_path / "home"
    env = dict(os.environ, OVERLORD_HOME=str(h), OVERLORD_SECRET_PASSPHRASE="vault test phrase")
    assert ov(env, "init").returncode == 0
    yield h, env, tmp_path
    try:
        SecretStore(h).lock()
    except Exception:  # noqa: BLE001 - a test that never made a store
        pass


def test_memory_with_no_store_or_a_locked_one_says_what_to_do(home) -> None:
    h, env, cwd = home
    one_line_error(ov(env, "memory", "search", "x", "--role", "admin", cwd=cwd), "overlord secret init")
    assert ov(env, "secret", "init").returncode == 0
    one_line_error(ov(env, "memory", "add", "--label", "PUBLIC", stdin="a note", cwd=cwd), "unlock")
    assert not (h / "vault.sqlite").exists()


def test_add_search_show_rm_as_a_user_runs_them(home) -> None:
    h, env, cwd = home
    assert ov(env, "secret", "init").returncode == 0
    assert ov(env, "secret", "unlock", "--timeout-s", "300").returncode == 0
    added = ov(env, "memory", "add", "--label", "CONFIDENTIAL", "--json", stdin="the merger codeword is heron", cwd=cwd)
    assert added.returncode == 0, added.stderr
    (item,) = json.loads(added.stdout)["ids"]
    assert "OVERLORD_VAULT_KEY" in ov(env, "secret", "list").stdout  # made in the store on first use
    assert pinned_covers_the_log(env, h)
    _, key = canaries()[0]
    raised = ov(env, "memory", "add", "--label", "public", stdin=key, cwd=cwd)
    assert raised.returncode == 0 and "SECRET (raised from PUBLIC)" in raised.stdout
    found = json.loads(ov(env, "memory", "search", "merger codeword", "--role", "user", "--json", cwd=cwd).stdout)
    assert [(i["id"], i["label"], i["text"]) for i in found["items"]] == [(item, "CONFIDENTIAL",
                                                                            "the merger codeword is heron")]
    assert isinstance(found["items"][0]["score"], float)
    assert json.loads(ov(env, "memory", "search", "merger codeword", "--role", "viewer", "--json",
                         cwd=cwd).stdout)["items"] == []
    one_line_error(ov(env, "memory", "search", "merger", "--role", "root", "--json", cwd=cwd), "is not a role")
    assert "heron" in ov(env, "memory", "show", item, "--role", "admin", cwd=cwd).stdout
    one_line_error(ov(env, "memory", "show", item, "--role", "viewer", cwd=cwd), "no memory item")
    assert ov(env, "memory", "rm", item, cwd=cwd).returncode == 0
    one_line_error(ov(env, "memory", "show", item, "--role", "admin", cwd=cwd), "no memory item")
    assert pinned_covers_the_log(env, h)
    assert kinds(env).count("Accepted") == 2 and "Removed" in kinds(env)
    assert ov(env, "verify").returncode == 0


BAD = [
    (["--label", "TOPSECRET"], "a note", "unknown label"),
    (["--label", "PUBLIC"], "", "empty"),
    (["--label", "PUBLIC"], "x" * (MAX_ITEM_BYTES + 1), "over the limit"),
]


def test_bad_input_is_one_line_and_nothing_half_written(home) -> None:
    h, env, cwd = home
    assert ov(env, "secret", "init").returncode == 0
    assert ov(env, "secret", "unlock", "--timeout-s", "300").returncode == 0
    assert ov(env, "memory", "search", "warm up", "--role", "admin", cwd=cwd).returncode == 0  # the key, made
    for args, stdin, needle in BAD:
        before = kinds(env)
        one_line_error(ov(env, "memory", "add", *args, stdin=stdin, cwd=cwd), needle)
        after = kinds(env)
        assert "Accepted" not in after
        if needle != "unknown label":  # refused at the gate: a refusal event, then a checkpoint
            assert after[len(before):] == ["Refused", "CheckpointSigned"], needle
            assert pinned_covers_the_log(env, h)
        else:  # refused before the vault is opened: nothing at all
            assert after == before
    # a role that is not one of the three is a usage error, not an empty answer
    for command in (("search", "x"), ("show", "0" * 32), ("expand", "0" * 32)):
        one_line_error(ov(env, "memory", *command, "--role", "nobody", cwd=cwd), "is not a role")
    assert ov(env, "verify").returncode == 0
