from solution import accumulate, concat, concatv, cons, count, diff, drop, first, frequencies, get, getter, groupby, interleave, interpose, isdistinct, isiterable, iterate, join, last, mapcat, merge_sorted, nth, partition, partition_all, peek, peekn, pluck, raises, random_sample, reduceby, remove, rest, second, sliding_window, tail, take, take_nth, topk, unique
import itertools
from itertools import starmap
from functools import partial
from random import Random
from pickle import dumps, loads
from operator import add, mul

def test_take_nth():
    assert list(take_nth(2, 'ABCDE')) == list('ACE')
