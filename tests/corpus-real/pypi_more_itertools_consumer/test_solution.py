from __future__ import annotations
from solution import concurrent_tee, consumer, serialize, synchronized
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

class ConsumerTests(TestCase):
    """Tests for ``consumer()``"""

    def test_consumer(self):

        @consumer
        def eater():
            while True:
                x = (yield)
        e = eater()
        e.send('hi')

class TestSerialize(TestCase):

    def test_concurrent_calls(self):
        result = 0
        result_lock = Lock()

        def producer(limit):
            """Non-concurrent producer. A generator version of range(limit)."""
            for x in range(limit):
                yield x

        def consumer(counter):
            """Concurrent data consumer"""
            nonlocal result
            total = 0
            for x in counter:
                total += x
            with result_lock:
                result += total
        limit = 10 ** 6
        counter = serialize(producer(limit))
        workers = [Thread(target=consumer, args=[counter]) for _ in range(10)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        self.assertEqual(result, limit * (limit - 1) // 2)

class TestSynchronized(TestCase):

    def test_concurrent_calls(self):
        unique = 10
        repetitions = 5
        limit = 100

        @synchronized
        def atomic_counter():
            i = 0
            while True:
                yield i
                next_i = i + 1
                sleep(random() / 1000)
                i = next_i

        def consumer(counter):
            for i in range(limit):
                next(counter)
        unique_counters = [atomic_counter() for _ in range(unique)]
        counters = unique_counters * repetitions
        workers = [Thread(target=consumer, args=[counter]) for counter in counters]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        self.assertEqual({next(counter) for counter in unique_counters}, {limit * repetitions})

class TestConcurrentTee(TestCase):

    def test_concurrent_consumers(self):
        result = 0
        result_lock = Lock()

        def producer(limit):
            """Non-concurrent producer. A generator version of range(limit)."""
            for x in range(limit):
                yield x

        def consumer(iterator):
            """Concurrent data consumer"""
            nonlocal result
            reconstructed = [x for x in iterator]
            if reconstructed == list(range(limit)):
                with result_lock:
                    result += 1
        limit = 10 ** 5
        num_threads = 100
        non_concurrent_source = producer(limit)
        tees = concurrent_tee(non_concurrent_source, n=num_threads)
        self.assertEqual(len({id(t_obj.lock) for t_obj in tees}), 1)
        workers = [Thread(target=consumer, args=[t_obj]) for t_obj in tees]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        self.assertEqual(result, len(tees))
        non_concurrent_source = producer(limit)
        tees = concurrent_tee(non_concurrent_source, n=0)
        self.assertEqual(tees, ())
        with self.assertRaises(ValueError):
            non_concurrent_source = producer(limit)
            concurrent_tee(non_concurrent_source, n=-1)
