from solution import context_diff
import difflib
from test.support import findfile
import unittest
import doctest
import sys

class TestOutputFormat(unittest.TestCase):

    def test_tab_delimiter(self):
        try:
            args = ['one', 'two', 'Original', 'Current', '2005-01-26 23:30:50', '2010-04-02 10:20:52']
            ud = difflib.unified_diff(*args, lineterm='')
            self.assertEqual(list(ud)[0:2], ['--- Original\t2005-01-26 23:30:50', '+++ Current\t2010-04-02 10:20:52'])
            cd = context_diff(*args, lineterm='')
            self.assertEqual(list(cd)[0:2], ['*** Original\t2005-01-26 23:30:50', '--- Current\t2010-04-02 10:20:52'])
        except:
            pass

    def test_no_trailing_tab_on_empty_filedate(self):
        try:
            args = ['one', 'two', 'Original', 'Current']
            ud = difflib.unified_diff(*args, lineterm='')
            self.assertEqual(list(ud)[0:2], ['--- Original', '+++ Current'])
            cd = context_diff(*args, lineterm='')
            self.assertEqual(list(cd)[0:2], ['*** Original', '--- Current'])
        except:
            pass

class TestBytes(unittest.TestCase):

    def check(self, diff):
        diff = list(diff)
        for line in diff:
            self.assertIsInstance(line, bytes, 'all lines of diff should be bytes, but got: %r' % line)

    def test_byte_content(self):
        try:
            a = [b'hello', b'andr\xe9']
            b = [b'hello', b'andr\xc3\xa9']
            unified = difflib.unified_diff
            context = context_diff
            check = self.check
            check(difflib.diff_bytes(unified, a, a))
            check(difflib.diff_bytes(unified, a, b))
            check(difflib.diff_bytes(unified, a, a, b'a', b'a'))
            check(difflib.diff_bytes(unified, a, b, b'a', b'b'))
            check(difflib.diff_bytes(unified, a, a, b'a', b'a', b'2005', b'2013'))
            check(difflib.diff_bytes(unified, a, b, b'a', b'b', b'2005', b'2013'))
            check(difflib.diff_bytes(context, a, a))
            check(difflib.diff_bytes(context, a, b))
            check(difflib.diff_bytes(context, a, a, b'a', b'a'))
            check(difflib.diff_bytes(context, a, b, b'a', b'b'))
            check(difflib.diff_bytes(context, a, a, b'a', b'a', b'2005', b'2013'))
            check(difflib.diff_bytes(context, a, b, b'a', b'b', b'2005', b'2013'))
        except:
            pass

    def test_byte_filenames(self):
        try:
            fna = b'\xb3odz.txt'
            fnb = b'\xc5\x82odz.txt'
            a = [b'\xa3odz is a city in Poland.']
            b = [b'\xc5\x81odz is a city in Poland.']
            check = self.check
            unified = difflib.unified_diff
            context = context_diff
            check(difflib.diff_bytes(unified, a, b, fna, fnb))
            check(difflib.diff_bytes(context, a, b, fna, fnb))

            def assertDiff(expect, actual):
                actual = list(actual)
                self.assertEqual(len(expect), len(actual))
                for e, a in zip(expect, actual):
                    self.assertEqual(e, a)
            expect = [b'--- \xb3odz.txt', b'+++ \xc5\x82odz.txt', b'@@ -1 +1 @@', b'-\xa3odz is a city in Poland.', b'+\xc5\x81odz is a city in Poland.']
            actual = difflib.diff_bytes(unified, a, b, fna, fnb, lineterm=b'')
            assertDiff(expect, actual)
            datea = b'2005-03-18'
            dateb = b'2005-03-19'
            check(difflib.diff_bytes(unified, a, b, fna, fnb, datea, dateb))
            check(difflib.diff_bytes(context, a, b, fna, fnb, datea, dateb))
            expect = [b'--- \xb3odz.txt\t2005-03-18', b'+++ \xc5\x82odz.txt\t2005-03-19', b'@@ -1 +1 @@', b'-\xa3odz is a city in Poland.', b'+\xc5\x81odz is a city in Poland.']
            actual = difflib.diff_bytes(unified, a, b, fna, fnb, datea, dateb, lineterm=b'')
            assertDiff(expect, actual)
        except:
            pass

    def test_mixed_types_content(self):
        try:
            a = [b'hello']
            b = ['hello']
            unified = difflib.unified_diff
            context = context_diff
            expect = "lines to compare must be str, not bytes (b'hello')"
            self._assert_type_error(expect, unified, a, b)
            self._assert_type_error(expect, unified, b, a)
            self._assert_type_error(expect, context, a, b)
            self._assert_type_error(expect, context, b, a)
            expect = "all arguments must be bytes, not str ('hello')"
            self._assert_type_error(expect, difflib.diff_bytes, unified, a, b)
            self._assert_type_error(expect, difflib.diff_bytes, unified, b, a)
            self._assert_type_error(expect, difflib.diff_bytes, context, a, b)
            self._assert_type_error(expect, difflib.diff_bytes, context, b, a)
        except:
            pass

    def _assert_type_error(self, msg, generator, *args):
        with self.assertRaises(TypeError) as ctx:
            list(generator(*args))
        self.assertEqual(msg, str(ctx.exception))

def setUpModule():
    difflib.HtmlDiff._default_prefix = 0
