"""A community server's nodes, in one process: rooms and accounts in PostgreSQL, the
room directory in Redis; a client reaches a room through any node."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from websockets.asyncio.client import connect

from mixmo.net.account_client import create_account, sign_in
from mixmo.net.client import ClientError, GameClient
from mixmo.net.cluster import Cluster
from mixmo.net.community_messages import QuickMatch
from mixmo.net.keys import HeldAccount
from mixmo.net.protocol import RoomSettings
from mixmo.net.server import GameServer
from tests.net.helpers import Raw, answer_to, place, rack_of, two_seated
from tests.ports import free_port


@asynccontextmanager
async def node(
    database: str, redis: str, community: str, lease: float = 1.5
) -> AsyncIterator[GameServer]:
    """One node of the community ``community``, listening on a loopback port."""
    port = free_port()
    cluster = Cluster(redis, f"ws://127.0.0.1:{port}", lease=lease, name=community)
    server = GameServer(database=database, cluster=cluster)
    await server.start("127.0.0.1", port)
    try:
        yield server
    finally:
        await server.close()


@asynccontextmanager
async def two_nodes(
    database: str, redis: str, community: str, lease: float = 0.6
) -> AsyncIterator[tuple[GameServer, GameServer]]:
    """Two nodes of the community ``community``."""
    async with (
        node(database, redis, community, lease) as one,
        node(database, redis, community, lease) as two,
    ):
        yield one, two


def client_of(server: GameServer) -> GameClient:
    """A client of the node ``server``, which does not reconnect (a test's own)."""
    return GameClient(f"ws://127.0.0.1:{server.port}", reconnect_for=0)


async def connected(server: GameServer) -> GameClient:
    client = client_of(server)
    await client.connect()
    return client


async def ann_opens_a_public_room(server: GameServer) -> tuple[GameClient, str]:
    """Ann's open room of three at ``server``, once the other nodes know it (its next
    renewal tells them)."""
    host = await connected(server)
    code = await host.create(RoomSettings(players=3, public=True))
    await host.join(code, "Ann")
    await asyncio.sleep(0.5)
    return host, code


async def test_a_room_and_its_moves_outlive_the_server_in_postgresql(database: str) -> None:
    first = GameServer(database=database)
    await first.start("127.0.0.1", 0)
    code, ann, bob = await two_seated(first)
    welcome = next(m for m in ann.seen if m["type"] == "welcome")
    letter = rack_of(next(m for m in ann.seen if m["type"] == "snapshot"), 0)[0]
    await ann.send(place(0, letter, 1))
    assert (await answer_to(ann, 1))["type"] == "events"
    await ann.close()
    await bob.close()
    await first.close()

    second = GameServer(database=database)
    await second.start("127.0.0.1", 0)
    try:
        back = await Raw.open(second)
        await back.send({"type": "reconnect", "room": code, "seat": 0, "token": welcome["token"]})
        snapshot = await back.until("snapshot")
        grid = snapshot["view"]["state"]["round"]["players"][0]["grid"]
        assert letter in str(grid)  # the acknowledged move came back from the log
        await back.close()
    finally:
        await second.close()


async def test_any_node_leads_a_player_to_the_node_that_plays_the_room(
    database: str, redis_address: str, community: str
) -> None:
    async with two_nodes(database, redis_address, community) as (one, two):
        host = await connected(one)
        code = await host.create(RoomSettings(players=2))
        await host.join(code, "Ann")
        guest = client_of(two)
        await guest.connect(code)  # redirected: node one plays the room
        await guest.join(code, "Bob")
        assert guest.host == f"127.0.0.1:{one.port}"
        assert code in one.rooms.rooms and code not in two.rooms.rooms
        await guest.close()
        await host.close()


async def test_every_node_lists_every_node_s_open_rooms(
    database: str, redis_address: str, community: str
) -> None:
    async with two_nodes(database, redis_address, community) as (one, two):
        host, code = await ann_opens_a_public_room(one)
        looker = await connected(two)
        listed = await looker.open_rooms()
        assert [(room.room, room.players, room.free) for room in listed] == [(code, ["Ann"], 2)]
        await looker.close()
        await host.close()


async def test_a_stopped_node_s_room_goes_on_at_another_node(
    database: str, redis_address: str, community: str
) -> None:
    async with node(database, redis_address, community) as two:
        async with node(database, redis_address, community) as one:
            code, ann, bob = await two_seated(one)
            welcome = next(m for m in ann.seen if m["type"] == "welcome")
            await ann.close()
            await bob.close()
        # Node one stopped and let its leases go: node two takes the room at once.
        async with connect(f"ws://127.0.0.1:{two.port}/{code}") as ws:
            back = Raw(ws)
            await back.send(
                {"type": "reconnect", "room": code, "seat": 0, "token": welcome["token"]}
            )
            assert (await back.until("snapshot"))["view"]["seat"] == 0
        assert code in two.rooms.rooms


async def test_a_node_cut_off_longer_than_its_lease_lets_its_room_go(
    database: str, redis_address: str, community: str
) -> None:
    async with two_nodes(database, redis_address, community) as (one, two):
        code, ann, bob = await two_seated(one)
        assert one.node is not None and two.node is not None
        one.node.cluster.release([code])  # as if its lease had lapsed unseen
        assert two.rooms.get(code).code == code  # another node takes it...
        await asyncio.sleep(0.5)  # ...and node one hears it at its next renewal
        assert code not in one.rooms.rooms
        with pytest.raises(Exception):  # noqa: B017 - closed by the server, code 1012
            await ann.until("nothing", timeout=2)
        assert ann.ws.close_code == 1012
        await bob.close()


async def test_seekers_at_different_nodes_meet_in_one_quick_match(
    database: str, redis_address: str, community: str
) -> None:
    async with two_nodes(database, redis_address, community) as (one, two):
        ann, bob = client_of(one), client_of(two)
        await ann.connect(queue=True)
        asked = asyncio.create_task(ann.quick(QuickMatch(players=2, name="Ann")))
        await asyncio.sleep(0.2)  # Ann's node keeps the queue now
        await bob.connect(queue=True)  # led to Ann's node
        welcomed = [await bob.quick(QuickMatch(players=2, name="Bob")), await asked]
        assert bob.host == f"127.0.0.1:{one.port}"
        assert welcomed[0].room in one.rooms.rooms
        await ann.close()
        await bob.close()
    assert welcomed[0].room == welcomed[1].room


async def test_a_seeker_whose_queue_node_stops_waits_on_at_the_next_node(
    database: str, redis_address: str, community: str
) -> None:
    async with node(database, redis_address, community) as two:
        # Ann reaches the community through node two, as through a balancer...
        ann = GameClient(f"ws://127.0.0.1:{two.port}", reconnect_for=10)
        async with node(database, redis_address, community) as one:
            first = client_of(one)
            await first.connect(queue=True)
            waiting = asyncio.create_task(first.quick(QuickMatch(players=3, name="Zed")))
            await asyncio.sleep(0.2)  # node one keeps the queue now
            await ann.connect(queue=True)  # ...and is led to node one, which keeps the queue
            assert ann.host == f"127.0.0.1:{one.port}"
            asked = asyncio.create_task(ann.quick(QuickMatch(players=2, name="Ann")))
            await asyncio.sleep(0.2)
        # Node one stopped: Ann's client asks again through node two, which takes the queue.
        with pytest.raises(ClientError):
            await waiting  # (a client that does not reconnect, as `first`, hears it)
        bob = client_of(two)
        await asyncio.sleep(0.5)
        await bob.connect(queue=True)
        welcomed = [await bob.quick(QuickMatch(players=2, name="Bob")), await asked]
        assert welcomed[0].room == welcomed[1].room and welcomed[0].room in two.rooms.rooms
        assert ann.host == bob.host == f"127.0.0.1:{two.port}"
        for client in (ann, bob, first):
            await client.close()


async def test_every_node_lists_every_node_s_rated_matches_being_played(
    database: str, redis_address: str, community: str
) -> None:
    async with two_nodes(database, redis_address, community) as (one, two):
        ann = await connected(one)
        await create_account(ann, "Ann", Ed25519PrivateKey.generate())
        code = await ann.create(RoomSettings(players=2, bots=1, rated=True))
        await ann.join(code, "Ann")
        await asyncio.sleep(0.5)  # node one's next renewal tells the others
        looker = await connected(two)
        listed = await looker.live_matches()
        await looker.close()
        await ann.close()
    assert [(match.room, match.players[0]) for match in listed] == [(code, ("Ann", 1000))]


async def test_a_node_takes_its_leases_again_after_redis_forgot_them(
    database: str, redis_address: str, community: str
) -> None:
    import redis

    cache = redis.Redis.from_url(redis_address, decode_responses=True)
    async with node(database, redis_address, community, lease=0.6) as one:
        code, ann, bob = await two_seated(one)
        cache.delete(*cache.keys(f"{community}:*"))  # as a restarted Redis would
        await asyncio.sleep(0.5)  # node one's next renewal
        holder = cache.get(f"{community}:room:{code}")
        assert holder is not None and holder.endswith(f":{one.port}")
        assert code in one.rooms.rooms  # its players never noticed
        await ann.close()
        await bob.close()
    cache.close()


async def test_a_room_whose_database_connection_broke_comes_back_from_its_log(
    database: str, redis_address: str, community: str
) -> None:
    import psycopg

    async with node(database, redis_address, community, lease=0.6) as one:
        code, ann, bob = await two_seated(one)
        welcome = next(m for m in ann.seen if m["type"] == "welcome")
        rack = rack_of(next(m for m in ann.seen if m["type"] == "snapshot"), 0)
        await ann.send(place(0, rack[0], 1))
        assert (await answer_to(ann, 1))["type"] == "events"
        with psycopg.connect(database, autocommit=True) as admin:  # as a PostgreSQL restart
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        await ann.send(place(0, rack[1], 2, col=1))
        refused = await answer_to(ann, 2)
        assert (refused["type"], refused["code"]) == ("error", "storage")
        with pytest.raises(Exception):  # noqa: B017 - let go, code 1012
            await ann.until("nothing", timeout=3)
        assert ann.ws.close_code == 1012 and code not in one.rooms.rooms
        async with connect(f"ws://127.0.0.1:{one.port}/{code}") as ws:
            back = Raw(ws)
            await back.send(
                {"type": "reconnect", "room": code, "seat": 0, "token": welcome["token"]}
            )
            snapshot = await back.until("snapshot")
            assert rack_of(snapshot, 0) == rack[1:]  # the first tile is on the grid again
            await back.send(place(0, rack[1], 3, col=1))
            assert (await answer_to(back, 3))["type"] == "events"  # on a new connection
        await bob.close()


async def test_a_room_picked_from_another_node_s_list_is_joined_there(
    database: str, redis_address: str, community: str
) -> None:
    async with two_nodes(database, redis_address, community) as (one, two):
        host, code = await ann_opens_a_public_room(one)
        bob = await connected(two)  # no room in the path: a list first, as `mixmo join URL`
        key = Ed25519PrivateKey.generate()
        await create_account(bob, "Bob", key)
        signed: list[str] = []

        async def sign_in_again(client: GameClient) -> None:  # as `mixmo join` does
            signed.append(client.host)
            await sign_in(client, HeldAccount(client.url, "Bob", key))

        bob.prepare = sign_in_again
        [listed] = await bob.open_rooms()
        welcome = await bob.join(listed.room, "Bob")  # refused at node two, taken at one
        assert (welcome.room, welcome.seat) == (code, 1)
        assert signed == [f"127.0.0.1:{one.port}"] and bob.host == signed[0]
        await until_lobby_has(host, "Bob")
        watcher = await connected(two)
        lobby = await watcher.watch(code)
        assert [seat.name for seat in lobby.seats][:2] == ["Ann", "Bob"]
        for client in (watcher, bob, host):
            await client.close()


async def until_lobby_has(client: GameClient, name: str) -> None:
    async with asyncio.timeout(5):
        while client.lobby is None or name not in [seat.name for seat in client.lobby.seats]:
            await asyncio.sleep(0.05)
