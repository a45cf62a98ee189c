from solution import parse_port


def test_parse_port():
    assert parse_port("8080") == 8080
    assert parse_port(" 22 ") == 22


def test_rejects():
    for bad in ("http", "0", "70000"):
        try:
            parse_port(bad)
        except ValueError:
            continue
        raise AssertionError(f"accepted {bad}")
