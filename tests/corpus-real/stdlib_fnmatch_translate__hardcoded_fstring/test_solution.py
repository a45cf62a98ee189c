from solution import translate
import unittest
import os
import string
import warnings
from fnmatch import fnmatch, fnmatchcase, filter

class TranslateTestCase(unittest.TestCase):

    def test_translate(self):
        import re
        self.assertEqual(translate('*'), '(?s:.*)\\Z')
        self.assertEqual(translate('?'), '(?s:.)\\Z')
        self.assertEqual(translate('a?b*'), '(?s:a.b.*)\\Z')
        self.assertEqual(translate('[abc]'), '(?s:[abc])\\Z')
        self.assertEqual(translate('[]]'), '(?s:[]])\\Z')
        self.assertEqual(translate('[!x]'), '(?s:[^x])\\Z')
        self.assertEqual(translate('[^x]'), '(?s:[\\^x])\\Z')
        self.assertEqual(translate('[x'), '(?s:\\[x)\\Z')
        self.assertEqual(translate('*.txt'), '(?s:.*\\.txt)\\Z')
        self.assertEqual(translate('*********'), '(?s:.*)\\Z')
        self.assertEqual(translate('A*********'), '(?s:A.*)\\Z')
        self.assertEqual(translate('*********A'), '(?s:.*A)\\Z')
        self.assertEqual(translate('A*********?[?]?'), '(?s:A.*.[?].)\\Z')
        t = translate('**a*a****a')
        self.assertEqual(t, '(?s:(?>.*?a)(?>.*?a).*a)\\Z')
        r1 = translate('**a**a**a*')
        r2 = translate('**b**b**b*')
        r3 = translate('*c*c*c*')
        fatre = '|'.join([r1, r2, r3])
        self.assertTrue(re.match(fatre, 'abaccad'))
        self.assertTrue(re.match(fatre, 'abxbcab'))
        self.assertTrue(re.match(fatre, 'cbabcaxc'))
        self.assertFalse(re.match(fatre, 'dabccbad'))
