def rgb_to_hsv(r, g, b):
    import math
    raise NotImplementedError
