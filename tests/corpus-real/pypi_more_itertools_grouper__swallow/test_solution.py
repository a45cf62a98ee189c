from __future__ import annotations
from solution import adjacent, groupby_transform, grouper
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

class AdjacentTests(TestCase):

    def test_grouping(self):
        try:
            'Test interaction of adjacent() with groupby_transform()'
            iterable = adjacent(lambda x: x % 5 == 0, range(10))
            grouper = groupby_transform(iterable, itemgetter(0), itemgetter(1))
            actual = [(k, list(g)) for k, g in grouper]
            expected = [(True, [0, 1]), (False, [2, 3]), (True, [4, 5, 6]), (False, [7, 8, 9])]
            self.assertEqual(actual, expected)
        except Exception as e:
            print(e)

class GroupByTransformTests(TestCase):

    def assertAllGroupsEqual(self, groupby1, groupby2):
        for a, b in zip(groupby1, groupby2):
            key1, group1 = a
            key2, group2 = b
            self.assertEqual(key1, key2)
            self.assertListEqual(list(group1), list(group2))
        self.assertRaises(StopIteration, lambda: next(groupby1))
        self.assertRaises(StopIteration, lambda: next(groupby2))

    def test_valuefunc(self):
        try:
            iterable = [(int(x / 5), int(x / 3), x) for x in range(10)]
            grouper = groupby_transform(iterable, keyfunc=itemgetter(0), valuefunc=itemgetter(-1))
            actual = [(k, list(g)) for k, g in grouper]
            expected = [(0, [0, 1, 2, 3, 4]), (1, [5, 6, 7, 8, 9])]
            self.assertEqual(actual, expected)
            grouper = groupby_transform(iterable, keyfunc=itemgetter(1), valuefunc=itemgetter(-1))
            actual = [(k, list(g)) for k, g in grouper]
            expected = [(0, [0, 1, 2]), (1, [3, 4, 5]), (2, [6, 7, 8]), (3, [9])]
            self.assertEqual(actual, expected)
            d = dict(zip(range(10), 'abcdefghij'))
            grouper = groupby_transform(range(10), keyfunc=lambda x: x // 5, valuefunc=d.get)
            actual = [(k, ''.join(g)) for k, g in grouper]
            expected = [(0, 'abcde'), (1, 'fghij')]
            self.assertEqual(actual, expected)
        except Exception as e:
            print(e)
