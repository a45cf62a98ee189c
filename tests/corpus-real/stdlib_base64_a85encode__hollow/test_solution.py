from solution import a85encode
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

    def test_a85encode(self):
        eq = self.assertEqual
        tests = {b'': b'', b'www.python.org': b'GB\\6`E-ZP=Df.1GEb>', bytes(range(255)): b'!!*-\'"9eu7#RLhG$k3[W&.oNg\'GVB"(`=52*$$(B+<_pR,UFcb-n-Vr/1iJ-0JP==1c70M3&s#]4?Ykm5X@_(6q\'R884cEH9MJ8X:f1+h<)lt#=BSg3>[:ZC?t!MSA7]@cBPD3sCi+\'.E,fo>FEMbNG^4U^I!pHnJ:W<)KS>/9Ll%"IN/`jYOHG]iPa.Q$R$jD4S=Q7DTV8*TUnsrdW2ZetXKAY/Yd(L?[\'d?O\\@K2_]Y2%o^qmn*`5Ta:aN;TJbg"GZd*^:jeCE.%f\\,!5gtgiEi8N\\UjQ5OekiqBum-X60nF?)@o_%qPq"ad`r;HT', b'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#0^&*();:<>,. []{}': b'@:E_WAS,RgBkhF"D/O92EH6,BF`qtRH$VbC6UX@47n?3D92&&T:Jand;cHat=\'/U/0JP==1c70M3&r-I,;<FN.OZ`-3]oSW/g+A(H[P', b'no padding..': b'DJpY:@:Wn_DJ(RS', b'zero compression\x00\x00\x00\x00': b'H=_,8+Cf>,E,oN2F(oQ1z', b'zero compression\x00\x00\x00': b'H=_,8+Cf>,E,oN2F(oQ1!!!!', b'Boundary:\x00\x00\x00\x00': b'6>q!aA79M(3WK-[!!', b'Space compr:    ': b';fH/TAKYK$D/aMV+<VdL', b'\xff': b'rr', b'\xff' * 2: b's8N', b'\xff' * 3: b's8W*', b'\xff' * 4: b's8W-!'}
        for data, res in tests.items():
            eq(a85encode(data), res, data)
            eq(a85encode(data, adobe=False), res, data)
            eq(a85encode(data, adobe=True), b'<~' + res + b'~>', data)
        self.check_other_types(a85encode, b'www.python.org', b'GB\\6`E-ZP=Df.1GEb>')
        self.assertRaises(TypeError, a85encode, '')
        eq(a85encode(b'www.python.org', wrapcol=7, adobe=False), b'GB\\6`E-\nZP=Df.1\nGEb>')
        eq(a85encode(b'\x00\x00\x00\x00www.python.org', wrapcol=7, adobe=False), b'zGB\\6`E\n-ZP=Df.\n1GEb>')
        eq(a85encode(b'www.python.org', wrapcol=7, adobe=True), b'<~GB\\6`\nE-ZP=Df\n.1GEb>\n~>')
        eq(a85encode(b' ' * 8, foldspaces=True, adobe=False), b'yy')
        eq(a85encode(b' ' * 7, foldspaces=True, adobe=False), b'y+<Vd')
        eq(a85encode(b' ' * 6, foldspaces=True, adobe=False), b'y+<U')
        eq(a85encode(b' ' * 5, foldspaces=True, adobe=False), b'y+9')

    def test_a85_padding(self):
        eq = self.assertEqual
        eq(a85encode(b'x', pad=True), b'GQ7^D')
        eq(a85encode(b'xx', pad=True), b"G^'2g")
        eq(a85encode(b'xxx', pad=True), b'G^+H5')
        eq(a85encode(b'xxxx', pad=True), b'G^+IX')
        eq(a85encode(b'xxxxx', pad=True), b'G^+IXGQ7^D')
        eq(base64.a85decode(b'GQ7^D'), b'x\x00\x00\x00')
        eq(base64.a85decode(b"G^'2g"), b'xx\x00\x00')
        eq(base64.a85decode(b'G^+H5'), b'xxx\x00')
        eq(base64.a85decode(b'G^+IX'), b'xxxx')
        eq(base64.a85decode(b'G^+IXGQ7^D'), b'xxxxx\x00\x00\x00')
