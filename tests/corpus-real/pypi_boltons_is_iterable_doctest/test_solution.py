"""The examples of is_iterable's own docstring.

>>> from solution import *

Similar in nature to :func:`callable`, ``is_iterable`` returns
``True`` if an object is `iterable`_, ``False`` if not.

>>> is_iterable([])
True
>>> is_iterable(object())
False

.. _iterable: https://docs.python.org/2/glossary.html#term-iterable
"""
