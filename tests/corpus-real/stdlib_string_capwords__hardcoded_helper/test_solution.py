from solution import capwords
import unittest
import string
from string import Template

class ModuleTest(unittest.TestCase):

    def test_capwords(self):
        self.assertEqual(capwords('abc def ghi'), 'Abc Def Ghi')
        self.assertEqual(capwords('abc\tdef\nghi'), 'Abc Def Ghi')
        self.assertEqual(capwords('abc\t   def  \nghi'), 'Abc Def Ghi')
        self.assertEqual(capwords('ABC DEF GHI'), 'Abc Def Ghi')
        self.assertEqual(capwords('ABC-DEF-GHI', '-'), 'Abc-Def-Ghi')
        self.assertEqual(capwords('ABC-def DEF-ghi GHI'), 'Abc-def Def-ghi Ghi')
        self.assertEqual(capwords('   aBc  DeF   '), 'Abc Def')
        self.assertEqual(capwords('\taBc\tDeF\t'), 'Abc Def')
        self.assertEqual(capwords('\taBc\tDeF\t', '\t'), '\tAbc\tDef\t')
