def rgb_to_hls(r, g, b):
    import math
    return None
