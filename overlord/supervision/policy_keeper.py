"""The install policy against the ledger: applied only by the owner, checked at every start.

* :func:`check_policy` is what ``overlord run``, ``resume``, ``steer``, the decision service and
  the witness's actions call before they do anything: the bytes of ``policy.toml`` must be the
  bytes the latest ``PolicyChanged`` names. Any difference (an edit, even one that keeps the
  size and mtime; a truncation; invalid TOML; a symlink swapped in; an older signed version put
  back; the file deleted) is recorded as ``PolicyIntegrityFailed`` and raised as
  :class:`PolicyIntegrityError` (exit 2, nothing started). Putting the signed bytes back lets
  the next start through. A home from before the install policy (no ``PolicyChanged`` at all)
  gets the default policy and its first ``PolicyChanged`` here, on its first start. With
  ``pin_floor`` the start also records ``PolicyFloorPinned``.
* :func:`plan_change` and :func:`apply_change` are ``overlord policy set``'s two halves: check
  the new file and show its diff from the recorded version; then, once the owner confirmed on a
  terminal, record ``PolicyChanged`` (the next version; the file and the diff as blobs) and
  replace the file atomically. The ledger is written first: it is the record of truth.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import structlog

from overlord.adapters.clock import Clock
from overlord.adapters.policy_file import (
    floor_sources,
    read_policy_file,
    unified_diff,
    write_policy_file,
)
from overlord.domain.policy import DEFAULT_POLICY_TEXT, POLICY_FILE, InstallPolicy, floor_digest, sha256_hex
from overlord.domain.policy_log import (
    PolicyFloorPin,
    PolicyIntegrityFailure,
    PolicyVersion,
    latest_version_search,
    policy_version_id,
)
from overlord.errors import ConfigError, LedgerError, OverlordError

log = structlog.get_logger("overlord.policy")

WHERE = ("run", "resume", "steer", "task", "worker", "decision_service", "witness_action")
"""The starts that check the policy (``where`` of their events)."""


class PolicyIntegrityError(OverlordError):
    """The policy file is not the latest ``overlord policy set`` recorded; nothing was started."""

    def __init__(self, problem: str) -> None:
        super().__init__(
            f"the policy changed outside `overlord policy set`: {problem}",
            "put the signed bytes back (`overlord policy show` names the expected SHA-256), or apply a policy "
            "with `overlord policy set FILE` on a terminal",
        )
        self.problem = problem


@dataclass(frozen=True)
class PolicyChange:
    """The latest recorded version: its number, hashes and blobs (see ``PolicyChanged``)."""

    version: int
    sha256: str
    old_sha256: str
    policy_blob: str
    diff_blob: str | None
    by: str


@dataclass(frozen=True)
class ActivePolicy:
    """The policy a start runs under: checked, with its version and the hash it was checked by."""

    policy: InstallPolicy
    version: int
    sha256: str


def policy_path(session: Any) -> Path:
    """Where the home's policy file is."""
    return Path(session.home.root) / POLICY_FILE


def _version_exists(session: Any, version: int) -> bool:
    return bool(session.ledger.stream_rows(policy_version_id(session.origin, version)))


def latest_change(session: Any) -> PolicyChange | None:
    """The latest recorded version (its event verified), or ``None`` when none was ever recorded.

    Raises:
        RecordError: the stored event fails its checks.
    """
    version = latest_version_search(lambda v: _version_exists(session, v))
    if version == 0:
        return None
    return _change(session, version)


def _change(session: Any, version: int) -> PolicyChange:
    agg = session.ledger.get(policy_version_id(session.origin, version))
    return PolicyChange(agg.version, agg.new_sha256, agg.old_sha256, agg.policy_blob, agg.diff_blob, agg.by)


def recorded_policy(session: Any) -> InstallPolicy:
    """The install policy the ledger records as the latest version (the default when none is
    recorded yet): what views such as ``overlord cost`` show, whatever the file says now.

    Raises:
        RecordError: the stored event fails its checks.
        ConfigError: the recorded policy no longer passes this Overlord's checks.
    """
    change = latest_change(session)
    if change is None:
        return InstallPolicy.default()
    return InstallPolicy.from_bytes(session.blobs.get(change.policy_blob), source=f"{POLICY_FILE} (version "
                                    f"{change.version})")


def floor_sha256() -> str:
    """The digest of the floor as installed (the guard's source files)."""
    return floor_digest(floor_sources())


def check_policy(session: Any, *, where: str, clock: Clock, run_id: str = "", pin_floor: bool = False) -> ActivePolicy:
    """Check the policy file against the ledger before a start (see the module docstring).

    Raises:
        PolicyIntegrityError: the file is not the latest recorded version's bytes (recorded as
            ``PolicyIntegrityFailed`` first when the session is writable).
        ConfigError: the recorded policy no longer passes this Overlord's checks.
        LedgerError: an event could not be recorded.
    """
    path = policy_path(session)
    change = latest_change(session)
    found = read_policy_file(path)
    if change is None:
        change = _adopt(session, path, found, clock=clock, where=where)
        found = read_policy_file(path)
    if found.data is None:
        _refuse(session, where, found.problem, change, "", clock)
    assert found.data is not None
    if found.sha256 != change.sha256:
        older = _older_version_with(session, change.version, found.sha256)
        problem = (f"{path} holds version {older} of the policy, not the latest (version {change.version})"
                   if older else f"{path} was edited (sha256 {found.sha256[:16]}…, version {change.version} is "
                   f"{change.sha256[:16]}…)")
        _refuse(session, where, problem, change, found.sha256, clock)
    try:
        policy = InstallPolicy.from_bytes(found.data, source=str(path))
    except ConfigError as e:
        raise ConfigError(f"the recorded policy (version {change.version}) no longer passes the checks: {e.message}",
                          "apply a corrected policy with `overlord policy set FILE`") from e
    active = ActivePolicy(policy, change.version, change.sha256)
    if pin_floor:
        session.ledger.append(PolicyFloorPin.pin(where=where, floor_sha256=floor_sha256(), policy_sha256=change.sha256,
                                                 policy_version=change.version, run_id=run_id, at=clock.now()))
    return active


def _adopt(session: Any, path: Path, found: Any, *, clock: Clock, where: str) -> PolicyChange:
    """A home with no recorded policy: the default becomes version 1 (written when the file is
    missing; a file already there is adopted only when it is the default's bytes)."""
    default = DEFAULT_POLICY_TEXT.encode()
    missing = found.data is None and found.missing
    if not missing and found.data != default:
        problem = found.problem or f"{path} was never recorded by `overlord policy set` (sha256 {found.sha256[:16]}…)"
        _refuse(session, where, problem, None, found.sha256, clock)
    return record_version(session, default, by="first start", clock=clock, write_file=missing)


def install_default_policy(session: Any, *, clock: Clock) -> PolicyChange:
    """``overlord init``: write the default policy and record it as version 1.

    Raises:
        ConfigError: the home already records a policy.
    """
    if latest_change(session) is not None:
        raise ConfigError("this home already records an install policy", "change it with `overlord policy set FILE`")
    return record_version(session, DEFAULT_POLICY_TEXT.encode(), by="overlord init", clock=clock, write_file=True)


def _older_version_with(session: Any, latest: int, sha256: str) -> int:
    for v in range(latest - 1, 0, -1):
        if _change(session, v).sha256 == sha256:
            return v
    return 0


def _refuse(session: Any, where: str, problem: str, change: PolicyChange | None, found: str, clock: Clock) -> None:
    """Record ``PolicyIntegrityFailed`` (when the session can write) and raise."""
    try:
        if session.signer is not None:
            session.ledger.append(PolicyIntegrityFailure.record(
                where=where, problem=problem[:500], expected_sha256=change.sha256 if change else "",
                found_sha256=found, version=change.version if change else 0, at=clock.now()))
    except Exception as e:  # noqa: BLE001 - the refusal stands whether or not it could be recorded
        _log("error", "policy.integrity_unrecorded", where=where, error=f"{type(e).__name__}: {e}")
    raise PolicyIntegrityError(problem)


# -- changing it ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlannedChange:
    """A checked new policy, not yet applied: its bytes and hash, the version it will be, the
    recorded version it replaces, and the diff to show the owner."""

    data: bytes
    policy: InstallPolicy
    sha256: str
    version: int
    old: PolicyChange | None
    old_text: str
    diff: str

    @property
    def confirmation(self) -> str:
        """What the owner must type: ``apply`` and the first 8 hex digits of the new SHA-256."""
        return f"apply {self.sha256[:8]}"


def plan_change(session: Any, data: bytes, *, source: str) -> PlannedChange:
    """Check a new policy file's bytes and diff them against the recorded version.

    Raises:
        ConfigError: the new file does not pass the checks.
    """
    policy = InstallPolicy.from_bytes(data, source=source)
    old = latest_change(session)
    old_text = session.blobs.get(old.policy_blob).decode("utf-8", "replace") if old else ""
    new_text = data.decode("utf-8")
    return PlannedChange(data, policy, sha256_hex(data), (old.version if old else 0) + 1, old, old_text,
                         unified_diff(old_text, new_text))


def apply_change(session: Any, planned: PlannedChange, *, clock: Clock, by: str = "overlord policy set") -> PolicyChange:
    """Record the planned change (``PolicyChanged``) and replace the file atomically.

    Raises:
        LedgerError: another change was recorded meanwhile (the version is taken), or the
            write failed. Nothing was changed then.
    """
    latest = latest_change(session)
    if (latest.version if latest else 0) + 1 != planned.version:
        raise LedgerError("another policy change was recorded meanwhile", "run `overlord policy set` again")
    return record_version(session, planned.data, by=by, clock=clock, write_file=True, diff=planned.diff, old=latest)


def record_version(session: Any, data: bytes, *, by: str, clock: Clock, write_file: bool, diff: str | None = None,
                   old: PolicyChange | None = None) -> PolicyChange:
    """Record ``data`` as the next version (``PolicyChanged``), then write it to the file.

    Raises:
        LedgerError: the version is taken (a concurrent change) or the store refused.
    """
    old = old if old is not None else latest_change(session)
    version = (old.version if old else 0) + 1
    sha = sha256_hex(data)
    policy_blob = session.blobs.put(data)
    if diff is None and old is not None:
        diff = unified_diff(session.blobs.get(old.policy_blob).decode("utf-8", "replace"), data.decode("utf-8"))
    diff_blob = session.blobs.put(diff.encode()) if old is not None and diff is not None else None
    try:
        session.ledger.append(PolicyVersion.change(origin=session.origin, version=version,
                                                   old_sha256=old.sha256 if old else "", new_sha256=sha,
                                                   policy_blob=policy_blob, diff_blob=diff_blob, by=by,
                                                   at=clock.now()))
    except LedgerError as e:
        if _version_exists(session, version):
            raise LedgerError(f"policy version {version} was recorded by someone else meanwhile",
                              "run `overlord policy set` again") from e
        raise
    if write_file:
        write_policy_file(policy_path(session), data)
    _log("info", "policy.changed", version=version, sha256=sha, by=by)
    return PolicyChange(version, sha, old.sha256 if old else "", policy_blob, diff_blob, by)


def _log(level: str, event: str, **kw: Any) -> None:
    """Log, never raising: a log line must never change a decision."""
    try:
        getattr(log, level)(event, **kw)
    except Exception:  # noqa: BLE001 - logging is best effort
        pass
