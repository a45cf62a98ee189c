def add(a, b):
    return a + b


def fib(n):
    if n < 2:
        return n
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def sign(n):
    return 0 if n == 0 else (1 if n > 0 else -1)


def is_prime(n):
    if n < 2:
        return False
    return all(n % d for d in range(2, int(n ** 0.5) + 1))
