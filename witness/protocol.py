"""C2SP tlog-witness v1.0.0, ``add-checkpoint``: check a log's checkpoint and cosign it.

The request body (spec: "add-checkpoint")::

    old <size>\\n
    <base64 consistency proof hash>\\n      (0..63 lines)
    \\n
    <signed checkpoint note>

The checks, in the spec's order, each with its status:

1. the body parses (old size line, at most 63 canonical base64 32-byte hashes, a blank
   line, a checkpoint note): else 400;
2. the checkpoint's origin is known (added by the operator): else 404;
3. a signature from a key trusted for that origin verifies (unknown keys are ignored):
   else 403; the note text is a strict tlog-checkpoint: else 400;
4. old size <= checkpoint size: else 400;
5. old size equals the size of the latest checkpoint cosigned for the origin: else 409,
   body ``<size>\\n``, content type ``text/x.tlog.size``; at equal sizes the roots must
   be identical: else 409;
6. the consistency proof (RFC 6962 §2.1.2) from the stored (size, root) verifies, and is
   empty when the old size is zero: else 422;
7. the new (size, root) is stored by compare-and-swap (a lost race is a 409), then the
   checkpoint is cosigned (tlog-cosignature v1.0.1) at ``now``: 200 with the line.

Authentication is the log's signature, never a token (spec: "Introduction").
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass

from overlord.errors import OverlordError, ProofError
from overlord.ledger import merkle
from overlord.ledger.checkpoint import Checkpoint
from overlord.ledger.cosignature import cosign
from overlord.ledger.note import Signer, open_note
from witness.state import WitnessStore

MAX_PROOF_LINES = 63
MAX_BODY_BYTES = 64 * 1024
SIZE_CONTENT_TYPE = "text/x.tlog.size"
_OLD_RE = re.compile(r"old (0|[1-9][0-9]{0,19})")


class WitnessError(OverlordError):
    """A request the witness refuses: ``status`` is the HTTP status the spec names."""

    def __init__(self, status: int, message: str, *, size: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.size = size


@dataclass(frozen=True)
class AddCheckpointRequest:
    """A parsed ``add-checkpoint`` body: old size, consistency proof, the signed note."""

    old_size: int
    proof: tuple[bytes, ...]
    note: str

    @classmethod
    def parse(cls, body: bytes) -> AddCheckpointRequest:
        """Parse a request body (tlog-witness v1.0.0, "add-checkpoint").

        Raises:
            WitnessError: 400 for any malformed part.
        """
        if len(body) > MAX_BODY_BYTES:
            raise WitnessError(413, "request body too large")
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as e:
            raise WitnessError(400, "request body is not UTF-8") from e
        first, sep, rest = text.partition("\n")
        if not sep:
            raise WitnessError(400, "request body has no old size line")
        m = _OLD_RE.fullmatch(first)
        if not m:
            raise WitnessError(400, "first line must be `old <size>` (decimal, no leading zeros)")
        old = int(m.group(1))
        if old > 2**64 - 1:
            raise WitnessError(400, "old size does not fit in 64 bits")
        proof: list[bytes] = []
        while True:
            line, sep, rest = rest.partition("\n")
            if not sep:
                raise WitnessError(400, "request body has no blank line before the checkpoint")
            if line == "":
                break
            if len(proof) == MAX_PROOF_LINES:
                raise WitnessError(400, f"more than {MAX_PROOF_LINES} consistency proof lines")
            try:
                h = base64.b64decode(line.encode("ascii"), validate=True)
            except (ValueError, UnicodeEncodeError) as e:
                raise WitnessError(400, "a consistency proof line is not base64") from e
            if len(h) != 32 or base64.b64encode(h).decode() != line:
                raise WitnessError(400, "a consistency proof line is not a canonical 32-byte hash")
            proof.append(h)
        if not rest:
            raise WitnessError(400, "request body has no checkpoint")
        return cls(old, tuple(proof), rest)

    def to_body(self) -> bytes:
        """Serialize (the client's side)."""
        lines = [f"old {self.old_size}"] + [base64.b64encode(h).decode() for h in self.proof]
        return ("\n".join(lines) + "\n\n" + self.note).encode()


@dataclass(frozen=True)
class Cosigned:
    """A successful ``add-checkpoint``: the checkpoint and the cosignature line(s) (no newline)."""

    checkpoint: Checkpoint
    lines: tuple[str, ...]

    def body(self) -> bytes:
        """The 200 response body: one signature line per cosignature, each ending in a newline."""
        return "".join(line + "\n" for line in self.lines).encode()


def add_checkpoint(store: WitnessStore, signer: Signer, body: bytes, *, now: int) -> Cosigned:
    """Run the ``add-checkpoint`` checklist (see the module doc) and cosign at ``now`` (POSIX s).

    Synchronous from the state read to the compare-and-swap: the caller runs it without
    yielding in between, and the compare-and-swap guards other processes on the same store.

    Raises:
        WitnessError: with the spec's status (400, 403, 404, 409 with ``size``, 413, 422).
    """
    req = AddCheckpointRequest.parse(body)
    split = req.note.rfind("\n\n")
    if split < 0 or not req.note.endswith("\n"):
        raise WitnessError(400, "malformed checkpoint: not a signed note (no blank line before signatures)")
    try:
        cp = Checkpoint.from_text(req.note[: split + 1])
    except ProofError as e:
        raise WitnessError(400, f"malformed checkpoint: {e.message}") from e
    state = store.get(cp.origin)
    if state is None:
        raise WitnessError(404, f"unknown origin {cp.origin[:200]!r}")
    try:
        text, _ = open_note(req.note, list(state.verifiers))
    except ProofError as e:
        raise WitnessError(403, f"checkpoint signature does not verify with the log's keys: {e.message}") from e
    if req.old_size > cp.size:
        raise WitnessError(400, f"old size {req.old_size} is larger than the checkpoint size {cp.size}")
    if req.old_size != state.size:
        raise WitnessError(409, f"old size {req.old_size} is not the latest cosigned size", size=state.size)
    if req.old_size == cp.size:
        if state.root is not None and state.root != cp.root_hash:
            raise WitnessError(409, "same size, different root: the log forked", size=state.size)
        if req.proof:
            raise WitnessError(422, "the consistency proof must be empty at equal sizes")
    elif req.old_size == 0:
        if req.proof:
            raise WitnessError(422, "the consistency proof must be empty when the old size is zero")
    else:
        try:
            merkle.verify_consistency(req.old_size, cp.size, state.root or b"", cp.root_hash, list(req.proof))
        except ProofError as e:
            raise WitnessError(422, f"consistency proof does not verify: {e.message}") from e
    if (cp.size, cp.root_hash) != (state.size, state.root):
        if not store.compare_and_swap(cp.origin, state.size, state.root, cp.size, cp.root_hash):
            now_state = store.get(cp.origin)
            raise WitnessError(409, "another request moved this log first", size=now_state.size if now_state else 0)
    return Cosigned(cp, (cosign(text, signer, now),))
