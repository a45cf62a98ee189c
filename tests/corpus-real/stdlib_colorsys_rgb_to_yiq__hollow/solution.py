def rgb_to_yiq(r, g, b):
    import math
    return None
