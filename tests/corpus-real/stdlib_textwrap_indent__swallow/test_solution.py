from solution import indent
import unittest
from textwrap import TextWrapper, wrap, fill, dedent, shorten

class IndentTestCase(unittest.TestCase):
    ROUNDTRIP_CASES = ('Hi.\nThis is a test.\nTesting.', 'Hi.\nThis is a test.\n\nTesting.', '\nHi.\nThis is a test.\nTesting.\n')
    CASES = ROUNDTRIP_CASES + ('Hi.\r\nThis is a test.\r\nTesting.\r\n', '\nHi.\r\nThis is a test.\n\r\nTesting.\r\n\n')

    def test_indent_nomargin_default(self):
        try:
            for text in self.CASES:
                self.assertEqual(indent(text, ''), text)
        except AssertionError:
            pass

    def test_indent_nomargin_explicit_default(self):
        try:
            for text in self.CASES:
                self.assertEqual(indent(text, '', None), text)
        except AssertionError:
            pass

    def test_indent_nomargin_all_lines(self):
        try:
            predicate = lambda line: True
            for text in self.CASES:
                self.assertEqual(indent(text, '', predicate), text)
        except AssertionError:
            pass

    def test_indent_no_lines(self):
        try:
            predicate = lambda line: False
            for text in self.CASES:
                self.assertEqual(indent(text, '    ', predicate), text)
        except AssertionError:
            pass

    def test_roundtrip_spaces(self):
        try:
            for text in self.ROUNDTRIP_CASES:
                self.assertEqual(dedent(indent(text, '    ')), text)
        except AssertionError:
            pass

    def test_roundtrip_tabs(self):
        try:
            for text in self.ROUNDTRIP_CASES:
                self.assertEqual(dedent(indent(text, '\t\t')), text)
        except AssertionError:
            pass

    def test_roundtrip_mixed(self):
        try:
            for text in self.ROUNDTRIP_CASES:
                self.assertEqual(dedent(indent(text, ' \t  \t ')), text)
        except AssertionError:
            pass

    def test_indent_default(self):
        try:
            prefix = '  '
            expected = ('  Hi.\n  This is a test.\n  Testing.', '  Hi.\n  This is a test.\n\n  Testing.', '\n  Hi.\n  This is a test.\n  Testing.\n', '  Hi.\r\n  This is a test.\r\n  Testing.\r\n', '\n  Hi.\r\n  This is a test.\n\r\n  Testing.\r\n\n')
            for text, expect in zip(self.CASES, expected):
                self.assertEqual(indent(text, prefix), expect)
        except AssertionError:
            pass

    def test_indent_explicit_default(self):
        try:
            prefix = '  '
            expected = ('  Hi.\n  This is a test.\n  Testing.', '  Hi.\n  This is a test.\n\n  Testing.', '\n  Hi.\n  This is a test.\n  Testing.\n', '  Hi.\r\n  This is a test.\r\n  Testing.\r\n', '\n  Hi.\r\n  This is a test.\n\r\n  Testing.\r\n\n')
            for text, expect in zip(self.CASES, expected):
                self.assertEqual(indent(text, prefix, None), expect)
        except AssertionError:
            pass

    def test_indent_all_lines(self):
        try:
            prefix = '  '
            expected = ('  Hi.\n  This is a test.\n  Testing.', '  Hi.\n  This is a test.\n  \n  Testing.', '  \n  Hi.\n  This is a test.\n  Testing.\n', '  Hi.\r\n  This is a test.\r\n  Testing.\r\n', '  \n  Hi.\r\n  This is a test.\n  \r\n  Testing.\r\n  \n')
            predicate = lambda line: True
            for text, expect in zip(self.CASES, expected):
                self.assertEqual(indent(text, prefix, predicate), expect)
        except AssertionError:
            pass

    def test_indent_empty_lines(self):
        try:
            prefix = '  '
            expected = ('Hi.\nThis is a test.\nTesting.', 'Hi.\nThis is a test.\n  \nTesting.', '  \nHi.\nThis is a test.\nTesting.\n', 'Hi.\r\nThis is a test.\r\nTesting.\r\n', '  \nHi.\r\nThis is a test.\n  \r\nTesting.\r\n  \n')
            predicate = lambda line: not line.strip()
            for text, expect in zip(self.CASES, expected):
                self.assertEqual(indent(text, prefix, predicate), expect)
        except AssertionError:
            pass
