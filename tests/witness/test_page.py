"""The page in headless Chromium (Debian's, driven by Playwright): it loads, a run appended
during the test appears without a reload, and a screenshot is kept in test-artifacts/."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from aiohttp.test_utils import TestServer

from tests.conftest import ROOT, need_part
from tests.witness.conftest import StepClock, add_run
from witness.app import build_app

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.mark.asyncio
async def test_page_shows_a_new_run_live(served) -> None:
    need_part(os.path.exists(CHROMIUM), "chromium (bash .ci/install-browser.sh)")
    from playwright.async_api import async_playwright

    server = TestServer(build_app(served), host="127.0.0.1")
    await server.start_server()
    try:
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            try:
                page = await browser.new_page(viewport={"width": 1200, "height": 700})
                errors: list[str] = []
                page.on("pageerror", lambda e: errors.append(str(e)))
                await page.goto(str(server.make_url("/")))
                await page.wait_for_selector(".run .argv:text('pytest -q')", timeout=10_000)
                await page.wait_for_selector("#live.ok", timeout=10_000)  # the stream is connected
                clock = StepClock()
                clock.t = clock.t.replace(year=2027)
                await asyncio.get_running_loop().run_in_executor(
                    None, lambda: add_run(served.session, clock, ("cargo", "test", "--live"), settle=False))
                row = await page.wait_for_selector(".run .argv:text('cargo test --live')", timeout=10_000)
                await page.wait_for_selector(".run .badge.running", timeout=10_000)
                await row.click()
                await page.wait_for_selector("#detail .ev .k:text('Opened')", timeout=10_000)
                await page.wait_for_selector("#verify .badge.ok", timeout=10_000)
                out = ROOT / "test-artifacts"
                out.mkdir(exist_ok=True)
                shot = out / "witness-page.png"
                await page.screenshot(path=str(shot), full_page=True)
                assert Path(shot).stat().st_size > 1000
                assert errors == []
            finally:
                await browser.close()
    finally:
        await server.close()
