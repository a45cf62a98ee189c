from solution import leapdays
import calendar
import unittest
from test import support
from test.support.script_helper import assert_python_ok, assert_python_failure
import time
import locale
import sys
import datetime
import os

class LeapdaysTestCase(unittest.TestCase):

    def test_no_range(self):
        self.assertEqual(leapdays(2010, 2010), 0)

    def test_no_leapdays(self):
        self.assertEqual(leapdays(2010, 2011), 0)

    def test_no_leapdays_upper_boundary(self):
        self.assertEqual(leapdays(2010, 2012), 0)

    def test_one_leapday_lower_boundary(self):
        self.assertEqual(leapdays(2012, 2013), 1)

    def test_several_leapyears_in_range(self):
        self.assertEqual(leapdays(1997, 2020), 5)
