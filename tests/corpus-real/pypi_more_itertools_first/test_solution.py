from __future__ import annotations
from solution import first, spy
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

class FirstTests(TestCase):

    def test_many(self):
        self.assertEqual(first((x for x in range(4))), 0)

    def test_one(self):
        self.assertEqual(first([3]), 3)

    def test_empty(self):
        with self.assertRaises(ValueError):
            first([])

    def test_default(self):
        self.assertEqual(first([], 'boo'), 'boo')

class SpyTests(TestCase):
    """Tests for ``spy()``"""

    def test_unpacking(self):
        original_iterable = iter('abcdefg')
        (first, second, third), new_iterable = spy(original_iterable, 3)
        self.assertEqual(first, 'a')
        self.assertEqual(second, 'b')
        self.assertEqual(third, 'c')
        self.assertEqual(list(new_iterable), ['a', 'b', 'c', 'd', 'e', 'f', 'g'])
