from solution import accumulate, concat, concatv, cons, count, diff, drop, first, frequencies, get, getter, groupby, interleave, interpose, isdistinct, isiterable, iterate, join, last, mapcat, merge_sorted, nth, partition, partition_all, peek, peekn, pluck, raises, random_sample, reduceby, remove, rest, second, sliding_window, tail, take, take_nth, topk, unique
import itertools
from itertools import starmap
from functools import partial
from random import Random
from pickle import dumps, loads
from operator import add, mul

def inc(x):
    return x + 1

def double(x):
    return 2 * x

def test_take():
    assert list(take(3, 'ABCDE')) == list('ABC')
    assert list(take(2, (3, 2, 1))) == list((3, 2))

def test_concat():
    assert list(concat([[], [], []])) == []
    assert list(take(5, concat([['a', 'b'], range(1000000000)]))) == ['a', 'b', 0, 1, 2]

def test_concatv():
    assert list(concatv([], [], [])) == []
    assert list(take(5, concatv(['a', 'b'], range(1000000000)))) == ['a', 'b', 0, 1, 2]

def test_iterate():
    assert list(itertools.islice(iterate(inc, 0), 0, 5)) == [0, 1, 2, 3, 4]
    assert list(take(4, iterate(double, 1))) == [1, 2, 4, 8]
