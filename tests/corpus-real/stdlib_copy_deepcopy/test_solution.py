from solution import deepcopy
import copy
import copyreg
import weakref
import abc
from operator import le, lt, ge, gt, eq, ne
import unittest
from test import support
order_comparisons = (le, lt, ge, gt)
equality_comparisons = (eq, ne)
comparisons = order_comparisons + equality_comparisons

class TestCopy(unittest.TestCase):

    def test_deepcopy_memo(self):
        x = []
        x = [x, x]
        y = deepcopy(x)
        self.assertEqual(y, x)
        self.assertIsNot(y, x)
        self.assertIsNot(y[0], x[0])
        self.assertIs(y[0], y[1])

    def test_deepcopy_issubclass(self):

        class Meta(type):
            pass

        class C(metaclass=Meta):
            pass
        self.assertEqual(deepcopy(C), C)

    def test_deepcopy_deepcopy(self):

        class C(object):

            def __init__(self, foo):
                self.foo = foo

            def __deepcopy__(self, memo=None):
                return C(self.foo)
        x = C(42)
        y = deepcopy(x)
        self.assertEqual(y.__class__, x.__class__)
        self.assertEqual(y.foo, x.foo)

    def test_deepcopy_reduce_ex(self):

        class C(object):

            def __reduce_ex__(self, proto):
                c.append(1)
                return ''

            def __reduce__(self):
                self.fail("shouldn't call this")
        c = []
        x = C()
        y = deepcopy(x)
        self.assertIs(y, x)
        self.assertEqual(c, [1])

    def test_deepcopy_reduce(self):

        class C(object):

            def __reduce__(self):
                c.append(1)
                return ''
        c = []
        x = C()
        y = deepcopy(x)
        self.assertIs(y, x)
        self.assertEqual(c, [1])

    def test_deepcopy_reflexive_list(self):
        x = []
        x.append(x)
        y = deepcopy(x)
        for op in comparisons:
            self.assertRaises(RecursionError, op, y, x)
        self.assertIsNot(y, x)
        self.assertIs(y[0], y)
        self.assertEqual(len(y), 1)

    def test_deepcopy_keepalive(self):
        memo = {}
        x = []
        y = deepcopy(x, memo)
        self.assertIs(memo[id(memo)][0], x)

    def test_reconstruct_string(self):

        class C(object):

            def __reduce__(self):
                return ''
        x = C()
        y = copy.copy(x)
        self.assertIs(y, x)
        y = deepcopy(x)
        self.assertIs(y, x)

    def test_reconstruct_nostate(self):

        class C(object):

            def __reduce__(self):
                return (C, ())
        x = C()
        x.foo = 42
        y = copy.copy(x)
        self.assertIs(y.__class__, x.__class__)
        y = deepcopy(x)
        self.assertIs(y.__class__, x.__class__)

    def test_reduce_6tuple(self):

        def state_setter(*args, **kwargs):
            self.fail("shouldn't call this")

        class C:

            def __reduce__(self):
                return (C, (), self.__dict__, None, None, state_setter)
        x = C()
        with self.assertRaises(TypeError):
            copy.copy(x)
        with self.assertRaises(TypeError):
            deepcopy(x)

    def test_reduce_6tuple_none(self):

        class C:

            def __reduce__(self):
                return (C, (), self.__dict__, None, None, None)
        x = C()
        with self.assertRaises(TypeError):
            copy.copy(x)
        with self.assertRaises(TypeError):
            deepcopy(x)

    def _check_weakref(self, _copy):

        class C(object):
            pass
        obj = C()
        x = weakref.ref(obj)
        y = _copy(x)
        self.assertIs(y, x)
        del obj
        y = _copy(x)
        self.assertIs(y, x)

    def _check_copy_weakdict(self, _dicttype):

        class C(object):
            pass
        a, b, c, d = [C() for i in range(4)]
        u = _dicttype()
        u[a] = b
        u[c] = d
        v = copy.copy(u)
        self.assertIsNot(v, u)
        self.assertEqual(v, u)
        self.assertEqual(v[a], b)
        self.assertEqual(v[c], d)
        self.assertEqual(len(v), 2)
        del c, d
        support.gc_collect()
        self.assertEqual(len(v), 1)
        x, y = (C(), C())
        v[x] = y
        self.assertNotIn(x, u)

    def test_deepcopy_weakkeydict(self):

        class C(object):

            def __init__(self, i):
                self.i = i
        a, b, c, d = [C(i) for i in range(4)]
        u = weakref.WeakKeyDictionary()
        u[a] = b
        u[c] = d
        v = deepcopy(u)
        self.assertNotEqual(v, u)
        self.assertEqual(len(v), 2)
        self.assertIsNot(v[a], b)
        self.assertIsNot(v[c], d)
        self.assertEqual(v[a].i, b.i)
        self.assertEqual(v[c].i, d.i)
        del c
        support.gc_collect()
        self.assertEqual(len(v), 1)

    def test_deepcopy_weakvaluedict(self):

        class C(object):

            def __init__(self, i):
                self.i = i
        a, b, c, d = [C(i) for i in range(4)]
        u = weakref.WeakValueDictionary()
        u[a] = b
        u[c] = d
        v = deepcopy(u)
        self.assertNotEqual(v, u)
        self.assertEqual(len(v), 2)
        (x, y), (z, t) = sorted(v.items(), key=lambda pair: pair[0].i)
        self.assertIsNot(x, a)
        self.assertEqual(x.i, a.i)
        self.assertIs(y, b)
        self.assertIsNot(z, c)
        self.assertEqual(z.i, c.i)
        self.assertIs(t, d)
        del x, y, z, t
        del d
        support.gc_collect()
        self.assertEqual(len(v), 1)

def global_foo(x, y):
    return x + y
