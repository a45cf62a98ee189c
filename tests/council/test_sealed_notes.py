"""No plaintext of a CONFIDENTIAL or SECRET note anywhere in the home after a real run that
was given them: the real Claude Code CLI replaying a model, ``[memory] role = "admin"``, then
every file of the home (the ledger and its WAL, the vault and its WAL, blobs, the run's
runtime HOME with the CLI's session files) searched for each note's text."""

from __future__ import annotations

import json
import secrets
import shutil
import uuid
from pathlib import Path

import pytest

from overlord.adapters.secrets import SecretStore
from overlord.domain.memory import MemoryRetrieval
from overlord.domain.run import Run
from overlord.ledger.session import open_home
from tests.conftest import need_part
from tests.council.conftest import GOOD
from tests.council.test_claude_loop import _attempt, _mission


@pytest.fixture
def vworld(world):
    need_part(shutil.which("bwrap") is not None, "bubblewrap")
    world.env["OVERLORD_SECRET_PASSPHRASE"] = "sealed notes phrase"
    world.overlord("secret", "init", check=True)
    world.overlord("secret", "unlock", "--timeout-s", "600", check=True)
    yield world
    try:
        SecretStore(world.home).lock()
    except Exception:  # noqa: BLE001 - locked already
        pass


def _forms(text: str) -> list[bytes]:
    return [text.encode(), json.dumps(text)[1:-1].encode(), text.encode("utf-16-le")]


def test_sealed_notes_given_to_a_real_run_are_nowhere_on_disk(vworld, claude_bin):
    world = vworld
    marks = {label: f"canary{label.lower()}{secrets.token_hex(8)}" for label in ("CONFIDENTIAL", "SECRET")}
    notes = {"CONFIDENTIAL": f"is_prime in solution.py: the owner's codeword for primes is {marks['CONFIDENTIAL']}",
             # one long line: the CLI keeps a cut copy of its prompt, which no whole line matches
             "SECRET": f"is_prime solution.py tests: the billing host for prime numbers is {marks['SECRET']}.example "
                       "and every is_prime answer is checked against the billing host's own table of primes, "
                       "which lists each prime below ten thousand with the hour it was last audited by hand, "
                       "so that a wrong answer is caught before any invoice for prime numbers is printed."}
    ids = {}
    for label, text in notes.items():
        p = world.overlord("memory", "add", "--label", label, "--json", input=text)
        assert p.returncode == 0, p.stderr
        ids[label] = json.loads(p.stdout)["ids"][0]
    mission = _mission(world, _attempt(world.root, GOOD, first=True))
    Path(mission).write_text(Path(mission).read_text() + '[memory]\nrole = "admin"\n')
    p = world.overlord("task", "run", mission, "--root", str(world.root), "--json", timeout=600)
    out = world.last_json(p)
    assert p.returncode == 0 and out["state"] == "DONE", p.stdout + p.stderr

    session = open_home(world.home, writable=False)
    try:
        ledger = session.ledger
        events = [ledger.mapper.to_domain_event(n) for n in ledger.recorder.select_notifications(start=None, limit=10**6)]
        (given,) = [e for e in events if isinstance(e, MemoryRetrieval.Created)]
        assert given.run_id == out["runs"][0] and set(ids.values()) <= set(given.ids)  # both were recalled
        run_events = [ledger.mapper.to_domain_event(r) for r in ledger.stream_rows(uuid.UUID(out["runs"][0]))]
        requests = [session.blobs.get(e.request_blob) for e in run_events if isinstance(e, Run.ConnectorCalled)
                    and e.path == "/v1/messages"]
    finally:
        session.close()
    files = [p for p in world.home.rglob("*") if p.is_file() and not p.is_symlink()]
    names = {p.name for p in files}
    assert {"ledger.sqlite", "vault.sqlite"} <= names and any("runtime-home" in p.parts for p in files)
    hits = [(str(path.relative_to(world.home)), label) for path in files for label, text in notes.items()
            for needle in (*_forms(text), *_forms(marks[label])) if needle in path.read_bytes()]
    print(f"sealed notes: {len(files)} files in the home searched, {len(hits)} hits")
    assert hits == []
    assert requests and all(b"[vault item " + i[:8].encode() in requests[0] for i in ids.values())  # referenced
