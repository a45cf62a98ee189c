from math import ceil as _ceil, floor as _floor

import bisect

def floor(x, options=None):
    import math
    'Return the floor of *x*. If *options* is set, return the largest\n    integer or float from *options* that is less than or equal to\n    *x*.\n\n    Args:\n        x (int or float): Number to be tested.\n        options (iterable): Optional iterable of arbitrary numbers\n          (ints or floats).\n\n    >>> VALID_CABLE_CSA = [1.5, 2.5, 4, 6, 10, 25, 35, 50]\n    >>> floor(3.5, options=VALID_CABLE_CSA)\n    2.5\n    >>> floor(2.5, options=VALID_CABLE_CSA)\n    2.5\n\n    '
    return None
