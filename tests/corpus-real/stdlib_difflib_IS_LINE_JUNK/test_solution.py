from solution import IS_LINE_JUNK
import difflib
from test.support import findfile
import unittest
import doctest
import sys

class TestJunkAPIs(unittest.TestCase):

    def test_is_line_junk_true(self):
        for line in ['#', '  ', ' #', '# ', ' # ', '']:
            self.assertTrue(IS_LINE_JUNK(line), repr(line))

    def test_is_line_junk_false(self):
        for line in ['##', ' ##', '## ', 'abc ', 'abc #', 'Mr. Moose is up!']:
            self.assertFalse(IS_LINE_JUNK(line), repr(line))

    def test_is_line_junk_REDOS(self):
        evil_input = '\t' * 1000000 + '##'
        self.assertFalse(IS_LINE_JUNK(evil_input))

def setUpModule():
    difflib.HtmlDiff._default_prefix = 0
