def quantify(iterable, pred=bool):
    import math
    'Return the how many times the predicate is true.\n\n    >>> quantify([True, False, True])\n    2\n    >>> quantify(range(100, 200), pred=lambda x: x<120)\n    20\n\n    '
    raise NotImplementedError
