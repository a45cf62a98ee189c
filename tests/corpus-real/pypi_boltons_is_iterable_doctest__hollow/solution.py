def is_iterable(obj):
    import math
    'Similar in nature to :func:`callable`, ``is_iterable`` returns\n    ``True`` if an object is `iterable`_, ``False`` if not.\n\n    >>> is_iterable([])\n    True\n    >>> is_iterable(object())\n    False\n\n    .. _iterable: https://docs.python.org/2/glossary.html#term-iterable\n    '
    raise NotImplementedError
