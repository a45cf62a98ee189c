"""The read API, the live stream (resume with Last-Event-ID), actions and their gate, secrets."""

from __future__ import annotations

import asyncio
import json

import pytest

from tests.witness.conftest import TOKEN, StepClock, add_run, vector_signer
from witness.protocol import AddCheckpointRequest


async def _until(pred, timeout=5.0):
    deadline = asyncio.get_running_loop().time() + timeout
    while not pred():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.05)


@pytest.mark.asyncio
async def test_read_api(client, served) -> None:
    r = await client.get("/healthz")
    assert r.status == 200 and (await r.json())["events"] == 7
    runs = (await (await client.get("/api/runs")).json())["runs"]
    assert [r["argv"] for r in runs] == [["make", "build"], ["pytest", "-q"]]
    assert all(r["status"] == "succeeded" and r["stop_code"] == "completed" for r in runs)
    one = await (await client.get(f"/api/runs/{runs[0]['id'][:8]}")).json()
    assert one["run"]["id"] == runs[0]["id"]
    assert [e["type"] for e in one["events"]] == ["Opened", "ProcessExited", "Settled"]
    page = await (await client.get("/api/events?after=1&limit=3")).json()
    assert [e["position"] for e in page["events"]] == [2, 3, 4] and page["next"] == 4
    cp = (await (await client.get("/api/events?after=5&limit=1")).json())["events"][0]
    assert cp["type"] == "CheckpointSigned"
    assert set(cp["body"]["root_hash"]) == {"hex", "base64"}  # bytes decoded for display
    entries = (await (await client.get("/api/journal?limit=2")).json())["entries"]
    assert [e["position"] for e in entries] == [0, 1]
    assert (await client.get("/api/runs/ffffffff")).status == 404


@pytest.mark.asyncio
@pytest.mark.parametrize("query", ["after=x", "limit=0", "limit=1001", "after=-2", "limit=1e3"])
async def test_bad_params_are_json_400(client, query) -> None:
    r = await client.get(f"/api/events?{query}")
    assert r.status == 400 and "error" in await r.json()


@pytest.mark.asyncio
async def test_verify_endpoint(client) -> None:
    async def ready():
        return await (await client.get("/api/verify")).json()

    for _ in range(100):
        v = await ready()
        if v["last"] is not None and v["verified_size"] == v["events"]:
            break
        await asyncio.sleep(0.05)
    assert v["last"]["ok"] is True
    assert v["checkpoint"]["size"] == 6 and v["checkpoint"]["cosignatures"] == []


async def _read_sse(resp, n):
    """Read ``n`` events of an SSE response: [(id, data dict)]."""
    out, cur = [], {}
    while len(out) < n:
        line = (await asyncio.wait_for(resp.content.readline(), 5)).decode().rstrip("\n")
        if line.startswith("id: "):
            cur["id"] = int(line[4:])
        elif line.startswith("data: "):
            cur["data"] = json.loads(line[6:])
        elif line == "" and "data" in cur:
            out.append((cur["id"], cur["data"]))
            cur = {}
    return out


@pytest.mark.asyncio
async def test_stream_live_and_resume(client, served) -> None:
    resp = await client.get("/api/events/stream")
    assert resp.headers["Content-Type"].startswith("text/event-stream")
    clock = StepClock()
    clock.t = clock.t.replace(year=2027)
    await asyncio.get_running_loop().run_in_executor(None, add_run, served.session, clock, ("live",))
    got = await _read_sse(resp, 3)
    assert [i for i, _ in got] == [7, 8, 9] and got[0][1]["type"] == "Opened"
    resp.close()
    # resume: everything after the last id seen
    resp = await client.get("/api/events/stream", headers={"Last-Event-ID": "4"})
    got = await _read_sse(resp, 5)
    assert [i for i, _ in got] == [5, 6, 7, 8, 9]
    assert all(d["position"] == i for i, d in got)
    resp.close()
    assert (await client.get("/api/events/stream", headers={"Last-Event-ID": "abc"})).status == 400


# -- actions and the gate ----------------------------------------------------------------


async def _state(client, served):
    events = (await (await client.get("/healthz")).json())["events"]
    return events, served.witness_store.get(served.session.origin).size


@pytest.mark.asyncio
async def test_action_checkpoint_with_token(client, served) -> None:
    before = (await (await client.get("/healthz")).json())["events"]
    r = await client.post("/api/actions/checkpoint", json={"confirm": True}, headers={"Authorization": f"Bearer {TOKEN}"})
    assert r.status == 200, await r.text()
    # this home predates the install policy: its first action's policy check records the default
    # one first (PolicyChanged) and covers it with a checkpoint of its own; then the action's
    assert (await r.json())["size"] == before + 2
    await _until(lambda: served.session.ledger.max_notification_id() == before + 3)


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "kwargs, status",
    [
        ({"json": {"confirm": True}}, 401),  # no token
        ({"json": {"confirm": True}, "headers": {"Authorization": "Bearer wrong"}}, 403),
        ({"data": {"confirm": "true"}, "headers": {"Authorization": f"Bearer {TOKEN}"}}, 415),  # a form
        ({"data": b"confirm=true", "headers": {"Authorization": f"Bearer {TOKEN}",
                                               "Content-Type": "application/x-www-form-urlencoded"}}, 415),
        ({"json": {"confirm": False}, "headers": {"Authorization": f"Bearer {TOKEN}"}}, 400),
        ({"data": b"{not json", "headers": {"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"}}, 400),
        ({"json": {"confirm": True, "pad": "x" * 10000}, "headers": {"Authorization": f"Bearer {TOKEN}"}}, 413),
    ],
)
async def test_action_gate_refuses_and_changes_nothing(client, served, kwargs, status) -> None:
    before = served.session.ledger.max_notification_id()
    r = await client.post("/api/actions/checkpoint", **kwargs)
    assert r.status == status, await r.text()
    assert TOKEN not in await r.text()
    await asyncio.sleep(0.1)
    assert served.session.ledger.max_notification_id() == before


@pytest.mark.asyncio
async def test_witness_refusals_change_nothing(client, served) -> None:
    note = served.session.read_pinned()
    origin = served.session.origin
    assert served.witness_store.get(origin).size == 0
    cases = [
        (b"old 0\n\n" + b"x" * (70 * 1024), 413),  # oversized
        (b"old 0\n\nnot a checkpoint\n", 400),  # malformed checkpoint
        (b"old 00\n\n" + note.encode(), 400),  # leading zero
        (b"\xff\xfe", 400),
        (b"old 0\n\n" + note.replace(origin, "example.com/unknown").encode(), 404),  # unknown origin
        (b"old 0\n\n" + note.replace("\n6\n", "\n7\n").encode(), 403),  # signature no longer verifies
        (b"old 9\n\n" + note.encode(), 400),  # old larger than the checkpoint
        (b"old 3\n\n" + note.encode(), 409),
        (b"old 0\n" + b"A" * 43 + b"=\n\n" + note.encode(), 422),  # a proof at old size 0
    ]
    for body, status in cases:
        r = await client.post("/add-checkpoint", data=body)
        assert r.status == status, (body[:40], await r.text())
        assert served.witness_store.get(origin).size == 0
    r = await client.post("/add-checkpoint", data=AddCheckpointRequest(0, (), note).to_body())
    assert r.status == 200


@pytest.mark.asyncio
async def test_no_route_returns_a_secret(client, served) -> None:
    """Every route's response is scanned for the token and both private keys (whole, and the key
    material alone: the part after the fourth '+', since base64 itself may hold a '+')."""
    secrets = [TOKEN, vector_signer().to_key(), vector_signer().to_key().split("+", 4)[-1]]
    log_key = (served.session.home.key_path).read_text().strip()
    secrets += [log_key, log_key.split("+", 4)[-1]]
    run_id = (await (await client.get("/api/runs")).json())["runs"][0]["id"]
    note = served.session.read_pinned()
    responses = [
        await client.get(p)
        for p in ["/", "/healthz", "/api/runs", f"/api/runs/{run_id}", "/api/events?limit=1000", "/api/journal",
                  "/api/verify", "/api/secrets", "/nope", "/api/actions/checkpoint", "/api/approvals", "/api/tasks",
                  "/api/tasks/0123", "/api/tasks/0123/stream", "/api/manage/status"]
    ]
    responses.append(await client.post("/api/goal", json={"confirm": True, "goal": "x"}))
    for action in ("task-approve", "task-fail", "stop-run", "stop-worker"):
        responses.append(await client.post(f"/api/actions/{action}", json={"confirm": True, "id": "0123", "name": "w"},
                                           headers={"Authorization": f"Bearer {TOKEN}"}))
    responses.append(await client.post("/add-checkpoint", data=AddCheckpointRequest(0, (), note).to_body()))
    responses.append(await client.post("/api/actions/checkpoint", json={"confirm": True},
                                       headers={"Authorization": f"Bearer {TOKEN}"}))
    responses.append(await client.post("/api/actions/checkpoint", json={"confirm": True}))
    for action in ("approve", "deny"):
        responses.append(await client.post(f"/api/actions/{action}", json={"confirm": True, "id": "00000000-1",
                                                                            "action_sha256": "0" * 64},
                                           headers={"Authorization": f"Bearer {TOKEN}"}))
    sse = await client.get("/api/events/stream?after=-1")
    responses_text = [await r.text() for r in responses] + [json.dumps(await _read_sse(sse, 7))]
    sse.close()
    for text in responses_text:
        for s in secrets:
            assert s not in text, (s, text[:3000])
    # every registered route was covered
    paths = {r.resource.canonical for r in client.app.router.routes() if r.resource is not None}
    assert paths <= {"/", "/healthz", "/api/runs", "/api/runs/{id}", "/api/events", "/api/events/stream",
                     "/api/journal", "/api/verify", "/api/secrets", "/add-checkpoint", "/api/actions/",
                     "/api/actions/checkpoint", "/api/approvals", "/api/actions/approve", "/api/actions/deny",
                     "/api/tasks", "/api/tasks/{id}", "/api/tasks/{id}/stream", "/api/manage/status", "/api/goal",
                     "/api/actions/task-approve", "/api/actions/task-fail", "/api/actions/stop-run",
                     "/api/actions/stop-worker"}


@pytest.mark.asyncio
async def test_stop_run_with_an_id_that_is_not_a_uuid_says_what_an_id_is(client) -> None:
    r = await client.post("/api/actions/stop-run", json={"confirm": True, "id": "nope"},
                          headers={"Authorization": f"Bearer {TOKEN}"})
    assert r.status == 400
    text = await r.text()
    assert "must be a run's id" in text and "hexadecimal" not in text, text
