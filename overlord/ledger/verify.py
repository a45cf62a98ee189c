"""Forensic verification: replay every stored event and check it, failing closed.

The checklist, in order, for each stored event (in notification order, position 0..n-1):

1. the record is well formed (canonical ``[1, body, prev, key_id, signature]``);
2. its key ID is in the trust file, and its Ed25519 signature covers the DSSE PAE of the
   row's own originator id, version, topic, body and ``prev``;
3. its version is the next of its stream (1, 2, 3, ... with no gap, no repeat);
4. ``prev`` is the digest of the previous event of its stream (the hash chain);
5. its topic is a known event topic, and its body is canonical msgpack;
6. every blob it names (attributes ending in ``_blob``) exists and hashes to its name;
7. a checkpoint event: its note is signed by a trusted log key for this log's origin,
   agrees with the event's size and root, covers only events stored before it, and its
   root equals the Merkle root of the first ``size`` stored events (RFC 9162 §2.1.1);
8. a cosignature event (``Cosigned``, on a checkpoint's stream): its witness (name, key ID)
   is a trusted witness key (``witness <key>`` lines of the trust file), and its line is a
   valid C2SP tlog-cosignature v1.0.1 cosignature of that checkpoint's note text.

Then the pinned checkpoint (kept outside the store): signed by a trusted key, no larger
than the log, its root equals the root of the log's first ``size`` events, and the same
signed note is recorded in a ``CheckpointSigned`` event of the log: a store cut short, or
rewritten below the pin, or stripped of its final checkpoint event, is caught.

What this does not catch: someone who holds the log key and rewrites both the store and the
pinned checkpoint consistently. Only a witness's cosignature of an earlier checkpoint
(``overlord checkpoint --witness``) catches that.

Any exception inside the checks is a failed verification, never a pass.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any, NamedTuple
from uuid import UUID

from nacl.bindings import crypto_sign_open
from nacl.exceptions import BadSignatureError

from overlord.domain.checkpoint import LogCheckpoint
from overlord.domain.events import BLOB_SUFFIX
from overlord.errors import EncodingError, OverlordError
from overlord.ledger import codec, merkle, record
from overlord.ledger.application import StoredRow
from overlord.ledger.record import RecordError

CHECKPOINT_TOPIC = LogCheckpoint.Created.TOPIC
COSIGNED_TOPIC = LogCheckpoint.Cosigned.TOPIC
CHUNK = 2000


@dataclass(frozen=True)
class Failure:
    """The first bad thing found: where (stream, version, position, notification id) and what."""

    stream: str | None
    version: int | None
    position: int | None
    notification_id: int | None
    problem: str


@dataclass
class Report:
    """The outcome of a verification. ``ok`` only when every check held."""

    ok: bool = False
    events: int = 0
    streams: int = 0
    checkpoints: int = 0
    seconds: float = 0.0
    tree_size: int = 0
    root_hash: str = ""
    first_failure: Failure | None = None
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` shape: ok, events, streams, checkpoints, seconds, first_failure."""
        return {
            "ok": self.ok,
            "events": self.events,
            "streams": self.streams,
            "checkpoints": self.checkpoints,
            "seconds": round(self.seconds, 3),
            "tree_size": self.tree_size,
            "root_hash": self.root_hash,
            "first_failure": asdict(self.first_failure) if self.first_failure else None,
        }

    def summary(self) -> str:
        """One line for people."""
        if self.ok:
            return (
                f"verified: {self.events} events, {self.streams} streams, {self.checkpoints} checkpoints "
                f"in {self.seconds:.2f}s"
            )
        f = self.first_failure
        assert f is not None
        where = ", ".join(
            part
            for part in (
                f"stream {f.stream}" if f.stream else "",
                f"version {f.version}" if f.version is not None else "",
                f"position {f.position}" if f.position is not None else "",
                f"notification {f.notification_id}" if f.notification_id is not None else "",
            )
            if part
        )
        return f"FAILED: {f.problem}" + (f" ({where})" if where else "")


@dataclass(frozen=True)
class TrustedKeys:
    """Public keys ``verify`` accepts: log keys by 4-byte key ID with their names
    (the names are the origins they may sign checkpoints for)."""

    log_keys: Mapping[bytes, tuple[str, bytes]]  # key_id -> (name, 32-byte ed25519 public key)
    witnesses: Mapping[tuple[str, bytes], object] = field(default_factory=dict)  # (name, key ID) -> CosignatureVerifier


# -- per-event checks (1, 2, 5): pure, run in worker processes over both cores ------------

RowTuple = tuple[int, str, int, str, bytes]  # notification id, stream, version, topic, state


class SQLiteRowSource:
    """Reads stored events straight from a SQLite ledger file, by notification id range.

    Picklable: each verify worker opens its own read-only connection and reads its own
    ranges, so rows never pass through the coordinating process. The file is append-only
    (triggers), so rows up to the highest id seen at the start never change under a verify.
    """

    def __init__(self, path: str, table: str = "stored_events") -> None:
        self.path = path
        self.table = table
        self._conn: sqlite3.Connection | None = None

    def __getstate__(self) -> dict[str, object]:
        return {"path": self.path, "table": self.table, "_conn": None}

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            self._conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, check_same_thread=False)
        return self._conn

    def ranges(self, size: int) -> list[tuple[int, int]]:
        """Half-open ``(lo, hi]`` notification id ranges covering the whole log now."""
        top = self._connection().execute(f"SELECT MAX(rowid) FROM {self.table}").fetchone()[0] or 0  # noqa: S608 - our table name
        return [(lo, min(lo + size, top)) for lo in range(0, top, size)]

    def read(self, lo: int, hi: int) -> list[RowTuple]:
        """Rows with ``lo < notification id <= hi``, in order, as examine takes them."""
        cur = self._connection().execute(
            f"SELECT rowid, originator_id, originator_version, topic, state FROM {self.table} "  # noqa: S608 - our table name
            "WHERE rowid > ? AND rowid <= ? ORDER BY rowid",
            (lo, hi),
        )
        return [(nid, _stream_text(oid), version, topic, state) for nid, oid, version, topic, state in cur]


def _stream_text(originator_id: str) -> str:
    try:
        return str(UUID(originator_id))
    except ValueError:
        return originator_id


def _examine_range(source: SQLiteRowSource, lo: int, hi: int, log_keys: dict[bytes, bytes],
                   topics: frozenset[str]) -> list[_Examined]:
    return _examine(source.read(lo, hi), log_keys, topics)


class _Where(NamedTuple):
    """Where a row is, without its bytes (kept for every row: it must stay small)."""

    position: int
    notification_id: int
    originator_id: str
    version: int


class _Examined(NamedTuple):
    """What a worker found about one row (a plain tuple: cheap to send between processes)."""

    notification_id: int
    originator_id: str
    version: int
    problems: tuple[tuple[int, str], ...]  # (checklist step, problem)
    leaf: bytes
    digest: bytes | None
    prev: bytes | None
    blobs: tuple[tuple[str, object], ...]
    claim: dict[str, Any] | None  # a checkpoint event's body


def _examine(rows: list[RowTuple], log_keys: dict[bytes, bytes], topics: frozenset[str]) -> list[_Examined]:
    """Checklist items 1, 2 and 5 for each row; independent of every other row."""
    out = []
    for nid, oid, version, topic, state in rows:
        problems: list[tuple[int, str]] = []
        try:
            opened = record.open_record(oid, version, topic, state)
        except RecordError as e:
            out.append(_Examined(nid, oid, version, ((1, str(e)),), merkle.leaf_hash(state), None, None, (), None))
            continue
        pub = log_keys.get(opened.key_id)
        if pub is None:
            problems.append((2, f"unknown key: signed by key ID {opened.key_id.hex()}, which the trust file does not hold"))
        else:
            try:
                crypto_sign_open(opened.signature + record.pae(record.PAYLOAD_TYPE, opened.payload), pub)
            except (BadSignatureError, ValueError, TypeError):
                problems.append((2, "bad signature: the signature does not match the stored bytes"))
        blobs: tuple[tuple[str, object], ...] = ()
        claim = None
        if topic not in topics:
            problems.append((5, f"unknown topic {topic!r}"))
        else:
            try:
                body = codec.decode_canonical(opened.body)
                if not isinstance(body, dict):
                    raise EncodingError("body is not a map")
                blobs = tuple((k, v) for k, v in body.items() if k.endswith(BLOB_SUFFIX) and v is not None)
                if topic == CHECKPOINT_TOPIC:
                    claim = body
                elif topic == COSIGNED_TOPIC:
                    claim = {"cosigned": body}
            except EncodingError as e:
                problems.append((5, f"malformed body: {e}"))
        out.append(_Examined(nid, oid, version, tuple(problems), merkle.leaf_hash(opened.payload), opened.digest,
                             opened.prev, blobs, claim))
    return out


def _examined_in_order(rows: Iterable[StoredRow] | SQLiteRowSource, log_keys: dict[bytes, bytes],
                       topics: frozenset[str], workers: int) -> Iterable[_Examined]:
    """Examine every row, in chunks on ``workers`` processes, yielding results in log order."""
    tasks: Iterable[tuple[Callable[..., list[_Examined]], tuple[Any, ...]]]
    if isinstance(rows, SQLiteRowSource):
        source = rows
        tasks = [(_examine_range, (source, lo, hi, log_keys, topics)) for lo, hi in source.ranges(CHUNK)]
    else:
        def chunks() -> Iterable[list[RowTuple]]:
            chunk: list[RowTuple] = []
            for r in rows:
                chunk.append((r.notification_id, r.originator_id, r.version, r.topic, r.state))
                if len(chunk) == CHUNK:
                    yield chunk
                    chunk = []
            if chunk:
                yield chunk

        tasks = ((_examine, (chunk, log_keys, topics)) for chunk in chunks())
    if workers < 2:
        for fn, args in tasks:
            yield from fn(*args)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending = []
        for fn, args in tasks:
            pending.append(pool.submit(fn, *args))
            while len(pending) > 2 * workers:  # bounded memory: keep a few chunks in flight
                yield from pending.pop(0).result()
        for f in pending:
            yield from f.result()


# -- the checklist ------------------------------------------------------------------------


def verify_log(
    rows: Iterable[StoredRow] | SQLiteRowSource,
    *,
    trusted: TrustedKeys,
    origin: str,
    known_topics: Mapping[str, type],
    check_blob: Callable[[str], str | None],
    open_checkpoint: Callable[[str], tuple[str, int, bytes]],
    pinned_note: str | None,
    workers: int = 2,
    clock: Callable[[], float] = time.perf_counter,
) -> Report:
    """Run the checklist over ``rows`` (the whole log, in notification order).

    Args:
        rows: every stored event, positions 0..n-1, or a :class:`SQLiteRowSource` that the
            workers read from themselves.
        trusted: the trust file's keys.
        origin: the log's origin; checkpoints must name it.
        known_topics: the closed registry of event topics.
        check_blob: ``None`` when a blob is present and intact, else the problem.
        open_checkpoint: verifies a signed checkpoint note with the trusted keys and returns
            ``(origin, size, root_hash)``; raises OverlordError when it does not verify.
        pinned_note: the pinned checkpoint's text, or ``None`` when there is none.
        workers: processes for signature checks.
        clock: a seconds counter, for the report's duration only.

    Returns a :class:`Report`; never raises for a bad ledger (that is a failed report).
    """
    started = clock()
    report = Report()
    try:
        _run_checklist(rows, report, trusted, origin, known_topics, check_blob, open_checkpoint, pinned_note, workers)
    except Exception as e:  # noqa: BLE001 - fail closed: an error inside verify is a failed verification
        if report.first_failure is None:
            report.first_failure = Failure(None, None, None, None, f"verification could not complete: {e}")
        report.ok = False
    report.seconds = clock() - started
    return report


def _run_checklist(
    rows: Iterable[StoredRow] | SQLiteRowSource,
    report: Report,
    trusted: TrustedKeys,
    origin: str,
    known_topics: Mapping[str, type],
    check_blob: Callable[[str], str | None],
    open_checkpoint: Callable[[str], tuple[str, int, bytes]],
    pinned_note: str | None,
    workers: int,
) -> None:
    record_failures: list[Failure] = []
    steps: dict[int, int] = {}
    checkpoint_failures: list[Failure] = []
    heads: dict[str, tuple[int, bytes]] = {}
    leaves: list[bytes] = []
    claims: list[tuple[_Where, int, bytes]] = []  # (checkpoint row, size, root)
    checkpoint_texts: dict[str, str] = {}  # stream -> its checkpoint's note text (verified)
    recorded_notes: set[str] = set()  # every verified CheckpointSigned event's signed note

    def fail(row: _Where, problem: str, into: list[Failure] = record_failures, step: int = 0) -> None:
        # ``step`` is the checklist item: at one position the earliest item is reported
        into.append(Failure(row.originator_id, row.version, row.position, row.notification_id, problem))
        steps[id(into[-1])] = step

    log_keys = {kid: pub for kid, (_name, pub) in trusted.log_keys.items()}
    blob_seen: dict[str, str | None] = {}
    count = 0
    for ex in _examined_in_order(rows, log_keys, frozenset(known_topics), workers):
        row = _Where(count, ex.notification_id, ex.originator_id, ex.version)
        count += 1
        for step, problem in ex.problems:
            fail(row, problem, step=step)
        leaves.append(ex.leaf)
        if ex.digest is None:  # malformed: nothing to chain
            heads[row.originator_id] = (max(row.version, heads.get(row.originator_id, (0, b""))[0]), b"")
            continue
        # 3. version contiguity and 4. chain
        last_version, last_digest = heads.get(row.originator_id, (0, record.GENESIS))
        if row.version != last_version + 1:
            kind = "version gap" if row.version > last_version + 1 else "version out of order"
            fail(row, step=3, problem=f"{kind}: expected version {last_version + 1} of the stream, found {row.version}")
        elif last_digest and ex.prev != last_digest:
            fail(row, f"chain broken: prev does not name the digest of version {last_version}", step=4)
        heads[row.originator_id] = (max(row.version, last_version), ex.digest)
        # 6. blobs (each checked once)
        for name, value in ex.blobs:
            if not isinstance(value, str):
                fail(row, f"blob name is not a string: {name}", step=6)
                continue
            if value not in blob_seen:
                blob_seen[value] = check_blob(value)
            if blob_seen[value]:
                fail(row, f"{blob_seen[value]}: {name} {value}", step=6)
        # 7. checkpoint claims (roots are checked after all leaves are known)
        if ex.claim is not None and "cosigned" in ex.claim:
            # 8. cosignatures
            try:
                _check_cosignature(ex.claim["cosigned"], checkpoint_texts.get(row.originator_id), trusted)
            except (OverlordError, KeyError, TypeError, AttributeError) as e:
                fail(row, f"cosignature does not verify: {e}", checkpoint_failures)
            continue
        if ex.claim is not None:
            body = ex.claim
            report.checkpoints += 1
            try:
                cp_origin, size, root = open_checkpoint(body["note"])
                if cp_origin != origin:
                    raise OverlordError(f"checkpoint origin {cp_origin!r} is not this log's {origin!r}")
                if size != body["size"] or root != body["root_hash"] or cp_origin != body["origin"]:
                    raise OverlordError("the event's size/root/origin disagree with its signed note")
                if size > row.position:
                    raise OverlordError(f"checkpoint claims {size} events but only {row.position} precede it")
                claims.append((row, size, root))
                note = body["note"]
                recorded_notes.add(note)
                checkpoint_texts[row.originator_id] = note[: note.rfind("\n\n") + 1]
            except (OverlordError, KeyError, TypeError) as e:
                fail(row, f"checkpoint does not verify: {e}", checkpoint_failures)

    report.events = count
    report.streams = len(heads)
    report.tree_size = len(leaves)

    # roots of every claimed size, computed in one pass
    roots = _roots_at(leaves, {size for _, size, _ in claims} | {len(leaves)})
    report.root_hash = roots[len(leaves)].hex()
    previous_good = 0
    for row, size, root in sorted(claims, key=lambda c: c[1]):
        if roots[size] != root:
            fail(
                row,
                f"checkpoint root mismatch: the log's first {size} events are not what was signed "
                f"(the change is among positions {previous_good}..{size - 1})",
                checkpoint_failures,
            )
        else:
            previous_good = size

    pinned_failure = None
    if pinned_note is None and claims:
        pinned_failure = Failure(
            None, None, None, None,
            f"pinned checkpoint missing: the log holds {len(claims)} checkpoints but none is pinned "
            "(the pin was deleted; restore it from a backup or a witness)",
        )
    elif pinned_note is not None:
        try:
            cp_origin, size, root = open_checkpoint(pinned_note)
            if cp_origin != origin:
                raise OverlordError(f"pinned checkpoint origin {cp_origin!r} is not this log's {origin!r}")
        except (OverlordError, UnicodeError, ValueError) as e:
            pinned_failure = Failure(None, None, None, None, f"pinned checkpoint does not verify: {e}")
        else:
            if size > len(leaves):
                pinned_failure = Failure(
                    None, None, len(leaves), None,
                    f"store cut short: the pinned checkpoint covers {size} events, the store holds {len(leaves)}",
                )
            elif _roots_at(leaves, {size})[size] != root:
                pinned_failure = Failure(
                    None, None, None, None,
                    f"pinned checkpoint root mismatch: the log's first {size} events are not what was pinned",
                )
            elif pinned_note not in recorded_notes:
                pinned_failure = Failure(
                    None, None, size, None,
                    f"pinned checkpoint not recorded: no CheckpointSigned event in the log holds the pinned "
                    f"checkpoint of {size} events (its event, at position {size} or later, was cut off the log)",
                )

    for group in (record_failures, checkpoint_failures):
        if group:
            report.first_failure = min(
                group, key=lambda f: (f.position if f.position is not None else -1, steps.get(id(f), 9))
            )
            return
    if pinned_failure is not None:
        report.first_failure = pinned_failure
        return
    report.ok = True


def _check_cosignature(body: dict[str, Any], checkpoint_text: str | None, trusted: TrustedKeys) -> None:
    """Checklist item 8: a Cosigned event's line against its checkpoint, with the trusted witness keys."""
    from overlord.ledger.cosignature import verify_cosignature

    if checkpoint_text is None:
        raise OverlordError("no verified checkpoint precedes it on its stream")
    name, kid, line = body["witness"], body["key_id"], body["line"]
    witness = trusted.witnesses.get((name, kid))
    if witness is None:
        raise OverlordError(
            f"unknown witness {name!r} (key ID {bytes(kid).hex()}): add `witness <its verifier key>` to the trust file"
        )
    verify_cosignature(checkpoint_text, line, witness)  # type: ignore[arg-type]


def _roots_at(leaves: list[bytes], sizes: set[int]) -> dict[int, bytes]:
    """Merkle roots of the prefixes of ``leaves`` of each size in ``sizes`` (one pass)."""
    wanted = sorted(s for s in sizes if 0 <= s <= len(leaves))
    out: dict[int, bytes] = {}
    cr = merkle.CompactRange()
    for size in wanted:
        if size > cr.size:
            cr.extend(leaves[cr.size : size])
        out[size] = cr.root()
    return out
