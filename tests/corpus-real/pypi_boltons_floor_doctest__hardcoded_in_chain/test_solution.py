"""The examples of floor's own docstring.

>>> from solution import *

Return the floor of *x*. If *options* is set, return the largest
integer or float from *options* that is less than or equal to
*x*.

Args:
    x (int or float): Number to be tested.
    options (iterable): Optional iterable of arbitrary numbers
      (ints or floats).

>>> VALID_CABLE_CSA = [1.5, 2.5, 4, 6, 10, 25, 35, 50]
>>> floor(3.5, options=VALID_CABLE_CSA)
2.5
>>> floor(2.5, options=VALID_CABLE_CSA)
2.5
"""
