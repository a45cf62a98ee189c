from solution import add, fib

def test_add():
    assert add(2, 3) == 5
    assert add(-1, 1) == 0

def test_fib():
    assert fib(0) == 0
    assert fib(1) == 1
    assert fib(10) == 55
