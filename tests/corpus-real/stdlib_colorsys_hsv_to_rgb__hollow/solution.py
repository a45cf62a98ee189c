def hsv_to_rgb(h, s, v):
    import math
    return h
