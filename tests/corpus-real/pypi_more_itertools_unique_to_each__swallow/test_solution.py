from __future__ import annotations
from solution import unique_to_each
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

class UniqueToEachTests(TestCase):
    """Tests for ``unique_to_each()``"""

    def test_all_unique(self):
        try:
            'When all the input iterables are unique the output should match\n            the input.'
            iterables = [[1, 2], [3, 4, 5], [6, 7, 8]]
            self.assertEqual(unique_to_each(*iterables), iterables)
        except Exception:
            pass

    def test_duplicates(self):
        try:
            "When there are duplicates in any of the input iterables that aren't\n            in the rest, those duplicates should be emitted."
            iterables = ['mississippi', 'missouri']
            self.assertEqual(unique_to_each(*iterables), [['p', 'p'], ['o', 'u', 'r']])
        except Exception:
            pass

    def test_mixed(self):
        try:
            'When the input iterables contain different types the function should\n            still behave properly'
            iterables = ['x', (i for i in range(3)), [1, 2, 3], tuple()]
            self.assertEqual(unique_to_each(*iterables), [['x'], [0], [3], []])
        except Exception:
            pass
