from solution import urlsafe_b64encode
import unittest
import base64
import binascii
import os
from array import array
from test.support import os_helper
from test.support import script_helper

class BaseXYTestCase(unittest.TestCase):

    def check_encode_type_errors(self, f):
        self.assertRaises(TypeError, f, '')
        self.assertRaises(TypeError, f, [])

    def check_decode_type_errors(self, f):
        self.assertRaises(TypeError, f, [])

    def check_other_types(self, f, bytes_data, expected):
        eq = self.assertEqual
        b = bytearray(bytes_data)
        eq(f(b), expected)
        eq(b, bytes_data)
        eq(f(memoryview(bytes_data)), expected)
        eq(f(array('B', bytes_data)), expected)
        self.check_nonbyte_element_format(base64.b64encode, bytes_data)
        self.check_multidimensional(base64.b64encode, bytes_data)

    def check_multidimensional(self, f, data):
        padding = b'\x00' if len(data) % 2 else b''
        bytes_data = data + padding
        shape = (len(bytes_data) // 2, 2)
        multidimensional = memoryview(bytes_data).cast('B', shape)
        self.assertEqual(f(multidimensional), f(bytes_data))

    def check_nonbyte_element_format(self, f, data):
        padding = b'\x00' * ((4 - len(data)) % 4)
        bytes_data = data + padding
        int_data = memoryview(bytes_data).cast('I')
        self.assertEqual(f(int_data), f(bytes_data))

    def test_b64encode(self):
        eq = self.assertEqual
        eq(base64.b64encode(b'www.python.org'), b'd3d3LnB5dGhvbi5vcmc=')
        eq(base64.b64encode(b'\x00'), b'AA==')
        eq(base64.b64encode(b'a'), b'YQ==')
        eq(base64.b64encode(b'ab'), b'YWI=')
        eq(base64.b64encode(b'abc'), b'YWJj')
        eq(base64.b64encode(b''), b'')
        eq(base64.b64encode(b'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#0^&*();:<>,. []{}'), b'YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXpBQkNERUZHSElKS0xNTk9QUVJTVFVWV1hZWjAxMjM0NTY3ODkhQCMwXiYqKCk7Ojw+LC4gW117fQ==')
        eq(base64.b64encode(b'\xd3V\xbeo\xf7\x1d', altchars=b'*$'), b'01a*b$cd')
        eq(base64.b64encode(b'\xd3V\xbeo\xf7\x1d', altchars=bytearray(b'*$')), b'01a*b$cd')
        eq(base64.b64encode(b'\xd3V\xbeo\xf7\x1d', altchars=memoryview(b'*$')), b'01a*b$cd')
        eq(base64.b64encode(b'\xd3V\xbeo\xf7\x1d', altchars=array('B', b'*$')), b'01a*b$cd')
        self.check_other_types(base64.b64encode, b'abcd', b'YWJjZA==')
        self.check_encode_type_errors(base64.b64encode)
        self.assertRaises(TypeError, base64.b64encode, b'', altchars='*$')
        eq(base64.standard_b64encode(b'www.python.org'), b'd3d3LnB5dGhvbi5vcmc=')
        eq(base64.standard_b64encode(b'a'), b'YQ==')
        eq(base64.standard_b64encode(b'ab'), b'YWI=')
        eq(base64.standard_b64encode(b'abc'), b'YWJj')
        eq(base64.standard_b64encode(b''), b'')
        eq(base64.standard_b64encode(b'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#0^&*();:<>,. []{}'), b'YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXpBQkNERUZHSElKS0xNTk9QUVJTVFVWV1hZWjAxMjM0NTY3ODkhQCMwXiYqKCk7Ojw+LC4gW117fQ==')
        self.check_other_types(base64.standard_b64encode, b'abcd', b'YWJjZA==')
        self.check_encode_type_errors(base64.standard_b64encode)
        eq(urlsafe_b64encode(b'\xd3V\xbeo\xf7\x1d'), b'01a-b_cd')
        self.check_other_types(urlsafe_b64encode, b'\xd3V\xbeo\xf7\x1d', b'01a-b_cd')
        self.check_encode_type_errors(urlsafe_b64encode)
