"""Issue 12 item 7, reproduced: a damaged ``views.sqlite`` is rebuilt from the ledger (the views
are caches), and a full disk is one line, for ``ps``, ``journal``, ``cost`` and ``report``."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import textwrap
from pathlib import Path

import pytest

from tests.conftest import need_part, overlord_cmd

COMMANDS = (["ps"], ["journal"], ["cost"], ["report", "{run}"])


def _ov(env: dict, cwd: Path, *argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([*overlord_cmd(), *argv], env=env, cwd=cwd, capture_output=True, text=True, timeout=60)


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("views")
    env = {k: v for k, v in os.environ.items() if not k.startswith("OVERLORD_")}
    env["OVERLORD_HOME"] = str(tmp / "home")
    work = tmp / "work"
    work.mkdir()
    assert _ov(env, work, "init").returncode == 0
    ran = _ov(env, work, "run", "--json", "--", "echo", "hi")
    import json

    run_id = json.loads(ran.stdout)["run_id"]
    healthy = {tuple(c): _ov(env, work, *[a.format(run=run_id) for a in c]).stdout for c in COMMANDS}
    return tmp / "home", work, env, run_id, healthy


def _damage(views: Path, how: str) -> None:
    for side in ("", "-wal", "-shm"):
        p = Path(str(views) + side)
        if p.exists() or p.is_symlink():
            p.unlink()
    if how == "garbage":
        views.write_bytes(os.urandom(8192))
    elif how == "truncated":
        views.write_bytes(b"SQLite format 3\x00" + b"\x00" * 84)
    elif how == "other_shape":
        c = sqlite3.connect(views)
        c.execute("CREATE TABLE tracking (x)")
        c.execute("CREATE TABLE journal (a)")
        c.execute("CREATE TABLE runs (b)")
        c.commit()
        c.close()
    elif how == "fifo":
        os.mkfifo(views)


@pytest.mark.parametrize("how", ["garbage", "truncated", "other_shape", "fifo"])
def test_a_damaged_views_file_is_rebuilt(made, how) -> None:
    home, work, env, run_id, healthy = made
    for command in COMMANDS:
        _damage(home / "views.sqlite", how)
        r = _ov(env, work, *[a.format(run=run_id) for a in command])
        assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr[-2000:]
        if command[0] != "ps":  # ps prints ages, which move
            assert r.stdout == healthy[tuple(command)]
        else:
            assert run_id[:8] in r.stdout
        assert "views.rebuilt" in r.stderr
    assert (home / "views.sqlite").is_file()


def _sql(views: Path, *statements: str, writable_schema: bool = False) -> None:
    c = sqlite3.connect(views)
    if writable_schema:
        c.execute("PRAGMA writable_schema = ON")
    for statement in statements:
        c.execute(statement)
    c.commit()
    c.close()


def _untyped_wrong_values(views: Path) -> None:
    """The view's tables without their types (a file of an older Overlord, or the schema
    edited), then values of another type, as the tester wrote them."""
    _sql(views, "UPDATE sqlite_schema SET sql = replace(sql, ' STRICT', '') WHERE type = 'table'", writable_schema=True)
    _sql(views, "UPDATE runs SET opened_ns = 'abc'", "UPDATE journal SET time_ns = 'zz'",
         "UPDATE cost_items SET time_ns = 'x'")


TAMPERS = {
    "wrong_typed_values": _untyped_wrong_values,
    "tracking_moved_forward": lambda v: _sql(v, "UPDATE tracking SET notification_id = 9223372036854775807"),
    "tracking_not_a_number": lambda v: _sql(v, "UPDATE tracking SET notification_id = 'x'"),
    "tables_dropped": lambda v: _sql(v, "DROP TABLE runs", "DROP TABLE journal", "DROP TABLE cost_items",
                                     "DROP TABLE run_decisions"),
}


@pytest.fixture(scope="module")
def good_views(made, tmp_path_factory) -> Path:
    """A copy of a views file holding every view, caught up."""
    home, work, env, run_id, _ = made
    _damage(home / "views.sqlite", "none")
    for command in COMMANDS:
        assert _ov(env, work, *[a.format(run=run_id) for a in command]).returncode == 0
    copy = tmp_path_factory.mktemp("goodviews") / "views.sqlite"
    shutil.copy(home / "views.sqlite", copy)
    return copy


@pytest.mark.parametrize("how", sorted(TAMPERS))
def test_a_view_that_is_not_what_overlord_writes_is_rebuilt(made, good_views, how) -> None:
    """Wrong-typed values made ps, journal and report die with a TypeError; a tracking row
    moved forward or a dropped table made views show less without a word."""
    home, work, env, run_id, healthy = made
    for command in COMMANDS:
        _damage(home / "views.sqlite", "none")
        shutil.copy(good_views, home / "views.sqlite")
        TAMPERS[how](home / "views.sqlite")
        r = _ov(env, work, *[a.format(run=run_id) for a in command])
        assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr[-2000:]
        assert "views.rebuilt" in r.stderr, (command, r.stderr)
        if command[0] != "ps":
            assert r.stdout == healthy[tuple(command)], command
        else:
            assert run_id[:8] in r.stdout


def test_a_view_ahead_of_the_ledger_shows_what_came_after(tmp_path) -> None:
    import json

    env = {k: v for k, v in os.environ.items() if not k.startswith("OVERLORD_")}
    env["OVERLORD_HOME"] = str(tmp_path / "home")
    work = tmp_path / "work"
    work.mkdir()
    assert _ov(env, work, "init").returncode == 0 and _ov(env, work, "ps").returncode == 0
    _sql(tmp_path / "home" / "views.sqlite", "UPDATE tracking SET notification_id = 9223372036854775807")
    new_id = json.loads(_ov(env, work, "run", "--json", "--", "true").stdout)["run_id"]
    assert new_id[:8] in _ov(env, work, "ps").stdout  # was silently missing: the view thought it had seen it
    assert new_id[:8] in _ov(env, work, "journal").stdout


def test_a_full_disk_is_one_line(tmp_path) -> None:
    need_part(os.geteuid() == 0 and shutil.which("unshare") is not None and shutil.which("mount") is not None,
              "root with unshare and mount (a private tmpfs for a full disk)")
    mnt = tmp_path / "mnt"
    mnt.mkdir()
    work = tmp_path / "work"
    work.mkdir()
    ov = " ".join(overlord_cmd())
    py = shutil.which("python3")
    # a 2 MiB file system, private to this script's mount namespace, filled up: first while
    # another process holds the ledger open (only the views need the disk), then not
    script = textwrap.dedent(f"""\
        set -u
        mount -t tmpfs -o size=2m tmpfs {mnt} || exit 99
        export OVERLORD_HOME={mnt}/home
        cd {work}
        {ov} init >/dev/null && {ov} run -- true 2>/dev/null || exit 98
        rm -f $OVERLORD_HOME/views.sqlite*
        {py} -c "import signal, sqlite3, sys, time; signal.signal(signal.SIGTERM, lambda *a: sys.exit(0)); \\
                 c = sqlite3.connect('$OVERLORD_HOME/ledger.sqlite'); \\
                 c.execute('SELECT count(*) FROM stored_events').fetchall(); time.sleep(60)" &
        holder=$!
        sleep 1
        dd if=/dev/zero of={mnt}/fill bs=1k 2>/dev/null
        for c in ps journal cost "report x"; do {ov} $c; echo "== $c rc=$?"; done
        kill $holder; wait $holder 2>/dev/null
        dd if=/dev/zero of={mnt}/fill2 bs=1k 2>/dev/null  # what the holder's side files freed
        for c in ps journal; do {ov} $c; echo "== ledger-$c rc=$?"; done
        """)
    r = subprocess.run(["unshare", "-m", "bash", "-c", script], capture_output=True, text=True, timeout=120)
    need_part(r.returncode != 99, "mounting a tmpfs (unshare -m)")
    assert "== ps" in r.stdout, r.stdout + r.stderr
    assert "Traceback" not in r.stderr, r.stderr[-3000:]
    errors = [line for line in r.stderr.splitlines() if line.startswith("overlord: error:")]
    codes = [line.rsplit("rc=", 1)[1] for line in r.stdout.splitlines() if line.startswith("== ")]
    assert codes == ["2"] * 6, r.stdout + r.stderr
    assert len(errors) == 6 and len(r.stderr.strip().splitlines()) == 6, r.stderr
    assert all("no space left to write the views" in e for e in errors[:4]), errors
    # with no process holding the ledger open, even reading it needs the disk: said so
    assert all("cannot read the ledger" in e and "disk full" in e for e in errors[4:]), errors
