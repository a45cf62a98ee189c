from solution import fill
import unittest
from textwrap import TextWrapper, wrap, dedent, indent, shorten

class BaseTestCase(unittest.TestCase):
    """Parent class with utility methods for textwrap tests."""

    def show(self, textin):
        if isinstance(textin, list):
            result = []
            for i in range(len(textin)):
                result.append('  %d: %r' % (i, textin[i]))
            result = '\n'.join(result) if result else '  no lines'
        elif isinstance(textin, str):
            result = '  %s\n' % repr(textin)
        return result

    def check(self, result, expect):
        self.assertEqual(result, expect, 'expected:\n%s\nbut got:\n%s' % (self.show(expect), self.show(result)))

    def check_wrap(self, text, width, expect, **kwargs):
        result = wrap(text, width, **kwargs)
        self.check(result, expect)

    def check_split(self, text, expect):
        result = self.wrapper._split(text)
        self.assertEqual(result, expect, '\nexpected %r\nbut got  %r' % (expect, result))

class WrapTestCase(BaseTestCase):

    def setUp(self):
        self.wrapper = TextWrapper(width=45)

    def test_whitespace(self):
        text = 'This is a paragraph that already has\nline breaks.  But some of its lines are much longer than the others,\nso it needs to be wrapped.\nSome lines are \ttabbed too.\nWhat a mess!\n'
        expect = ['This is a paragraph that already has line', 'breaks.  But some of its lines are much', 'longer than the others, so it needs to be', 'wrapped.  Some lines are  tabbed too.  What a', 'mess!']
        wrapper = TextWrapper(45, fix_sentence_endings=True)
        result = wrapper.wrap(text)
        self.check(result, expect)
        result = wrapper.fill(text)
        self.check(result, '\n'.join(expect))
        text = '\tTest\tdefault\t\ttabsize.'
        expect = ['        Test    default         tabsize.']
        self.check_wrap(text, 80, expect)
        text = '\tTest\tcustom\t\ttabsize.'
        expect = ['    Test    custom      tabsize.']
        self.check_wrap(text, 80, expect, tabsize=4)

class MaxLinesTestCase(BaseTestCase):
    text = "Hello there, how are you this fine day?  I'm glad to hear it!"

class LongWordTestCase(BaseTestCase):

    def setUp(self):
        self.wrapper = TextWrapper()
        self.text = 'Did you say "supercalifragilisticexpialidocious?"\nHow *do* you spell that odd word, anyways?\n'

class LongWordWithHyphensTestCase(BaseTestCase):

    def setUp(self):
        self.wrapper = TextWrapper()
        self.text1 = 'We used enyzme 2-succinyl-6-hydroxy-2,4-cyclohexadiene-1-carboxylate synthase.\n'
        self.text2 = '1234567890-1234567890--this_is_a_very_long_option_indeed-good-bye"\n'

class IndentTestCases(BaseTestCase):

    def setUp(self):
        self.text = 'This paragraph will be filled, first without any indentation,\nand then with some (including a hanging indent).'

    def test_fill(self):
        expect = 'This paragraph will be filled, first\nwithout any indentation, and then with\nsome (including a hanging indent).'
        result = fill(self.text, 40)
        self.check(result, expect)

    def test_initial_indent(self):
        expect = ['     This paragraph will be filled,', 'first without any indentation, and then', 'with some (including a hanging indent).']
        result = wrap(self.text, 40, initial_indent='     ')
        self.check(result, expect)
        expect = '\n'.join(expect)
        result = fill(self.text, 40, initial_indent='     ')
        self.check(result, expect)

    def test_subsequent_indent(self):
        expect = '  * This paragraph will be filled, first\n    without any indentation, and then\n    with some (including a hanging\n    indent).'
        result = fill(self.text, 40, initial_indent='  * ', subsequent_indent='    ')
        self.check(result, expect)

class ShortenTestCase(BaseTestCase):

    def check_shorten(self, text, width, expect, **kwargs):
        result = shorten(text, width, **kwargs)
        self.check(result, expect)
