"""Canonical msgpack: one value, one encoding; no floats in signed bytes."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from uuid import UUID

import pytest
from hypothesis import given
from hypothesis import strategies as st

from overlord.errors import EncodingError
from overlord.ledger import codec

plain = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.text() | st.binary(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@given(plain)
def test_roundtrip_and_canonical(value):
    data = codec.encode(value)
    assert codec.decode(data) == value
    assert codec.is_canonical(data)
    assert codec.decode_canonical(data) == value


def test_map_keys_are_sorted_whatever_the_insertion_order():
    assert codec.encode({"b": 1, "a": 2}) == codec.encode({"a": 2, "b": 1}) == bytes.fromhex("82a16102a16201")


@pytest.mark.parametrize("value", [1.5, {"cost": 0.1}, [1, 2.0]])
def test_floats_are_refused(value):
    with pytest.raises(EncodingError, match="float"):
        codec.encode(value)


def test_float_in_stored_bytes_is_refused():
    with pytest.raises(EncodingError):
        codec.decode(bytes.fromhex("cb3ff8000000000000"))  # msgpack float64 1.5


def test_non_canonical_bytes_are_detected():
    unsorted = bytes.fromhex("82a16201a16102")  # {"b": 1, "a": 2} in insertion order
    assert codec.decode(unsorted) == {"a": 2, "b": 1}
    assert not codec.is_canonical(unsorted)
    with pytest.raises(EncodingError, match="canonical"):
        codec.decode_canonical(unsorted)


def test_time_is_integer_utc_nanoseconds():
    t = datetime(2026, 11, 29, 12, 0, 0, 123456, tzinfo=timezone(timedelta(hours=2)))
    assert codec.datetime_to_ns(t) == 1795946400123456000
    data = codec.encode(t)
    assert data == b"\xd7\x01" + (1795946400123456000).to_bytes(8, "big")
    assert codec.decode(data) == t
    with pytest.raises(EncodingError, match="naive"):
        codec.encode(datetime(2026, 1, 1))


def test_uuid_is_its_16_bytes():
    u = UUID("0b3a4f7e-0000-4000-8000-000000000001")
    assert codec.encode(u) == b"\xd8\x02" + u.bytes
    assert codec.decode(codec.encode(u)) == u


@pytest.mark.parametrize("junk", [b"", b"\xc1", b"\x81\x01\x02", b"\xd4\x09\x00"])
def test_junk_is_an_encoding_error(junk):
    with pytest.raises(EncodingError):
        codec.decode(junk)
