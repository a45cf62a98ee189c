from __future__ import annotations
from solution import extract, iterate, take, takewhile_inclusive
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

class IterateTests(TestCase):

    def test_basic(self) -> None:
        result = list(islice(iterate(lambda x: 2 * x, start=1), 10))
        expected = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]
        self.assertEqual(result, expected)

    def test_func_controls_iteration_stop(self) -> None:

        def func(num):
            if num > 100:
                raise StopIteration
            return num * 2
        result = list(islice(iterate(func, start=1), 10))
        expected = [1, 2, 4, 8, 16, 32, 64, 128]
        self.assertEqual(result, expected)

class TakewhileInclusiveTests(TestCase):

    def test_collatz_sequence(self) -> None:
        is_even = lambda n: n % 2 == 0
        start = 11
        result = list(takewhile_inclusive(lambda n: n != 1, iterate(lambda n: n // 2 if is_even(n) else 3 * n + 1, start)))
        expected = [11, 34, 17, 52, 26, 13, 40, 20, 10, 5, 16, 8, 4, 2, 1]
        self.assertEqual(result, expected)

class ExtractTests(TestCase):

    def test_monotonic(self):
        collatz = iterate(lambda x: 3 * x + 1 if x % 2 == 1 else x // 2, 42)
        indices = count(0, 2)
        self.assertEqual(take(3, extract(collatz, indices, monotonic=True)), [42, 64, 16])
        self.assertEqual(next(collatz), 8)
        self.assertEqual(next(indices), 6)
        self.assertEqual(list(extract('abcdefgh', [0, 2, 4], monotonic=True)), ['a', 'c', 'e'])
        with self.assertRaises(IndexError):
            list(extract('abcdefgh', [0, 2, 40], monotonic=True))
        with self.assertRaises(ValueError):
            list(extract('abcdefg', [2, 4, 3], monotonic=True))
        with self.assertRaises(ValueError):
            list(extract('abcdefg', [-1, 0, 1], monotonic=True))
