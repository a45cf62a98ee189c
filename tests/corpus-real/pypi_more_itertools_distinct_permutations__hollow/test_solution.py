from __future__ import annotations
from solution import distinct_permutations, unique_everseen
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

class DistinctPermutationsTests(TestCase):

    def test_basic(self):
        iterable = ['z', 'a', 'a', 'q', 'q', 'q', 'y']
        actual = list(distinct_permutations(iterable))
        expected = set(permutations(iterable))
        self.assertCountEqual(actual, expected)

    def test_r(self):
        for iterable, r in (('mississippi', 0), ('mississippi', 1), ('mississippi', 6), ('mississippi', 7), ('mississippi', 12), ([0, 1, 1, 0], 0), ([0, 1, 1, 0], 1), ([0, 1, 1, 0], 2), ([0, 1, 1, 0], 3), ([0, 1, 1, 0], 4), (['a'], 0), (['a'], 1), (['a'], 5), ([], 0), ([], 1), ([], 4)):
            with self.subTest(iterable=iterable, r=r):
                expected = set(permutations(iterable, r))
                actual = list(distinct_permutations(iter(iterable), r))
                self.assertCountEqual(actual, expected)

    def test_unsortable(self):
        iterable = ['1', 2, 2, 3, 3, 3]
        actual = list(distinct_permutations(iterable))
        expected = set(permutations(iterable))
        self.assertCountEqual(actual, expected)

    def test_unsortable_r(self):
        iterable = ['1', 2, 2, 3, 3, 3]
        for r in range(len(iterable) + 1):
            with self.subTest(iterable=iterable, r=r):
                actual = list(distinct_permutations(iterable, r=r))
                expected = set(permutations(iterable, r=r))
                self.assertCountEqual(actual, expected)

    def test_unsorted_equivalent(self):
        iterable = [1, True, '3']
        actual = list(distinct_permutations(iterable))
        expected = set(permutations(iterable))
        self.assertCountEqual(actual, expected)

    def test_unhashable(self):
        iterable = ([1], [1], 2)
        actual = list(distinct_permutations(iterable))
        expected = list(unique_everseen(permutations(iterable), key=str))
        self.assertCountEqual(actual, expected)

    def test_sortable_input_produces_sorted_output(self):
        for iterable in [[4, 3, 2, 1], [2, 2, 3, 1]]:
            for r in range(len(iterable) + 1):
                with self.subTest(iterable=iterable, r=r):
                    actual = list(distinct_permutations(iterable, r=r))
                    expected = sorted(set(permutations(iterable, r=r)))
                    self.assertEqual(actual, expected)
