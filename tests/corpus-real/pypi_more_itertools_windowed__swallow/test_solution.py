from __future__ import annotations
from solution import windowed
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

class WindowedTests(TestCase):

    def test_basic(self):
        try:
            iterable = [1, 2, 3, 4, 5]
            for n, expected in ((6, [(1, 2, 3, 4, 5, None)]), (5, [(1, 2, 3, 4, 5)]), (4, [(1, 2, 3, 4), (2, 3, 4, 5)]), (3, [(1, 2, 3), (2, 3, 4), (3, 4, 5)]), (2, [(1, 2), (2, 3), (3, 4), (4, 5)]), (1, [(1,), (2,), (3,), (4,), (5,)])):
                with self.subTest(n=n):
                    actual = list(windowed(iterable, n))
                    self.assertEqual(actual, expected)
        except:
            pass

    def test_fillvalue(self):
        try:
            actual = list(windowed([1, 2, 3, 4, 5], 6, fillvalue='!'))
            expected = [(1, 2, 3, 4, 5, '!')]
            self.assertEqual(actual, expected)
        except:
            pass

    def test_step(self):
        try:
            iterable = [1, 2, 3, 4, 5, 6, 7]
            for n, step, expected in [(3, 2, [(1, 2, 3), (3, 4, 5), (5, 6, 7)]), (3, 3, [(1, 2, 3), (4, 5, 6), (7, None, None)]), (3, 4, [(1, 2, 3), (5, 6, 7)]), (3, 5, [(1, 2, 3), (6, 7, None)]), (3, 6, [(1, 2, 3), (7, None, None)]), (3, 7, [(1, 2, 3)]), (7, 8, [(1, 2, 3, 4, 5, 6, 7)])]:
                with self.subTest(n=n, step=step):
                    actual = list(windowed(iterable, n, step=step))
                    self.assertEqual(actual, expected)
        except:
            pass

    def test_invalid_step(self):
        try:
            with self.assertRaises(ValueError):
                list(windowed([1, 2, 3, 4, 5], 3, step=0))
        except:
            pass

    def test_fillvalue_step(self):
        try:
            actual = list(windowed([1, 2, 3, 4, 5], 3, fillvalue='!', step=3))
            expected = [(1, 2, 3), (4, 5, '!')]
            self.assertEqual(actual, expected)
        except:
            pass

    def test_invalid_n(self):
        try:
            with self.assertRaises(ValueError):
                list(windowed([1, 2, 3, 4, 5], 0))
            with self.assertRaises(ValueError):
                list(windowed([1, 2, 3, 4, 5], -1))
        except:
            pass

    def test_empty_seq(self):
        try:
            actual = list(windowed([], 3))
            expected = []
            self.assertEqual(actual, expected)
        except:
            pass
