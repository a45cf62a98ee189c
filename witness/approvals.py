"""The war room's approvals: what waits for the owner, and the owner's buttons.

* ``GET /api/approvals``: the tool calls waiting in the home's live runs (as ``overlord
  approvals --json``);
* ``POST /api/actions/approve`` and ``POST /api/actions/deny`` (token-gated as every action,
  JSON body ``{"confirm": true, "id": ID, "action_sha256": HEX, "why": TEXT}``): decide one,
  signed with the home's key as ``overlord approve`` does (``by`` ``witness``). The page sends
  the action digest it showed, so an approval of what the owner did not see is refused
  (``action_mismatch``).

Every action first checks the install policy against the ledger (:func:`policy_gate`): a
policy changed outside ``overlord policy set`` refuses it (409) and records
``PolicyIntegrityFailed``, covered by a signed and pinned checkpoint at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import structlog
from aiohttp import web

log = structlog.get_logger("overlord.witness")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def policy_gate(config_key: web.AppKey, executor_of: Callable[[web.Request], Any]) -> Any:
    """Middleware for the actions: the install policy must be intact before any action runs."""

    @web.middleware
    async def gate(request: web.Request, handler: Handler) -> web.StreamResponse:
        from overlord.supervision.policy_keeper import PolicyIntegrityError, check_policy

        config = request.config_dict[config_key]

        def check() -> None:
            session = config.session
            start = session.ledger.max_notification_id()
            try:
                check_policy(session, where="witness_action", clock=config.clock)
            finally:
                # what the check appended (PolicyIntegrityFailed, an old home's first
                # PolicyChanged) is covered by a signed, pinned checkpoint at once
                if session.signer is not None and session.ledger.max_notification_id() > start:
                    try:
                        session.checkpoint(at=config.clock.now())
                    except Exception as e:  # noqa: BLE001 - the check's own outcome is what answers
                        log.warning("witness.checkpoint_failed", error=f"{type(e).__name__}: {e}")

        try:
            await asyncio.get_running_loop().run_in_executor(executor_of(request), check)
        except PolicyIntegrityError as e:
            return web.json_response({"error": e.diagnostics()}, status=409)
        return await handler(request)

    return gate


def approvals_routes(config_key: web.AppKey) -> tuple[Handler, Handler, Handler]:
    """``(list, approve, deny)`` handlers reading the :class:`~witness.app.ServerConfig` at
    ``config_key``."""

    async def listing(request: web.Request) -> web.Response:
        from overlord.supervision.approvals import pending_approvals

        session = request.config_dict[config_key].session
        pending = await asyncio.get_running_loop().run_in_executor(None, pending_approvals, session.home.root)
        return web.json_response({"pending": pending})

    def decider(decision: str) -> Handler:
        async def decide(request: web.Request) -> web.Response:
            from overlord.supervision.approvals import ApprovalError, send_decision
            from witness.actions import ACTION_BODY

            body = request.get(ACTION_BODY) or {}
            aid, digest, why = body.get("id"), body.get("action_sha256"), body.get("why", "")
            if not isinstance(aid, str) or not isinstance(digest, str) or not isinstance(why, str):
                return web.json_response({"error": "give id and action_sha256 (strings), and why (optional)"},
                                         status=400)
            session = request.config_dict[config_key].session
            if session.signer is None:
                return web.json_response({"error": "the served home is read-only: no key to sign with"}, status=503)
            try:
                answer = await asyncio.get_running_loop().run_in_executor(None, lambda: send_decision(
                    session.home.root, session.signer, aid, decision, why=why[:500], action_sha256=digest,
                    by="witness"))
            except ApprovalError as e:
                return web.json_response({"error": e.diagnostics()}, status=404)
            out = {k: answer.get(k) for k in ("id", "run", "ok", "outcome", "error")}
            return web.json_response(out, status=200 if answer.get("ok") else 409)

        return decide

    return listing, decider("approve"), decider("deny")
