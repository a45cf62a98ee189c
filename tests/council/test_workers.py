"""Many workers, one PostgreSQL ledger: four ``overlord worker`` processes and 40 queued tasks.

Every task is worked exactly once, except one whose worker is SIGKILLed mid-task: its claim
expires, the expiry is recorded by the worker that finds it, the lost run is settled in place
and another worker finishes the task. Claims never overlap on any task; ``verify`` passes.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
import uuid

from overlord.adapters.clock import SystemClock
from overlord.domain.task import Task
from overlord.ledger.session import open_home
from overlord.projections.tasks import TaskBoardView
from overlord.projections.tracked import catch_up, open_view
from overlord.supervision.council import read_task_mission, submit
from tests.conftest import overlord_cmd
from tests.council.conftest import GOOD, TESTS, World

TASKS = 40
WORKERS = 4
LEASE_MS = 3000


def _wait(what, predicate, timeout_s: float, procs=()):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        for p in procs:
            assert p.poll() is None or p.returncode == 0, f"a worker died: {p.returncode}"
        time.sleep(1)
    raise AssertionError(f"timed out waiting for {what}")


def _stream(session, task_id: str) -> list:
    return [session.ledger.mapper.to_domain_event(r) for r in session.ledger.stream_rows(uuid.UUID(task_id))]


def test_four_workers_forty_tasks_one_killed_mid_task(tmp_path, postgres_server):
    home = tmp_path / "home"
    env = dict(os.environ, OVERLORD_HOME=str(home))
    subprocess.run([*overlord_cmd(), "init", "--store", "postgres", "--pg-host", "127.0.0.1", "--pg-port",
                    str(postgres_server.port), "--pg-dbname", postgres_server.create_database(), "--pg-user", "postgres"],
                   env=env, check=True, capture_output=True)
    world = World(tmp_path, home, tmp_path / "unused", env)
    slow = [{"sleep": 15, "files": {"pkg/solution.py": GOOD, "pkg/test_solution.py": TESTS}},
            {"files": {"pkg/solution.py": GOOD, "pkg/test_solution.py": TESTS}}]
    fast = [{"files": {"pkg/solution.py": GOOD, "pkg/test_solution.py": TESTS}}]
    victim_mission = world.command_mission(slow, name="slow.toml", extra="[task]\npriority = 9\n")
    mission = world.command_mission(fast, name="fast.toml")
    roots = [tmp_path / "roots" / f"t{i:02d}" for i in range(TASKS)]
    for root in roots:
        root.mkdir(parents=True)
    # the first through the CLI, as a user queues work; the rest through the same call in-process
    p = world.overlord("task", "submit", str(victim_mission), "--root", str(roots[0]), "--json", check=True)
    ids = [json.loads(p.stdout)["task_id"]]
    submitter = open_home(home)
    try:
        text = mission.read_text()
        for root in roots[1:]:
            tm = read_task_mission(text, source=str(mission), mission_dir=mission.parent, root=root)
            ids.append(str(submit(submitter, tm, clock=SystemClock(), queued=True, source="test")))
    finally:
        submitter.close()
    victim = ids[0]
    started = time.monotonic()

    watcher = open_home(home, writable=False)
    board = open_view(TaskBoardView, str(tmp_path / "watch.sqlite"))

    def rows():
        catch_up(watcher.ledger, board)
        return board.all()

    procs = {f"w{n}": subprocess.Popen([*overlord_cmd(), "worker", "--name", f"w{n}", "--lease-ms", str(LEASE_MS),
                                        "--poll-ms", "200"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                       text=True) for n in range(WORKERS)}
    try:
        def victim_working():
            row = next(r for r in rows() if r.task_id == victim)
            return row.claimed_by if row.state == "WORKING" and row.runs else None

        holder = _wait("the slow task to be worked", victim_working, 180, procs.values())
        procs[holder].send_signal(signal.SIGKILL)
        procs[holder].wait(timeout=30)
        alive = {n: p for n, p in procs.items() if n != holder}

        def all_done():
            tasks = rows()
            return len(tasks) == TASKS and all(t.state == "DONE" for t in tasks)

        _wait("every task DONE", all_done, 900, alive.values())
        print(f"40 tasks by {WORKERS} workers in {time.monotonic() - started:.1f}s")
    finally:
        board.datastore.close()
        watcher.close()
        for p in procs.values():
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for p in procs.values():
            try:
                p.wait(timeout=120)
            except subprocess.TimeoutExpired:
                p.kill()

    session = open_home(home, writable=False)
    try:
        for task_id in ids:
            events = _stream(session, task_id)
            holder_now: str | None = None
            for e in events:  # claims never overlap; every work step is its holder's
                if isinstance(e, Task.Claimed):
                    assert holder_now is None, f"task {task_id}: {e.worker} claimed while {holder_now} held it"
                    holder_now = e.worker
                elif isinstance(e, (Task.ClaimReleased, Task.ClaimExpired)):
                    assert e.worker == holder_now
                    holder_now = None
                elif isinstance(e, Task.WorkOpened):
                    assert e.worker == holder_now, f"task {task_id}: work by {e.worker}, claim of {holder_now}"
                elif isinstance(e, Task.Moved) and e.target in ("DONE", "FAILED"):
                    holder_now = None
            opened = [e for e in events if isinstance(e, Task.WorkOpened)]
            checks = [e for e in events if isinstance(e, Task.Checked)]
            claims = [e for e in events if isinstance(e, Task.Claimed)]
            expired = [e for e in events if isinstance(e, Task.ClaimExpired)]
            final = session.ledger.get(uuid.UUID(task_id))
            assert final.state.value == "DONE" and final.last_verdict == "pass"
            if task_id != victim:
                assert (len(opened), len(checks), len(claims), len(expired)) == (1, 1, 1, 0), task_id
                continue
            assert len(opened) == 2 and opened[0].worker == holder and opened[1].worker != holder
            assert len(expired) == 1 and expired[0].worker == holder and expired[0].noticed_by != holder
            assert len(checks) == 1 and len(claims) == 2
            lost = session.ledger.get(uuid.UUID(opened[0].run_id))
            assert lost.settlement.stop_code == "controller_lost"
            settled = [e for e in events if isinstance(e, Task.WorkSettled)]
            assert settled[0].stop_code == "controller_lost"
        worked = {e.worker for t in ids for e in _stream(session, t) if isinstance(e, Task.WorkOpened)}
        assert len(worked) >= 2, worked  # the work was shared
    finally:
        session.close()
    verify = world.overlord("verify", "--json", timeout=600)
    assert verify.returncode == 0 and json.loads(verify.stdout)["ok"], verify.stdout + verify.stderr
