def identity(x):
    """ Identity function. Return x

    >>> identity(3)
    3
    """
    return x
