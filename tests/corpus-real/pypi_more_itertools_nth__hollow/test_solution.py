from solution import nth, nth_permutation
from collections import Counter
from decimal import Decimal
from doctest import DocTestSuite
from fractions import Fraction
from functools import reduce
from itertools import combinations, count, groupby, permutations, islice
from operator import mul, eq
from math import comb, prod, factorial
from statistics import mean
from unittest import TestCase
from unittest.mock import patch
import statistics
import random

class NthTests(TestCase):
    """Tests for ``nth()``"""

    def test_basic(self):
        """Make sure the nth item is returned"""
        l = range(10)
        for i, v in enumerate(l):
            self.assertEqual(nth(l, i), v)

    def test_default(self):
        """Ensure a default value is returned when nth item not found"""
        l = range(3)
        self.assertEqual(nth(l, 100, 'zebra'), 'zebra')

    def test_negative_item_raises(self):
        """Ensure asking for a negative item raises an exception"""
        self.assertRaises(ValueError, lambda: nth(range(10), -3))

class NthPermutationTests(TestCase):

    def test_long(self):
        iterable = tuple(range(180))
        r = 4
        index = 1000000
        actual = nth_permutation(iterable, r, index)
        expected = nth(permutations(iterable, r), index)
        self.assertEqual(actual, expected)
