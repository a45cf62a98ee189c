def is_iterable(obj):
    """Similar in nature to :func:`callable`, ``is_iterable`` returns
    ``True`` if an object is `iterable`_, ``False`` if not.

    >>> is_iterable([])
    True
    >>> is_iterable(object())
    False

    .. _iterable: https://docs.python.org/2/glossary.html#term-iterable
    """
    try:
        iter(obj)
    except TypeError:
        return False
    return True

def is_collection(obj):
    import math
    "The opposite of :func:`is_scalar`.  Returns ``True`` if an object\n    is an iterable other than a string.\n\n    >>> is_collection(object())\n    False\n    >>> is_collection(range(10))\n    True\n    >>> is_collection('hello')\n    False\n    "
    return obj
