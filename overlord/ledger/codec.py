"""Canonical msgpack: the only encoding that goes into signed bytes.

Rules (DESIGN.md, "What makes it tamper-evident"):

* maps are written with their keys sorted (keys must be ``str``), so one value has one
  encoding;
* no floats, anywhere: money is integer micro-dollars, time is integer UTC nanoseconds;
* ``datetime`` (timezone-aware) becomes ext type 1: a signed 64-bit big-endian count of
  nanoseconds since the Unix epoch, UTC; ``UUID`` becomes ext type 2: its 16 bytes;
* tuples are written as arrays (they read back as lists); ``bytes`` as msgpack bin.

Decoding is strict: a float, a non-``str`` map key, an unknown ext type or trailing bytes
raise :class:`~overlord.errors.EncodingError`. :func:`is_canonical` tells whether given bytes
are exactly what :func:`encode` would write for the value they hold.
"""

from __future__ import annotations

import struct
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

import msgpack
from eventsourcing.persistence import Transcoder

from overlord.domain.bounded import TooDeep, containers
from overlord.errors import EncodingError

EXT_DATETIME_NS = 1
EXT_UUID = 2
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_I64 = struct.Struct(">q")


def datetime_to_ns(value: datetime) -> int:
    """Integer UTC nanoseconds since the Unix epoch for an aware ``datetime``.

    Raises:
        EncodingError: the datetime is naive (its zone unknown).
    """
    if value.tzinfo is None or value.utcoffset() is None:
        raise EncodingError(f"naive datetime {value.isoformat()} cannot be signed: give it a timezone")
    delta = value - _EPOCH
    return (delta.days * 86_400 + delta.seconds) * 1_000_000_000 + delta.microseconds * 1_000


def ns_to_datetime(ns: int) -> datetime:
    """The UTC ``datetime`` for integer nanoseconds since the epoch (microsecond precision)."""
    return _EPOCH + timedelta(microseconds=ns // 1_000)


_PLAIN = frozenset({type(None), bool, int, str, bytes})
MAX_DEPTH = 1000
"""How deeply signed values may nest: below msgpack's own decoding limit (1024), so what is
written can always be read back. Every walk here is iterative (no recursion limit to hit)."""


def _scalar(value: Any) -> Any:
    """A non-container value ready for the packer: floats refused."""
    if value is None or isinstance(value, (bool, int, str, bytes)):
        return value
    if isinstance(value, float):
        raise EncodingError(
            f"float {value!r} cannot go into signed bytes: use integer micro-dollars or nanoseconds"
        )
    if isinstance(value, datetime):
        return msgpack.ExtType(EXT_DATETIME_NS, _I64.pack(datetime_to_ns(value)))
    if isinstance(value, UUID):
        return msgpack.ExtType(EXT_UUID, value.bytes)
    if isinstance(value, (bytearray, memoryview)):
        return bytes(value)
    raise EncodingError(f"value of type {type(value).__name__} has no canonical encoding")


def _canonical(value: Any) -> Any:
    """A copy of ``value`` ready for the packer: maps sorted, floats refused, at most
    :data:`MAX_DEPTH` levels deep; built without recursion."""
    if type(value) in _PLAIN:
        return value
    top: list[Any] = [None]
    stack: list[tuple[Any, Any, Any, int]] = [(value, top, 0, 1)]
    while stack:
        v, parent, slot, depth = stack.pop()
        if type(v) in _PLAIN:
            parent[slot] = v
        elif isinstance(v, dict):
            if depth > MAX_DEPTH:
                raise EncodingError(f"value nested more than {MAX_DEPTH} levels deep")
            for key in v:
                if not isinstance(key, str):
                    raise EncodingError(f"map key {key!r} is not a string")
            keys = sorted(v)
            out = dict.fromkeys(keys)
            parent[slot] = out
            stack.extend((v[k], out, k, depth + 1) for k in reversed(keys))
        elif isinstance(v, (list, tuple)):
            if depth > MAX_DEPTH:
                raise EncodingError(f"value nested more than {MAX_DEPTH} levels deep")
            items: list[Any] = [None] * len(v)
            parent[slot] = items
            stack.extend((v[i], items, i, depth + 1) for i in range(len(v) - 1, -1, -1))
        else:
            parent[slot] = _scalar(v)
    return top[0]


def encode(value: Any) -> bytes:
    """The canonical msgpack bytes of ``value``.

    Raises:
        EncodingError: a float, a non-string map key, or a type with no encoding.
    """
    try:
        packed: bytes = msgpack.packb(_canonical(value), use_bin_type=True, strict_types=False)
        return packed
    except (OverflowError, ValueError, TypeError) as e:
        raise EncodingError(f"cannot encode value: {e}") from e


def _ext_hook(code: int, data: bytes) -> Any:
    if code == EXT_DATETIME_NS and len(data) == 8:
        return ns_to_datetime(_I64.unpack(data)[0])
    if code == EXT_UUID and len(data) == 16:
        return UUID(bytes=data)
    raise EncodingError(f"unknown msgpack ext type {code} ({len(data)} bytes)")


def _refuse_float(value: Any) -> Any:
    """``value`` unchanged, or EncodingError when a float hides anywhere inside it."""
    if type(value) is float:
        raise EncodingError("a float was found in signed bytes")
    try:
        for container in containers(value, max_depth=MAX_DEPTH):
            for v in (container.values() if type(container) is dict else container):
                if type(v) is float:
                    raise EncodingError("a float was found in signed bytes")
    except TooDeep as e:
        raise EncodingError(f"not canonical msgpack: {e}") from e
    return value


def decode(data: bytes) -> Any:
    """The value held by canonical msgpack ``data``.

    Raises:
        EncodingError: the bytes are not msgpack, hold a float, a non-string map key, an
            unknown ext type, or have trailing bytes.
    """
    try:
        value = msgpack.unpackb(
            data, raw=False, strict_map_key=True, ext_hook=_ext_hook, use_list=True
        )
    except EncodingError:
        raise
    except Exception as e:  # msgpack raises several unrelated types on bad input
        raise EncodingError(f"not canonical msgpack: {e}") from e
    return _refuse_float(value)


def decode_canonical(data: bytes) -> Any:
    """Decode ``data`` and require that it is exactly the canonical encoding of its value.

    One strict decode and one re-encode (which also refuses floats).

    Raises:
        EncodingError: not msgpack, or not canonical.
    """
    try:
        value = msgpack.unpackb(data, raw=False, strict_map_key=True, ext_hook=_ext_hook, use_list=True)
    except EncodingError:
        raise
    except Exception as e:  # msgpack raises several unrelated types on bad input
        raise EncodingError(f"not canonical msgpack: {e}") from e
    # msgpack writes the shortest form of each value and keeps map order, so the bytes are
    # canonical exactly when re-packing them unchanged gives them back and every map's keys
    # are sorted strings (and no float hides inside).
    _check_sorted_no_float(value)
    try:
        repacked = msgpack.packb(value, use_bin_type=True, default=_ext_default)
    except Exception as e:  # noqa: BLE001 - any failure to re-pack means "not canonical"
        raise EncodingError(f"cannot re-encode: {e}") from e
    if repacked != data:
        raise EncodingError("bytes are not the canonical encoding of their value")
    return value


def _ext_default(value: Any) -> Any:
    if isinstance(value, (datetime, UUID)):
        return _canonical(value)
    raise TypeError(f"{type(value).__name__} has no encoding")


def _check_sorted_no_float(value: Any) -> None:
    if type(value) is float:
        raise EncodingError("a float was found in signed bytes")
    try:
        for container in containers(value, max_depth=MAX_DEPTH):
            if type(container) is dict:
                keys = list(container)
                if keys != sorted(keys):
                    raise EncodingError("not canonical: map keys are not in sorted order")
                children: Any = container.values()
            else:
                children = container
            for v in children:
                if type(v) is float:
                    raise EncodingError("a float was found in signed bytes")
    except TooDeep as e:
        raise EncodingError(f"not canonical msgpack: {e}") from e


def is_canonical(data: bytes) -> bool:
    """True when ``data`` decodes and re-encodes to exactly the same bytes."""
    try:
        return encode(decode(data)) == data
    except EncodingError:
        return False


class CanonicalTranscoder(Transcoder):
    """The eventsourcing transcoder for Overlord's event bodies: canonical msgpack.

    ``encode`` takes the event's state (a ``dict``) and returns canonical bytes;
    ``decode`` reverses it. Errors are :class:`~overlord.errors.EncodingError`.
    """

    def encode(self, obj: Any) -> bytes:
        return encode(obj)

    def decode(self, data: bytes) -> Any:
        return decode(data)
