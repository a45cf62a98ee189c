"""The war room: the goal console, the task board and its live steps, halted tasks decided from
the page, the token gate, /api/manage/status. The page runs in Debian's Chromium (Playwright);
the tasks are real loops (a scripted agent through the ``command`` runtime, the real gate)."""

from __future__ import annotations

import asyncio
import json
import os
import sys
import threading
import uuid
from pathlib import Path

import pytest
from aiohttp.test_utils import TestServer

from overlord.adapters.clock import SystemClock
from overlord.ledger.session import init_home, open_home
from overlord.supervision.council import TaskLoop, read_task_mission, submit
from tests.conftest import ROOT, need_part
from tests.council.conftest import AGENT, GOOD, PRIME_GOAL, STUB, TESTS
from tests.ledger.test_final_checkpoint import _tail_is_the_pinned_checkpoint
from tests.witness.test_page import ARGS, CHROMIUM
from witness.app import ServerConfig, add_local_log, build_app
from witness.state import WitnessStore
from witness.warroom import WarRoomOps

TOKEN = "war-room-token-for-tests-0123456789"


def _mission(tmp: Path, name: str, attempts: list[dict], extra: str = "") -> str:
    plan = tmp / f"{name}.plan.json"
    plan.write_text(json.dumps({"attempts": attempts}))
    return (f'[mission]\ngoal = {json.dumps(PRIME_GOAL)}\nruntime = "command"\n'
            f'command = ["{sys.executable}", "{AGENT}", "{plan}"]\n[limits]\ntimeout_ms = 120000\n'
            f'[gate]\nartifact = "pkg"\n{extra}')


class Room:
    """A served home whose war room dispatches each task to a loop on a thread of its own."""

    def __init__(self, tmp: Path) -> None:
        from tests.witness.conftest import vector_signer

        self.tmp = tmp
        self.home = tmp / "home"
        self.session = init_home(self.home)
        self.store = WitnessStore(tmp / "witness.sqlite")
        add_local_log(self.session, self.store)
        (tmp / "goals").mkdir()
        self.sources = tmp / "src"
        self.sources.mkdir()
        (self.sources / "mod.py").write_text("x = 1\n")
        self.threads: list[threading.Thread] = []
        ops = WarRoomOps(dispatch=self.dispatch, goal_mission=(_mission(tmp, "goal", [
            {"files": {"pkg/solution.py": GOOD, "pkg/test_solution.py": TESTS}}]), tmp), goal_root=tmp / "goals")
        self.config = ServerConfig(session=self.session, witness_signer=vector_signer(), witness_store=self.store,
                                   token=TOKEN, clock=SystemClock(), poll_interval_s=0.05, warroom=ops,
                                   sources=(self.sources,))

    def dispatch(self, task_id: str) -> None:
        def work() -> None:
            session = open_home(self.home)
            try:
                TaskLoop(session, uuid.UUID(task_id), clock=SystemClock(), host_env=dict(os.environ),
                         worker=f"test-dispatch-{task_id[:8]}").run()
            finally:
                session.close()

        t = threading.Thread(target=work, daemon=True)
        t.start()
        self.threads.append(t)

    def halted_task(self) -> str:
        """A task whose first attempt writes a stub and that halts at once (max_cycles 0); its
        next attempt writes the real solution."""
        root = self.tmp / "halted-root"
        root.mkdir()
        text = _mission(self.tmp, "halted", [{"files": {"pkg/solution.py": STUB, "pkg/test_solution.py": TESTS}},
                                             {"files": {"pkg/solution.py": GOOD}}], "[task]\nmax_cycles = 0\n")
        tm = read_task_mission(text, source="halted", mission_dir=self.tmp, root=root)
        task_id = submit(self.session, tm, clock=SystemClock(), queued=False, source="test")
        out = TaskLoop(self.session, task_id, clock=SystemClock(), host_env=dict(os.environ), worker="setup").run()
        assert out.state.value == "HALTED"
        return str(task_id)

    def size(self) -> int:
        return self.session.ledger_size()

    def close(self) -> None:
        for t in self.threads:
            t.join(timeout=300)
        self.store.close()
        self.session.close()


@pytest.fixture
def room(tmp_path):
    r = Room(tmp_path)
    yield r
    r.close()


@pytest.mark.asyncio
async def test_the_gate_on_goals_and_decisions_and_the_status_of_the_sources(aiohttp_client, room) -> None:
    client = await aiohttp_client(build_app(room.config))
    halted = await asyncio.get_running_loop().run_in_executor(None, room.halted_task)
    before = room.size()
    auth = {"Authorization": f"Bearer {TOKEN}"}
    for headers, body, status in (
        ({}, {"confirm": True, "goal": PRIME_GOAL}, 401),
        ({"Authorization": "Bearer wrong-token-000000000000"}, {"confirm": True, "goal": PRIME_GOAL}, 403),
        (auth, {"goal": PRIME_GOAL}, 400),  # no confirm
        (auth, {"confirm": True, "goal": "Make the numbers nicer."}, 400),  # no checkable contract
    ):
        r = await client.post("/api/goal", json=body, headers=headers)
        assert r.status == status, await r.text()
    for path in ("/api/actions/task-approve", "/api/actions/task-fail"):
        r = await client.post(path, json={"confirm": True, "id": halted})  # no token
        assert r.status == 401
    assert room.size() == before and list((room.tmp / "goals").iterdir()) == []
    refused = await client.post("/api/goal", json={"confirm": True, "goal": "Make the numbers nicer."}, headers=auth)
    assert "no checkable contract" in (await refused.json())["error"]

    board = await (await client.get("/api/tasks")).json()
    assert [t["task_id"] for t in board["halted"]] == [halted] and board["halted"][0]["parked"]
    unknown = await client.post("/api/actions/task-approve", json={"confirm": True, "id": "ffffffff"}, headers=auth)
    assert unknown.status == 404
    failed = await client.post("/api/actions/task-fail", json={"confirm": True, "id": halted[:8]}, headers=auth)
    assert failed.status == 200 and (await failed.json())["state"] == "FAILED"
    _tail_is_the_pinned_checkpoint(room.home)  # the page's decision ends with a checkpoint, as commands do
    size = room.size()
    again = await client.post("/api/actions/task-approve", json={"confirm": True, "id": halted}, headers=auth)
    assert again.status == 409 and "not HALTED" in (await again.json())["error"]
    assert room.size() == size  # a refusal appends nothing, not even a checkpoint

    status = await (await client.get("/api/manage/status")).json()
    assert status["changed"] == [] and status["reloads"] is False
    (room.sources / "mod.py").write_text("x = 2\n")
    (room.sources / "new.py").write_text("y = 1\n")
    status = await (await client.get("/api/manage/status")).json()
    assert status["changed"] == [{"path": str(room.sources / "mod.py"), "change": "modified"},
                                 {"path": str(room.sources / "new.py"), "change": "added"}]


@pytest.mark.asyncio
async def test_the_war_room_in_chromium(room) -> None:
    need_part(os.path.exists(CHROMIUM), "chromium (bash .ci/install-browser.sh)")
    from playwright.async_api import async_playwright

    halted = await asyncio.get_running_loop().run_in_executor(None, room.halted_task)
    server = TestServer(build_app(room.config), host="127.0.0.1")
    await server.start_server()
    try:
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            try:
                page = await browser.new_page(viewport={"width": 1500, "height": 1000})
                errors: list[str] = []
                page.on("pageerror", lambda e: errors.append(str(e)))
                await page.goto(str(server.make_url("/")))
                await page.wait_for_selector("#live.ok", timeout=10_000)

                # a request without the token changes nothing
                before = room.size()
                status = await page.evaluate("""async (goal) => (await fetch('/api/goal', {method: 'POST',
                    headers: {'Content-Type': 'application/json'},
                    body: JSON.stringify({confirm: true, goal})})).status""", PRIME_GOAL)
                assert status == 401 and room.size() == before

                # a goal typed in the console runs, and its steps stream live
                await page.fill("#token", TOKEN)
                await page.fill("#goal", PRIME_GOAL)
                await page.click("#send")
                await page.wait_for_selector("#goal-msg:text('started')", timeout=20_000)
                await page.wait_for_selector("#steps .step .k:text-is('WorkOpened')", timeout=60_000)
                await page.wait_for_selector("#steps .step.run .k:text('ToolCallDecided')", timeout=60_000)
                await page.wait_for_selector("#steps .step .k:text-is('Checked')", timeout=180_000)
                await page.wait_for_selector("#steps .step .k:text-is('Summarized')", timeout=60_000)
                goal_task = await page.get_attribute("tr.task.sel", "data-task")
                assert goal_task and goal_task != halted
                await page.wait_for_selector(f"tr.task[data-task='{goal_task}'] .state:text('DONE')", timeout=30_000)

                # a halted task is approved from the page and goes back through the gate
                await page.click(f"#halted .item[data-task='{halted}'] button.approve")
                await page.wait_for_selector(f"tr.task[data-task='{halted}'] .state:text('DONE')", timeout=180_000)
                await page.wait_for_selector("#steps .step .k:text-is('Summarized') >> nth=1", timeout=30_000)
                checks = await page.locator("#steps .step .k", has_text="Checked").all_text_contents()
                assert [c for c in checks if c == "Checked"] == ["Checked", "Checked"]  # the gate, twice
                assert await page.locator(f"#halted .item[data-task='{halted}']").count() == 0
                assert await page.locator(f"tr.task[data-task='{halted}'] .cost").text_content() == "$0.0000"

                out = ROOT / "test-artifacts"
                out.mkdir(exist_ok=True)
                await page.screenshot(path=str(out / "war-room.png"), full_page=True)
                assert errors == []
            finally:
                await browser.close()
    finally:
        await server.close()
    shown = room.session.ledger.get(uuid.UUID(halted))
    assert shown.state.value == "DONE" and shown.last_verdict == "pass" and shown.cycles == 1
    assert room.session.verify(workers=1).ok
