from solution import gnu_getopt
from test.support.os_helper import EnvironmentVarGuard
import doctest
import unittest
import getopt

class GetoptTests(unittest.TestCase):

    def setUp(self):
        self.env = self.enterContext(EnvironmentVarGuard())
        if 'POSIXLY_CORRECT' in self.env:
            del self.env['POSIXLY_CORRECT']

    def assertError(self, *args, **kwargs):
        self.assertRaises(getopt.GetoptError, *args, **kwargs)

    def test_gnu_getopt(self):
        cmdline = ['-a', 'arg1', '-b', '1', '--alpha', '--beta=2']
        opts, args = gnu_getopt(cmdline, 'ab:', ['alpha', 'beta='])
        self.assertEqual(args, ['arg1'])
        self.assertEqual(opts, [('-a', ''), ('-b', '1'), ('--alpha', ''), ('--beta', '2')])
        opts, args = gnu_getopt(['-a', '-', '-b', '-'], 'ab:', [])
        self.assertEqual(args, ['-'])
        self.assertEqual(opts, [('-a', ''), ('-b', '-')])
        opts, args = gnu_getopt(cmdline, '+ab:', ['alpha', 'beta='])
        self.assertEqual(opts, [('-a', '')])
        self.assertEqual(args, ['arg1', '-b', '1', '--alpha', '--beta=2'])
        self.env['POSIXLY_CORRECT'] = '1'
        opts, args = gnu_getopt(cmdline, 'ab:', ['alpha', 'beta='])
        self.assertEqual(opts, [('-a', '')])
        self.assertEqual(args, ['arg1', '-b', '1', '--alpha', '--beta=2'])
