"""The examples of identity's own docstring.

>>> from solution import *

Identity function. Return x

>>> identity(3)
3
"""
