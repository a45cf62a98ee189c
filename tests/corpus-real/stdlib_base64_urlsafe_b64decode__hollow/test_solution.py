from solution import urlsafe_b64decode
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

    def test_b64decode(self):
        eq = self.assertEqual
        tests = {b'd3d3LnB5dGhvbi5vcmc=': b'www.python.org', b'AA==': b'\x00', b'YQ==': b'a', b'YWI=': b'ab', b'YWJj': b'abc', b'YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXpBQkNERUZHSElKS0xNTk9QUVJTVFVWV1hZWjAxMjM0\nNTY3ODkhQCMwXiYqKCk7Ojw+LC4gW117fQ==': b'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#0^&*();:<>,. []{}', b'': b''}
        for data, res in tests.items():
            eq(base64.b64decode(data), res)
            eq(base64.b64decode(data.decode('ascii')), res)
        self.check_other_types(base64.b64decode, b'YWJj', b'abc')
        self.check_decode_type_errors(base64.b64decode)
        tests_altchars = {(b'01a*b$cd', b'*$'): b'\xd3V\xbeo\xf7\x1d'}
        for (data, altchars), res in tests_altchars.items():
            data_str = data.decode('ascii')
            altchars_str = altchars.decode('ascii')
            eq(base64.b64decode(data, altchars=altchars), res)
            eq(base64.b64decode(data_str, altchars=altchars), res)
            eq(base64.b64decode(data, altchars=altchars_str), res)
            eq(base64.b64decode(data_str, altchars=altchars_str), res)
        for data, res in tests.items():
            eq(base64.standard_b64decode(data), res)
            eq(base64.standard_b64decode(data.decode('ascii')), res)
        self.check_other_types(base64.standard_b64decode, b'YWJj', b'abc')
        self.check_decode_type_errors(base64.standard_b64decode)
        tests_urlsafe = {b'01a-b_cd': b'\xd3V\xbeo\xf7\x1d', b'': b''}
        for data, res in tests_urlsafe.items():
            eq(urlsafe_b64decode(data), res)
            eq(urlsafe_b64decode(data.decode('ascii')), res)
        self.check_other_types(urlsafe_b64decode, b'01a-b_cd', b'\xd3V\xbeo\xf7\x1d')
        self.check_decode_type_errors(urlsafe_b64decode)

    def test_b64decode_invalid_chars(self):
        tests = ((b'%3d==', b'\xdd'), (b'$3d==', b'\xdd'), (b'[==', b''), (b'YW]3=', b'am'), (b'3{d==', b'\xdd'), (b'3d}==', b'\xdd'), (b'@@', b''), (b'!', b''), (b'YWJj\n', b'abc'), (b'YWJj\nYWI=', b'abcab'))
        funcs = (base64.b64decode, base64.standard_b64decode, urlsafe_b64decode)
        for bstr, res in tests:
            for func in funcs:
                with self.subTest(bstr=bstr, func=func):
                    self.assertEqual(func(bstr), res)
                    self.assertEqual(func(bstr.decode('ascii')), res)
            with self.assertRaises(binascii.Error):
                base64.b64decode(bstr, validate=True)
            with self.assertRaises(binascii.Error):
                base64.b64decode(bstr.decode('ascii'), validate=True)
        res = b'\xfb\xef\xbe\xff\xff\xff'
        self.assertEqual(base64.b64decode(b'++[[//]]', b'[]'), res)
        self.assertEqual(urlsafe_b64decode(b'++--//__'), res)

    def test_decode_nonascii_str(self):
        decode_funcs = (base64.b64decode, base64.standard_b64decode, urlsafe_b64decode, base64.b32decode, base64.b16decode, base64.b85decode, base64.a85decode)
        for f in decode_funcs:
            self.assertRaises(ValueError, f, 'with non-ascii Ë')
