from solution import parse_port


def test_parse_port():
    assert parse_port("8080") == 8080
    assert parse_port(" 22 ") == 22
