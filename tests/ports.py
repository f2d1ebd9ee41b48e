"""A free loopback port, for a server a test starts in a process of its own."""

from __future__ import annotations

import socket


def free_port() -> int:
    """A loopback port nobody listens on now (another process may take it before the
    test's server does: rare, and the test then fails saying it could not listen)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
