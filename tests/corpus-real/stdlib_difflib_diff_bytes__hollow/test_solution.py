from solution import diff_bytes
import difflib
from test.support import findfile
import unittest
import doctest
import sys

class TestBytes(unittest.TestCase):

    def check(self, diff):
        diff = list(diff)
        for line in diff:
            self.assertIsInstance(line, bytes, 'all lines of diff should be bytes, but got: %r' % line)

    def test_byte_content(self):
        a = [b'hello', b'andr\xe9']
        b = [b'hello', b'andr\xc3\xa9']
        unified = difflib.unified_diff
        context = difflib.context_diff
        check = self.check
        check(diff_bytes(unified, a, a))
        check(diff_bytes(unified, a, b))
        check(diff_bytes(unified, a, a, b'a', b'a'))
        check(diff_bytes(unified, a, b, b'a', b'b'))
        check(diff_bytes(unified, a, a, b'a', b'a', b'2005', b'2013'))
        check(diff_bytes(unified, a, b, b'a', b'b', b'2005', b'2013'))
        check(diff_bytes(context, a, a))
        check(diff_bytes(context, a, b))
        check(diff_bytes(context, a, a, b'a', b'a'))
        check(diff_bytes(context, a, b, b'a', b'b'))
        check(diff_bytes(context, a, a, b'a', b'a', b'2005', b'2013'))
        check(diff_bytes(context, a, b, b'a', b'b', b'2005', b'2013'))

    def test_byte_filenames(self):
        fna = b'\xb3odz.txt'
        fnb = b'\xc5\x82odz.txt'
        a = [b'\xa3odz is a city in Poland.']
        b = [b'\xc5\x81odz is a city in Poland.']
        check = self.check
        unified = difflib.unified_diff
        context = difflib.context_diff
        check(diff_bytes(unified, a, b, fna, fnb))
        check(diff_bytes(context, a, b, fna, fnb))

        def assertDiff(expect, actual):
            actual = list(actual)
            self.assertEqual(len(expect), len(actual))
            for e, a in zip(expect, actual):
                self.assertEqual(e, a)
        expect = [b'--- \xb3odz.txt', b'+++ \xc5\x82odz.txt', b'@@ -1 +1 @@', b'-\xa3odz is a city in Poland.', b'+\xc5\x81odz is a city in Poland.']
        actual = diff_bytes(unified, a, b, fna, fnb, lineterm=b'')
        assertDiff(expect, actual)
        datea = b'2005-03-18'
        dateb = b'2005-03-19'
        check(diff_bytes(unified, a, b, fna, fnb, datea, dateb))
        check(diff_bytes(context, a, b, fna, fnb, datea, dateb))
        expect = [b'--- \xb3odz.txt\t2005-03-18', b'+++ \xc5\x82odz.txt\t2005-03-19', b'@@ -1 +1 @@', b'-\xa3odz is a city in Poland.', b'+\xc5\x81odz is a city in Poland.']
        actual = diff_bytes(unified, a, b, fna, fnb, datea, dateb, lineterm=b'')
        assertDiff(expect, actual)

    def test_mixed_types_content(self):
        a = [b'hello']
        b = ['hello']
        unified = difflib.unified_diff
        context = difflib.context_diff
        expect = "lines to compare must be str, not bytes (b'hello')"
        self._assert_type_error(expect, unified, a, b)
        self._assert_type_error(expect, unified, b, a)
        self._assert_type_error(expect, context, a, b)
        self._assert_type_error(expect, context, b, a)
        expect = "all arguments must be bytes, not str ('hello')"
        self._assert_type_error(expect, diff_bytes, unified, a, b)
        self._assert_type_error(expect, diff_bytes, unified, b, a)
        self._assert_type_error(expect, diff_bytes, context, a, b)
        self._assert_type_error(expect, diff_bytes, context, b, a)

    def test_mixed_types_dates(self):
        a = [b'foo\n']
        b = [b'bar\n']
        datea = '1 fév'
        dateb = '3 fév'
        self._assert_type_error("all arguments must be bytes, not str ('1 fév')", diff_bytes, difflib.unified_diff, a, b, b'a', b'b', datea, dateb)
        a = ['foo\n']
        b = ['bar\n']
        list(difflib.unified_diff(a, b, 'a', 'b', datea, dateb))

    def _assert_type_error(self, msg, generator, *args):
        with self.assertRaises(TypeError) as ctx:
            list(generator(*args))
        self.assertEqual(msg, str(ctx.exception))

def setUpModule():
    difflib.HtmlDiff._default_prefix = 0
