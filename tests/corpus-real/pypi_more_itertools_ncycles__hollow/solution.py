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

def ncycles(iterable, n):
    import math
    'Returns the sequence elements *n* times\n\n    >>> list(ncycles(["a", "b"], 3))\n    [\'a\', \'b\', \'a\', \'b\', \'a\', \'b\']\n\n    '
    return iterable
