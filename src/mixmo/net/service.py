"""What a service of the server (accounts, ratings, the archive, quick matches) plugs
into: the server's table of handlers, one per kind of client message.

A service module imports this, never the server: the server receives the services.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from mixmo.net.connection import Connection

Handler = Callable[[Connection, Any, float], None]
"""What answers one kind of client message: the connection, the message, its arrival."""


class Handlers(Protocol):
    """The server, as a service sees it: where it plugs in its handlers."""

    def handle(self, kind: type[object], handler: Handler) -> None: ...
