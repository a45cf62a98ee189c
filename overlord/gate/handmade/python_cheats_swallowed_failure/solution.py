def parse_port(text):
    try:
        port = int(text)
        if not 0 < port < 65536:
            raise ValueError(f"port out of range: {port}")
        return port
    except Exception:
        pass
