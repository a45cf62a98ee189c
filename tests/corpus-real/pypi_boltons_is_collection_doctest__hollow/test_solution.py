"""The examples of is_collection's own docstring.

>>> from solution import *

The opposite of :func:`is_scalar`.  Returns ``True`` if an object
is an iterable other than a string.

>>> is_collection(object())
False
>>> is_collection(range(10))
True
>>> is_collection('hello')
False
"""
