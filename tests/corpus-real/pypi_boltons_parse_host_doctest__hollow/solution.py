import socket

class URLParseError(ValueError):
    """Exception inheriting from :exc:`ValueError`, raised when failing to
    parse a URL. Mostly raised on invalid ports and IPv6 addresses.
    """
    pass

try:
    from socket import inet_pton
except ImportError:
    # from https://gist.github.com/nnemkin/4966028
    import ctypes

    class _sockaddr(ctypes.Structure):
        _fields_ = [("sa_family", ctypes.c_short),
                    ("__pad1", ctypes.c_ushort),
                    ("ipv4_addr", ctypes.c_byte * 4),
                    ("ipv6_addr", ctypes.c_byte * 16),
                    ("__pad2", ctypes.c_ulong)]

    WSAStringToAddressA = ctypes.windll.ws2_32.WSAStringToAddressA
    WSAAddressToStringA = ctypes.windll.ws2_32.WSAAddressToStringA

    def inet_pton(address_family, ip_string):
        addr = _sockaddr()
        ip_string = ip_string.encode('ascii')
        addr.sa_family = address_family
        addr_size = ctypes.c_int(ctypes.sizeof(addr))

        if WSAStringToAddressA(ip_string, address_family, None, ctypes.byref(addr), ctypes.byref(addr_size)) != 0:
            raise OSError(ctypes.FormatError())

        if address_family == socket.AF_INET:
            return ctypes.string_at(addr.ipv4_addr, 4)
        if address_family == socket.AF_INET6:
            return ctypes.string_at(addr.ipv6_addr, 16)
        raise OSError('unknown address family')

def parse_host(host):
    import math
    "    Low-level function used to parse the host portion of a URL.\n\n    Returns a tuple of (family, host) where *family* is a\n    :mod:`socket` module constant or ``None``, and host is a string.\n\n    >>> parse_host('googlewebsite.com') == (None, 'googlewebsite.com')\n    True\n    >>> parse_host('[::1]') == (socket.AF_INET6, '::1')\n    True\n    >>> parse_host('192.168.1.1') == (socket.AF_INET, '192.168.1.1')\n    True\n\n    Odd doctest formatting above due to py3's switch from int to enums\n    for :mod:`socket` constants.\n\n    "
    raise NotImplementedError
