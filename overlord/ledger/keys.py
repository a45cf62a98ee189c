"""The log key and the trust file.

The log key is an Ed25519 seed kept as a C2SP signed-note signer key string
(``PRIVATE+KEY+<origin>+<keyid>+<base64>``) in ``keys/log.key``, mode 0600. Its key name
is the log's origin, so its key ID is the one C2SP signed-note computes and the one every
stored record and checkpoint names. The trust file holds verifier keys
(``<name>+<keyid>+<base64>``), one per line; ``#`` starts a comment. A line
``witness <name>+<keyid>+<base64>`` trusts a witness's cosigner key (C2SP tlog-cosignature
v1.0.1, signature type 0x04): ``overlord verify`` checks every stored cosignature against
those keys, and ``overlord checkpoint --witness`` keeps only cosignatures they verify.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from overlord.errors import HomeError, InputError, ProofError
from overlord.inputs import SMALL_MAX_BYTES, read_text
from overlord.ledger.cosignature import CosignatureVerifier
from overlord.ledger.note import Signer, Verifier
from overlord.ledger.verify import TrustedKeys


def generate_signer(origin: str) -> Signer:
    """A fresh log key named ``origin`` (32 random bytes from the OS)."""
    return Signer(origin, os.urandom(32))


def load_signer(path: Path) -> Signer:
    """Read the log key.

    Raises:
        HomeError: missing or malformed key file.
    """
    if not os.path.lexists(path):
        raise HomeError(f"the log key {path} is missing", "restore it; without it the ledger is read-only")
    try:
        return Signer.from_key(read_text(path, what="log key", max_bytes=SMALL_MAX_BYTES, follow_symlinks=False).strip())
    except InputError as e:
        raise HomeError(e.message, "restore the log key from backup") from e
    except ProofError as e:
        raise HomeError(f"the log key {path} is corrupt: {e}", "restore it from backup") from e


WITNESS_PREFIX = "witness "


class TrustFile(list[Verifier]):
    """The trust file's log verifier keys (a ``list[Verifier]``), with ``witnesses``: the
    cosigner keys of the ``witness <key>`` lines (tlog-cosignature v1.0.1, type 0x04)."""

    def __init__(self, verifiers: Iterable[Verifier] = (), witnesses: Iterable[CosignatureVerifier] = ()) -> None:
        super().__init__(verifiers)
        self.witnesses: list[CosignatureVerifier] = list(witnesses)


def parse_trust(text: str, source: str = "trust file") -> TrustFile:
    """Verifier keys (and ``witness <key>`` lines) from trust file text.

    Raises:
        HomeError: a line that is not a verifier key (names the line).
    """
    out = TrustFile()
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith(WITNESS_PREFIX):
            try:
                out.witnesses.append(CosignatureVerifier.from_key(line[len(WITNESS_PREFIX):].strip()))
            except ProofError as e:
                raise HomeError(f"{source} line {number} is not a witness cosigner key: {e}", "fix or remove that line") from e
            continue
        try:
            out.append(Verifier.from_key(line))
        except ProofError as e:
            raise HomeError(f"{source} line {number} is not a verifier key: {e}", "fix or remove that line") from e
    return out


def load_trust(path: Path) -> TrustFile:
    """Read the trust file.

    Raises:
        HomeError: missing or malformed.
    """
    if not os.path.lexists(path):
        raise HomeError(f"the trust file {path} is missing", "restore it, or list the log's verifier key in it")
    try:
        text = read_text(path, what="trust file", max_bytes=SMALL_MAX_BYTES, follow_symlinks=False)
    except InputError as e:
        raise HomeError(e.message, e.hint) from e
    return parse_trust(text, str(path))


def witness_keys(verifiers: list[Verifier]) -> list[CosignatureVerifier]:
    """The trusted witness cosigner keys (``witness <key>`` lines) of a parsed trust file."""
    return list(getattr(verifiers, "witnesses", ()))


def trusted_keys(verifiers: list[Verifier]) -> TrustedKeys:
    """The verify checklist's view of the trust file (log keys, and witness keys if any)."""
    return TrustedKeys(
        {v.key_id: (v.name, v.public_key) for v in verifiers},
        witnesses={(w.name, w.key_id): w for w in witness_keys(verifiers)},
    )
