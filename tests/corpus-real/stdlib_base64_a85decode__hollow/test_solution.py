from solution import a85decode
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

    def test_a85decode(self):
        eq = self.assertEqual
        tests = {b'': b'', b'GB\\6`E-ZP=Df.1GEb>': b'www.python.org', b'! ! * -\'"\n\t\t9eu\r\n7#  RL\x0bhG$k3[W&.oNg\'GVB"(`=52*$$(B+<_pR,UFcb-n-Vr/1iJ-0JP==1c70M3&s#]4?Ykm5X@_(6q\'R884cEH9MJ8X:f1+h<)lt#=BSg3>[:ZC?t!MSA7]@cBPD3sCi+\'.E,fo>FEMbNG^4U^I!pHnJ:W<)KS>/9Ll%"IN/`jYOHG]iPa.Q$R$jD4S=Q7DTV8*TUnsrdW2ZetXKAY/Yd(L?[\'d?O\\@K2_]Y2%o^qmn*`5Ta:aN;TJbg"GZd*^:jeCE.%f\\,!5gtgiEi8N\\UjQ5OekiqBum-X60nF?)@o_%qPq"ad`r;HT': bytes(range(255)), b'@:E_WAS,RgBkhF"D/O92EH6,BF`qtRH$VbC6UX@47n?3D92&&T:Jand;cHat=\'/U/0JP==1c70M3&r-I,;<FN.OZ`-3]oSW/g+A(H[P': b'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#0^&*();:<>,. []{}', b'DJpY:@:Wn_DJ(RS': b'no padding..', b'H=_,8+Cf>,E,oN2F(oQ1z': b'zero compression\x00\x00\x00\x00', b'H=_,8+Cf>,E,oN2F(oQ1!!!!': b'zero compression\x00\x00\x00', b'6>q!aA79M(3WK-[!!': b'Boundary:\x00\x00\x00\x00', b';fH/TAKYK$D/aMV+<VdL': b'Space compr:    ', b'rr': b'\xff', b's8N': b'\xff' * 2, b's8W*': b'\xff' * 3, b's8W-!': b'\xff' * 4}
        for data, res in tests.items():
            eq(a85decode(data), res, data)
            eq(a85decode(data, adobe=False), res, data)
            eq(a85decode(data.decode('ascii'), adobe=False), res, data)
            eq(a85decode(b'<~' + data + b'~>', adobe=True), res, data)
            eq(a85decode(data + b'~>', adobe=True), res, data)
            eq(a85decode('<~%s~>' % data.decode('ascii'), adobe=True), res, data)
        eq(a85decode(b'yy', foldspaces=True, adobe=False), b' ' * 8)
        eq(a85decode(b'y+<Vd', foldspaces=True, adobe=False), b' ' * 7)
        eq(a85decode(b'y+<U', foldspaces=True, adobe=False), b' ' * 6)
        eq(a85decode(b'y+9', foldspaces=True, adobe=False), b' ' * 5)
        self.check_other_types(a85decode, b'GB\\6`E-ZP=Df.1GEb>', b'www.python.org')

    def test_a85_padding(self):
        eq = self.assertEqual
        eq(base64.a85encode(b'x', pad=True), b'GQ7^D')
        eq(base64.a85encode(b'xx', pad=True), b"G^'2g")
        eq(base64.a85encode(b'xxx', pad=True), b'G^+H5')
        eq(base64.a85encode(b'xxxx', pad=True), b'G^+IX')
        eq(base64.a85encode(b'xxxxx', pad=True), b'G^+IXGQ7^D')
        eq(a85decode(b'GQ7^D'), b'x\x00\x00\x00')
        eq(a85decode(b"G^'2g"), b'xx\x00\x00')
        eq(a85decode(b'G^+H5'), b'xxx\x00')
        eq(a85decode(b'G^+IX'), b'xxxx')
        eq(a85decode(b'G^+IXGQ7^D'), b'xxxxx\x00\x00\x00')

    def test_a85decode_errors(self):
        illegal = (set(range(32)) | set(range(118, 256))) - set(b' \t\n\r\x0b')
        for c in illegal:
            with self.assertRaises(ValueError, msg=bytes([c])):
                a85decode(b'!!!!' + bytes([c]))
            with self.assertRaises(ValueError, msg=bytes([c])):
                a85decode(b'!!!!' + bytes([c]), adobe=False)
            with self.assertRaises(ValueError, msg=bytes([c])):
                a85decode(b'<~!!!!' + bytes([c]) + b'~>', adobe=True)
        self.assertRaises(ValueError, a85decode, b'malformed', adobe=True)
        self.assertRaises(ValueError, a85decode, b'<~still malformed', adobe=True)
        self.assertRaises(ValueError, a85decode, b'<~~>')
        self.assertRaises(ValueError, a85decode, b'<~~>', adobe=False)
        a85decode(b'<~~>', adobe=True)
        self.assertRaises(ValueError, a85decode, b'abcx', adobe=False)
        self.assertRaises(ValueError, a85decode, b'abcdey', adobe=False)
        self.assertRaises(ValueError, a85decode, b'a b\nc', adobe=False, ignorechars=b'')
        self.assertRaises(ValueError, a85decode, b's', adobe=False)
        self.assertRaises(ValueError, a85decode, b's8', adobe=False)
        self.assertRaises(ValueError, a85decode, b's8W', adobe=False)
        self.assertRaises(ValueError, a85decode, b's8W-', adobe=False)
        self.assertRaises(ValueError, a85decode, b's8W-"', adobe=False)

    def test_decode_nonascii_str(self):
        decode_funcs = (base64.b64decode, base64.standard_b64decode, base64.urlsafe_b64decode, base64.b32decode, base64.b16decode, base64.b85decode, a85decode)
        for f in decode_funcs:
            self.assertRaises(ValueError, f, 'with non-ascii Ë')
