"""The home's own files replaced by what the one capped reader must refuse: a link to
``/dev/zero`` (``secrets.store`` read 5.8 GB through one), a FIFO (a hang forever), a link to
a good copy (no link is followed in the home), 100,000 nested JSON arrays (a RecursionError).
Each command answers in one line, exit 2 (verify: exit 1, the blob named), no traceback, no
hang, under 256 MiB. policy.toml is the fates branch's, and not here."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import uuid
from pathlib import Path

import pytest

from overlord.domain.run import Run
from overlord.ledger.session import open_home
from tests.conftest import StepClock, overlord_cmd
from tests.hostile.conftest import assert_one_line_refusal, run_measured

ZERO_LINK, FIFO, COPY_LINK, NESTED = "ZERO_LINK", "FIFO", "COPY_LINK", "NESTED"


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> tuple[Path, Path, dict[str, str]]:
    """A home with a run (so a blob and a pinned checkpoint) and a secret store."""
    tmp = tmp_path_factory.mktemp("homefiles")
    env = {k: v for k, v in os.environ.items() if not k.startswith("OVERLORD_")}
    env.update(OVERLORD_HOME=str(tmp / "home"), OVERLORD_SECRET_PASSPHRASE="correct horse")
    work = tmp / "work"
    work.mkdir()
    for argv in (["init"], ["run", "--", "echo", "hi"], ["secret", "init"]):
        subprocess.run([*overlord_cmd(), *argv], env=env, cwd=work, check=True, capture_output=True, timeout=60)
    return tmp / "home", work, env


def _replace(path: Path, kind: str, keep: Path) -> None:
    shutil.copy2(path, keep)
    path.unlink()
    if kind == ZERO_LINK:
        path.symlink_to("/dev/zero")
    elif kind == FIFO:
        os.mkfifo(path)
    elif kind == COPY_LINK:
        path.symlink_to(keep)
    else:
        path.write_bytes(b"[" * 100_000 + b"]" * 100_000)


def _blob(home: Path) -> str:
    return str(next(p for p in (home / "blobs").rglob("*") if p.is_file()).relative_to(home))


CASES = [
    ("secrets.store", ZERO_LINK, ("secret", "list"), "secret store", "is a symbolic link, not a regular file", 2),
    ("secrets.store", FIFO, ("secret", "list"), "secret store", "is a FIFO, not a regular file", 2),
    ("secrets.store", COPY_LINK, ("secret", "list"), "secret store", "is a symbolic link", 2),
    ("secrets.store", NESTED, ("secret", "list"), "secret store", "nested more than 64 levels", 2),
    ("secrets.store", FIFO, ("secret", "unlock"), "secret store", "is a FIFO", 2),
    ("config.toml", COPY_LINK, ("ps",), "home configuration", "is a symbolic link", 2),
    ("trust", ZERO_LINK, ("verify",), "trust file", "is a symbolic link", 2),
    ("trust", COPY_LINK, ("verify",), "trust file", "is a symbolic link", 2),
    ("keys/log.key", COPY_LINK, ("checkpoint",), "log key", "is a symbolic link", 2),
    ("keys/log.key", FIFO, ("checkpoint",), "log key", "", 2),
    ("checkpoint", ZERO_LINK, ("checkpoint",), "pinned checkpoint", "is a symbolic link", 2),
    ("checkpoint", FIFO, ("checkpoint",), "pinned checkpoint", "is a FIFO", 2),
    ("BLOB", ZERO_LINK, ("verify",), "blob unreadable", "is a symbolic link", 1),
    ("BLOB", FIFO, ("verify",), "blob unreadable", "is a FIFO", 1),
]


@pytest.mark.parametrize(("name", "kind", "argv", "what", "expect", "code"), CASES,
                         ids=[f"{c[0]}-{c[1].lower()}-{'-'.join(c[2])}" for c in CASES])
def test_a_home_file_that_is_not_a_regular_file_is_one_line(home, tmp_path, name, kind, argv, what, expect, code):
    root, work, env = home
    path = root / (_blob(root) if name == "BLOB" else name)
    keep = tmp_path / "kept"
    _replace(path, kind, keep)
    try:
        out = run_measured([*overlord_cmd(), *argv], env=env, cwd=work)
    finally:
        path.unlink()
        shutil.copy2(keep, path)
    assert_one_line_refusal(out, expect_code=code, expect_text=what)
    assert expect in out.stderr, out.stderr


def test_kill_with_a_fifo_for_control_json_settles_the_orphan_at_once(home, tmp_path):
    """``overlord kill`` reads the run's control.json: a FIFO there (or a link to /dev/zero)
    is no answer, not a hang; the orphaned run is settled in place."""
    root, work, env = home
    s = open_home(root)
    try:
        run = Run.open(run_id=uuid.uuid4(), cwd=str(work), argv=["sleep", "9"], policy_hash="p", overlord_version="t",
                       runtime="command", sandbox="none", at=StepClock().now())
        s.ledger.append(run)
        control = s.home.run_dir(str(run.id)) / "control.json"
    finally:
        s.close()
    control.parent.mkdir(parents=True)
    os.mkfifo(control)
    out = run_measured([*overlord_cmd(), "kill", "--json", "--wait-ms", "0", str(run.id)], env=env, cwd=work)
    assert not out.hung and out.code == 0, out
    assert json.loads(out.stdout)["outcome"] == "orphan_settled"


def test_an_unreachable_postgresql_ledger_is_one_line(tmp_path):
    """psycopg's "connection refused" is two lines; every error is folded into one."""
    home = tmp_path / "home"
    env = {k: v for k, v in os.environ.items() if not k.startswith("OVERLORD_")}
    env["OVERLORD_HOME"] = str(home)
    subprocess.run([*overlord_cmd(), "init"], env=env, cwd=tmp_path, check=True, capture_output=True, timeout=60)
    (home / "config.toml").write_text('[ledger]\norigin = "x"\nstore = "postgres"\n[postgres]\nhost = "127.0.0.1"\n'
                                      "port = 1\n")
    for argv in (["ps"], ["verify"]):
        out = run_measured([*overlord_cmd(), *argv], env=env, cwd=tmp_path)
        assert_one_line_refusal(out, expect_text="cannot reach the PostgreSQL ledger")
        assert "(check [postgres] in config.toml)" in out.stderr
