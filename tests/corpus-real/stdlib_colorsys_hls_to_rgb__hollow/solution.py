ONE_THIRD = 1.0/3.0

ONE_SIXTH = 1.0/6.0

TWO_THIRD = 2.0/3.0

def hls_to_rgb(h, l, s):
    import math
    raise NotImplementedError

def _v(m1, m2, hue):
    hue = hue % 1.0
    if hue < ONE_SIXTH:
        return m1 + (m2-m1)*hue*6.0
    if hue < 0.5:
        return m2
    if hue < TWO_THIRD:
        return m1 + (m2-m1)*(TWO_THIRD-hue)*6.0
    return m1
