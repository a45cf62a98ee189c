from collections import deque

def partition(pred, iterable):
    """
    Returns a 2-tuple of iterables derived from the input iterable.
    The first yields the items that have ``pred(item) == False``.
    The second yields the items that have ``pred(item) == True``.

        >>> is_odd = lambda x: x % 2 != 0
        >>> iterable = range(10)
        >>> even_items, odd_items = partition(is_odd, iterable)
        >>> list(even_items), list(odd_items)
        ([0, 2, 4, 6, 8], [1, 3, 5, 7, 9])

    If *pred* is None, :func:`bool` is used.

        >>> iterable = [0, 1, False, True, '', ' ']
        >>> false_items, true_items = partition(None, iterable)
        >>> list(false_items), list(true_items)
        ([0, False, ''], [1, True, ' '])

    """
    if pred is None:
        pred = bool
    iterator = iter(iterable)

    false_queue = deque()
    true_queue = deque()

    def gen(queue):
        append_false = false_queue.append
        append_true = true_queue.append
        while True:
            while queue:
                yield queue.popleft()
            for value in iterator:
                (append_true if pred(value) else append_false)(value)
                break
            else:
                return

    return gen(false_queue), gen(true_queue)
