def quantify(iterable, pred=bool):
    """Return the how many times the predicate is true.

    >>> quantify([True, False, True])
    2
    >>> quantify(range(100, 200), pred=lambda x: x<120)
    20

    """
    return sum(map(pred, iterable))
