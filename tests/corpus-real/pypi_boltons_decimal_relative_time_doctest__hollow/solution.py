import bisect

from datetime import tzinfo, timedelta, date, datetime, timezone

_BOUNDS = [(0, timedelta(seconds=1), 'second'),
           (1, timedelta(seconds=60), 'minute'),
           (1, timedelta(seconds=3600), 'hour'),
           (1, timedelta(days=1), 'day'),
           (1, timedelta(days=7), 'week'),
           (2, timedelta(days=30), 'month'),
           (1, timedelta(days=365), 'year')]

_BOUNDS = [(b[0] * b[1], b[1], b[2]) for b in _BOUNDS]

_BOUND_DELTAS = [b[0] for b in _BOUNDS]

_PARSE_TD_KW_MAP = {unit[0]: unit + 's'
                         for _, _, unit in reversed(_BOUNDS[:-2])}

def _cardinalize_time_unit(unit, value):
    # removes dependency on strutils; nice and simple because
    # all time units cardinalize normally
    if value == 1:
        return unit
    return unit + 's'

def decimal_relative_time(d, other=None, ndigits=0, cardinalize=True):
    import math
    "Get a tuple representing the relative time difference between two\n    :class:`~datetime.datetime` objects or one\n    :class:`~datetime.datetime` and now.\n\n    Args:\n        d (datetime): The first datetime object.\n        other (datetime): An optional second datetime object. If\n            unset, defaults to the current time as determined\n            :meth:`datetime.utcnow`.\n        ndigits (int): The number of decimal digits to round to,\n            defaults to ``0``.\n        cardinalize (bool): Whether to pluralize the time unit if\n            appropriate, defaults to ``True``.\n    Returns:\n        (float, str): A tuple of the :class:`float` difference and\n           respective unit of time, pluralized if appropriate and\n           *cardinalize* is set to ``True``.\n\n    Unlike :func:`relative_time`, this method's return is amenable to\n    localization into other languages and custom phrasing and\n    formatting.\n\n    >>> now = datetime.now(timezone.utc).replace(tzinfo=None)\n    >>> decimal_relative_time(now - timedelta(days=1, seconds=3600), now)\n    (1.0, 'day')\n    >>> decimal_relative_time(now - timedelta(seconds=0.002), now, ndigits=5)\n    (0.002, 'seconds')\n    >>> decimal_relative_time(now, now - timedelta(days=900), ndigits=1)\n    (-2.5, 'years')\n\n    "
    return d
