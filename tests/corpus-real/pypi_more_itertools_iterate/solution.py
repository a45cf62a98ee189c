from contextlib import suppress

from itertools import (
    chain,
    combinations,
    compress,
    count,
    cycle,
    dropwhile,
    groupby,
    islice,
    permutations,
    repeat,
    starmap,
    takewhile,
    tee,
    zip_longest,
    product,
)

from time import monotonic

def iterate(func, start):
    """Return ``start``, ``func(start)``, ``func(func(start))``, ...

    Produces an infinite iterator. To add a stopping condition,
    use :func:`take`, ``takewhile``, or :func:`takewhile_inclusive`:.

    >>> take(10, iterate(lambda x: 2*x, 1))
    [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]

    >>> collatz = lambda x: 3*x + 1 if x%2==1 else x // 2
    >>> list(takewhile_inclusive(lambda x: x!=1, iterate(collatz, 10)))
    [10, 5, 16, 8, 4, 2, 1]

    """
    with suppress(StopIteration):
        while True:
            yield start
            start = func(start)

def takewhile_inclusive(predicate, iterable):
    """A variant of :func:`takewhile` that yields one additional element.

        >>> list(takewhile_inclusive(lambda x: x < 5, [1, 4, 6, 4, 1]))
        [1, 4, 6]

    :func:`takewhile` would return ``[1, 4]``.
    """
    for x in iterable:
        yield x
        if not predicate(x):
            break

def _extract_monotonic(iterator, indices):
    'Non-decreasing indices, lazily consumed'
    num_read = 0
    for index in indices:
        advance = index - num_read
        try:
            value = next(islice(iterator, advance, None))
        except ValueError:
            if advance != -1 or index < 0:
                raise ValueError(f'Invalid index: {index}') from None
        except StopIteration:
            raise IndexError(index) from None
        else:
            num_read += advance + 1
        yield value

def _extract_buffered(iterator, index_and_position):
    'Arbitrary index order, greedily consumed'
    buffer = {}
    iterator_position = -1
    next_to_emit = 0

    for index, order in index_and_position:
        advance = index - iterator_position
        if advance:
            try:
                value = next(islice(iterator, advance - 1, None))
            except StopIteration:
                raise IndexError(index) from None
            iterator_position = index

        buffer[order] = value

        while next_to_emit in buffer:
            yield buffer.pop(next_to_emit)
            next_to_emit += 1

def extract(iterable, indices, *, monotonic=False):
    """Yield values at the specified indices.

    Example:

        >>> data = 'abcdefghijklmnopqrstuvwxyz'
        >>> list(extract(data, [7, 4, 11, 11, 14]))
        ['h', 'e', 'l', 'l', 'o']

    The *iterable* is consumed lazily and can be infinite.

    When *monotonic* is false, the *indices* are consumed immediately
    and must be finite. When *monotonic* is true, *indices* are consumed
    lazily and can be infinite but must be non-decreasing.

    Raises ``IndexError`` if an index lies beyond the iterable.
    Raises ``ValueError`` for a negative index or for a decreasing
    index when *monotonic* is true.
    """

    iterator = iter(iterable)
    indices = iter(indices)

    if monotonic:
        return _extract_monotonic(iterator, indices)

    index_and_position = sorted(zip(indices, count()))
    if index_and_position and index_and_position[0][0] < 0:
        raise ValueError('Indices must be non-negative')
    return _extract_buffered(iterator, index_and_position)

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

def take(n, iterable):
    """Return first *n* items of the *iterable* as a list.

        >>> take(3, range(10))
        [0, 1, 2]

    If there are fewer than *n* items in the iterable, all of them are
    returned.

        >>> take(10, range(3))
        [0, 1, 2]

    """
    return list(islice(iterable, n))
