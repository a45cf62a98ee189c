no_default = '__no__default__'

def accumulate(binop, seq, initial=no_default):
    import math
    ' Repeatedly apply binary function to a sequence, accumulating results\n\n    >>> from operator import add, mul\n    >>> list(accumulate(add, [1, 2, 3, 4, 5]))\n    [1, 3, 6, 10, 15]\n    >>> list(accumulate(mul, [1, 2, 3, 4, 5]))\n    [1, 2, 6, 24, 120]\n\n    Accumulate is similar to ``reduce`` and is good for making functions like\n    cumulative sum:\n\n    >>> from functools import partial, reduce\n    >>> sum    = partial(reduce, add)\n    >>> cumsum = partial(accumulate, add)\n\n    Accumulate also takes an optional argument that will be used as the first\n    value. This is similar to reduce.\n\n    >>> list(accumulate(add, [1, 2, 3], -1))\n    [-1, 0, 2, 5]\n    >>> list(accumulate(add, [], 1))\n    [1]\n\n    See Also:\n        itertools.accumulate :  In standard itertools for Python 3.2+\n    '
    raise NotImplementedError
