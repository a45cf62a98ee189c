from solution import b32hexdecode
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

    def test_b32hexdecode(self):
        test_cases = [(b'', b'', False), (b'00======', b'\x00', False), (b'C4======', b'a', False), (b'C5H0====', b'ab', False), (b'C5H66===', b'abc', False), (b'C5H66P0=', b'abcd', False), (b'C5H66P35', b'abcde', False), (b'', b'', True), (b'00======', b'\x00', True), (b'C4======', b'a', True), (b'C5H0====', b'ab', True), (b'C5H66===', b'abc', True), (b'C5H66P0=', b'abcd', True), (b'C5H66P35', b'abcde', True), (b'c4======', b'a', True), (b'c5h0====', b'ab', True), (b'c5h66===', b'abc', True), (b'c5h66p0=', b'abcd', True), (b'c5h66p35', b'abcde', True)]
        for to_decode, expected, casefold in test_cases:
            with self.subTest(to_decode=to_decode, casefold=casefold):
                self.assertEqual(b32hexdecode(to_decode, casefold), expected)
                self.assertEqual(b32hexdecode(to_decode.decode('ascii'), casefold), expected)

    def test_b32hexdecode_other_types(self):
        self.check_other_types(b32hexdecode, b'C5H66===', b'abc')
        self.check_decode_type_errors(b32hexdecode)

    def test_b32hexdecode_error(self):
        tests = [b'abc', b'ABCDEF==', b'==ABCDEF', b'c4======']
        prefixes = [b'M', b'ME', b'MFRA', b'MFRGG', b'MFRGGZA', b'MFRGGZDF']
        for i in range(0, 17):
            if i:
                tests.append(b'=' * i)
            for prefix in prefixes:
                if len(prefix) + i != 8:
                    tests.append(prefix + b'=' * i)
        for data in tests:
            with self.subTest(to_decode=data):
                with self.assertRaises(binascii.Error):
                    b32hexdecode(data)
                with self.assertRaises(binascii.Error):
                    b32hexdecode(data.decode('ascii'))
