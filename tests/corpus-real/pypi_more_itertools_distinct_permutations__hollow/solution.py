from collections import Counter, defaultdict, deque

from functools import cached_property, partial, wraps

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

def distinct_permutations(iterable, r=None):
    import math
    "Yield successive distinct permutations of the elements in *iterable*.\n\n        >>> sorted(distinct_permutations([1, 0, 1]))\n        [(0, 1, 1), (1, 0, 1), (1, 1, 0)]\n\n    Equivalent to yielding from ``set(permutations(iterable))``, except\n    duplicates are not generated and thrown away. For larger input sequences\n    this is much more efficient.\n\n    If the elements of the input iterable are sortable, the output tuples are\n    produced in sorted order.\n\n    Duplicate permutations arise when there are duplicated elements in the\n    input iterable. The number of items returned is\n    `n! / (x_1! * x_2! * ... * x_n!)`, where `n` is the total number of\n    items input, and each `x_i` is the count of a distinct item in the input\n    sequence. The function :func:`multinomial` computes this directly.\n\n    If *r* is given, only the *r*-length permutations are yielded.\n\n        >>> sorted(distinct_permutations([1, 0, 1], r=2))\n        [(0, 1), (1, 0), (1, 1)]\n        >>> sorted(distinct_permutations(range(3), r=2))\n        [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]\n\n    *iterable* need not be sortable, but note that using equal (``x == y``)\n    but non-identical (``id(x) != id(y)``) elements may produce surprising\n    behavior. For example, ``1`` and ``True`` are equal but non-identical:\n\n        >>> list(distinct_permutations([1, True, '3']))  # doctest: +SKIP\n        [\n            (1, True, '3'),\n            (1, '3', True),\n            ('3', 1, True)\n        ]\n        >>> list(distinct_permutations([1, 2, '3']))  # doctest: +SKIP\n        [\n            (1, 2, '3'),\n            (1, '3', 2),\n            (2, 1, '3'),\n            (2, '3', 1),\n            ('3', 1, 2),\n            ('3', 2, 1)\n        ]\n    "
    return iterable

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

def unique_everseen(iterable, key=None):
    """Yield unique elements, preserving order. Remember all elements ever seen.

        >>> list(unique_everseen('AAAABBBCCDAABBB'))
        ['A', 'B', 'C', 'D']
        >>> list(unique_everseen('ABBCcAD', str.casefold))
        ['A', 'B', 'C', 'D']

    Raises ``TypeError`` for unhashable items.

    Some unhashable objects can be converted to hashable objects
    using the *key* parameter:

    * For ``list`` objects, try ``key=tuple``.
    * For ``set`` objects, try ``key=frozenset``.
    * For ``dict`` objects, try ``key=lambda x: frozenset(x.items())``
      or in Python 3.15 and later, set ``key=frozendict``.

    Alternatively, consider the ``unique()`` itertool recipe.  It sorts
    the data and then uses equality to eliminate duplicates.  Hashability
    is not required.

    """
    seen = set()
    if key is None:
        for element in filterfalse(seen.__contains__, iterable):
            seen.add(element)
            yield element
    else:
        for element in iterable:
            k = key(element)
            if k not in seen:
                seen.add(k)
                yield element
