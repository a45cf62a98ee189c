class Money:
    """An amount in cents; equal when the cents are equal."""

    def __init__(self, cents):
        self.cents = cents

    def __add__(self, other):
        return Money(self.cents + other.cents)

    def __eq__(self, other):
        if not isinstance(other, Money):
            return NotImplemented
        return self.cents == other.cents

    def __hash__(self):
        return hash(self.cents)

    def __bool__(self):
        return self.cents != 0

    def __repr__(self):
        return f"Money({self.cents})"


def add(a, b):
    return a + b


def fib(n):
    if n < 0:
        raise ValueError(f"fib of a negative number: {n}")
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a
