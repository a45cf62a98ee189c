from solution import Eastern, daterange, isoparse
from datetime import timedelta, date, datetime, timezone
import pytest

def test_isoparse_basic():
    dt = datetime(2020, 1, 2, 3, 4, 5)
    assert isoparse(dt.isoformat()) == dt

def test_isoparse_fractional_seconds():
    dt = datetime(2020, 1, 2, 3, 4, 5, 851000)
    assert isoparse(dt.isoformat(timespec='milliseconds')) == dt
    assert isoparse(dt.isoformat(timespec='microseconds')) == dt
    assert isoparse(dt.isoformat()) == dt
    assert isoparse('2020-01-02T03:04:05.051').microsecond == 51000
    assert isoparse('2020-01-02T03:04:05.000001').microsecond == 1

def test_isoparse_fraction_overprecise():
    assert isoparse('2020-01-01T00:00:00.123456789').microsecond == 123456
