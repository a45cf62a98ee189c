"""The examples of tail's own docstring.

>>> from solution import *

Return an iterator over the last *n* items of *iterable*.

>>> t = tail(3, 'ABCDEFG')
>>> list(t)
['E', 'F', 'G']
"""
