"""HELM, the war room: goals typed by a person, the task board, halted tasks, process controls.

Routes (mounted by :func:`witness.app.build_app`):

- ``GET /api/tasks``: the board (every task: state, guild, cycles, verdict, runs, cost, the
  reason it is parked), the halted tasks most urgent first, the registered workers;
- ``GET /api/tasks/{id}``: one task and its step history;
- ``GET /api/tasks/{id}/stream``: Server-Sent Events of the task's events and its runs'
  events, from its first (``id`` is the event's position in the log);
- ``POST /api/goal`` (token-gated, JSON ``{"confirm": true, "goal": TEXT}``): a new task from
  the server's goal mission with that goal, queued and dispatched; a goal with no checkable
  contract is refused (400) and nothing is recorded;
- ``POST /api/actions/task-approve`` / ``task-fail`` (``{"id"}``): the owner's decision on a
  halted task (authenticated by the token, as the owner); an approval dispatches the cycle;
- ``POST /api/actions/stop-run`` (``{"id"}``), ``stop-worker`` (``{"name"}``);
- ``GET /api/manage/status``: the server's source files changed since it started (it never
  reloads itself).

Process controls and dispatch are operations injected through :class:`WarRoomOps`; nothing
here ends a process of its own.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import structlog
from aiohttp import web
from aiohttp.typedefs import Middleware

from overlord.adapters.clock import Clock
from overlord.errors import ConfigError, NotFoundError, OverlordError
from overlord.ledger.session import LedgerSession
from witness.actions import ACTION_BODY, token_gate

MAX_GOAL = 4000
log = structlog.get_logger("overlord.warroom")


@dataclass
class WarRoomOps:
    """What the war room may do beyond the ledger, injected (the CLI gives the real ones).

    Attributes:
        dispatch: start working a task now (``task_id``), e.g. a worker process for it.
        stop_run: stop a live run (``run_id``); returns the outcome's name.
        stop_worker: ask a worker (its name) to stop after its task; ``False``: no such worker.
        goal_mission: the mission file (TOML text) a typed goal is put into, and its directory;
            ``None``: the goal console is off.
        goal_root: where each typed goal gets a fresh worker root.
    """

    dispatch: Callable[[str], None] = lambda task_id: None
    stop_run: Callable[[str], str] = lambda run_id: "not_available"
    stop_worker: Callable[[str], bool] = lambda name: False
    goal_mission: tuple[str, Path] | None = None
    goal_root: Path | None = None


def spawn_worker_ops(session: LedgerSession, clock: Clock, argv: list[str], *, goal_mission: Path | None = None,
                     goal_root: Path | None = None) -> WarRoomOps:
    """The operations ``overlord witness serve`` injects: a dispatched task is worked by a new
    ``overlord worker --task ID`` process (``argv`` runs the CLI), a run is stopped as
    ``overlord kill`` does, a worker through its stop file.

    Raises:
        ConfigError: the goal mission cannot be read, or the goal root is not a directory.
    """
    from overlord.supervision.kill import kill_run
    from overlord.supervision.workers import request_stop

    logs = session.home.root / "workers"

    def dispatch(task_id: str) -> None:
        logs.mkdir(parents=True, exist_ok=True, mode=0o700)
        with open(logs / f"dispatch-{task_id[:8]}.log", "ab") as out:
            subprocess.Popen([*argv, "worker", "--task", task_id, "--home", str(session.home.root)],  # noqa: S603
                             stdin=subprocess.DEVNULL, stdout=out, stderr=out, start_new_session=True)

    mission = None
    if goal_mission is not None:
        try:
            mission = (goal_mission.read_text(encoding="utf-8"), goal_mission.resolve().parent)
        except (OSError, UnicodeError) as e:
            raise ConfigError(f"cannot read the goal mission {goal_mission}: {e}") from e
        if goal_root is None or not goal_root.is_dir():
            raise ConfigError("the goal console needs --goal-root, an existing directory for the goals' worker roots")
    return WarRoomOps(dispatch=dispatch,
                      stop_run=lambda run_id: kill_run(session, uuid.UUID(run_id), clock=clock, wait_ms=5_000).value,
                      stop_worker=lambda name: request_stop(session, name), goal_mission=mission, goal_root=goal_root)


class SourceWatch:
    """The source files the server runs from, hashed when it starts; :meth:`changed` names
    those that differ now (changed, added or removed). It only reports: a changed file is
    never loaded."""

    def __init__(self, roots: Iterable[Path]) -> None:
        self.roots = tuple(Path(r) for r in roots)
        self.started_ns = time.time_ns()
        self.baseline = self._hashes()

    def _hashes(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for root in self.roots:
            for path in sorted(root.rglob("*")):
                if path.suffix in (".py", ".html", ".toml", ".json") and path.is_file() and "__pycache__" not in path.parts:
                    try:
                        out[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
                    except OSError:
                        continue
        return out

    def changed(self) -> list[dict[str, str]]:
        """``[{"path", "change"}]`` since the server started (``modified``, ``added``, ``removed``)."""
        now = self._hashes()
        out = [{"path": p, "change": "modified"} for p in sorted(now) if p in self.baseline and now[p] != self.baseline[p]]
        out += [{"path": p, "change": "added"} for p in sorted(set(now) - set(self.baseline))]
        out += [{"path": p, "change": "removed"} for p in sorted(set(self.baseline) - set(now))]
        return out


def package_sources() -> tuple[Path, ...]:
    """The directories of the packages this server runs (as installed)."""
    import cli
    import overlord
    import witness

    return tuple(Path(m.__file__).resolve().parent for m in (overlord, witness, cli) if m.__file__)


@dataclass
class WarRoom:
    """The war room's state in a running server: its ops, its board (a private copy of the
    tracked projection), the source watch."""

    session: LedgerSession
    clock: Clock
    ops: WarRoomOps
    executor: Callable[[], Any]
    index: Callable[[], Any]
    changed: Callable[[], Any]
    sources: SourceWatch
    board: Any = None
    scratch: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="ovl-helm-")))

    def open(self) -> None:
        """Open the board (in the server's ledger thread)."""
        from overlord.projections.tasks import TaskBoardView
        from overlord.projections.tracked import open_view

        self.board = open_view(TaskBoardView, str(self.scratch / "board.sqlite"))

    def close(self) -> None:
        """Close the board and forget its file."""
        import shutil

        if self.board is not None:
            self.board.datastore.close()
        shutil.rmtree(self.scratch, ignore_errors=True)

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` on the server's ledger thread."""
        return await asyncio.get_running_loop().run_in_executor(self.executor(), fn, *args)

    def caught_up(self) -> Any:
        """The board, caught up with the log."""
        from overlord.projections.tracked import catch_up

        if self.board is None:
            self.open()
        catch_up(self.session.ledger, self.board)
        return self.board

    def covered(self, since: int) -> None:
        """After a war-room write: when the log grew past notification id ``since``, sign and
        pin a checkpoint of the whole log, as every command that appends ends (``verify``
        requires the pinned checkpoint's own event in the log); a refusal that wrote nothing
        signs nothing. The write stands if the checkpoint fails; the failure is logged."""
        try:
            if self.session.ledger.max_notification_id() > since:
                self.session.checkpoint(at=self.clock.now())
        except OverlordError as e:
            log.warning("warroom.checkpoint_failed", error=e.diagnostics())

    def mark(self) -> int:
        """The log's newest notification id now (for :meth:`covered`)."""
        return int(self.session.ledger.max_notification_id())

    def find(self, prefix: str) -> str:
        """A task id from a unique prefix.

        Raises:
            NotFoundError: none, or several.
        """
        from overlord.projections.tasks import resolve_task

        return resolve_task(prefix, self.caught_up().task_ids())


def _then(middleware: Middleware, handler: Callable[[web.Request], Any]) -> Callable[[web.Request], Any]:
    """``handler`` behind ``middleware`` (aiohttp's ``middleware(request, handler)``)."""

    async def call(request: web.Request) -> web.StreamResponse:
        return await middleware(request, handler)

    return call


def _bad(message: str, status: int) -> web.Response:
    return web.json_response({"error": message}, status=status)


def routes(room_key: web.AppKey, token: str, *, body_timeout_s: float = 10.0,
           after: list[Middleware] | None = None) -> list[tuple[str, str, Callable[[web.Request], Any]]]:
    """``(method, path, handler)`` of the war room's routes, reading the :class:`WarRoom`
    at ``room_key``; the actions are ``("ACTION", /name, handler)`` for the token-gated
    sub-app. ``POST /api/goal`` passes the same gates as an action: the bearer token and the
    JSON body (read under the byte cap and ``body_timeout_s``), then the ``after``
    middlewares in order (the install policy's check)."""
    gate = token_gate(token, body_timeout_s=body_timeout_s)
    checks = list(after or [])

    def room(request: web.Request) -> WarRoom:
        return request.config_dict[room_key]

    async def tasks(request: web.Request) -> web.Response:
        from overlord.supervision.workers import registered_workers

        r = room(request)

        def read() -> dict[str, Any]:
            board = r.caught_up()
            return {"tasks": [x.to_json() for x in board.all()], "halted": [x.to_json() for x in board.halted()],
                    "workers": registered_workers(r.session)}

        return web.json_response(await r.run(read))

    async def task(request: web.Request) -> web.Response:
        r = room(request)

        def read() -> dict[str, Any]:
            tid = r.find(request.match_info["id"])
            return {"task": r.board.get(tid).to_json(), "steps": r.board.steps(tid)}

        try:
            return web.json_response(await r.run(read))
        except NotFoundError as e:
            return _bad(e.message, 404)

    async def task_stream(request: web.Request) -> web.StreamResponse:
        r = room(request)
        try:
            tid = await r.run(r.find, request.match_info["id"])
        except NotFoundError as e:
            return _bad(e.message, 404)
        resp = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-cache",
                                           "X-Accel-Buffering": "no"})
        try:
            await resp.prepare(request)
            await resp.write(b"retry: 1000\n: task steps\n\n")
            sent = 0
            changed = r.changed()
            while True:
                index = r.index()
                fresh = index.task_events(tid, sent)
                if fresh:
                    await resp.write(b"".join(b"event: step\ndata: " + data + b"\n\n" for data in fresh))
                    sent += len(fresh)
                    continue
                async with changed:
                    try:
                        await asyncio.wait_for(changed.wait(), 15.0)
                    except TimeoutError:
                        await resp.write(b": keep-alive\n\n")
        except ConnectionError:  # the client went away: the normal end of a stream, not an error
            pass
        return resp

    async def goal_handler(request: web.Request) -> web.Response:
        from overlord.supervision.council import read_task_mission, submit, with_goal

        r = room(request)
        goal = (request.get(ACTION_BODY) or {}).get("goal")
        if not isinstance(goal, str) or not goal.strip() or len(goal) > MAX_GOAL:
            return _bad(f"give the goal as a string of 1..{MAX_GOAL} characters", 400)
        if r.ops.goal_mission is None or r.ops.goal_root is None:
            return _bad("the goal console is off: serve with --goal-mission FILE --goal-root DIR", 503)
        template, mission_dir = r.ops.goal_mission
        root = r.ops.goal_root

        def start() -> str:
            text = with_goal(template, goal.strip(), source="the goal mission")
            target = root / f"goal-{uuid.uuid4().hex[:12]}"
            tm = read_task_mission(text, source="the goal", mission_dir=mission_dir, root=root)  # checked first
            target.mkdir(mode=0o700)
            tm = read_task_mission(text, source="the goal", mission_dir=mission_dir, root=target)
            since = r.mark()
            task_id = str(submit(r.session, tm, clock=r.clock, queued=True, source="war room"))
            r.covered(since)
            return task_id

        try:
            task_id = await r.run(start)
        except OverlordError as e:
            return _bad(e.diagnostics(), 400)
        r.ops.dispatch(task_id)
        return web.json_response({"task_id": task_id})

    async def goal(request: web.Request) -> web.StreamResponse:
        handler: Callable[[web.Request], Any] = goal_handler
        for check in reversed(checks):  # the token gate first, then each check, then the handler
            handler = _then(check, handler)
        return await gate(request, handler)

    def decided(decide: Callable[[WarRoom, str, str], Any]) -> Callable[[web.Request], Any]:
        async def handler(request: web.Request) -> web.Response:
            from overlord.domain.task import TaskError
            from overlord.supervision.owner import OwnerAuthError, authenticate_owner

            r = room(request)
            prefix = (request.get(ACTION_BODY) or {}).get("id")
            if not isinstance(prefix, str):
                return _bad("give the task's id", 400)

            def act() -> dict[str, Any]:
                by = authenticate_owner(r.session, channel="witness")
                tid = r.find(prefix)
                since = r.mark()
                try:
                    decide(r, tid, by)
                finally:
                    r.covered(since)
                return r.caught_up().get(tid).to_json()

            try:
                out = await r.run(act)
            except NotFoundError as e:
                return _bad(e.message, 404)
            except OwnerAuthError as e:
                return _bad(e.diagnostics(), 403)
            except TaskError as e:
                return _bad(e.diagnostics(), 409)
            return web.json_response(out)

        return handler

    def approve(r: WarRoom, tid: str, by: str) -> None:
        from overlord.supervision.council import approve as approve_task

        approve_task(r.session, uuid.UUID(tid), by=by, clock=r.clock)
        r.ops.dispatch(tid)

    def fail(r: WarRoom, tid: str, by: str) -> None:
        from overlord.supervision.council import fail as fail_task

        fail_task(r.session, uuid.UUID(tid), by=by, clock=r.clock)

    async def stop_run(request: web.Request) -> web.Response:
        r = room(request)
        run_id = (request.get(ACTION_BODY) or {}).get("id")
        try:
            run = uuid.UUID(str(run_id))
        except ValueError:
            return _bad(f"'id' must be a run's id (a UUID, as overlord ps --json prints it), not {run_id!r}", 400)

        def stop() -> str:
            since = r.mark()
            try:
                return r.ops.stop_run(str(run))
            finally:
                r.covered(since)

        try:
            outcome = await r.run(stop)
        except (ValueError, OverlordError) as e:
            return _bad(f"cannot stop run {run_id}: {e}", 404)
        return web.json_response({"run_id": run_id, "outcome": outcome})

    async def stop_worker(request: web.Request) -> web.Response:
        r = room(request)
        name = (request.get(ACTION_BODY) or {}).get("name")
        if not isinstance(name, str) or not await r.run(r.ops.stop_worker, name):
            return _bad(f"no worker {name!r} in this home", 404)
        return web.json_response({"worker": name, "outcome": "stop_requested"})

    async def manage_status(request: web.Request) -> web.Response:
        r = room(request)
        changed = await asyncio.get_running_loop().run_in_executor(None, r.sources.changed)
        return web.json_response({"started_ns": r.sources.started_ns, "changed": changed, "reloads": False,
                                  "pid": os.getpid(), "python": sys.version.split()[0]})

    return [("GET", "/api/tasks", tasks), ("GET", "/api/tasks/{id}", task), ("GET", "/api/tasks/{id}/stream", task_stream),
            ("POST", "/api/goal", goal), ("GET", "/api/manage/status", manage_status),
            ("ACTION", "/task-approve", decided(approve)), ("ACTION", "/task-fail", decided(fail)),
            ("ACTION", "/stop-run", stop_run), ("ACTION", "/stop-worker", stop_worker)]
