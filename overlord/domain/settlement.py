"""Settlement: how a run ended, as a status and a stop code. Pure rules."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Status(str, Enum):
    """The outcome class of a run."""

    SUCCEEDED = "succeeded"
    FAILED = "failed"
    STOPPED = "stopped"


class StopCode(str, Enum):
    """Why a run ended. ``completed`` and ``runtime_error`` end on their own; the rest
    are limits and interventions (supervised runs add them)."""

    COMPLETED = "completed"
    RUNTIME_ERROR = "runtime_error"
    STARTUP = "startup"
    STALL = "stall"
    TIMEOUT = "timeout"
    TURN_LIMIT = "turn_limit"
    DEADLINE = "deadline"
    OUTPUT_LIMIT = "output_limit"
    REPEATED_FAILURE = "repeated_failure"
    DENIAL_BUDGET = "denial_budget"
    POLICY = "policy"
    ROUTE_MISMATCH = "route_mismatch"
    ROUTE_UNVERIFIED = "route_unverified"
    BUDGET = "budget"
    CANCELLED = "cancelled"
    STEERED = "steered"
    CONTROLLER_ERROR = "controller_error"
    CONTROLLER_LOST = "controller_lost"


@dataclass(frozen=True)
class Settlement:
    """A settled run: ``status`` (a :class:`Status` value), ``stop_code`` (a
    :class:`StopCode` value) and a one-line ``detail`` for people."""

    status: str
    stop_code: str
    detail: str = ""


def settle_exit(exit_code: int | None, signal: int | None) -> Settlement:
    """Settle a runtime that ended on its own.

    Exit code 0 is ``succeeded/completed``; any other code, or death by a signal, is
    ``failed/runtime_error``.
    """
    if signal is not None:
        return Settlement(Status.FAILED.value, StopCode.RUNTIME_ERROR.value, f"killed by signal {signal}")
    if exit_code == 0:
        return Settlement(Status.SUCCEEDED.value, StopCode.COMPLETED.value, "exited 0")
    return Settlement(Status.FAILED.value, StopCode.RUNTIME_ERROR.value, f"exited {exit_code}")


def stopped(stop_code: StopCode, detail: str) -> Settlement:
    """Settle a run that Overlord (or a person) stopped, with ``stop_code``."""
    return Settlement(Status.STOPPED.value, stop_code.value, detail)


def settlement_conflict(*, stop_code: StopCode | None, result_subtype: str | None,
                        result_is_error: bool | None) -> str | None:
    """When the controller's receipt (it stopped the run) and the runtime's own, confirmed
    result (it had finished by itself) disagree, the confirmed result wins: returns a one-line
    account of the conflict to record, else ``None``."""
    # only a liveness receipt can be late; a breached budget (denials, failures, output,
    # turns, route) or a person's stop stands whatever the runtime said afterwards
    liveness = (StopCode.STALL, StopCode.STARTUP, StopCode.TIMEOUT, StopCode.DEADLINE)
    if stop_code not in liveness or result_subtype is None:
        return None
    return (f"the controller stopped the run ({stop_code.value}) after the runtime had already reported "
            f"{result_subtype}{' (error)' if result_is_error else ''}; the runtime's result stands")


def settle_supervised(
    *, stop_code: StopCode | None, stop_detail: str, exit_code: int | None, signal: int | None,
    result_subtype: str | None, result_is_error: bool | None, result_turn_limit: bool = False,
) -> Settlement:
    """Settle a supervised run from the controller's receipt and the runtime's own result.

    * the controller stopped it (a limit, a person): ``stopped`` with that stop code, unless
      the runtime had already reported its own result (:func:`settlement_conflict`);
    * the runtime hit its native turn cap (``result_turn_limit``, e.g. Claude Code's
      ``error_max_turns``): ``stopped/turn_limit``;
    * the runtime reported an error, or exited non-zero: ``failed/runtime_error``;
    * it reported success and exited 0 (or reported nothing and exited 0): ``completed``.
    """
    if stop_code is not None and settlement_conflict(stop_code=stop_code, result_subtype=result_subtype,
                                                     result_is_error=result_is_error) is None:
        return stopped(stop_code, stop_detail)
    if result_turn_limit:
        return stopped(StopCode.TURN_LIMIT, "the runtime reached its turn limit (--max-turns)")
    if result_is_error:
        return Settlement(Status.FAILED.value, StopCode.RUNTIME_ERROR.value, f"the runtime reported {result_subtype or 'an error'}")
    return settle_exit(exit_code, signal)
