from solution import unified_diff
import difflib
from test.support import findfile
import unittest
import doctest
import sys

class TestSFbugs(unittest.TestCase):

    def test_comparing_empty_lists(self):
        group_gen = difflib.SequenceMatcher(None, [], []).get_grouped_opcodes()
        self.assertRaises(StopIteration, next, group_gen)
        diff_gen = unified_diff([], [])
        self.assertRaises(StopIteration, next, diff_gen)

class TestOutputFormat(unittest.TestCase):

    def test_tab_delimiter(self):
        args = ['one', 'two', 'Original', 'Current', '2005-01-26 23:30:50', '2010-04-02 10:20:52']
        ud = unified_diff(*args, lineterm='')
        self.assertEqual(list(ud)[0:2], ['--- Original\t2005-01-26 23:30:50', '+++ Current\t2010-04-02 10:20:52'])
        cd = difflib.context_diff(*args, lineterm='')
        self.assertEqual(list(cd)[0:2], ['*** Original\t2005-01-26 23:30:50', '--- Current\t2010-04-02 10:20:52'])

    def test_no_trailing_tab_on_empty_filedate(self):
        args = ['one', 'two', 'Original', 'Current']
        ud = unified_diff(*args, lineterm='')
        self.assertEqual(list(ud)[0:2], ['--- Original', '+++ Current'])
        cd = difflib.context_diff(*args, lineterm='')
        self.assertEqual(list(cd)[0:2], ['*** Original', '--- Current'])

class TestBytes(unittest.TestCase):

    def check(self, diff):
        diff = list(diff)
        for line in diff:
            self.assertIsInstance(line, bytes, 'all lines of diff should be bytes, but got: %r' % line)

    def test_byte_content(self):
        a = [b'hello', b'andr\xe9']
        b = [b'hello', b'andr\xc3\xa9']
        unified = unified_diff
        context = difflib.context_diff
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

    def test_byte_filenames(self):
        fna = b'\xb3odz.txt'
        fnb = b'\xc5\x82odz.txt'
        a = [b'\xa3odz is a city in Poland.']
        b = [b'\xc5\x81odz is a city in Poland.']
        check = self.check
        unified = unified_diff
        context = difflib.context_diff
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

    def test_mixed_types_content(self):
        a = [b'hello']
        b = ['hello']
        unified = unified_diff
        context = difflib.context_diff
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

    def test_mixed_types_filenames(self):
        a = ['hello\n']
        b = ['ohell\n']
        fna = b'ol\xe9.txt'
        fnb = b'ol\xc3a9.txt'
        self._assert_type_error("all arguments must be str, not: b'ol\\xe9.txt'", unified_diff, a, b, fna, fnb)

    def test_mixed_types_dates(self):
        a = [b'foo\n']
        b = [b'bar\n']
        datea = '1 fév'
        dateb = '3 fév'
        self._assert_type_error("all arguments must be bytes, not str ('1 fév')", difflib.diff_bytes, unified_diff, a, b, b'a', b'b', datea, dateb)
        a = ['foo\n']
        b = ['bar\n']
        list(unified_diff(a, b, 'a', 'b', datea, dateb))

    def _assert_type_error(self, msg, generator, *args):
        with self.assertRaises(TypeError) as ctx:
            list(generator(*args))
        self.assertEqual(msg, str(ctx.exception))

def setUpModule():
    difflib.HtmlDiff._default_prefix = 0
