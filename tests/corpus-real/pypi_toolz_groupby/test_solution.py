from solution import accumulate, concat, concatv, cons, count, diff, drop, first, frequencies, get, getter, groupby, interleave, interpose, isdistinct, isiterable, iterate, join, last, mapcat, merge_sorted, nth, partition, partition_all, peek, peekn, pluck, raises, random_sample, reduceby, remove, rest, second, sliding_window, tail, take, take_nth, topk, unique
import itertools
from itertools import starmap
from functools import partial
from random import Random
from pickle import dumps, loads
from operator import add, mul

def iseven(x):
    return x % 2 == 0

def test_groupby():
    assert groupby(iseven, [1, 2, 3, 4]) == {True: [2, 4], False: [1, 3]}

def test_groupby_non_callable():
    assert groupby(0, [(1, 2), (1, 3), (2, 2), (2, 4)]) == {1: [(1, 2), (1, 3)], 2: [(2, 2), (2, 4)]}
    assert groupby([0], [(1, 2), (1, 3), (2, 2), (2, 4)]) == {(1,): [(1, 2), (1, 3)], (2,): [(2, 2), (2, 4)]}
    assert groupby([0, 0], [(1, 2), (1, 3), (2, 2), (2, 4)]) == {(1, 1): [(1, 2), (1, 3)], (2, 2): [(2, 2), (2, 4)]}
