"""Witness fixtures: the C2SP vectors' log and witness, a served ledger home, a live server.

Vectors: tests/vectors/c2sp/vectors.json (C2SP specs and FiloSottile/torchwood; see README).
"""

from __future__ import annotations

import base64
import json
import uuid
from pathlib import Path

import pytest
import pytest_asyncio

from overlord.domain.run import Run
from overlord.domain.settlement import settle_exit
from overlord.ledger.note import Signer
from overlord.ledger.session import init_home
from tests.conftest import StepClock  # noqa: F401 - one test clock for every suite
from witness.app import ServerConfig, add_local_log, build_app
from witness.protocol import AddCheckpointRequest
from witness.state import WitnessStore

C2SP = json.loads((Path(__file__).resolve().parents[1] / "vectors" / "c2sp" / "vectors.json").read_text())
LOG = C2SP["log"]
WITNESS = C2SP["witness"]
VECTOR_TIME = 1679315147
TOKEN = "t0ken-for-tests-only-0123456789abcdef"




def vector_signer() -> Signer:
    return Signer(WITNESS["name"], bytes.fromhex(WITNESS["ed25519_seed_hex"]))


def vector_body(old: int, checkpoint: int, proof: str) -> bytes:
    """An add-checkpoint body from the vectors' sequence."""
    if proof == "":
        hashes: list[bytes] = []
    elif proof == "empty or corrupted":
        hashes = [b"\x00" * 32]
    else:
        hashes = [base64.b64decode(h) for h in LOG["consistency_proofs"][proof]]
    return AddCheckpointRequest(old, tuple(hashes), LOG["checkpoints"][str(checkpoint)]["note"]).to_body()


@pytest.fixture
def vector_store(tmp_path) -> WitnessStore:
    store = WitnessStore(tmp_path / "witness.sqlite")
    store.add_log(LOG["origin"], LOG["verifier_key"])
    yield store
    store.close()


def add_run(session, clock, argv=("echo", "hi"), settle=True) -> uuid.UUID:
    run = Run.open(run_id=uuid.uuid4(), cwd="/work", argv=list(argv), policy_hash="p", overlord_version="t",
                   runtime="command", sandbox="none", at=clock.now())
    session.ledger.append(run)
    if settle:
        blob = session.blobs.put(b"out\n")
        run.record_exit(exit_code=0, signal=None, duration_ns=1000, stdout_blob=blob, stderr_blob=blob,
                        stdout_bytes=4, stderr_bytes=4, at=clock.now())
        run.settle(settle_exit(0, None), at=clock.now())
        session.ledger.append(run)
    return run.id


@pytest.fixture
def served(tmp_path):
    """A ledger home with two runs and a checkpoint, the witness store knowing its origin."""
    clock = StepClock()
    session = init_home(tmp_path / "home")
    add_run(session, clock, ("pytest", "-q"))
    add_run(session, clock, ("make", "build"))
    session.checkpoint(at=clock.now())
    store = WitnessStore(tmp_path / "witness.sqlite")
    add_local_log(session, store)
    config = ServerConfig(session=session, witness_signer=vector_signer(), witness_store=store, token=TOKEN,
                          clock=clock, unix_time=lambda: VECTOR_TIME, poll_interval_s=0.05)
    yield config
    store.close()
    session.close()


@pytest_asyncio.fixture
async def client(aiohttp_client, served):
    return await aiohttp_client(build_app(served))

