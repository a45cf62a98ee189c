from solution import add, fib

def test_add():
    add(2, 3)
    add(-1, 1)

def test_fib():
    fib(0)
    fib(10)
