"""Witness server throughput: /api/events (pages of 100) and add-checkpoint, against hello-world.

Each server runs in its own process on loopback; the load generator is an aiohttp client in
this process (CONCURRENCY connections, DURATION_S seconds per target). Reports requests/s and
p99 latency for a bare aiohttp hello-world, ``/api/events?after=N&limit=100`` (N spread over
the log) and ``POST /add-checkpoint`` (a sequence of growing, consistent checkpoints of a
synthetic log, one request at a time, as a log would send them). Any non-2xx is an error and
fails the run.

Usage: .venv/bin/python bench/witness.py [EVENTS]
Last line: ``witness throughput ratio: X (target 0.3)`` (events API / hello-world).
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

CONCURRENCY = 32
DURATION_S = 4.0
CHECKPOINTS = 400


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve_hello(port: int) -> None:
    from aiohttp import web

    async def hello(_request: web.Request) -> web.Response:
        return web.Response(text="hello, world")

    app = web.Application()
    app.router.add_get("/", hello)
    web.run_app(app, host="127.0.0.1", port=port, print=None, access_log=None)


def serve_witness(home: str, whome: str, port: int) -> None:
    from aiohttp import web

    from overlord.ledger.session import open_home
    from witness.app import ServerConfig, add_local_log, build_app
    from witness.state import WitnessHome

    session = open_home(Path(home))
    wh = WitnessHome(Path(whome))
    store = wh.store()
    add_local_log(session, store)
    config = ServerConfig(session=session, witness_signer=wh.signer(), witness_store=store, token="bench-token-0123456789")
    web.run_app(build_app(config), host="127.0.0.1", port=port, print=None, access_log=None)


def _make_home(root: Path, events: int) -> None:
    from overlord.domain.run import Run
    from overlord.domain.settlement import settle_exit
    from overlord.ledger.session import init_home

    session = init_home(root)
    now = lambda: datetime.now(UTC)  # noqa: E731
    blob = session.blobs.put(b"out\n")
    while sum(1 for _ in session.ledger.rows()) < events:
        runs = []
        for i in range(50):
            run = Run.open(run_id=uuid.uuid4(), cwd="/w", argv=["bench", str(i)], policy_hash="", overlord_version="b",
                           runtime="command", sandbox="none", at=now())
            run.record_exit(exit_code=0, signal=None, duration_ns=1, stdout_blob=blob, stderr_blob=blob,
                            stdout_bytes=4, stderr_bytes=4, at=now())
            run.settle(settle_exit(0, None), at=now())
            runs.append(run)
        session.ledger.append(*runs)
    session.close()


def _synthetic_log(whome: Path):
    """A bench log the witness knows, and add-checkpoint bodies for sizes growing by 1..7."""
    from overlord.ledger import merkle
    from overlord.ledger.checkpoint import Checkpoint, sign_checkpoint
    from overlord.ledger.note import Signer
    from witness.protocol import AddCheckpointRequest
    from witness.state import WitnessHome

    signer = Signer("bench.example/log", hashlib.sha256(b"bench log").digest())
    store = WitnessHome(whome).store()
    store.add_log(signer.name, signer.verifier().to_key())
    store.close()
    sizes, size = [], 0
    for i in range(CHECKPOINTS):
        size += 1 + i % 7
        sizes.append(size)
    leaves = [merkle.leaf_hash(i.to_bytes(8, "big")) for i in range(sizes[-1])]
    cr = merkle.CompactRange()
    bodies, old = [], 0
    for s in sizes:
        cr.extend(leaves[cr.size : s])
        note = sign_checkpoint(Checkpoint(signer.name, s, cr.root()), signer)
        proof = merkle.consistency_proof(leaves, old, s) if old else []
        bodies.append(AddCheckpointRequest(old, tuple(proof), note).to_body())
        old = s
    return bodies


async def _load(url: str, make_path, duration_s: float, concurrency: int) -> tuple[float, float, int]:
    import aiohttp

    latencies: list[float] = []
    errors = 0
    stop = time.perf_counter() + duration_s
    connector = aiohttp.TCPConnector(limit=concurrency)
    async with aiohttp.ClientSession(connector=connector) as http:
        async def worker(w: int) -> None:
            nonlocal errors
            i = w
            while time.perf_counter() < stop:
                t0 = time.perf_counter()
                async with http.get(url + make_path(i)) as r:
                    await r.read()
                    if r.status != 200:
                        errors += 1
                latencies.append(time.perf_counter() - t0)
                i += concurrency

        started = time.perf_counter()
        await asyncio.gather(*(worker(w) for w in range(concurrency)))
        elapsed = time.perf_counter() - started
    latencies.sort()
    return len(latencies) / elapsed, latencies[int(len(latencies) * 0.99) - 1] * 1000, errors


async def _add_checkpoints(url: str, bodies: list[bytes]) -> tuple[float, float, int]:
    import aiohttp

    latencies, errors = [], 0
    async with aiohttp.ClientSession() as http:
        started = time.perf_counter()
        for body in bodies:
            t0 = time.perf_counter()
            async with http.post(url + "/add-checkpoint", data=body) as r:
                await r.read()
                if r.status != 200:
                    errors += 1
            latencies.append(time.perf_counter() - t0)
        elapsed = time.perf_counter() - started
    latencies.sort()
    return len(bodies) / elapsed, latencies[int(len(latencies) * 0.99) - 1] * 1000, errors


def _wait(port: int) -> None:
    deadline = time.time() + 30
    while time.time() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise SystemExit(f"server on {port} did not start")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "serve-hello":
        serve_hello(int(sys.argv[2]))
        return
    if len(sys.argv) > 1 and sys.argv[1] == "serve-witness":
        serve_witness(sys.argv[2], sys.argv[3], int(sys.argv[4]))
        return
    events = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    tmp = Path(tempfile.mkdtemp(prefix="overlord-bench-witness-"))
    _make_home(tmp / "home", events)
    bodies = _synthetic_log(tmp / "whome")
    hp, wp = _free_port(), _free_port()
    procs = [
        subprocess.Popen([sys.executable, __file__, "serve-hello", str(hp)]),
        subprocess.Popen([sys.executable, __file__, "serve-witness", str(tmp / "home"), str(tmp / "whome"), str(wp)]),
    ]
    try:
        _wait(hp)
        _wait(wp)
        time.sleep(0.5)
        n = events
        hello = asyncio.run(_load(f"http://127.0.0.1:{hp}", lambda i: "/", DURATION_S, CONCURRENCY))
        ev = asyncio.run(_load(f"http://127.0.0.1:{wp}", lambda i: f"/api/events?after={(i * 97) % max(1, n - 100) - 1}&limit=100",
                               DURATION_S, CONCURRENCY))
        add = asyncio.run(_add_checkpoints(f"http://127.0.0.1:{wp}", bodies))
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.wait(timeout=20)
    print(f"cpus: {os.cpu_count()}, log: {events} events, {CONCURRENCY} connections, {DURATION_S}s per target")
    print(f"hello-world          {hello[0]:9.0f} req/s  p99 {hello[1]:7.2f} ms  errors {hello[2]}")
    print(f"/api/events (100)    {ev[0]:9.0f} req/s  p99 {ev[1]:7.2f} ms  errors {ev[2]}")
    print(f"add-checkpoint       {add[0]:9.0f} req/s  p99 {add[1]:7.2f} ms  errors {add[2]} ({len(bodies)} growing checkpoints, sequential)")
    if hello[2] or ev[2] or add[2]:
        raise SystemExit("errors during the bench")
    print(f"witness throughput ratio: {ev[0] / hello[0]:.2f} (target 0.3)")


if __name__ == "__main__":
    main()
