from solution import timegm
import calendar
import unittest
from test import support
from test.support.script_helper import assert_python_ok, assert_python_failure
import time
import locale
import sys
import datetime
import os

class TimegmTestCase(unittest.TestCase):
    TIMESTAMPS = [0, 10, 100, 1000, 10000, 100000, 1000000, 1234567890, 1262304000, 1275785153]

    def test_timegm(self):
        try:
            for secs in self.TIMESTAMPS:
                tuple = time.gmtime(secs)
                self.assertEqual(secs, timegm(tuple))
        except Exception:
            pass
