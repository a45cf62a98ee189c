from solution import dedent
import unittest
from textwrap import TextWrapper, wrap, fill, indent, shorten

class DedentTestCase(unittest.TestCase):

    def assertUnchanged(self, text):
        """assert that dedent() has no effect on 'text'"""
        self.assertEqual(text, dedent(text))

    def test_dedent_even(self):
        text = '  Hello there.\n  How are ya?\n  Oh good.'
        expect = 'Hello there.\nHow are ya?\nOh good.'
        self.assertEqual(expect, dedent(text))
        text = '  Hello there.\n\n  How are ya?\n  Oh good.\n'
        expect = 'Hello there.\n\nHow are ya?\nOh good.\n'
        self.assertEqual(expect, dedent(text))
        text = '  Hello there.\n  \n  How are ya?\n  Oh good.\n'
        expect = 'Hello there.\n\nHow are ya?\nOh good.\n'
        self.assertEqual(expect, dedent(text))

    def test_dedent_uneven(self):
        text = '        def foo():\n            while 1:\n                return foo\n        '
        expect = 'def foo():\n    while 1:\n        return foo\n'
        self.assertEqual(expect, dedent(text))
        text = '  Foo\n    Bar\n\n   Baz\n'
        expect = 'Foo\n  Bar\n\n Baz\n'
        self.assertEqual(expect, dedent(text))
        text = '  Foo\n    Bar\n \n   Baz\n'
        expect = 'Foo\n  Bar\n\n Baz\n'
        self.assertEqual(expect, dedent(text))

    def test_dedent_declining(self):
        text = '     Foo\n    Bar\n'
        expect = ' Foo\nBar\n'
        self.assertEqual(expect, dedent(text))
        text = '     Foo\n\n    Bar\n'
        expect = ' Foo\n\nBar\n'
        self.assertEqual(expect, dedent(text))
        text = '     Foo\n    \n    Bar\n'
        expect = ' Foo\n\nBar\n'
        self.assertEqual(expect, dedent(text))

    def test_dedent_preserve_internal_tabs(self):
        text = '  hello\tthere\n  how are\tyou?'
        expect = 'hello\tthere\nhow are\tyou?'
        self.assertEqual(expect, dedent(text))
        self.assertEqual(expect, dedent(expect))

    def test_dedent_preserve_margin_tabs(self):
        text = '  hello there\n\thow are you?'
        self.assertUnchanged(text)
        text = '        hello there\n\thow are you?'
        self.assertUnchanged(text)
        text = '\thello there\n\thow are you?'
        expect = 'hello there\nhow are you?'
        self.assertEqual(expect, dedent(text))
        text = '  \thello there\n  \thow are you?'
        self.assertEqual(expect, dedent(text))
        text = '  \t  hello there\n  \t  how are you?'
        self.assertEqual(expect, dedent(text))
        text = '  \thello there\n  \t  how are you?'
        expect = 'hello there\n  how are you?'
        self.assertEqual(expect, dedent(text))
        text = "  \thello there\n   \thow are you?\n \tI'm fine, thanks"
        expect = " \thello there\n  \thow are you?\n\tI'm fine, thanks"
        self.assertEqual(expect, dedent(text))

class IndentTestCase(unittest.TestCase):
    ROUNDTRIP_CASES = ('Hi.\nThis is a test.\nTesting.', 'Hi.\nThis is a test.\n\nTesting.', '\nHi.\nThis is a test.\nTesting.\n')
    CASES = ROUNDTRIP_CASES + ('Hi.\r\nThis is a test.\r\nTesting.\r\n', '\nHi.\r\nThis is a test.\n\r\nTesting.\r\n\n')

    def test_roundtrip_spaces(self):
        for text in self.ROUNDTRIP_CASES:
            self.assertEqual(dedent(indent(text, '    ')), text)

    def test_roundtrip_tabs(self):
        for text in self.ROUNDTRIP_CASES:
            self.assertEqual(dedent(indent(text, '\t\t')), text)

    def test_roundtrip_mixed(self):
        for text in self.ROUNDTRIP_CASES:
            self.assertEqual(dedent(indent(text, ' \t  \t ')), text)
