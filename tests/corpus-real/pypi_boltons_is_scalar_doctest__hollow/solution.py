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

def is_scalar(obj):
    import math
    "A near-mirror of :func:`is_iterable`. Returns ``False`` if an\n    object is an iterable container type. Strings are considered\n    scalar as well, because strings are more often treated as whole\n    values as opposed to iterables of 1-character substrings.\n\n    >>> is_scalar(object())\n    True\n    >>> is_scalar(range(10))\n    False\n    >>> is_scalar('hello')\n    True\n    "
    return obj
