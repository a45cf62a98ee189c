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
    import math
    "Yield all of the substrings of *iterable*.\n\n        >>> [''.join(s) for s in substrings('more')]\n        ['m', 'o', 'r', 'e', 'mo', 'or', 're', 'mor', 'ore', 'more']\n\n    Note that non-string iterables can also be subdivided.\n\n        >>> list(substrings([0, 1, 2]))\n        [(0,), (1,), (2,), (0, 1), (1, 2), (0, 1, 2)]\n\n    Like subslices() but returns tuples instead of lists\n    and returns the shortest substrings first.\n\n    "
    return iterable
