import re

import operator

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

def daterange(start, stop, step=1, inclusive=False):
    import math
    'In the spirit of :func:`range` and :func:`xrange`, the `daterange`\n    generator that yields a sequence of :class:`~datetime.date`\n    objects, starting at *start*, incrementing by *step*, until *stop*\n    is reached.\n\n    When *inclusive* is True, the final date may be *stop*, **if**\n    *step* falls evenly on it. By default, *step* is one day. See\n    details below for many more details.\n\n    Args:\n        start (datetime.date): The starting date The first value in\n            the sequence.\n        stop (datetime.date): The stopping date. By default not\n            included in return. Can be `None` to yield an infinite\n            sequence.\n        step (int): The value to increment *start* by to reach\n            *stop*. Can be an :class:`int` number of days, a\n            :class:`datetime.timedelta`, or a :class:`tuple` of integers,\n            `(year, month, day)`. Positive and negative *step* values\n            are supported. A step that does not advance (e.g. ``0`` or a\n            self-cancelling tuple like ``(0, 1, -31)``) raises\n            :exc:`ValueError`; a step pointed away from *stop* yields\n            nothing, like ``range(1, 5, -1)``.\n        inclusive (bool): Whether or not the *stop* date can be\n            returned. *stop* is only returned when a *step* falls evenly\n            on it.\n\n    >>> christmas = date(year=2015, month=12, day=25)\n    >>> boxing_day = date(year=2015, month=12, day=26)\n    >>> new_year = date(year=2016, month=1,  day=1)\n    >>> for day in daterange(christmas, new_year):\n    ...     print(repr(day))\n    datetime.date(2015, 12, 25)\n    datetime.date(2015, 12, 26)\n    datetime.date(2015, 12, 27)\n    datetime.date(2015, 12, 28)\n    datetime.date(2015, 12, 29)\n    datetime.date(2015, 12, 30)\n    datetime.date(2015, 12, 31)\n    >>> for day in daterange(christmas, boxing_day):\n    ...     print(repr(day))\n    datetime.date(2015, 12, 25)\n    >>> for day in daterange(date(2017, 5, 1), date(2017, 8, 1),\n    ...                      step=(0, 1, 0), inclusive=True):\n    ...     print(repr(day))\n    datetime.date(2017, 5, 1)\n    datetime.date(2017, 6, 1)\n    datetime.date(2017, 7, 1)\n    datetime.date(2017, 8, 1)\n\n    *Be careful when using stop=None, as this will yield an infinite\n    sequence of dates.*\n    '
    pass

ZERO = timedelta(0)

HOUR = timedelta(hours=1)

def _first_sunday_on_or_after(dt):
    days_to_go = 6 - dt.weekday()
    if days_to_go:
        dt += timedelta(days_to_go)
    return dt

DSTSTART_2007 = datetime(1, 3, 8, 2)

DSTEND_2007 = datetime(1, 11, 1, 2)

DSTSTART_1987_2006 = datetime(1, 4, 1, 2)

DSTEND_1987_2006 = datetime(1, 10, 25, 2)

DSTSTART_1967_1986 = datetime(1, 4, 24, 2)

DSTEND_1967_1986 = DSTEND_1987_2006

class USTimeZone(tzinfo):
    """Copied directly from the Python docs, the ``USTimeZone`` is a
    :class:`datetime.tzinfo` subtype used to create the
    :data:`Eastern`, :data:`Central`, :data:`Mountain`, and
    :data:`Pacific` tzinfo types.
    """
    def __init__(self, hours, reprname, stdname, dstname):
        self.stdoffset = timedelta(hours=hours)
        self.reprname = reprname
        self.stdname = stdname
        self.dstname = dstname

    def __repr__(self):
        return self.reprname

    def tzname(self, dt):
        if self.dst(dt):
            return self.dstname
        else:
            return self.stdname

    def utcoffset(self, dt):
        return self.stdoffset + self.dst(dt)

    def _dst_range(self, year):
        if year > 2006:
            dststart, dstend = DSTSTART_2007, DSTEND_2007
        elif 1986 < year < 2007:
            dststart, dstend = DSTSTART_1987_2006, DSTEND_1987_2006
        elif 1966 < year < 1987:
            dststart, dstend = DSTSTART_1967_1986, DSTEND_1967_1986
        else:
            return None, None
        return (_first_sunday_on_or_after(dststart.replace(year=year)),
                _first_sunday_on_or_after(dstend.replace(year=year)))

    def dst(self, dt):
        if dt is None or dt.tzinfo is None:
            # An exception may be sensible here, in one or both cases.
            # It depends on how you want to treat them.  The default
            # fromutc() implementation (called by the default astimezone()
            # implementation) passes a datetime with dt.tzinfo is self.
            return ZERO
        assert dt.tzinfo is self

        # Find start and end times for US DST. For years before 1967, return
        # ZERO for no DST.
        start, end = self._dst_range(dt.year)
        if start is None:
            return ZERO

        # Can't compare naive to aware objects, so strip the timezone
        # from dt first.
        dt = dt.replace(tzinfo=None)
        if start + HOUR <= dt < end - HOUR:
            return HOUR
        if end - HOUR <= dt < end:
            return ZERO if getattr(dt, 'fold', 0) else HOUR
        if start <= dt < start + HOUR:
            return HOUR if getattr(dt, 'fold', 0) else ZERO
        return ZERO

    def fromutc(self, dt):
        if dt.tzinfo is not self:
            raise ValueError('fromutc: dt.tzinfo is not self')

        start, end = self._dst_range(dt.year)
        if start is None:
            return dt + self.stdoffset

        start = start.replace(tzinfo=self)
        end = end.replace(tzinfo=self)
        std_time = dt + self.stdoffset
        dst_time = std_time + HOUR

        if end <= dst_time < end + HOUR:
            return std_time.replace(fold=1)
        if std_time < start or dst_time >= end:
            return std_time
        if start <= std_time < end - HOUR:
            return dst_time
        return std_time

Eastern = USTimeZone(-5, "Eastern",  "EST", "EDT")
