from solution import b85decode
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

    def test_b85decode(self):
        eq = self.assertEqual
        tests = {b'': b'', b'cXxL#aCvlSZ*DGca%T': b'www.python.org', b'009C61O)~M2nh-c3=Iws5D^j+6crX17#SKH9337XAR!_nBqb&%C@Cr{EG;fCFflSSG&MFiI5|2yJUu=?KtV!7L`6nNNJ&adOifNtP*GA-R8>}2SXo+ITwPvYU}0ioWMyV&XlZI|Y;A6DaB*^Tbai%jczJqze0_d@fPsR8goTEOh>41ejE#<ukdcy;l$Dm3n3<ZJoSmMZprN9pq@|{(sHv)}tgWuEu(7hUw6(UkxVgH!yuH4^z`?@9#Kp$P$jQpf%+1cv(9zP<)YaD4*xB0K+}+;a;Njxq<mKk)=;`X~?CtLF@bU8V^!4`l`1$(#{Qdp': bytes(range(255)), b'VPa!sWoBn+X=-b1ZEkOHadLBXb#`}nd3r%YLqtVJM@UIZOH55pPf$@(Q&d$}S6EqEFflSSG&MFiI5{CeBQRbjDkv#CIy^osE+AW7dwl': b'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#0^&*();:<>,. []{}', b'Zf_uPVPs@!Zf7no': b'no padding..', b'dS!BNAY*TBaB^jHb7^mG00000': b'zero compression\x00\x00\x00\x00', b'dS!BNAY*TBaB^jHb7^mG0000': b'zero compression\x00\x00\x00', b'LT`0$WMOi7IsgCw00': b'Boundary:\x00\x00\x00\x00', b'Q*dEpWgug3ZE$irARr(h': b'Space compr:    ', b'{{': b'\xff', b'|Nj': b'\xff' * 2, b'|Ns9': b'\xff' * 3, b'|NsC0': b'\xff' * 4}
        for data, res in tests.items():
            eq(b85decode(data), res)
            eq(b85decode(data.decode('ascii')), res)
        self.check_other_types(b85decode, b'cXxL#aCvlSZ*DGca%T', b'www.python.org')

    def test_b85_padding(self):
        eq = self.assertEqual
        eq(base64.b85encode(b'x', pad=True), b'cmMzZ')
        eq(base64.b85encode(b'xx', pad=True), b'cz6H+')
        eq(base64.b85encode(b'xxx', pad=True), b'czAdK')
        eq(base64.b85encode(b'xxxx', pad=True), b'czAet')
        eq(base64.b85encode(b'xxxxx', pad=True), b'czAetcmMzZ')
        eq(b85decode(b'cmMzZ'), b'x\x00\x00\x00')
        eq(b85decode(b'cz6H+'), b'xx\x00\x00')
        eq(b85decode(b'czAdK'), b'xxx\x00')
        eq(b85decode(b'czAet'), b'xxxx')
        eq(b85decode(b'czAetcmMzZ'), b'xxxxx\x00\x00\x00')

    def test_b85decode_errors(self):
        illegal = list(range(33)) + list(b'"\',./:[\\]') + list(range(128, 256))
        for c in illegal:
            with self.assertRaises(ValueError, msg=bytes([c])):
                b85decode(b'0000' + bytes([c]))
        self.assertRaises(ValueError, b85decode, b'|')
        self.assertRaises(ValueError, b85decode, b'|N')
        self.assertRaises(ValueError, b85decode, b'|Ns')
        self.assertRaises(ValueError, b85decode, b'|NsC')
        self.assertRaises(ValueError, b85decode, b'|NsC1')

    def test_decode_nonascii_str(self):
        decode_funcs = (base64.b64decode, base64.standard_b64decode, base64.urlsafe_b64decode, base64.b32decode, base64.b16decode, b85decode, base64.a85decode)
        for f in decode_funcs:
            self.assertRaises(ValueError, f, 'with non-ascii Ë')
