import re

from datetime import tzinfo, timedelta, date, datetime, timezone

_NONDIGIT_RE = re.compile(r'\D')

def isoparse(iso_str):
    """Parses the limited subset of `ISO8601-formatted time`_ strings as
    returned by :meth:`datetime.datetime.isoformat`.

    >>> epoch_dt = datetime.fromtimestamp(0, timezone.utc).replace(tzinfo=None)
    >>> iso_str = epoch_dt.isoformat()
    >>> print(iso_str)
    1970-01-01T00:00:00
    >>> isoparse(iso_str)
    datetime.datetime(1970, 1, 1, 0, 0)

    >>> utcnow = datetime.now(timezone.utc).replace(tzinfo=None)
    >>> utcnow == isoparse(utcnow.isoformat())
    True

    For further datetime parsing, see the `iso8601`_ package for strict
    ISO parsing and `dateutil`_ package for loose parsing and more.

    .. _ISO8601-formatted time: https://en.wikipedia.org/wiki/ISO_8601
    .. _iso8601: https://pypi.python.org/pypi/iso8601
    .. _dateutil: https://pypi.python.org/pypi/python-dateutil

    >>> isoparse('1970-01-01T00:00:00.851')
    datetime.datetime(1970, 1, 1, 0, 0, 0, 851000)

    """
    parts = _NONDIGIT_RE.split(iso_str)
    dt_args = [int(p) for p in parts]
    if len(parts) > 6:
        # fractional-second digits are not microseconds until scaled:
        # '.851' means 851000us, not 851us. Digits past microsecond
        # precision are truncated (e.g. nanosecond timestamps).
        dt_args[6] = int(parts[6].ljust(6, '0')[:6])
    return datetime(*dt_args)
