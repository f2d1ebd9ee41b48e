"""The game's WebSocket connections at the browser front's address (``mixmo serve --web``).

With ``--web``, the one public address serves both the rooms' pages (aiohttp, for
textual-serve's terminals) and the terminal clients' game connections: the game
server itself listens on loopback, and each game connection that arrives at the
front is relayed to it frame by frame, as a reverse proxy would (docs/network.md,
TLS), with the client's address in ``X-Forwarded-For`` so that the server's limits
per address still count the player, not the front. Close codes and reasons pass
through both ways (a client told "this seat reconnected elsewhere" is still told).

On a node of a community server, a connection for a room another node plays is sent
there (a redirect, as the node itself would answer it) rather than relayed: the client
then talks to that node under its own address, which a sign-in's challenge names.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
from collections.abc import Callable

from aiohttp import WSCloseCode, WSMsgType, web
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from mixmo.net.wire import MAX_FRAME

UNSENDABLE = {1005, 1006, 1015}
"""Close codes a peer never sends (they say there was none): sent on as 1011."""


def forwarded_for(request: web.Request) -> str:
    """The player's address: the peer's, or the one a proxy on loopback says it serves."""
    peer = request.remote or "?"
    try:
        loopback = ipaddress.ip_address(peer).is_loopback
    except ValueError:
        loopback = False
    if loopback and request.headers.get("X-Forwarded-For"):
        return request.headers["X-Forwarded-For"]
    return peer


class GameRelay:
    """Relays the game connections arriving at the front to the game server at ``upstream``
    (``ws://127.0.0.1:PORT``); ``elsewhere``: on a node, where another node plays the room
    a path names (:meth:`mixmo.net.node.Node.elsewhere`)."""

    def __init__(self, upstream: str, elsewhere: Callable[[str], str | None] | None = None) -> None:
        self.upstream = upstream.rstrip("/")
        self.elsewhere = elsewhere

    async def __call__(self, request: web.Request) -> web.StreamResponse:
        location = self.elsewhere(request.path) if self.elsewhere is not None else None
        if location is not None:
            raise web.HTTPTemporaryRedirect(location)
        try:
            server = await connect(
                self.upstream + request.path,
                additional_headers={"X-Forwarded-For": forwarded_for(request)},
                max_size=MAX_FRAME,
                compression=None,
                open_timeout=5,
                close_timeout=2,
            )
        except (OSError, InvalidHandshake, TimeoutError):
            raise web.HTTPBadGateway(text="the game server does not answer") from None
        client = web.WebSocketResponse(max_msg_size=MAX_FRAME, heartbeat=20)
        await client.prepare(request)
        async with server:
            both = [
                asyncio.create_task(_to_server(client, server)),
                asyncio.create_task(_to_client(server, client)),
            ]
            try:
                await asyncio.wait(both, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for task in both:
                    task.cancel()
                await asyncio.gather(*both, return_exceptions=True)
            if server.close_code is not None and not client.closed:
                code = server.close_code if server.close_code not in UNSENDABLE else 1011
                await client.close(code=code, message=(server.close_reason or "").encode())
        if not client.closed:
            await client.close(code=WSCloseCode.GOING_AWAY)
        return client


async def _to_server(client: web.WebSocketResponse, server: ClientConnection) -> None:
    """The client's frames to the server, then its close (code and reason) once it closes."""
    async for message in client:
        if message.type == WSMsgType.TEXT:
            await server.send(message.data)
        elif message.type == WSMsgType.BINARY:
            await server.send(message.data)  # the server refuses it, and says so
    code = client.close_code or 1000
    with contextlib.suppress(ConnectionClosed):
        await server.close(code if code not in UNSENDABLE else 1000)


async def _to_client(server: ClientConnection, client: web.WebSocketResponse) -> None:
    """The server's frames to the client, until the server closes."""
    with contextlib.suppress(ConnectionClosed):
        async for message in server:
            if isinstance(message, str):
                await client.send_str(message)
            else:
                await client.send_bytes(message)
