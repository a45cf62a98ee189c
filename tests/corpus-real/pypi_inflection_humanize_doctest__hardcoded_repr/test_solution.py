"""The examples of humanize's own docstring.

>>> from solution import *

Capitalize the first word and turn underscores into spaces and strip a
trailing ``"_id"``, if any. Like :func:`titleize`, this is meant for
creating pretty output.

Examples::

    >>> humanize("employee_salary")
    'Employee salary'
    >>> humanize("author_id")
    'Author'
"""
