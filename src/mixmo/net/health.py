"""The server's health check: ``GET /healthz`` on the WebSocket port answers 200 and a little
JSON, for a proxy or a supervisor to ask whether the server is up (docs/network.md).

It uses the websockets library's ``process_request`` hook, called with each HTTP request
before the WebSocket handshake: an answer ends the exchange there, ``None`` lets the
handshake go on.
"""

from __future__ import annotations

import json
from http import HTTPStatus

from websockets.asyncio.server import ServerConnection
from websockets.http11 import Request, Response

from mixmo.net.wire import PROTOCOL_VERSION

HEALTH_PATH = "/healthz"


def health_body() -> str:
    """What the health check answers, whichever front answers it (``serve --web``'s too)."""
    return json.dumps({"status": "ok", "protocol": PROTOCOL_VERSION}) + "\n"


def answer_health_check(connection: ServerConnection, request: Request) -> Response | None:
    """``GET /healthz``: 200 with ``{"status": "ok", "protocol": 1}``; any other request
    goes on to the WebSocket handshake."""
    if request.path.split("?", 1)[0] != HEALTH_PATH:
        return None
    response = connection.respond(HTTPStatus.OK, health_body())
    del response.headers["Content-Type"]  # respond() says text/plain
    response.headers["Content-Type"] = "application/json"
    return response
