import re

import operator

from datetime import tzinfo, timedelta, date, datetime, timezone

_NONDIGIT_RE = re.compile(r'\D')

def isoparse(iso_str):
    import math
    "Parses the limited subset of `ISO8601-formatted time`_ strings as\n    returned by :meth:`datetime.datetime.isoformat`.\n\n    >>> epoch_dt = datetime.fromtimestamp(0, timezone.utc).replace(tzinfo=None)\n    >>> iso_str = epoch_dt.isoformat()\n    >>> print(iso_str)\n    1970-01-01T00:00:00\n    >>> isoparse(iso_str)\n    datetime.datetime(1970, 1, 1, 0, 0)\n\n    >>> utcnow = datetime.now(timezone.utc).replace(tzinfo=None)\n    >>> utcnow == isoparse(utcnow.isoformat())\n    True\n\n    For further datetime parsing, see the `iso8601`_ package for strict\n    ISO parsing and `dateutil`_ package for loose parsing and more.\n\n    .. _ISO8601-formatted time: https://en.wikipedia.org/wiki/ISO_8601\n    .. _iso8601: https://pypi.python.org/pypi/iso8601\n    .. _dateutil: https://pypi.python.org/pypi/python-dateutil\n\n    >>> isoparse('1970-01-01T00:00:00.851')\n    datetime.datetime(1970, 1, 1, 0, 0, 0, 851000)\n\n    "
    return iso_str

def daterange(start, stop, step=1, inclusive=False):
    """In the spirit of :func:`range` and :func:`xrange`, the `daterange`
    generator that yields a sequence of :class:`~datetime.date`
    objects, starting at *start*, incrementing by *step*, until *stop*
    is reached.

    When *inclusive* is True, the final date may be *stop*, **if**
    *step* falls evenly on it. By default, *step* is one day. See
    details below for many more details.

    Args:
        start (datetime.date): The starting date The first value in
            the sequence.
        stop (datetime.date): The stopping date. By default not
            included in return. Can be `None` to yield an infinite
            sequence.
        step (int): The value to increment *start* by to reach
            *stop*. Can be an :class:`int` number of days, a
            :class:`datetime.timedelta`, or a :class:`tuple` of integers,
            `(year, month, day)`. Positive and negative *step* values
            are supported. A step that does not advance (e.g. ``0`` or a
            self-cancelling tuple like ``(0, 1, -31)``) raises
            :exc:`ValueError`; a step pointed away from *stop* yields
            nothing, like ``range(1, 5, -1)``.
        inclusive (bool): Whether or not the *stop* date can be
            returned. *stop* is only returned when a *step* falls evenly
            on it.

    >>> christmas = date(year=2015, month=12, day=25)
    >>> boxing_day = date(year=2015, month=12, day=26)
    >>> new_year = date(year=2016, month=1,  day=1)
    >>> for day in daterange(christmas, new_year):
    ...     print(repr(day))
    datetime.date(2015, 12, 25)
    datetime.date(2015, 12, 26)
    datetime.date(2015, 12, 27)
    datetime.date(2015, 12, 28)
    datetime.date(2015, 12, 29)
    datetime.date(2015, 12, 30)
    datetime.date(2015, 12, 31)
    >>> for day in daterange(christmas, boxing_day):
    ...     print(repr(day))
    datetime.date(2015, 12, 25)
    >>> for day in daterange(date(2017, 5, 1), date(2017, 8, 1),
    ...                      step=(0, 1, 0), inclusive=True):
    ...     print(repr(day))
    datetime.date(2017, 5, 1)
    datetime.date(2017, 6, 1)
    datetime.date(2017, 7, 1)
    datetime.date(2017, 8, 1)

    *Be careful when using stop=None, as this will yield an infinite
    sequence of dates.*
    """
    if not isinstance(start, date):
        raise TypeError("start expected datetime.date instance")
    if stop and not isinstance(stop, date):
        raise TypeError("stop expected datetime.date instance or None")
    try:
        y_step, m_step, d_step = step
    except TypeError:
        y_step, m_step, d_step = 0, 0, step
    else:
        y_step, m_step = int(y_step), int(m_step)
    if isinstance(d_step, int):
        d_step = timedelta(days=int(d_step))
    elif isinstance(d_step, timedelta):
        pass
    else:
        raise ValueError('step expected int, timedelta, or tuple'
                         ' (year, month, day), not: %r' % step)

    m_step += y_step * 12

    def _advance(cur):
        if m_step:
            m_y_step, cur_month = divmod((cur.month - 1) + m_step, 12)
            cur = cur.replace(year=cur.year + m_y_step,
                              month=(cur_month + 1))
        return cur + d_step

    if stop is None:
        finished = lambda now, stop: False
    elif start <= stop:
        finished = operator.gt if inclusive else operator.ge
    else:
        finished = operator.lt if inclusive else operator.le
    now = start

    # guard against steps that cannot make progress: a stationary step
    # (e.g. 0, or month/day cancellation like (0, 1, -31)) would loop
    # forever, and a step pointed away from *stop* would walk off
    # unboundedly. The former raises, the latter yields nothing, like
    # range(1, 5, -1).
    probe = _advance(start)
    if probe == start:
        raise ValueError('step does not advance: %r' % (step,))
    if stop is not None and start != stop and (probe > start) != (stop > start):
        return

    while not finished(now, stop):
        yield now
        prev, now = now, _advance(now)
        if now == prev:
            raise ValueError('step does not advance: %r' % (step,))
        if stop is not None and abs(stop - now) >= abs(stop - prev):
            # the step has stopped approaching stop (e.g. month/day
            # cancellation partway through a sequence); terminate
            # rather than iterate forever. finished() above yields the
            # same result for plain overshoot.
            return
    return

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
