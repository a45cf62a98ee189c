from __future__ import annotations
from solution import one
import cmath
import gc
import platform
import types
import weakref
from collections import Counter, deque
from collections.abc import Set, Sequence, Iterable, Iterator, Hashable
from datetime import datetime, timedelta
from decimal import Decimal
from doctest import DocTestSuite
from fractions import Fraction
from functools import partial, reduce
from io import StringIO
from itertools import accumulate, chain, combinations, combinations_with_replacement, count, cycle, groupby, islice, permutations, product, repeat
from math import factorial
from operator import add, mul, itemgetter, not_
from pickle import loads, dumps
from random import Random, choices, random, randrange, seed
from statistics import mean, median
from string import ascii_letters
from threading import Event, Thread, Lock
from time import sleep
from typing import NamedTuple
from unittest import TestCase, mock, skipUnless

class OneTests(TestCase):

    def test_basic(self):
        it = iter(['item'])
        self.assertEqual(one(it), 'item')

    def test_too_short_new(self):
        it = iter([])
        self.assertRaises(ValueError, lambda: one(it))
        self.assertRaises(OverflowError, lambda: one(it, too_short=OverflowError))

    def test_too_long(self):
        it = count()
        self.assertRaises(ValueError, lambda: one(it))
        self.assertEqual(next(it), 2)
        self.assertRaises(OverflowError, lambda: one(it, too_long=OverflowError))

    def test_too_long_default_message(self):
        it = count()
        self.assertRaisesRegex(ValueError, 'Expected exactly one item in iterable, but got 0, 1, and perhaps more.', lambda: one(it))

    def test_falsy_custom_exception(self):

        class FalsyError(Exception):

            def __bool__(self):
                return False
        too_long = FalsyError('too many')
        self.assertRaises(FalsyError, lambda: one(count(), too_long=too_long))
        too_short = FalsyError('too few')
        self.assertRaises(FalsyError, lambda: one([], too_short=too_short))

    def test_too_long_does_not_evaluate_repr(self):

        class NoRepr:

            def __repr__(self):
                raise RuntimeError('repr should not be called')
        it = (NoRepr() for _ in count())
        self.assertRaises(OverflowError, lambda: one(it, too_long=OverflowError))
