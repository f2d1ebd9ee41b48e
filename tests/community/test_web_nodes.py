"""`mixmo serve --web` on a node of a community server: its front answers at the address
the node advertises, relays the connections for its own rooms, and sends a client for a
room another node plays to that node, as the node itself would."""

from __future__ import annotations

import asyncio
import urllib.request
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from mixmo.net.client import GameClient
from mixmo.net.cluster import Cluster
from mixmo.net.protocol import RoomSettings
from mixmo.net.server import GameServer
from mixmo.web.rooms_front import start_rooms_front
from tests.community.test_community_nodes import connected, node
from tests.ports import free_port


def status_of(url: str) -> int:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return int(answer.status)


@asynccontextmanager
async def web_node(
    database: str, redis: str, community: str, data: Path
) -> AsyncIterator[tuple[GameServer, str]]:
    """A node whose front (``serve --web``) listens at the address it advertises."""
    port = free_port()
    cluster = Cluster(redis, f"ws://127.0.0.1:{port}", lease=1.5, name=community)
    server = GameServer(database=database, cluster=cluster)
    runner = await start_rooms_front(server, "127.0.0.1", port, data)
    try:
        yield server, f"ws://127.0.0.1:{port}"
    finally:
        await runner.cleanup()
        await server.close()


async def test_a_client_at_a_node_s_front_is_sent_to_the_node_that_plays_its_room(
    database: str, redis_address: str, community: str, tmp_path: Path
) -> None:
    async with (
        node(database, redis_address, community) as two,
        web_node(database, redis_address, community, tmp_path) as (one, front),
    ):
        host = await connected(two)
        code = await host.create(RoomSettings(players=3))
        await host.join(code, "Ann")
        cat = GameClient(front, reconnect_for=0)
        await cat.connect(room=code)
        # Talking to node two under its own address: what a sign-in's challenge names.
        assert cat.host == f"127.0.0.1:{two.port}"
        assert (await cat.join(code, "Cat")).seat == 1
        assert code in two.rooms.rooms and code not in one.rooms.rooms
        # The room's page at the front: its visitors' processes are sent on as Cat was.
        page = front.replace("ws://", "http://") + f"/{code}/"
        assert await asyncio.to_thread(status_of, page) == 200
        for client in (host, cat):
            await client.close()


async def test_a_room_opened_through_a_node_s_front_is_played_at_that_node(
    database: str, redis_address: str, community: str, tmp_path: Path
) -> None:
    async with (
        node(database, redis_address, community),
        web_node(database, redis_address, community, tmp_path) as (one, front),
    ):
        dan = GameClient(front, reconnect_for=0)
        await dan.connect()
        code = await dan.create(RoomSettings(players=2))
        assert (await dan.join(code, "Dan")).seat == 0
        assert code in one.rooms.rooms
        assert dan.host == front.removeprefix("ws://")  # relayed, not sent on
        await dan.close()
