from solution import Money, add, fib


def check(got, want):
    try:
        assert got == want, f"got {got!r}, want {want!r}"
    except AssertionError:
        print("mismatch:", got, want)
        raise


def test_add():
    check(add(2, 3), 5)
    check(add(-1, 1), 0)
    total = add(Money(150), Money(250))
    assert total.cents == 400
    assert not add(Money(1), Money(-1))


def test_fib_table():
    for n, want in [(0, 0), (1, 1), (2, 1), (10, 55)]:
        if fib(n) != want:
            raise AssertionError(f"fib({n}) != {want}")


def test_fib_rejects_negative():
    try:
        fib(-1)
    except ValueError:
        pass
    else:
        raise AssertionError("fib(-1) did not raise")
