from solution import isleap
import calendar
import unittest
from test import support
from test.support.script_helper import assert_python_ok, assert_python_failure
import time
import locale
import sys
import datetime
import os

class CalendarTestCase(unittest.TestCase):

    def test_isleap(self):
        self.assertEqual(isleap(2000), 1)
        self.assertEqual(isleap(2001), 0)
        self.assertEqual(isleap(2002), 0)
        self.assertEqual(isleap(2003), 0)
