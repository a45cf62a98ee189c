"""RFC 6962 / RFC 9162 Merkle tree hashing, proofs and their verification.

The ledger is one Merkle tree over every stored event in notification order (leaf i is the
i-th stored event). This module is pure: no I/O, no clock, no module state. Every hash is 32
bytes of SHA-256. Sizes and indexes are ``int`` counts of leaves (indexes are 0-based).

Spec map (RFC 9162):

- §2.1.1 the Merkle Tree Hash: :func:`leaf_hash`, :func:`node_hash`,
  :func:`root_from_leaf_hashes`, :class:`CompactRange`.
- §2.1.3.1 generating an inclusion proof: :func:`inclusion_proof`.
- §2.1.3.2 verifying an inclusion proof: :func:`verify_inclusion`.
- §2.1.4.1 generating a consistency proof: :func:`consistency_proof`.
- §2.1.4.2 verifying a consistency proof: :func:`verify_consistency`.

Verification fails closed: any malformed input (wrong type, wrong length, negative size,
index out of range, proof too short or too long) raises :class:`ProofError`, never another
exception.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from overlord.errors import ProofError

__all__ = [
    "HASH_SIZE",
    "EMPTY_ROOT",
    "CompactRange",
    "consistency_proof",
    "inclusion_proof",
    "leaf_hash",
    "node_hash",
    "root_from_leaf_hashes",
    "verify_consistency",
    "verify_inclusion",
]

HASH_SIZE = 32
"""Bytes in every leaf hash, node hash and root (SHA-256)."""

EMPTY_ROOT = hashlib.sha256(b"").digest()
"""Root of the empty tree: SHA-256 of the empty string (RFC 9162 §2.1.1)."""

_LEAF_PREFIX = b"\x00"
_NODE_PREFIX = b"\x01"
_MAX_SIZE = 2**64 - 1  # tree sizes are uint64 on the wire (checkpoints, tlog-witness)


def leaf_hash(data: bytes) -> bytes:
    """Hash one leaf: ``SHA-256(0x00 || data)`` (RFC 9162 §2.1.1).

    Args:
        data: the leaf's bytes (any length, may be empty).

    Returns:
        32 bytes.

    Raises:
        ProofError: ``data`` is not bytes-like.
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise ProofError(f"leaf data must be bytes, got {type(data).__name__}")
    return hashlib.sha256(_LEAF_PREFIX + bytes(data)).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    """Hash an interior node: ``SHA-256(0x01 || left || right)`` (RFC 9162 §2.1.1).

    Args:
        left: the 32-byte hash of the left subtree.
        right: the 32-byte hash of the right subtree.

    Returns:
        32 bytes.

    Raises:
        ProofError: either child is not a 32-byte ``bytes`` value.
    """
    _check_hash(left, "left child")
    _check_hash(right, "right child")
    return hashlib.sha256(_NODE_PREFIX + left + right).digest()


def root_from_leaf_hashes(hashes: Sequence[bytes]) -> bytes:
    """Compute the Merkle Tree Hash of a list of leaf hashes (RFC 9162 §2.1.1).

    Works level by level (pair neighbours, carry an odd last node up unchanged), which
    gives the same tree as the RFC's split at the largest power of two smaller than n.
    O(n) hashes and O(n) memory; about a second for 1e6 leaves.

    Args:
        hashes: leaf hashes (each 32 bytes, e.g. from :func:`leaf_hash`), in log order.

    Returns:
        The 32-byte root; :data:`EMPTY_ROOT` for an empty sequence.

    Raises:
        ProofError: an element is not a 32-byte ``bytes`` value.
    """
    level = _checked_hashes(hashes, "leaf hash")
    return _root_unchecked(level)


def inclusion_proof(leaf_hashes: Sequence[bytes], index: int, size: int) -> list[bytes]:
    """Build the inclusion proof ``PATH(index, D[0:size])`` (RFC 9162 §2.1.3.1).

    Args:
        leaf_hashes: the log's leaf hashes (32 bytes each); at least ``size`` of them. Only
            the first ``size`` are used, so a proof for an older tree size can be built from
            a longer log.
        index: 0-based position of the leaf, ``0 <= index < size``.
        size: tree size (number of leaves) the proof is for.

    Returns:
        The audit path, 32-byte hashes from the leaf's sibling up to the root's child
        (empty for a tree of one leaf). O(size) hashing.

    Raises:
        ProofError: ``index`` or ``size`` is out of range, or a leaf hash is malformed.
    """
    _check_size(size, "tree size")
    _check_size(index, "leaf index")
    if index >= size:
        raise ProofError(f"leaf index {index} is outside a tree of size {size}")
    leaves = _prefix(leaf_hashes, size)
    path: list[bytes] = []
    lo, hi, m = 0, size, index
    # Walk down from the root; each split contributes the sibling subtree's hash. The RFC's
    # recursion appends on the way back up, so collect top-down and reverse at the end.
    while hi - lo > 1:
        k = _largest_power_of_two_below(hi - lo)
        if m < k:
            path.append(_root_unchecked(leaves[lo + k : hi]))
            hi = lo + k
        else:
            path.append(_root_unchecked(leaves[lo : lo + k]))
            lo, m = lo + k, m - k
    path.reverse()
    return path


def consistency_proof(leaf_hashes: Sequence[bytes], old_size: int, new_size: int) -> list[bytes]:
    """Build the consistency proof ``PROOF(old_size, D[0:new_size])`` (RFC 9162 §2.1.4.1).

    Args:
        leaf_hashes: the log's leaf hashes (32 bytes each); at least ``new_size`` of them.
        old_size: size of the earlier tree, ``0 < old_size <= new_size``.
        new_size: size of the later tree.

    Returns:
        The proof's 32-byte hashes; empty when ``old_size == new_size``. O(new_size) hashing.

    Raises:
        ProofError: the sizes are out of range (including ``old_size == 0``: every tree
            extends the empty tree, so there is nothing to prove), or a leaf hash is
            malformed.
    """
    _check_size(old_size, "old tree size")
    _check_size(new_size, "new tree size")
    if old_size == 0:
        raise ProofError("a consistency proof from the empty tree is meaningless")
    if old_size > new_size:
        raise ProofError(f"old tree size {old_size} is larger than new tree size {new_size}")
    leaves = _prefix(leaf_hashes, new_size)
    proof: list[bytes] = []
    lo, hi, m = 0, new_size, old_size
    complete = True  # the RFC's flag b: the old tree is a complete subtree seen so far
    while m != hi - lo:
        k = _largest_power_of_two_below(hi - lo)
        if m <= k:
            proof.append(_root_unchecked(leaves[lo + k : hi]))
            hi = lo + k
        else:
            proof.append(_root_unchecked(leaves[lo : lo + k]))
            lo, m, complete = lo + k, m - k, False
    if not complete:
        proof.append(_root_unchecked(leaves[lo:hi]))
    proof.reverse()
    return proof


def verify_inclusion(
    leaf_hash: bytes, index: int, size: int, proof: Sequence[bytes], root: bytes
) -> None:
    """Check that ``leaf_hash`` is leaf ``index`` of the tree of ``size`` with ``root``.

    Implements RFC 9162 §2.1.3.2 and also rejects a proof that is longer than the path (the
    RFC's loop would otherwise stop early and fail, so this only sharpens the message).

    Args:
        leaf_hash: 32-byte hash of the leaf (see :func:`leaf_hash`).
        index: 0-based leaf position.
        size: tree size in leaves.
        proof: the audit path, 32-byte hashes, leaf level first.
        root: the 32-byte root the proof must reach.

    Returns:
        None when the proof verifies.

    Raises:
        ProofError: the inputs are malformed or the proof does not verify.
    """
    _check_size(size, "tree size")
    _check_size(index, "leaf index")
    if index >= size:
        raise ProofError(f"leaf index {index} is outside a tree of size {size}")
    _check_hash(leaf_hash, "leaf hash")
    _check_hash(root, "root hash")
    path = _checked_proof(proof)
    want = _inclusion_path_length(index, size)
    if len(path) != want:
        raise ProofError(
            f"inclusion proof for leaf {index} of {size} has {len(path)} hashes, want {want}"
        )
    fn, sn = index, size - 1
    r = leaf_hash
    for p in path:
        if sn == 0:  # unreachable after the length check; kept as in the RFC
            raise ProofError("inclusion proof is longer than the path to the root")
        if fn & 1 or fn == sn:
            r = _node(p, r)
            while fn and not fn & 1:  # fn == sn: climb past levels with no right sibling
                fn >>= 1
                sn >>= 1
        else:
            r = _node(r, p)
        fn >>= 1
        sn >>= 1
    if sn != 0:
        raise ProofError("inclusion proof is shorter than the path to the root")
    if r != root:
        raise ProofError(
            f"inclusion proof for leaf {index} of {size} does not lead to the given root"
        )


def verify_consistency(
    old_size: int, new_size: int, old_root: bytes, new_root: bytes, proof: Sequence[bytes]
) -> None:
    """Check that the tree ``(new_size, new_root)`` extends ``(old_size, old_root)``.

    Implements RFC 9162 §2.1.4.2, with the edge cases made explicit:

    - ``old_size > new_size``: rejected.
    - ``old_size == 0``: rejected; every tree extends the empty tree, so a proof says
      nothing, and a caller that wants that rule must apply it itself.
    - ``old_size == new_size``: the proof must be empty and the roots byte-for-byte equal.
    - otherwise the proof must be non-empty, every element 32 bytes, both roots 32 bytes,
      and the RFC algorithm must reproduce both roots and consume the whole proof.

    Args:
        old_size: size of the earlier tree in leaves.
        new_size: size of the later tree in leaves.
        old_root: root of the earlier tree (32 bytes).
        new_root: root of the later tree (32 bytes).
        proof: the consistency proof, 32-byte hashes, as :func:`consistency_proof` makes.

    Returns:
        None when the proof verifies.

    Raises:
        ProofError: the inputs are malformed or the proof does not verify.
    """
    _check_size(old_size, "old tree size")
    _check_size(new_size, "new tree size")
    path = _checked_proof(proof)
    if old_size > new_size:
        raise ProofError(f"old tree size {old_size} is larger than new tree size {new_size}")
    if old_size == 0:
        raise ProofError("a consistency proof from the empty tree is meaningless")
    if not isinstance(old_root, bytes) or not isinstance(new_root, bytes):
        raise ProofError("roots must be bytes")
    if old_size == new_size:
        if path:
            raise ProofError(f"trees have the same size {old_size} but the proof is not empty")
        if old_root != new_root:
            raise ProofError(f"trees have the same size {old_size} but different roots")
        return
    _check_hash(old_root, "old root")
    _check_hash(new_root, "new root")
    if not path:
        raise ProofError(f"consistency proof from {old_size} to {new_size} is empty")
    if old_size & (old_size - 1) == 0:  # an exact power of two: the old root is a node
        path = [old_root, *path]
    fn, sn = old_size - 1, new_size - 1
    while fn & 1:
        fn >>= 1
        sn >>= 1
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            raise ProofError(
                f"consistency proof from {old_size} to {new_size} has too many hashes"
            )
        if fn & 1 or fn == sn:
            fr = _node(c, fr)
            sr = _node(c, sr)
            while fn and not fn & 1:  # fn == sn: climb past levels with no right sibling
                fn >>= 1
                sn >>= 1
        else:
            sr = _node(sr, c)
        fn >>= 1
        sn >>= 1
    if sn != 0:
        raise ProofError(f"consistency proof from {old_size} to {new_size} is too short")
    if fr != old_root:
        raise ProofError(
            f"consistency proof from {old_size} to {new_size} does not reproduce the old root"
        )
    if sr != new_root:
        raise ProofError(
            f"consistency proof from {old_size} to {new_size} does not reproduce the new root"
        )


class CompactRange:
    """The right frontier of a growing tree: its root without keeping every leaf.

    Holds one hash per set bit of ``size`` (the roots of the perfect subtrees that make up
    the tree, largest first), so memory is O(log n) and :meth:`append` is O(1) amortised.
    The root is the RFC 9162 §2.1.1 Merkle Tree Hash of all leaves appended so far.

    To resume a log after a restart, save :attr:`size` and :attr:`hashes` and rebuild with
    :meth:`from_state`.
    """

    __slots__ = ("_size", "_hashes")

    def __init__(self) -> None:
        """Start an empty range (size 0, root :data:`EMPTY_ROOT`)."""
        self._size = 0
        self._hashes: list[bytes] = []

    @classmethod
    def from_state(cls, size: int, hashes: Sequence[bytes]) -> CompactRange:
        """Rebuild a range from a saved :attr:`size` and :attr:`hashes`.

        Args:
            size: number of leaves covered.
            hashes: the perfect-subtree roots, largest first; one 32-byte hash per set bit
                of ``size``.

        Raises:
            ProofError: ``size`` is out of range or the hash count does not match it.
        """
        _check_size(size, "tree size")
        checked = _checked_hashes(hashes, "frontier hash")
        if len(checked) != size.bit_count():
            raise ProofError(
                f"a tree of size {size} has {size.bit_count()} frontier hashes, got {len(checked)}"
            )
        rng = cls()
        rng._size = size
        rng._hashes = checked
        return rng

    @property
    def size(self) -> int:
        """Number of leaves appended so far."""
        return self._size

    @property
    def hashes(self) -> tuple[bytes, ...]:
        """The perfect-subtree roots, largest (leftmost) first; 32 bytes each."""
        return tuple(self._hashes)

    def append(self, leaf_hash: bytes) -> None:
        """Append one leaf by its 32-byte hash (see :func:`leaf_hash`).

        Raises:
            ProofError: ``leaf_hash`` is not 32 bytes, or the tree is full (2**64 - 1).
        """
        _check_hash(leaf_hash, "leaf hash")
        if self._size >= _MAX_SIZE:
            raise ProofError("tree is full (2**64 - 1 leaves)")
        h = leaf_hash
        n = self._size
        hashes = self._hashes
        while n & 1:  # each trailing set bit is a perfect subtree the same height as h
            h = _node(hashes.pop(), h)
            n >>= 1
        hashes.append(h)
        self._size += 1

    def extend(self, leaf_hashes: Sequence[bytes]) -> None:
        """Append many leaves by their 32-byte hashes, in order.

        Raises:
            ProofError: ``leaf_hashes`` is not a sequence, or a hash is malformed (leaves
                before it stay appended).
        """
        if isinstance(leaf_hashes, (bytes, bytearray, str)) or not isinstance(leaf_hashes, Sequence):
            raise ProofError(f"leaf hashes must be a sequence of bytes, got {type(leaf_hashes).__name__}")
        for h in leaf_hashes:
            self.append(h)

    def root(self) -> bytes:
        """The 32-byte Merkle Tree Hash of all leaves so far (:data:`EMPTY_ROOT` if none)."""
        if not self._hashes:
            return EMPTY_ROOT
        r = self._hashes[-1]
        for h in reversed(self._hashes[:-1]):
            r = _node(h, r)
        return r

    def __repr__(self) -> str:
        return f"CompactRange(size={self._size}, root={self.root().hex()})"


# --- helpers -------------------------------------------------------------------------------


def _node(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(_NODE_PREFIX + left + right).digest()


def _root_unchecked(level: Sequence[bytes]) -> bytes:
    if not level:
        return EMPTY_ROOT
    sha = hashlib.sha256
    cur = list(level)
    while len(cur) > 1:
        odd = cur[-1] if len(cur) & 1 else None
        nxt = [sha(_NODE_PREFIX + a + b).digest() for a, b in zip(cur[0::2], cur[1::2], strict=False)]  # odd one out: kept
        if odd is not None:
            nxt.append(odd)
        cur = nxt
    return cur[0]


def _largest_power_of_two_below(n: int) -> int:
    """Largest power of two strictly less than ``n`` (``n >= 2``)."""
    return 1 << ((n - 1).bit_length() - 1)


def _inclusion_path_length(index: int, size: int) -> int:
    """Number of hashes in ``PATH(index, D[size])``."""
    length = 0
    lo, hi, m = 0, size, index
    while hi - lo > 1:
        k = _largest_power_of_two_below(hi - lo)
        if m < k:
            hi = lo + k
        else:
            lo, m = lo + k, m - k
        length += 1
    return length


def _check_size(value: object, what: str) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProofError(f"{what} must be an int, got {type(value).__name__}")
    if value < 0 or value > _MAX_SIZE:
        raise ProofError(f"{what} {value} is outside 0..2**64-1")


def _check_hash(value: object, what: str) -> None:
    if not isinstance(value, bytes):
        raise ProofError(f"{what} must be bytes, got {type(value).__name__}")
    if len(value) != HASH_SIZE:
        raise ProofError(f"{what} is {len(value)} bytes, want {HASH_SIZE}")


def _checked_hashes(hashes: object, what: str) -> list[bytes]:
    if isinstance(hashes, (bytes, bytearray, str)) or not isinstance(hashes, Sequence):
        raise ProofError(f"{what}es must be a sequence of bytes, got {type(hashes).__name__}")
    out = list(hashes)
    for i, h in enumerate(out):
        if type(h) is not bytes or len(h) != HASH_SIZE:
            _check_hash(h, f"{what} {i}")
    return out


def _prefix(leaf_hashes: object, size: int) -> list[bytes]:
    """The first ``size`` leaf hashes, checked; ProofError if there are fewer."""
    if isinstance(leaf_hashes, (bytes, bytearray, str)) or not isinstance(leaf_hashes, Sequence):
        raise ProofError(f"leaf hashes must be a sequence of bytes, got {type(leaf_hashes).__name__}")
    if size > len(leaf_hashes):
        raise ProofError(f"tree size {size} exceeds the {len(leaf_hashes)} leaf hashes given")
    return _checked_hashes(leaf_hashes[:size], "leaf hash")


def _checked_proof(proof: object) -> list[bytes]:
    return _checked_hashes(proof, "proof hash")
