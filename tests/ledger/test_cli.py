"""The CLI as a user runs it: the installed `overlord` script in real subprocesses."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
from pathlib import Path

import pytest

from tests.conftest import overlord_cmd


def ov(*args: str, home: Path | None, cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("OVERLORD_HOME",)}
    if home is not None:
        env["OVERLORD_HOME"] = str(home)
    return subprocess.run([*overlord_cmd(), *args], cwd=cwd, env=env, capture_output=True, text=True, input=stdin, timeout=120)


@pytest.fixture
def work(tmp_path):
    home, wd = tmp_path / "home", tmp_path / "work"
    wd.mkdir()
    assert ov("init", home=home, cwd=wd).returncode == 0
    return home, wd


def test_run_records_settles_and_verifies(work):
    home, wd = work
    r = ov("run", "--json", "--", "sh", "-c", "echo out-line; echo err-line >&2; exit 3", home=home, cwd=wd)
    assert r.returncode == 3
    assert "out-line" in r.stderr  # output passed through (to stderr with --json ...)
    settlement = json.loads(r.stdout)  # ... so that stdout is exactly one JSON object
    assert settlement["status"] == "failed" and settlement["stop_code"] == "runtime_error"
    ok = ov("run", "--json", "--", "true", home=home, cwd=wd)
    assert ok.returncode == 0 and json.loads(ok.stdout)["stop_code"] == "completed"

    v = ov("verify", "--json", home=home, cwd=wd)
    assert v.returncode == 0, v.stdout + v.stderr
    report = json.loads(v.stdout)
    # overlord init's PolicyChanged and checkpoint, then two runs of Opened, ProcessExited, Settled and a checkpoint
    assert report["ok"] and report["events"] == 10 and report["checkpoints"] == 3 and report["first_failure"] is None

    lines = [json.loads(x) for x in ov("journal", "--json", "--run", settlement["run_id"], home=home, cwd=wd).stdout.splitlines()]
    assert [x["event_type"] for x in lines] == ["Opened", "ProcessExited", "Settled"]
    assert "exit 3" in lines[1]["summary"]

    # the output is kept as blobs, named by the event
    blobs = list((home / "blobs").rglob("*"))
    contents = {p.read_bytes() for p in blobs if p.is_file()}
    assert b"out-line\n" in contents and b"err-line\n" in contents


def test_export_verifies_without_the_database(work, tmp_path):
    home, wd = work
    ov("run", "--", "echo", "hi", home=home, cwd=wd)
    out = tmp_path / "ledger.ovx"
    assert ov("export", str(out), home=home, cwd=wd).returncode == 0
    (home / "ledger.sqlite").rename(tmp_path / "moved.sqlite")  # no database any more
    r = ov("verify", "--file", str(out), "--json", home=None, cwd=wd)
    assert r.returncode == 0 and json.loads(r.stdout)["events"] == 6  # init's PolicyChanged and checkpoint, the run's four
    # and with the trust file obtained separately
    r = ov("verify", "--file", str(out), "--trust", str(home / "trust"), home=None, cwd=wd)
    assert r.returncode == 0, r.stderr


def test_proofs_verify_against_the_checkpoint(work):
    import base64

    from overlord.ledger import merkle
    from overlord.ledger.session import open_home

    home, wd = work
    for _ in range(3):
        ov("run", "--", "true", home=home, cwd=wd)
    s = open_home(home, writable=False)
    leaves = s.ledger.leaf_hashes()
    s.close()
    cp = json.loads(ov("checkpoint", "--json", home=home, cwd=wd).stdout)
    size, root = cp["size"], base64.b64decode(cp["root_hash"])
    assert size == len(leaves)
    proof = [base64.b64decode(x) for x in ov("proof", "inclusion", "5", home=home, cwd=wd).stdout.split()]
    merkle.verify_inclusion(leaves[5], 5, size + 1, proof, merkle.root_from_leaf_hashes(leaves + [_last_leaf(home)]))
    proof = [base64.b64decode(x) for x in ov("proof", "consistency", "4", str(size), home=home, cwd=wd).stdout.split()]
    merkle.verify_consistency(4, size, merkle.root_from_leaf_hashes(leaves[:4]), root, proof)


def _last_leaf(home: Path) -> bytes:
    from overlord.ledger.session import open_home

    s = open_home(home, writable=False)
    try:
        return s.ledger.leaf_hashes()[-1]
    finally:
        s.close()


# -- bad input: one line that says what to do, exit 2, no traceback ---------------------


def _one_line_error(r: subprocess.CompletedProcess, *needles: str) -> None:
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr
    lines = [x for x in r.stderr.splitlines() if x.strip()]
    assert len(lines) == 1, r.stderr
    for n in needles:
        assert n in lines[0], lines[0]


def test_no_home(tmp_path):
    _one_line_error(ov("verify", home=tmp_path / "nowhere", cwd=tmp_path), "no Overlord home", "overlord init")


def test_corrupt_home(work, tmp_path):
    home, wd = work
    (home / "config.toml").write_text("[ledger\norigin=")
    _one_line_error(ov("journal", home=home, cwd=wd), "config.toml")


def test_corrupt_key(work):
    home, wd = work
    (home / "keys" / "log.key").write_text("PRIVATE+KEY+garbage")
    _one_line_error(ov("run", "--", "true", home=home, cwd=wd), "log key", "corrupt")


def test_key_readable_by_others(work):
    home, wd = work
    os.chmod(home / "keys" / "log.key", 0o644)
    _one_line_error(ov("verify", home=home, cwd=wd), "readable by others", "chmod 600")


def test_unknown_run_id(work):
    home, wd = work
    _one_line_error(ov("journal", "--run", "0b3a4f7e-0000-4000-8000-000000000000", home=home, cwd=wd), "no run")


def test_database_that_is_not_a_ledger(work):
    home, wd = work
    db = home / "ledger.sqlite"
    db.unlink()
    with sqlite3.connect(db) as c:
        c.execute("CREATE TABLE notes (x TEXT)")
    _one_line_error(ov("verify", home=home, cwd=wd), "not an Overlord ledger")


def test_home_inside_worker_root_is_refused_before_anything_is_opened(tmp_path):
    home = tmp_path / "root" / ".overlord-home"
    assert ov("init", home=home, cwd=tmp_path).returncode == 0
    _one_line_error(ov("run", "--", "true", home=home, cwd=tmp_path / "root"), "Overlord home")
    r = ov("verify", "--json", home=home, cwd=tmp_path)
    assert json.loads(r.stdout)["events"] == 2, "only init's PolicyChanged and its checkpoint: no run was opened"


def test_init_refuses_an_existing_home(work):
    home, wd = work
    _one_line_error(ov("init", home=home, cwd=wd), "already exists")


def test_missing_command_and_bad_proof_args(work):
    home, wd = work
    _one_line_error(ov("run", home=home, cwd=wd), "no command given")
    _one_line_error(ov("proof", "inclusion", "7", home=home, cwd=wd), "no position 7")


def test_verify_exit_1_names_the_bad_event(work):
    home, wd = work
    ov("run", "--", "true", home=home, cwd=wd)
    with sqlite3.connect(home / "ledger.sqlite") as c:
        c.execute("DROP TRIGGER overlord_no_update")
        # rowid 1 is overlord init's PolicyChanged, 2 its checkpoint, 3 the run's Opened, 4 its ProcessExited
        c.execute("UPDATE stored_events SET topic = 'overlord.run.Settled' WHERE rowid = 4")
    r = ov("verify", "--json", home=home, cwd=wd)
    assert r.returncode == 1
    f = json.loads(r.stdout)["first_failure"]
    assert f["position"] == 3 and f["version"] == 2 and f["notification_id"] == 4 and "signature" in f["problem"]


# -- found by a fresh user trying to break it ---------------------------------------------


def test_export_never_overwrites_and_never_writes_into_the_home(work, tmp_path):
    home, wd = work
    ov("run", "--", "true", home=home, cwd=wd)
    _one_line_error(ov("export", str(home / "ledger.sqlite"), home=home, cwd=wd), "already exists")
    _one_line_error(ov("export", str(home / "new.ovx"), home=home, cwd=wd), "inside the Overlord home")
    _one_line_error(ov("export", str(tmp_path / "missing" / "x.ovx"), home=home, cwd=wd), "does not exist")
    assert ov("verify", home=home, cwd=wd).returncode == 0


def test_deleted_pin_is_caught_and_not_silently_replaced(work):
    home, wd = work
    ov("run", "--", "true", home=home, cwd=wd)
    (home / "checkpoint").unlink()
    r = ov("verify", "--json", home=home, cwd=wd)
    assert r.returncode == 1 and "pinned checkpoint missing" in json.loads(r.stdout)["first_failure"]["problem"]
    _one_line_error(ov("checkpoint", home=home, cwd=wd), "pinned checkpoint is missing")


def test_unreadable_pin_fails_verify_by_name(work):
    home, wd = work
    ov("run", "--", "true", home=home, cwd=wd)
    (home / "checkpoint").write_bytes(b"\xff\xfe")
    r = ov("verify", "--json", home=home, cwd=wd)
    assert r.returncode == 1 and "pinned checkpoint" in json.loads(r.stdout)["first_failure"]["problem"]


def test_run_inside_the_home_is_refused(work):
    home, wd = work
    _one_line_error(ov("run", "--", "cat", "../keys/log.key", home=home, cwd=home / "blobs"), "Overlord home")


def test_verify_needs_no_private_key(work):
    home, wd = work
    ov("run", "--", "true", home=home, cwd=wd)
    (home / "keys" / "log.key").unlink()
    assert ov("verify", home=home, cwd=wd).returncode == 0


def test_sigterm_settles_the_run_as_cancelled_and_ends_the_child(work):
    import signal
    import time

    home, wd = work
    env = dict(os.environ, OVERLORD_HOME=str(home))
    p = subprocess.Popen([*overlord_cmd(), "run", "--json", "--", "sleep", "300"], cwd=wd, env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60  # the run is live once its controller writes a heartbeat
    while not list(home.glob("runs/*/control.json")) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert list(home.glob("runs/*/control.json")), "the run never started"
    p.send_signal(signal.SIGTERM)
    out, _ = p.communicate(timeout=30)
    assert p.returncode == 130
    assert json.loads(out)["stop_code"] == "cancelled"
    assert subprocess.run(["pgrep", "-f", "sleep 300"], capture_output=True).returncode == 1
    assert ov("verify", home=home, cwd=wd).returncode == 0


def test_exit_codes_of_run(work):
    home, wd = work
    assert ov("run", "--", "no-such-command-xyz", home=home, cwd=wd).returncode == 127
    assert ov("run", "--", "sh", "-c", "kill -9 $$", home=home, cwd=wd).returncode == 128 + 9


def test_trust_without_file_is_refused(work):
    home, wd = work
    _one_line_error(ov("verify", "--trust", str(home / "trust"), home=home, cwd=wd), "--trust goes with --file")


def test_journal_run_by_prefix_and_on_a_tampered_ledger(work):
    home, wd = work
    run_id = json.loads(ov("run", "--json", "--", "true", home=home, cwd=wd).stdout)["run_id"]
    lines = ov("journal", "--json", "--run", run_id[:8], home=home, cwd=wd).stdout.splitlines()
    assert len(lines) == 3 and all(json.loads(x)["stream"] == run_id for x in lines)
    with sqlite3.connect(home / "ledger.sqlite") as c:
        c.execute("DROP TRIGGER overlord_no_update")
        c.execute("UPDATE stored_events SET topic = 'overlord.run.Settled' WHERE rowid = 2")
    (home / "views.sqlite").unlink()
    _one_line_error(ov("journal", home=home, cwd=wd), "fails its checks", "overlord verify")
