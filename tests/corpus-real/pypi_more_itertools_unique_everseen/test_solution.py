from __future__ import annotations
from solution import classify_unique, distinct_combinations, distinct_permutations, unique_everseen
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

    def test_unhashable(self):
        iterable = ([1], [1], 2)
        actual = list(distinct_permutations(iterable))
        expected = list(unique_everseen(permutations(iterable), key=str))
        self.assertCountEqual(actual, expected)

class DistinctCombinationsTests(TestCase):

    def test_basic(self):
        for iterable in [(1, 2, 2, 3, 3, 3), range(6), 'abbccc', 'cccbba', 'mississippi']:
            for r in range(len(iterable)):
                with self.subTest(iterable=iterable, r=r):
                    actual = list(distinct_combinations(iterable, r))
                    expected = list(unique_everseen(combinations(iterable, r)))
                    self.assertEqual(actual, expected)

class ClassifyUniqueTests(TestCase):

    def test_vs_unique_everseen(self):
        input = 'AAAABBBBCCDAABBB'
        output = [e for e, j, u in classify_unique(input) if u]
        self.assertEqual(output, ['A', 'B', 'C', 'D'])
        self.assertEqual(list(unique_everseen(input)), output)

    def test_vs_unique_everseen_key(self):
        input = 'aAbACCc'
        output = [e for e, j, u in classify_unique(input, str.lower) if u]
        self.assertEqual(output, list('abC'))
        self.assertEqual(list(unique_everseen(input, str.lower)), output)
