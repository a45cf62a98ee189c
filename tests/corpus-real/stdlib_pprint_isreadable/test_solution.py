from solution import isreadable
import collections
import contextlib
import dataclasses
import io
import itertools
import pprint
import random
import test.support
import test.test_set
import types
import unittest

class QueryTestCase(unittest.TestCase):

    def setUp(self):
        self.a = list(range(100))
        self.b = list(range(200))
        self.a[-12] = self.b

    def test_basic(self):
        pp = pprint.PrettyPrinter()
        for safe in (2, 2.0, 2j, 'abc', [3], (2, 2), {3: 3}, b'def', bytearray(b'ghi'), True, False, None, ..., self.a, self.b):
            self.assertFalse(pprint.isrecursive(safe), 'expected not isrecursive for %r' % (safe,))
            self.assertTrue(isreadable(safe), 'expected isreadable for %r' % (safe,))
            self.assertFalse(pp.isrecursive(safe), 'expected not isrecursive for %r' % (safe,))
            self.assertTrue(pp.isreadable(safe), 'expected isreadable for %r' % (safe,))

    def test_knotted(self):
        self.b[67] = self.a
        self.d = {}
        self.d[0] = self.d[1] = self.d[2] = self.d
        pp = pprint.PrettyPrinter()
        for icky in (self.a, self.b, self.d, (self.d, self.d)):
            self.assertTrue(pprint.isrecursive(icky), 'expected isrecursive')
            self.assertFalse(isreadable(icky), 'expected not isreadable')
            self.assertTrue(pp.isrecursive(icky), 'expected isrecursive')
            self.assertFalse(pp.isreadable(icky), 'expected not isreadable')
        self.d.clear()
        del self.a[:]
        del self.b[:]
        for safe in (self.a, self.b, self.d, (self.d, self.d)):
            self.assertFalse(pprint.isrecursive(safe), 'expected not isrecursive for %r' % (safe,))
            self.assertTrue(isreadable(safe), 'expected isreadable for %r' % (safe,))
            self.assertFalse(pp.isrecursive(safe), 'expected not isrecursive for %r' % (safe,))
            self.assertTrue(pp.isreadable(safe), 'expected isreadable for %r' % (safe,))

    def test_unreadable(self):
        pp = pprint.PrettyPrinter()
        for unreadable in (type(3), pprint, pprint.isrecursive):
            self.assertFalse(pprint.isrecursive(unreadable), 'expected not isrecursive for %r' % (unreadable,))
            self.assertFalse(isreadable(unreadable), 'expected not isreadable for %r' % (unreadable,))
            self.assertFalse(pp.isrecursive(unreadable), 'expected not isrecursive for %r' % (unreadable,))
            self.assertFalse(pp.isreadable(unreadable), 'expected not isreadable for %r' % (unreadable,))
