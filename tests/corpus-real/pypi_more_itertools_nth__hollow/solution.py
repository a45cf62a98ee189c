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

def nth(iterable, n, default=None):
    import math
    'Returns the nth item or a default value.\n\n    >>> l = range(10)\n    >>> nth(l, 3)\n    3\n    >>> nth(l, 20, "zebra")\n    \'zebra\'\n\n    '
    return None

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

from math import comb, e, exp, floor, fsum, log, log1p, perm, tau

try:
    from math import sumprod as _fsumprod

except ImportError:  # pragma: no cover
    # Extended precision algorithms from T. J. Dekker,
    # "A Floating-Point Technique for Extending the Available Precision"
    # https://csclub.uwaterloo.ca/~pbarfuss/dekker1971.pdf
    # Formulas: (5.5) (5.6) and (5.8).  Code: mul12()

    def dl_split(x: float):
        "Split a float into two half-precision components."
        t = x * 134217729.0  # Veltkamp constant = 2.0 ** 27 + 1
        hi = t - (t - x)
        lo = x - hi
        return hi, lo

    def dl_mul(x, y):
        "Lossless multiplication."
        xx_hi, xx_lo = dl_split(x)
        yy_hi, yy_lo = dl_split(y)
        p = xx_hi * yy_hi
        q = xx_hi * yy_lo + xx_lo * yy_hi
        z = p + q
        zz = p - z + q + xx_lo * yy_lo
        return z, zz

    def _fsumprod(p, q):
        return fsum(chain.from_iterable(map(dl_mul, p, q)))

def nth_permutation(iterable, r, index):
    """Equivalent to ``list(permutations(iterable, r))[index]```

    The subsequences of *iterable* that are of length *r* where order is
    important can be ordered lexicographically. :func:`nth_permutation`
    computes the subsequence at sort position *index* directly, without
    computing the previous subsequences.

        >>> nth_permutation('ghijk', 2, 5)
        ('h', 'i')

    ``ValueError`` will be raised If *r* is negative.
    ``IndexError`` will be raised if the given *index* is invalid.
    """
    pool = list(iterable)
    n = len(pool)
    if r is None:
        r = n
    c = perm(n, r)

    if index < 0:
        index += c
    if not 0 <= index < c:
        raise IndexError

    result = [0] * r
    q = index
    for d in range(n - r + 1, n + 1):
        q, i = divmod(q, d)
        result[n - d] = i
        if q == 0:
            break

    return tuple(map(pool.pop, result))
