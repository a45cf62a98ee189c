"""Ask a witness to cosign a checkpoint, and record its cosignatures as ``Cosigned`` events.

C2SP tlog-witness v1.0.0, "add-checkpoint", client side: send the old size the witness
last saw (the largest checkpoint this ledger already holds a cosignature for, else 0) with
a consistency proof from the ledger's own leaves; on 409 (``text/x.tlog.size``) retry once
with the witness's size and a fresh proof. Of the returned lines only cosignatures by a
trusted witness key (``witness <key>`` in the trust file) that verify (tlog-cosignature
v1.0.1) are kept; lines from unknown keys are ignored, as the spec says.
"""

from __future__ import annotations

import contextlib
import http.client
import socket
import threading
import urllib.parse
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from overlord.errors import OverlordError, ProofError
from overlord.ledger import merkle
from overlord.ledger.checkpoint import Checkpoint
from overlord.ledger.cosignature import CosignatureVerifier, verify_cosignature
from overlord.ledger.note import NoteSignature
from overlord.ledger.session import LedgerSession
from overlord.ledger.verify import CHECKPOINT_TOPIC, COSIGNED_TOPIC
from witness.protocol import SIZE_CONTENT_TYPE, AddCheckpointRequest

Post = Callable[[str, bytes], tuple[int, str, bytes]]  # url, body -> status, content type, body


class WitnessClientError(OverlordError):
    """The witness could not be reached or refused to cosign."""


@dataclass(frozen=True)
class Cosignature:
    """One kept cosignature: the witness's name, its type 0x04 key ID, the line, its time."""

    witness: str
    key_id: bytes
    line: str
    timestamp: int


def http_post(url: str, body: bytes, timeout_s: float = 10.0) -> tuple[int, str, bytes]:
    """POST ``body`` to ``url``; ``(status, content type, body)`` (4xx/5xx included; at most
    64 KiB of the answer is read).

    ``timeout_s`` is a deadline for the whole exchange (connecting, sending, the answer's
    headers and body), not a limit per read: a witness that sends its answer a byte at a
    time is cut off when it passes (the socket is shut down under the blocked read).

    Raises:
        WitnessClientError: not an http(s) URL, unreachable, or the deadline passed (one line).
    """
    try:
        parts = urllib.parse.urlsplit(url)
        port = parts.port
    except ValueError as e:
        raise WitnessClientError(f"{url!r} is not a witness URL: {e}", "give it like http://127.0.0.1:8770") from e
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise WitnessClientError(f"{url!r} is not a witness URL", "give it like http://127.0.0.1:8770")
    kind = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    conn = kind(parts.hostname, port, timeout=timeout_s)
    expired = threading.Event()

    def expire() -> None:
        expired.set()
        sock = conn.sock
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    timer = threading.Timer(timeout_s, expire)
    timer.daemon = True
    timer.start()
    try:
        conn.request("POST", parts.path or "/", body, {"Content-Type": "text/plain"})
        resp = conn.getresponse()
        data = resp.read(1 << 16)
        answer = resp.status, resp.headers.get_content_type(), data
    except (OSError, http.client.HTTPException) as e:
        if expired.is_set():
            raise _late(url, timeout_s) from e
        raise WitnessClientError(f"cannot reach the witness at {url}: {e}", "is `overlord witness serve` running?") from e
    finally:
        timer.cancel()
        conn.close()
    if expired.is_set():  # a read cut short by the deadline can end quietly: never a partial answer
        raise _late(url, timeout_s)
    return answer


def _late(url: str, timeout_s: float) -> WitnessClientError:
    return WitnessClientError(f"the witness at {url} did not answer within {timeout_s:g} s",
                              "check that the URL is an Overlord witness, or try again later")


def last_cosigned_size(session: LedgerSession, at_most: int) -> int:
    """The largest checkpoint size (<= ``at_most``) this ledger holds a cosignature for, else 0."""
    streams = {r.originator_id for r in session.ledger.rows() if r.topic == COSIGNED_TOPIC}
    best = 0
    for sid in streams:
        cp = session.ledger.get(uuid.UUID(sid))
        if cp.size <= at_most:
            best = max(best, cp.size)
    return best


def _checkpoint_stream(session: LedgerSession, note: str) -> uuid.UUID:
    found = None
    for r in session.ledger.rows():
        if r.topic == CHECKPOINT_TOPIC:
            found = r.originator_id if session.ledger.get(uuid.UUID(r.originator_id)).note == note else found
    if found is None:
        raise WitnessClientError("the checkpoint is not in the ledger", "sign one with `overlord checkpoint`")
    return uuid.UUID(found)


def request_cosignatures(
    session: LedgerSession,
    url: str,
    note: str,
    witnesses: list[CosignatureVerifier],
    *,
    at: datetime,
    post: Post = http_post,
) -> list[Cosignature]:
    """Ask the witness at ``url`` (its add-checkpoint URL or its base URL) to cosign ``note``.

    Stores each kept cosignature as a ``Cosigned`` event on the checkpoint's stream.

    Raises:
        WitnessClientError: unreachable, a refusal (with the witness's status and message),
            a second 409, or no line by a trusted witness key.
    """
    if not url.rstrip("/").endswith("/add-checkpoint"):
        url = url.rstrip("/") + "/add-checkpoint"
    text = note[: note.rfind("\n\n") + 1]
    cp = Checkpoint.from_text(text)
    leaves = session.ledger.leaf_hashes(cp.size)
    if len(leaves) < cp.size:
        raise WitnessClientError(f"the ledger holds {len(leaves)} events, fewer than the checkpoint's {cp.size}")
    old = last_cosigned_size(session, cp.size)
    for attempt in (1, 2):
        proof = merkle.consistency_proof(leaves, old, cp.size) if 0 < old < cp.size else []
        status, ctype, body = post(url, AddCheckpointRequest(old, tuple(proof), note).to_body())
        if status == 409 and ctype == SIZE_CONTENT_TYPE and attempt == 1:
            try:
                old = int(body.decode().strip())
            except ValueError as e:
                raise WitnessClientError(f"the witness answered 409 with a bad size {body[:40]!r}") from e
            if old > cp.size:
                raise WitnessClientError(
                    f"the witness has cosigned a larger tree ({old}) than this checkpoint ({cp.size})",
                    "sign a new checkpoint and ask again",
                )
            continue
        if status != 200:
            message = body.decode("utf-8", "replace").strip()[:300]
            raise WitnessClientError(f"the witness refused to cosign: {status} {message}")
        break
    kept: list[Cosignature] = []
    known = {(w.name, w.key_id): w for w in witnesses}
    for line in body.decode("utf-8", "replace").splitlines():
        if not line.startswith("\u2014 "):
            continue
        try:
            sig = NoteSignature.from_line(line)
        except ProofError:
            continue
        w = known.get((sig.name, sig.key_id))
        if w is None:
            continue  # an unknown key: ignored (tlog-witness, "add-checkpoint")
        try:
            ts = verify_cosignature(text, line, w)
        except ProofError as e:
            raise WitnessClientError(f"the cosignature by {sig.name} does not verify: {e.message}") from e
        kept.append(Cosignature(sig.name, sig.key_id, line, ts))
    if not kept:
        raise WitnessClientError(
            "no cosignature by a trusted witness key",
            "print the witness's key with `overlord witness key` and add `witness <key>` to the home's trust file",
        )
    agg = session.ledger.get(_checkpoint_stream(session, note))
    for c in kept:
        agg.add_cosignature(witness=c.witness, key_id=c.key_id, line=c.line, at=at)
    session.ledger.append(agg)
    return kept
