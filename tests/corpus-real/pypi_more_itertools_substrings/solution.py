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

from operator import (
    attrgetter,
    getitem,
    is_not,
    itemgetter,
    lt,
    neg,
    sub,
    gt,
)

def substrings(iterable):
    """Yield all of the substrings of *iterable*.

        >>> [''.join(s) for s in substrings('more')]
        ['m', 'o', 'r', 'e', 'mo', 'or', 're', 'mor', 'ore', 'more']

    Note that non-string iterables can also be subdivided.

        >>> list(substrings([0, 1, 2]))
        [(0,), (1,), (2,), (0, 1), (1, 2), (0, 1, 2)]

    Like subslices() but returns tuples instead of lists
    and returns the shortest substrings first.

    """
    seq = tuple(iterable)
    item_count = len(seq)
    for n in range(1, item_count + 1):
        slices = map(slice, range(item_count), range(n, item_count + 1))
        yield from map(getitem, repeat(seq), slices)
