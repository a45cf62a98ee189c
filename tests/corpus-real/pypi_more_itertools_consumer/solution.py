from functools import cached_property, partial, wraps

from threading import Lock

def consumer(func):
    """Decorator that automatically advances a PEP-342-style "reverse iterator"
    to its first yield point so you don't have to call ``next()`` on it
    manually.

        >>> @consumer
        ... def tally():
        ...     i = 0
        ...     while True:
        ...         print('Thing number %s is %s.' % (i, (yield)))
        ...         i += 1
        ...
        >>> t = tally()
        >>> t.send('red')
        Thing number 0 is red.
        >>> t.send('fish')
        Thing number 1 is fish.

    Without the decorator, you would have to call ``next(t)`` before
    ``t.send()`` could be used.

    """

    @wraps(func)
    def wrapper(*args, **kwargs):
        gen = func(*args, **kwargs)
        next(gen)
        return gen

    return wrapper

class serialize:
    """Wrap a non-concurrent iterator with a lock to enforce sequential access.

    Applies a non-reentrant lock around calls to ``__next__``, allowing
    iterator and generator instances to be shared by multiple consumer
    threads.
    """

    __slots__ = ('_iterator', '_lock')

    def __init__(self, iterable):
        self._iterator = iter(iterable)
        self._lock = Lock()

    def __iter__(self):
        return self

    def __next__(self):
        with self._lock:
            return next(self._iterator)

    def send(self, value, /):
        """Send a value to a generator.

        Raises AttributeError if not a generator.
        """
        with self._lock:
            return self._iterator.send(value)

    def throw(self, *args):
        """Call throw() on a generator.

        Raises AttributeError if not a generator.
        """
        with self._lock:
            return self._iterator.throw(*args)

    def close(self):
        """Call close() on a generator.

        Raises AttributeError if not a generator.
        """
        with self._lock:
            return self._iterator.close()

def synchronized(func):
    """Wrap an iterator-returning callable to make its iterators thread-safe.

    Existing itertools and more-itertools can be wrapped so that their
    iterator instances are serialized.

    For example, ``itertools.count`` does not make thread-safe instances,
    but that is easily fixed with::

        atomic_counter = synchronized(itertools.count)

    Can also be used as a decorator for generator functions definitions
    so that the generator instances are serialized::

        @synchronized
        def enumerate_and_timestamp(iterable):
            for count, value in enumerate(iterable):
                yield count, time_ns(), value

    """

    @wraps(func)
    def inner(*args, **kwargs):
        iterator = func(*args, **kwargs)
        return serialize(iterator)

    return inner

def concurrent_tee(iterable, n=2):
    """Variant of itertools.tee() but with guaranteed threading semantics.

    Takes a non-threadsafe iterator as an input and creates concurrent
    tee objects for other threads to have reliable independent copies of
    the data stream.

    The new iterators are only thread-safe if consumed within a single thread.
    To share just one of the new iterators across multiple threads, wrap it
    with :func:`serialize`.
    """

    if n < 0:
        raise ValueError
    if n == 0:
        return ()
    iterator = _concurrent_tee(iterable)
    result = [iterator]
    for _ in range(n - 1):
        result.append(_concurrent_tee(iterator))
    return tuple(result)

class _concurrent_tee:
    __slots__ = ('iterator', 'link', 'lock')

    def __init__(self, iterable):
        if isinstance(iterable, _concurrent_tee):
            self.iterator = iterable.iterator
            self.link = iterable.link
            self.lock = iterable.lock
        else:
            self.iterator = iter(iterable)
            self.link = [None, None]
            self.lock = Lock()

    def __iter__(self):
        return self

    def __next__(self):
        link = self.link
        if link[1] is None:
            with self.lock:
                if link[1] is None:
                    link[0] = next(self.iterator)
                    link[1] = [None, None]
        value, self.link = link
        return value
