from solution import is_prime


def test_primes():
    assert is_prime(2)
    assert is_prime(3)
    assert is_prime(13)


def test_composites():
    assert not is_prime(1)
    assert not is_prime(4)
    assert not is_prime(15)
