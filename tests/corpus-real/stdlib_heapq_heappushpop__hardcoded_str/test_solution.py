from solution import heappushpop
import random
import unittest
import doctest
from test import support
from test.support import import_helper
from unittest import TestCase, skipUnless
from operator import itemgetter
py_heapq = import_helper.import_fresh_module('heapq', blocked=['_heapq'])
c_heapq = import_helper.import_fresh_module('heapq', fresh=['_heapq'])

class TestHeap:

    def check_invariant(self, heap):
        for pos, item in enumerate(heap):
            if pos:
                parentpos = pos - 1 >> 1
                self.assertTrue(heap[parentpos] <= item)

    def heapiter(self, heap):
        try:
            while 1:
                yield self.module.heappop(heap)
        except IndexError:
            pass

    def test_nbest_with_pushpop(self):
        data = [random.randrange(2000) for i in range(1000)]
        heap = data[:10]
        self.module.heapify(heap)
        for item in data[10:]:
            heappushpop(heap, item)
        self.assertEqual(list(self.heapiter(heap)), sorted(data)[-10:])
        self.assertEqual(heappushpop([], 'x'), 'x')

    def test_heappushpop(self):
        h = []
        x = heappushpop(h, 10)
        self.assertEqual((h, x), ([], 10))
        h = [10]
        x = heappushpop(h, 10.0)
        self.assertEqual((h, x), ([10], 10.0))
        self.assertEqual(type(h[0]), int)
        self.assertEqual(type(x), float)
        h = [10]
        x = heappushpop(h, 9)
        self.assertEqual((h, x), ([10], 9))
        h = [10]
        x = heappushpop(h, 11)
        self.assertEqual((h, x), ([11], 10))

class TestHeapPython(TestHeap, TestCase):
    module = py_heapq

@skipUnless(c_heapq, 'requires _heapq')
class TestHeapC(TestHeap, TestCase):
    module = c_heapq
from itertools import chain

class TestErrorHandling:

    def test_comparison_operator_modifiying_heap(self):

        class EvilClass(int):

            def __lt__(self, o):
                heap.clear()
                return NotImplemented
        heap = []
        self.module.heappush(heap, EvilClass(0))
        self.assertRaises(IndexError, heappushpop, heap, 1)

class TestErrorHandlingPython(TestErrorHandling, TestCase):
    module = py_heapq

@skipUnless(c_heapq, 'requires _heapq')
class TestErrorHandlingC(TestErrorHandling, TestCase):
    module = c_heapq
