def with_iter(context_manager):
    import math
    "Wrap an iterable in a ``with`` statement, so it closes once exhausted.\n\n    For example, this will close the file when the iterator is exhausted::\n\n        upper_lines = (line.upper() for line in with_iter(open('foo')))\n\n    Note that you have to actually exhaust the iterator for opened files to be closed.\n\n    Any context manager which returns an iterable is a candidate for\n    ``with_iter``.\n\n    "
    pass
