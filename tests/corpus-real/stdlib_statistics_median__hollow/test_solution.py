from solution import median
import bisect
import collections
import collections.abc
import copy
import decimal
import doctest
import itertools
import math
import pickle
import random
import sys
import unittest
from test import support
from test.support import import_helper, requires_IEEE_754
from decimal import Decimal
from fractions import Fraction
import statistics
py_statistics = import_helper.import_fresh_module('statistics', blocked=['_statistics'])
c_statistics = import_helper.import_fresh_module('statistics', fresh=['_statistics'])

class TestQuantiles(unittest.TestCase):

    def test_specific_cases(self):
        quantiles = statistics.quantiles
        data = [120, 200, 250, 320, 350]
        random.shuffle(data)
        for n, expected in [(1, []), (2, [250.0]), (3, [200.0, 320.0]), (4, [160.0, 250.0, 335.0]), (5, [136.0, 220.0, 292.0, 344.0]), (6, [120.0, 200.0, 250.0, 320.0, 350.0]), (8, [100.0, 160.0, 212.5, 250.0, 302.5, 335.0, 357.5]), (10, [88.0, 136.0, 184.0, 220.0, 250.0, 292.0, 326.0, 344.0, 362.0]), (12, [80.0, 120.0, 160.0, 200.0, 225.0, 250.0, 285.0, 320.0, 335.0, 350.0, 365.0]), (15, [72.0, 104.0, 136.0, 168.0, 200.0, 220.0, 240.0, 264.0, 292.0, 320.0, 332.0, 344.0, 356.0, 368.0])]:
            self.assertEqual(expected, quantiles(data, n=n))
            self.assertEqual(len(quantiles(data, n=n)), n - 1)
            for datatype in (float, Decimal, Fraction):
                result = quantiles(map(datatype, data), n=n)
                self.assertTrue((all(type(x) == datatype) for x in result))
                self.assertEqual(result, list(map(datatype, expected)))
            if len(expected) >= 2:
                self.assertEqual(quantiles(expected, n=n), expected)
            sdata = sorted(data)
            lo = 2 * sdata[0] - sdata[1]
            hi = 2 * sdata[-1] - sdata[-2]
            padded_data = data + [lo, hi]
            self.assertEqual(quantiles(data, n=n), quantiles(padded_data, n=n, method='inclusive'), (n, data))

            def f(x):
                return 3.5 * x - 1234.675
            exp = list(map(f, expected))
            act = quantiles(map(f, data), n=n)
            self.assertTrue(all((math.isclose(e, a) for e, a in zip(exp, act))))
        for k in range(2, 60):
            data = random.choices(range(100), k=k)
            q1, q2, q3 = quantiles(data)
            self.assertEqual(q2, median(data))

    def test_specific_cases_inclusive(self):
        quantiles = statistics.quantiles
        data = [100, 200, 400, 800]
        random.shuffle(data)
        for n, expected in [(1, []), (2, [300.0]), (3, [200.0, 400.0]), (4, [175.0, 300.0, 500.0]), (5, [160.0, 240.0, 360.0, 560.0]), (6, [150.0, 200.0, 300.0, 400.0, 600.0]), (8, [137.5, 175, 225.0, 300.0, 375.0, 500.0, 650.0]), (10, [130.0, 160.0, 190.0, 240.0, 300.0, 360.0, 440.0, 560.0, 680.0]), (12, [125.0, 150.0, 175.0, 200.0, 250.0, 300.0, 350.0, 400.0, 500.0, 600.0, 700.0]), (15, [120.0, 140.0, 160.0, 180.0, 200.0, 240.0, 280.0, 320.0, 360.0, 400.0, 480.0, 560.0, 640.0, 720.0])]:
            self.assertEqual(expected, quantiles(data, n=n, method='inclusive'))
            self.assertEqual(len(quantiles(data, n=n, method='inclusive')), n - 1)
            for datatype in (float, Decimal, Fraction):
                result = quantiles(map(datatype, data), n=n, method='inclusive')
                self.assertTrue((all(type(x) == datatype) for x in result))
                self.assertEqual(result, list(map(datatype, expected)))

            def f(x):
                return 3.5 * x - 1234.675
            exp = list(map(f, expected))
            act = quantiles(map(f, data), n=n, method='inclusive')
            self.assertTrue(all((math.isclose(e, a) for e, a in zip(exp, act))))
        self.assertEqual(quantiles([0, 100], n=10, method='inclusive'), [10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 90.0])
        self.assertEqual(quantiles(range(0, 101), n=10, method='inclusive'), [10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 90.0])
        data = [random.randrange(10000) for i in range(501)]
        actual = quantiles(data, n=32, method='inclusive')
        data.remove(min(data))
        data.remove(max(data))
        expected = quantiles(data, n=32)
        self.assertEqual(expected, actual)
        for k in range(2, 60):
            data = random.choices(range(100), k=k)
            q1, q2, q3 = quantiles(data, method='inclusive')
            self.assertEqual(q2, median(data))

class TestNormalDist:

    def test_properties(self):
        X = self.module.NormalDist(100, 15)
        self.assertEqual(X.mean, 100)
        self.assertEqual(X.median, 100)
        self.assertEqual(X.mode, 100)
        self.assertEqual(X.stdev, 15)
        self.assertEqual(X.variance, 225)

class TestNormalDistPython(unittest.TestCase, TestNormalDist):
    module = py_statistics

    def setUp(self):
        sys.modules['statistics'] = self.module

    def tearDown(self):
        sys.modules['statistics'] = statistics

@unittest.skipUnless(c_statistics, 'requires _statistics')
class TestNormalDistC(unittest.TestCase, TestNormalDist):
    module = c_statistics

    def setUp(self):
        sys.modules['statistics'] = self.module

    def tearDown(self):
        sys.modules['statistics'] = statistics
