"""A seat's token in ``seats.json``: found again whichever way the server's address is
written, and let go of once it is of no more use (the file used to keep every room)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mixmo.net.client import SEAT_MEMORY, ClientError, GameClient, SeatTokens, server_key
from mixmo.net.protocol import RoomSettings
from tests.net.helpers import running_server


async def seated(url: str, tokens: Path, name: str, code: str | None = None) -> GameClient:
    client = GameClient(url, tokens=SeatTokens(tokens))
    await client.connect()
    if code is None:
        code = await client.create(RoomSettings(players=2, seed=5))
    await client.join(code, name)
    return client


async def test_a_seat_taken_at_127_0_0_1_is_taken_back_at_localhost(tmp_path: Path) -> None:
    async with running_server() as server:
        ann_file, bob_file = tmp_path / "ann.json", tmp_path / "bob.json"
        ann = await seated(f"ws://127.0.0.1:{server.port}", ann_file, "Ann")
        assert ann.welcome is not None
        code = ann.welcome.room
        bob = await seated(f"ws://127.0.0.1:{server.port}", bob_file, "Bob", code)
        await ann.close()  # the match is on; Ann's window closed
        again = await seated(f"ws://LOCALHOST:{server.port}/", ann_file, "ann", code)
        assert again.welcome is not None and again.welcome.seat == 0
        await again.close()
        await bob.close()


@pytest.mark.parametrize(
    ("typed", "same"),
    [
        ("ws://localhost:8765", "ws://127.0.0.1:8765"),
        ("ws://[::1]:8765", "ws://127.0.0.1:8765"),
        ("WS://Example.ORG", "ws://example.org:80"),
        ("wss://example.org/", "wss://example.org:443"),
    ],
)
def test_one_server_written_several_ways_is_one_server(typed: str, same: str) -> None:
    assert server_key(typed) == server_key(same)


def test_a_seat_of_a_room_played_long_ago_is_let_go(tmp_path: Path) -> None:
    clock = [1_000_000.0]
    tokens = SeatTokens(tmp_path / "seats.json", now=lambda: clock[0])
    tokens.put("ws://127.0.0.1:8765", "KXTRMA", "Ann", 0, "a" * 32)
    clock[0] += SEAT_MEMORY + 1
    tokens.put("ws://127.0.0.1:8765", "DEFGHJ", "Ann", 1, "b" * 32)
    assert tokens.get("ws://127.0.0.1:8765", "KXTRMA", "Ann") is None
    assert tokens.get("ws://localhost:8765", "DEFGHJ", "ann") == (1, "b" * 32)
    assert len(json.loads((tmp_path / "seats.json").read_text())) == 1


def test_an_older_file_s_seat_is_found_through_another_spelling(tmp_path: Path) -> None:
    path = tmp_path / "seats.json"
    path.write_text(json.dumps({"ws://localhost:8765/KXTRMA#ann": {"seat": 2, "token": "t" * 32}}))
    assert SeatTokens(path).get("ws://127.0.0.1:8765", "KXTRMA", "Ann") == (2, "t" * 32)


async def test_a_seat_in_a_room_the_server_no_longer_has_is_let_go(tmp_path: Path) -> None:
    async with running_server() as server:
        url, path = f"ws://127.0.0.1:{server.port}", tmp_path / "seats.json"
        SeatTokens(path).put(url, "KXTRMA", "Ann", 0, "t" * 32)
        client = GameClient(url, tokens=SeatTokens(path))
        await client.connect()
        with pytest.raises(ClientError) as refused:
            await client.join("KXTRMA", "Ann")
        assert refused.value.code == "unknown-room"
        assert SeatTokens(path).names(url, "KXTRMA") == []
        await client.close()
