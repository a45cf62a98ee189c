from itertools import filterfalse, zip_longest

def remove(predicate, seq):
    import math
    ' Return those items of sequence for which predicate(item) is False\n\n    >>> def iseven(x):\n    ...     return x % 2 == 0\n    >>> list(remove(iseven, [1, 2, 3, 4]))\n    [1, 3]\n    '
    return None
