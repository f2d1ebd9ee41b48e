"""``mixmo serve --web``: the game server and the browser front of all its rooms, at one
address.

The front (aiohttp, as textual-serve's terminals need) listens on the public address;
the game server listens on loopback behind it. A browser opens a room's page at
``http://HOST:PORT/CODE``; a terminal client connects to ``ws://HOST:PORT/CODE`` as it
would to ``mixmo serve`` alone, and the front relays it (:mod:`mixmo.web.game_relay`).
The visitors' own ``mixmo join`` processes connect to the game server directly. On a
node of a community server, the address the node advertises must be the front's: a
client for a room another node plays is sent to that node's front.
"""

from __future__ import annotations

from pathlib import Path

from aiohttp import web

from mixmo.net.server import GameServer
from mixmo.web.front import WebFront
from mixmo.web.game_relay import GameRelay


async def start_rooms_front(server: GameServer, host: str, port: int, data: Path) -> web.AppRunner:
    """Start ``server`` on loopback and the front of its rooms on ``host:port`` (``port``
    0: a free one, see the runner's ``addresses``); OSError when it cannot listen.
    ``data``: the visitors' data folders."""
    await server.start("127.0.0.1", 0)
    server.serves_web = True
    inside = f"ws://127.0.0.1:{server.port}"
    elsewhere = server.node.elsewhere if server.node is not None else None
    front = WebFront(inside, None, data, game=GameRelay(inside, elsewhere))
    runner = web.AppRunner(front.application(), access_log=None, handle_signals=False)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except OSError:
        await runner.cleanup()
        raise
    bound = runner.addresses[0][1] if runner.addresses else port
    shown = f"[{host}]" if ":" in host else host
    front.shown_server = f"ws://{shown}:{bound}"
    return runner
