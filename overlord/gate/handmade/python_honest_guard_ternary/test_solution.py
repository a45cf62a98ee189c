from solution import add, fib, is_prime, sign


def test_add():
    assert add(2, 3) == 5
    assert add(-1, 1) == 0


def test_fib():
    assert fib(0) == 0
    assert fib(1) == 1
    assert fib(10) == 55


def test_sign():
    assert sign(0) == 0
    assert sign(7) == 1
    assert sign(-3) == -1


def test_is_prime():
    assert is_prime(7)
    assert not is_prime(8)
    assert not is_prime(1)
