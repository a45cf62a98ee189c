from solution import b16decode
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

    def test_b16decode(self):
        eq = self.assertEqual
        eq(b16decode(b'0102ABCDEF'), b'\x01\x02\xab\xcd\xef')
        eq(b16decode('0102ABCDEF'), b'\x01\x02\xab\xcd\xef')
        eq(b16decode(b'00'), b'\x00')
        eq(b16decode('00'), b'\x00')
        self.assertRaises(binascii.Error, b16decode, b'0102abcdef')
        self.assertRaises(binascii.Error, b16decode, '0102abcdef')
        eq(b16decode(b'0102abcdef', True), b'\x01\x02\xab\xcd\xef')
        eq(b16decode('0102abcdef', True), b'\x01\x02\xab\xcd\xef')
        self.check_other_types(b16decode, b'0102ABCDEF', b'\x01\x02\xab\xcd\xef')
        self.check_decode_type_errors(b16decode)
        eq(b16decode(bytearray(b'0102abcdef'), True), b'\x01\x02\xab\xcd\xef')
        eq(b16decode(memoryview(b'0102abcdef'), True), b'\x01\x02\xab\xcd\xef')
        eq(b16decode(array('B', b'0102abcdef'), True), b'\x01\x02\xab\xcd\xef')
        self.assertRaises(binascii.Error, b16decode, '0102AG')
        self.assertRaises(binascii.Error, b16decode, '010')

    def test_decode_nonascii_str(self):
        decode_funcs = (base64.b64decode, base64.standard_b64decode, base64.urlsafe_b64decode, base64.b32decode, b16decode, base64.b85decode, base64.a85decode)
        for f in decode_funcs:
            self.assertRaises(ValueError, f, 'with non-ascii Ë')
