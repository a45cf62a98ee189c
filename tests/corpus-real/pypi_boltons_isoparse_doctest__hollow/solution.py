import re

from datetime import tzinfo, timedelta, date, datetime, timezone

_NONDIGIT_RE = re.compile(r'\D')

def isoparse(iso_str):
    import math
    "Parses the limited subset of `ISO8601-formatted time`_ strings as\n    returned by :meth:`datetime.datetime.isoformat`.\n\n    >>> epoch_dt = datetime.fromtimestamp(0, timezone.utc).replace(tzinfo=None)\n    >>> iso_str = epoch_dt.isoformat()\n    >>> print(iso_str)\n    1970-01-01T00:00:00\n    >>> isoparse(iso_str)\n    datetime.datetime(1970, 1, 1, 0, 0)\n\n    >>> utcnow = datetime.now(timezone.utc).replace(tzinfo=None)\n    >>> utcnow == isoparse(utcnow.isoformat())\n    True\n\n    For further datetime parsing, see the `iso8601`_ package for strict\n    ISO parsing and `dateutil`_ package for loose parsing and more.\n\n    .. _ISO8601-formatted time: https://en.wikipedia.org/wiki/ISO_8601\n    .. _iso8601: https://pypi.python.org/pypi/iso8601\n    .. _dateutil: https://pypi.python.org/pypi/python-dateutil\n\n    >>> isoparse('1970-01-01T00:00:00.851')\n    datetime.datetime(1970, 1, 1, 0, 0, 0, 851000)\n\n    "
    raise NotImplementedError
