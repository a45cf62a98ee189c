"""The policy tamper corpus: each way policy.toml can change outside `overlord policy set`
refuses every start (exit 2, one line, a PolicyIntegrityFailed event, nothing spawned), and
putting the signed bytes back lets it start again. Run through the installed CLI on a home
made by `overlord init`."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest

from overlord.adapters.clock import SystemClock
from overlord.ledger.session import init_home, open_home
from overlord.supervision.policy_keeper import apply_change, check_policy, plan_change
from tests.policy.conftest import World

REFUSAL = "the policy changed outside `overlord policy set`"
AGENT = Path(__file__).resolve().parents[1] / "mission" / "agent.py"


def _edit(w: World) -> None:
    w.policy.write_bytes(w.policy.read_bytes().replace(b"timeout_ms = 60000", b"timeout_ms = 90000"))


def _truncate(w: World) -> None:
    w.policy.write_bytes(w.policy.read_bytes()[:100])


def _invalid_toml(w: World) -> None:
    w.policy.write_bytes(b"[approval\nclasses = [\n")


def _symlink(w: World) -> None:
    """A symlink to a copy with the very same bytes: still not the policy file itself."""
    copy = w.tmp / "elsewhere.toml"
    shutil.copyfile(w.policy, copy)
    w.policy.unlink()
    w.policy.symlink_to(copy)


def _same_size_and_mtime(w: World) -> None:
    st = os.stat(w.policy)
    data = w.policy.read_bytes()
    edited = data.replace(b"allow_network = true", b"allow_network = fals")  # one byte shorter...
    edited = edited.replace(b"# default", b"#  default", 1) if len(edited) < len(data) else edited
    assert len(edited) == len(data) and edited != data
    w.policy.write_bytes(edited)
    os.utime(w.policy, ns=(st.st_atime_ns, st.st_mtime_ns))
    after = os.stat(w.policy)
    assert (after.st_size, after.st_mtime_ns) == (st.st_size, st.st_mtime_ns)


def _older_signed_version(w: World) -> None:
    v1 = w.policy.read_bytes()
    session = open_home(w.home)
    try:  # the owner's own path (what `policy set` does once confirmed on the terminal)
        apply_change(session, plan_change(session, v1.replace(b"timeout_ms = 60000", b"timeout_ms = 30000"),
                                          source="v2"), clock=SystemClock())
        assert check_policy(session, where="run", clock=SystemClock()).version == 2, "version 2 starts"
    finally:
        session.close()
    w.policy.write_bytes(v1)  # a signed, recorded version: but not the latest one


def _deleted(w: World) -> None:
    w.policy.unlink()


def _fifo(w: World) -> None:
    """A FIFO in its place: refused without a read that would block forever."""
    w.policy.unlink()
    os.mkfifo(w.policy)


def _directory(w: World) -> None:
    w.policy.unlink()
    w.policy.mkdir()


TAMPERS = {"edit": _edit, "truncation": _truncate, "invalid_toml": _invalid_toml, "symlink": _symlink,
           "same_size_and_mtime": _same_size_and_mtime, "older_signed_version": _older_signed_version,
           "deleted": _deleted, "fifo": _fifo, "directory": _directory}


@pytest.mark.parametrize("how", list(TAMPERS))
def test_each_tamper_refuses_to_start_and_the_signed_bytes_let_it_start_again(world, how):
    w = world
    TAMPERS[how](w)
    signed = _latest_signed_bytes(w)
    before = w.kinds()
    marker = w.work / "spawned"
    p = w.ov("run", "--", sys.executable, "-c", f"open({str(marker)!r}, 'w')")
    assert p.returncode == 2, (how, p.stdout, p.stderr)
    assert REFUSAL in p.stderr and "Traceback" not in p.stderr and len(p.stderr.strip().splitlines()) == 1, p.stderr
    assert not marker.exists(), "nothing was spawned"
    new = w.journal()[len(before):]
    # the refusal, covered by a signed and pinned checkpoint (every command that appends ends so)
    assert [e["event_type"] for e in new] == ["PolicyIntegrityFailed", "CheckpointSigned"], new
    assert "run refused" in new[0]["summary"]
    # the owner puts the signed bytes back: it starts again
    if w.policy.is_dir() and not w.policy.is_symlink():
        w.policy.rmdir()
    elif w.policy.is_symlink() or w.policy.exists():
        w.policy.unlink()
    w.policy.write_bytes(signed)
    p = w.ov("run", "--", sys.executable, "-c", f"open({str(marker)!r}, 'w')")
    assert p.returncode == 0, p.stderr
    assert marker.exists()
    assert w.verified()


def _latest_signed_bytes(w: World) -> bytes:
    """The latest recorded version's bytes (the blob its PolicyChanged names)."""
    from overlord.supervision.policy_keeper import latest_change

    session = open_home(w.home, writable=False)
    try:
        return session.blobs.get(latest_change(session).policy_blob)
    finally:
        session.close()


def test_steer_resume_and_a_mission_run_refuse_too(world):
    w = world
    steps = w.tmp / "steps.json"
    steps.write_text(json.dumps([{"say": "hello"}]))
    mission = w.tmp / "mission.toml"
    mission.write_text(f'[mission]\ngoal = "x"\nruntime = "command"\ncommand = ["{sys.executable}", "{AGENT}", '
                       f'"{steps}"]\n[limits]\ntimeout_ms = 60000\n')
    p = w.ov("run", "--json", "--mission", str(mission), "--root", str(w.work))
    assert p.returncode == 0, p.stderr
    run_id = json.loads(p.stdout)["run_id"]
    assert "PolicyFloorPinned" in w.kinds(), "the decision service's start pinned the floor"
    _edit(w)
    show = w.ov("policy", "show", "--json")
    assert show.returncode == 1 and json.loads(show.stdout)["intact"] is False, "show says so (exit 1)"
    for args, where in ((("run", "--mission", str(mission), "--root", str(w.work)), "run"),
                        (("resume", run_id), "resume"), (("steer", run_id, "stop that"), "steer")):
        p = w.ov(*args)
        assert p.returncode == 2 and REFUSAL in p.stderr, (args, p.stderr)
        refused, covered = w.journal()[-2:]
        assert (refused["event_type"], covered["event_type"]) == ("PolicyIntegrityFailed", "CheckpointSigned")
        assert refused["summary"].startswith(f"{where} refused"), refused
    assert w.kinds().count("Opened") == 1, "no second run was opened"


def test_the_witness_actions_refuse_too(world):
    import asyncio

    from aiohttp.test_utils import TestClient, TestServer

    from overlord.ledger.note import Signer
    from witness.app import ServerConfig, build_app
    from witness.state import WitnessStore

    w = world
    _truncate(w)
    session = open_home(w.home)
    store = WitnessStore(w.tmp / "witness.sqlite")
    config = ServerConfig(session=session, witness_signer=Signer("witness.test", b"\x05" * 32), witness_store=store,
                          token="a-token-of-sufficient-length-123", poll_interval_s=0.05)

    async def go() -> tuple[int, dict]:
        async with TestClient(TestServer(build_app(config))) as client:
            r = await client.post("/api/actions/checkpoint", json={"confirm": True},
                                  headers={"Authorization": "Bearer a-token-of-sufficient-length-123"})
            return r.status, await r.json()

    try:
        status, body = asyncio.run(go())
    finally:
        store.close()
        session.close()
    assert status == 409 and REFUSAL in body["error"] and "note" not in body, "the action itself did not run"
    refused, covered = w.journal()[-2:]
    assert refused["event_type"] == "PolicyIntegrityFailed" and refused["summary"].startswith("witness_action refused")
    assert covered["event_type"] == "CheckpointSigned", "the refusal is covered by a checkpoint at once"
    assert w.kinds().count("CheckpointSigned") == 2, "overlord init's, and the one covering the refusal"


def test_a_home_from_before_the_install_policy_gets_the_default_on_first_start(tmp_path):
    w = World.__new__(World)
    w.tmp, w.home, w.work = tmp_path, tmp_path / "home", tmp_path / "work"
    w.work.mkdir()
    w.env = dict(os.environ, OVERLORD_HOME=str(w.home))
    init_home(w.home).close()  # the 0.1 home: no policy.toml, no PolicyChanged
    w.policy = w.home / "policy.toml"
    assert not w.policy.exists()
    assert w.ov("run", "--", "true").returncode == 0
    [changed] = [e for e in w.journal() if e["event_type"] == "PolicyChanged"]
    assert "version 1" in changed["summary"] and "first start" in changed["summary"]
    assert w.policy.exists() and w.verified()


def test_a_policy_file_no_one_recorded_in_an_old_home_is_refused(tmp_path):
    home = tmp_path / "home"
    init_home(home).close()
    (home / "policy.toml").write_text('[approval]\nclasses = ["package_install"]\n')
    env = dict(os.environ, OVERLORD_HOME=str(home))
    import subprocess

    from tests.conftest import overlord_cmd

    p = subprocess.run([*overlord_cmd(), "run", "--", "true"], env=env, capture_output=True, text=True)
    assert p.returncode == 2 and "never recorded" in p.stderr
