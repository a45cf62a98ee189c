from collections import deque

from itertools import (
    accumulate,
    chain,
    combinations,
    compress,
    count,
    cycle,
    filterfalse,
    groupby,
    islice,
    pairwise as itertools_pairwise,
    product,
    repeat,
    starmap,
    takewhile,
    tee,
    zip_longest,
)

def tail(n, iterable):
    """Return an iterator over the last *n* items of *iterable*.

    >>> t = tail(3, 'ABCDEFG')
    >>> list(t)
    ['E', 'F', 'G']

    """
    try:
        size = len(iterable)
    except TypeError:
        return iter(deque(iterable, maxlen=n))
    else:
        return islice(iterable, max(0, size + n), None)
