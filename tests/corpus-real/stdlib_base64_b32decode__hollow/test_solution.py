from solution import b32decode
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

    def test_b32decode(self):
        eq = self.assertEqual
        tests = {b'': b'', b'AA======': b'\x00', b'ME======': b'a', b'MFRA====': b'ab', b'MFRGG===': b'abc', b'MFRGGZA=': b'abcd', b'MFRGGZDF': b'abcde'}
        for data, res in tests.items():
            eq(b32decode(data), res)
            eq(b32decode(data.decode('ascii')), res)
        self.check_other_types(b32decode, b'MFRGG===', b'abc')
        self.check_decode_type_errors(b32decode)

    def test_b32decode_casefold(self):
        eq = self.assertEqual
        tests = {b'': b'', b'ME======': b'a', b'MFRA====': b'ab', b'MFRGG===': b'abc', b'MFRGGZA=': b'abcd', b'MFRGGZDF': b'abcde', b'me======': b'a', b'mfra====': b'ab', b'mfrgg===': b'abc', b'mfrggza=': b'abcd', b'mfrggzdf': b'abcde'}
        for data, res in tests.items():
            eq(b32decode(data, True), res)
            eq(b32decode(data.decode('ascii'), True), res)
        self.assertRaises(binascii.Error, b32decode, b'me======')
        self.assertRaises(binascii.Error, b32decode, 'me======')
        eq(b32decode(b'MLO23456'), b'b\xdd\xad\xf3\xbe')
        eq(b32decode('MLO23456'), b'b\xdd\xad\xf3\xbe')
        map_tests = {(b'M1023456', b'L'): b'b\xdd\xad\xf3\xbe', (b'M1023456', b'I'): b'b\x1d\xad\xf3\xbe'}
        for (data, map01), res in map_tests.items():
            data_str = data.decode('ascii')
            map01_str = map01.decode('ascii')
            eq(b32decode(data, map01=map01), res)
            eq(b32decode(data_str, map01=map01), res)
            eq(b32decode(data, map01=map01_str), res)
            eq(b32decode(data_str, map01=map01_str), res)
            self.assertRaises(binascii.Error, b32decode, data)
            self.assertRaises(binascii.Error, b32decode, data_str)

    def test_b32decode_error(self):
        tests = [b'abc', b'ABCDEF==', b'==ABCDEF']
        prefixes = [b'M', b'ME', b'MFRA', b'MFRGG', b'MFRGGZA', b'MFRGGZDF']
        for i in range(0, 17):
            if i:
                tests.append(b'=' * i)
            for prefix in prefixes:
                if len(prefix) + i != 8:
                    tests.append(prefix + b'=' * i)
        for data in tests:
            with self.subTest(data=data):
                with self.assertRaises(binascii.Error):
                    b32decode(data)
                with self.assertRaises(binascii.Error):
                    b32decode(data.decode('ascii'))

    def test_decode_nonascii_str(self):
        decode_funcs = (base64.b64decode, base64.standard_b64decode, base64.urlsafe_b64decode, b32decode, base64.b16decode, base64.b85decode, base64.a85decode)
        for f in decode_funcs:
            self.assertRaises(ValueError, f, 'with non-ascii Ë')
