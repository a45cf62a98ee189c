from solution import saferepr
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

class list2(list):
    pass

class list3(list):

    def __repr__(self):
        return list.__repr__(self)

class list_custom_repr(list):

    def __repr__(self):
        return '*' * len(list.__repr__(self))

class tuple2(tuple):
    pass

class tuple3(tuple):

    def __repr__(self):
        return tuple.__repr__(self)

class tuple_custom_repr(tuple):

    def __repr__(self):
        return '*' * len(tuple.__repr__(self))

class set2(set):
    pass

class set3(set):

    def __repr__(self):
        return set.__repr__(self)

class set_custom_repr(set):

    def __repr__(self):
        return '*' * len(set.__repr__(self))

class frozenset2(frozenset):
    pass

class frozenset3(frozenset):

    def __repr__(self):
        return frozenset.__repr__(self)

class frozenset_custom_repr(frozenset):

    def __repr__(self):
        return '*' * len(frozenset.__repr__(self))

class dict2(dict):
    pass

class dict3(dict):

    def __repr__(self):
        return dict.__repr__(self)

class dict_custom_repr(dict):

    def __repr__(self):
        return '*' * len(dict.__repr__(self))

class QueryTestCase(unittest.TestCase):

    def setUp(self):
        self.a = list(range(100))
        self.b = list(range(200))
        self.a[-12] = self.b

    def test_same_as_repr(self):
        for simple in (0, 0, 0 + 0j, 0.0, '', b'', bytearray(), (), tuple2(), tuple3(), [], list2(), list3(), set(), set2(), set3(), frozenset(), frozenset2(), frozenset3(), {}, dict2(), dict3(), self.assertTrue, pprint, -6, -6, -6 - 6j, -1.5, 'x', b'x', bytearray(b'x'), (3,), [3], {3: 6}, (1, 2), [3, 4], {5: 6}, tuple2((1, 2)), tuple3((1, 2)), tuple3(range(100)), [3, 4], list2([3, 4]), list3([3, 4]), list3(range(100)), set({7}), set2({7}), set3({7}), frozenset({8}), frozenset2({8}), frozenset3({8}), dict2({5: 6}), dict3({5: 6}), range(10, -11, -1), True, False, None, ...):
            native = repr(simple)
            self.assertEqual(pprint.pformat(simple), native)
            self.assertEqual(pprint.pformat(simple, width=1, indent=0).replace('\n', ' '), native)
            self.assertEqual(pprint.pformat(simple, underscore_numbers=True), native)
            self.assertEqual(saferepr(simple), native)

    def test_container_repr_override_called(self):
        N = 1000
        for cont in (list_custom_repr(), list_custom_repr([1, 2, 3]), list_custom_repr(range(N)), tuple_custom_repr(), tuple_custom_repr([1, 2, 3]), tuple_custom_repr(range(N)), set_custom_repr(), set_custom_repr([1, 2, 3]), set_custom_repr(range(N)), frozenset_custom_repr(), frozenset_custom_repr([1, 2, 3]), frozenset_custom_repr(range(N)), dict_custom_repr(), dict_custom_repr({5: 6}), dict_custom_repr(zip(range(N), range(N)))):
            native = repr(cont)
            expected = '*' * len(native)
            self.assertEqual(pprint.pformat(cont), expected)
            self.assertEqual(pprint.pformat(cont, width=1, indent=0), expected)
            self.assertEqual(saferepr(cont), expected)
