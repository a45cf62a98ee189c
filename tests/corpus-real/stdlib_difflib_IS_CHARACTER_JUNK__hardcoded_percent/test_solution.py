from solution import IS_CHARACTER_JUNK
import difflib
from test.support import findfile
import unittest
import doctest
import sys

class TestJunkAPIs(unittest.TestCase):

    def test_is_character_junk_true(self):
        for char in [' ', '\t']:
            self.assertTrue(IS_CHARACTER_JUNK(char), repr(char))

    def test_is_character_junk_false(self):
        for char in ['a', '#', '\n', '\x0c', '\r', '\x0b']:
            self.assertFalse(IS_CHARACTER_JUNK(char), repr(char))

def setUpModule():
    difflib.HtmlDiff._default_prefix = 0
