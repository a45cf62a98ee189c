"""The war room's approvals: the pending call through the read API and the page's buttons
(token-gated JSON actions), decided by the owner from the witness as from `overlord approve`."""

from __future__ import annotations

import os

import pytest
from aiohttp.test_utils import TestServer

from overlord.ledger.note import Signer
from tests.approvals.conftest import PIP
from tests.conftest import need_part
from tests.witness.test_page import ARGS, CHROMIUM
from witness.app import ServerConfig, build_app
from witness.state import WitnessStore

TOKEN = "t0ken-for-approval-tests-0123456789"


def _config(r, tmp_path) -> ServerConfig:
    store = WitnessStore(tmp_path / "witness.sqlite")
    return ServerConfig(session=r.session, witness_signer=Signer("witness.test", b"\x07" * 32), witness_store=store,
                        token=TOKEN, clock=r.clock, poll_interval_s=0.05)


@pytest.mark.asyncio
async def test_the_api_lists_and_decides_and_refuses_without_the_token(rig, tmp_path, aiohttp_client):
    r = rig(timeout_ms=60_000)
    client = await aiohttp_client(build_app(_config(r, tmp_path)))
    fut = r.call()
    r.wait_pending()
    [p] = (await (await client.get("/api/approvals")).json())["pending"]
    assert p["run"] == str(r.run_id) and PIP in p["summary"] and p["class"] == "package_install"
    body = {"confirm": True, "id": p["id"], "action_sha256": p["action_sha256"]}
    assert (await client.post("/api/actions/approve", json=body)).status == 401
    assert (await client.post("/api/actions/approve", json=body, headers={"Authorization": "Bearer x"})).status == 403
    ok = await client.post("/api/actions/approve", json=body, headers={"Authorization": f"Bearer {TOKEN}"})
    assert ok.status == 200 and (await ok.json())["outcome"] == "approved"
    code, decision, _, _ = fut.result(timeout=60)
    assert decision == "allow"
    again = await client.post("/api/actions/approve", json=body, headers={"Authorization": f"Bearer {TOKEN}"})
    assert again.status == 409 and (await again.json())["outcome"] == "duplicate"
    [_, dup] = [e for e in r.approval_events() if type(e).__name__ == "ApprovalResolved"]
    assert dup.by == "witness"


@pytest.mark.asyncio
async def test_the_page_shows_a_waiting_call_and_its_deny_button_denies_it(rig, tmp_path):
    need_part(os.path.exists(CHROMIUM), "chromium (bash .ci/install-browser.sh)")
    from playwright.async_api import async_playwright

    r = rig(timeout_ms=60_000)
    server = TestServer(build_app(_config(r, tmp_path)), host="127.0.0.1")
    await server.start_server()
    try:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            try:
                page = await browser.new_page(viewport={"width": 1200, "height": 700})
                errors: list[str] = []
                page.on("pageerror", lambda e: errors.append(str(e)))
                await page.goto(str(server.make_url("/")))
                fut = r.call()
                r.wait_pending()
                row = await page.wait_for_selector(".appr .what:has-text('pip install')", timeout=15_000)
                assert row is not None
                await page.fill("#token", TOKEN)
                await page.click(".appr button.no")
                await page.wait_for_selector("#apprmsg:has-text('recorded: denied')", timeout=15_000)
                code, decision, reason, _ = fut.result(timeout=60)
                assert decision == "deny" and "denied by the owner" in reason
                assert errors == []
            finally:
                await browser.close()
    finally:
        await server.close()
    assert [o for _, o in r.resolved()] == ["denied"]
