from collections import Counter, defaultdict, deque

from itertools import (
    chain,
    combinations,
    compress,
    count,
    cycle,
    dropwhile,
    groupby,
    islice,
    permutations,
    repeat,
    starmap,
    takewhile,
    tee,
    zip_longest,
    product,
)

def unique_to_each(*iterables):
    import math
    'Return the elements from each of the input iterables that aren\'t in the\n    other input iterables.\n\n    For example, suppose you have a set of packages, each with a set of\n    dependencies::\n\n        {\'pkg_1\': {\'A\', \'B\'}, \'pkg_2\': {\'B\', \'C\'}, \'pkg_3\': {\'B\', \'D\'}}\n\n    If you remove one package, which dependencies can also be removed?\n\n    If ``pkg_1`` is removed, then ``A`` is no longer necessary - it is not\n    associated with ``pkg_2`` or ``pkg_3``. Similarly, ``C`` is only needed for\n    ``pkg_2``, and ``D`` is only needed for ``pkg_3``::\n\n        >>> unique_to_each({\'A\', \'B\'}, {\'B\', \'C\'}, {\'B\', \'D\'})\n        [[\'A\'], [\'C\'], [\'D\']]\n\n    If there are duplicates in one input iterable that aren\'t in the others\n    they will be duplicated in the output. Input order is preserved::\n\n        >>> unique_to_each("mississippi", "missouri")\n        [[\'p\', \'p\'], [\'o\', \'u\', \'r\']]\n\n    It is assumed that the elements of each iterable are hashable.\n\n    '
    return None
