"""A room's invite in both forms: the terminal's ``ws://`` address and the browser's page.

A server run with ``mixmo serve --web`` serves the browser front beside its WebSocket
endpoint: the room's page is the same address and path with ``http`` for ``ws``
(``https`` for ``wss``, behind a TLS proxy).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

BROWSER_SCHEMES = {"ws": "http", "wss": "https"}


def browser_address(room_url: str) -> str:
    """The browser page of the room at ``room_url`` (``ws://HOST:PORT/CODE``)."""
    parts = urlsplit(room_url)
    scheme = BROWSER_SCHEMES.get(parts.scheme)
    if scheme is None:
        raise ValueError(f"{room_url}: not a ws:// or wss:// address")
    return urlunsplit((scheme, parts.netloc, parts.path, "", ""))


@dataclass(frozen=True, slots=True)
class Invite:
    """How the other players reach a room: in a terminal, and in a browser when served."""

    terminal: str
    """``ws://HOST:PORT/CODE``, for ``mixmo join``."""
    browser: str | None = None
    """``http://HOST:PORT/CODE``, or None when the server serves no browser front."""

    @classmethod
    def of(cls, room_url: str, web: bool) -> Invite:
        return cls(room_url, browser_address(room_url) if web else None)
