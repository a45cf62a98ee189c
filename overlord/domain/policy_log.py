"""The install policy's record in the ledger: its versions, refused starts, and the floor pins.

Each of these is a one-event stream, as checkpoints are, so concurrent starts never contend:

* ``PolicyChanged`` (a :class:`PolicyVersion`): version N of ``policy.toml``. The stream id is
  derived from the home's origin and N (:func:`policy_version_id`), so two writers of the
  same version collide in the store and a version can only follow the one before it; the
  latest is found by probing ids (:func:`latest_version_search`).
* ``PolicyIntegrityFailed`` (a :class:`PolicyIntegrityFailure`): a start was refused because
  the file is not the latest version's bytes.
* ``PolicyFloorPinned`` (a :class:`PolicyFloorPin`): a start recorded the digest of the floor
  (the guard's rules in source) and the policy version it runs under.

Pure: times are given by the caller.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import datetime
from uuid import UUID

from eventsourcing.domain import Aggregate

POLICY_NAMESPACE = uuid.UUID("8f0d3c9e-5b1a-4e2f-9a77-0c6f1d2e4b31")
"""Namespace of the policy version stream ids (UUIDv5)."""


def policy_version_id(origin: str, version: int) -> UUID:
    """The stream id of version ``version`` of the install policy of the log ``origin``."""
    return uuid.uuid5(POLICY_NAMESPACE, f"{origin}\x00policy\x00{version}")


def latest_version_search(exists: Callable[[int], bool]) -> int:
    """The highest version ``v >= 1`` with ``exists(v)``, or 0 when there is none. Versions are
    contiguous from 1 (each is created only after the one before it), so this gallops then
    bisects: O(log n) probes."""
    if not exists(1):
        return 0
    lo, hi = 1, 2
    while exists(hi):
        lo, hi = hi, hi * 2
    while hi - lo > 1:  # exists(lo) and not exists(hi)
        mid = (lo + hi) // 2
        if exists(mid):
            lo = mid
        else:
            hi = mid
    return lo


class PolicyVersion(Aggregate):
    """One version of the install policy file: its number, its bytes (a blob) and hash, the
    hash it replaced, and the diff from that one (a blob)."""

    TOPIC = "overlord.policy.PolicyVersion"

    class Event(Aggregate.Event):
        """An event of a policy version's stream (the base of the event below; never stored)."""

    class Created(Event, Aggregate.Created):
        """``PolicyChanged``: ``policy.toml`` became version ``version``: its SHA-256
        ``new_sha256`` (hex, of the exact bytes, kept as ``policy_blob``), replacing
        ``old_sha256`` (``""`` for the first); ``diff_blob`` the unified diff from the
        version before (``None`` for the first); ``by`` how (``overlord policy set``,
        ``overlord init``, ``first start``)."""

        TOPIC = "overlord.policy.PolicyChanged"

        version: int
        old_sha256: str
        new_sha256: str
        policy_blob: str
        diff_blob: str | None
        by: str

        def summary(self) -> str:
            """One line for people."""
            old = f" (was {self.old_sha256[:12]}…)" if self.old_sha256 else ""
            return f"install policy version {self.version}: sha256 {self.new_sha256[:12]}…{old}, by {self.by}"

    def __init__(self, version: int, old_sha256: str, new_sha256: str, policy_blob: str, diff_blob: str | None,
                 by: str) -> None:
        self.version = version
        self.old_sha256 = old_sha256
        self.new_sha256 = new_sha256
        self.policy_blob = policy_blob
        self.diff_blob = diff_blob
        self.by = by

    @classmethod
    def change(cls, *, origin: str, version: int, old_sha256: str, new_sha256: str, policy_blob: str,
               diff_blob: str | None, by: str, at: datetime) -> PolicyVersion:
        """Record version ``version`` (``PolicyChanged``) of the log ``origin``'s policy.

        Raises:
            ValueError: ``version`` is below 1, or the first version names an old hash.
        """
        if version < 1:
            raise ValueError(f"a policy version starts at 1, not {version}")
        if version == 1 and old_sha256:
            raise ValueError("the first policy version replaces nothing")
        return cls._create(cls.Created, id=policy_version_id(origin, version), timestamp=at, version=version,
                           old_sha256=old_sha256, new_sha256=new_sha256, policy_blob=policy_blob,
                           diff_blob=diff_blob, by=by)


class PolicyIntegrityFailure(Aggregate):
    """A start refused because the policy file is not what the latest ``PolicyChanged`` says."""

    TOPIC = "overlord.policy.PolicyIntegrityFailure"

    class Event(Aggregate.Event):
        """An event of an integrity failure's stream (never stored itself)."""

    class Created(Event, Aggregate.Created):
        """``PolicyIntegrityFailed``: ``where`` (run, resume, steer, decision_service,
        witness_action, ...) refused to start: ``problem`` (edited, deleted, a symlink, an
        older version put back, ...); ``expected_sha256`` the latest version's hash (version
        ``version``), ``found_sha256`` the file's (``""`` when it could not be read)."""

        TOPIC = "overlord.policy.PolicyIntegrityFailed"

        where: str
        problem: str
        expected_sha256: str
        found_sha256: str
        version: int

        def summary(self) -> str:
            """One line for people."""
            return f"{self.where} refused: the policy changed outside `overlord policy set`: {self.problem}"

    def __init__(self, where: str, problem: str, expected_sha256: str, found_sha256: str, version: int) -> None:
        self.where = where
        self.problem = problem
        self.expected_sha256 = expected_sha256
        self.found_sha256 = found_sha256
        self.version = version

    @classmethod
    def record(cls, *, where: str, problem: str, expected_sha256: str, found_sha256: str, version: int,
               at: datetime) -> PolicyIntegrityFailure:
        """Record a refused start (``PolicyIntegrityFailed``)."""
        return cls._create(cls.Created, id=uuid.uuid4(), timestamp=at, where=where, problem=problem,
                           expected_sha256=expected_sha256, found_sha256=found_sha256, version=version)


class PolicyFloorPin(Aggregate):
    """A start's pin of the floor (the guard's rules in source) and of the policy it runs under."""

    TOPIC = "overlord.policy.PolicyFloorPin"

    class Event(Aggregate.Event):
        """An event of a floor pin's stream (never stored itself)."""

    class Created(Event, Aggregate.Created):
        """``PolicyFloorPinned``: ``where`` started with the floor whose digest is
        ``floor_sha256`` (hex; see :func:`overlord.domain.policy.floor_digest`) under policy
        version ``policy_version`` (``policy_sha256``); ``run_id`` the run it serves (``""``
        when none)."""

        TOPIC = "overlord.policy.PolicyFloorPinned"

        where: str
        floor_sha256: str
        policy_sha256: str
        policy_version: int
        run_id: str

        def summary(self) -> str:
            """One line for people."""
            run = f" for run {self.run_id}" if self.run_id else ""
            return (f"{self.where}{run}: floor {self.floor_sha256[:12]}…, install policy version "
                    f"{self.policy_version} ({self.policy_sha256[:12]}…)")

    def __init__(self, where: str, floor_sha256: str, policy_sha256: str, policy_version: int, run_id: str) -> None:
        self.where = where
        self.floor_sha256 = floor_sha256
        self.policy_sha256 = policy_sha256
        self.policy_version = policy_version
        self.run_id = run_id

    @classmethod
    def pin(cls, *, where: str, floor_sha256: str, policy_sha256: str, policy_version: int, run_id: str,
            at: datetime) -> PolicyFloorPin:
        """Record the floor and policy a start runs under (``PolicyFloorPinned``)."""
        return cls._create(cls.Created, id=uuid.uuid4(), timestamp=at, where=where, floor_sha256=floor_sha256,
                           policy_sha256=policy_sha256, policy_version=policy_version, run_id=run_id)
