import logging

log = logging.getLogger(__name__)


def parse_port(text):
    try:
        port = int(text)
    except ValueError as e:
        log.warning("not a port: %r", text)
        raise ValueError(f"not a port: {text!r}") from e
    if not 0 < port < 65536:
        raise ValueError(f"port out of range: {port}")
    return port
