"""The server trusts nothing but a seat's own actions: every refusal goes to the sender only
and changes nothing."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from mixmo.net.rooms import new_room_code, parse_shard
from mixmo.net.wire import ROOM_ALPHABET
from tests.net.helpers import Raw, rack_of, running_server, two_seated


def _place(seat: int, symbol: str, ref: int = 1, row: int = 0, col: int = 0) -> dict[str, object]:
    action = {"kind": "place", "seat": seat, "row": row, "col": col, "symbol": symbol}
    return {"type": "action", "ref": ref, "action": action}


async def test_a_player_places_a_tile_of_their_rack_and_both_seats_see_the_grid() -> None:
    async with running_server() as server:
        _, ann, bob = await two_seated(server)
        tile = rack_of(ann.seen[-1], 0)[0]
        await ann.send(_place(0, tile, ref=41))
        mine = await ann.until("events")
        theirs = await bob.until("events")
        assert mine["ref"] == 41 and theirs["ref"] is None
        for message in (mine, theirs):
            grid = message["view"]["state"]["round"]["players"][0]["grid"]
            assert grid == [[0, 0, tile]]
        assert len(rack_of(mine, 0)) == 5


async def test_an_action_for_another_seat_is_refused_to_its_sender_only() -> None:
    async with running_server() as server:
        _, ann, bob = await two_seated(server)
        before = server.rooms.rooms[next(iter(server.rooms.rooms))].game.state  # type: ignore[union-attr]
        tile = rack_of(bob.seen[-1], 1)[0]
        await ann.send(_place(1, tile, ref=5))
        error = await ann.until("error")
        assert (error["code"], error["ref"]) == ("not-your-seat", 5)
        assert await bob.quiet() == []
        assert server.rooms.rooms[next(iter(server.rooms.rooms))].game.state is before  # type: ignore[union-attr]


async def test_a_tile_not_on_the_rack_is_refused_and_changes_nothing() -> None:
    async with running_server() as server:
        _, ann, bob = await two_seated(server)
        rack = rack_of(ann.seen[-1], 0)
        missing = next(letter for letter in "ZQXJKWVYBCFGHMP" if letter not in rack)
        await ann.send(_place(0, missing, ref=9))
        error = await ann.until("error")
        assert error["code"] == "not-on-rack" and error["ref"] == 9
        tile = {"code": "letter-tile", "fields": {"letter": missing}}
        assert error["fields"] == {"player": "Ann", "tile": tile}, "a code and fields"
        assert error["message"] == "", "never a sentence: the client says it"
        assert await bob.quiet() == []


async def test_an_action_in_the_wrong_phase_is_refused() -> None:
    async with running_server() as server:
        _, ann, _bob = await two_seated(server)
        await ann.send({"type": "action", "ref": 3, "action": {"kind": "next-round", "seat": 0}})
        error = await ann.until("error")
        assert (error["code"], error["fields"]) == ("round-not-scored", {})


async def test_the_client_cannot_set_the_game_time_the_server_stamps_it() -> None:
    async with running_server() as server:
        code, ann, _bob = await two_seated(server)
        tile = rack_of(ann.seen[-1], 0)[0]
        message = _place(0, tile)
        message["action"]["at"] = 99999.0  # type: ignore[index]
        await ann.send(message)
        await ann.until("events")
        game = server.rooms.get(code).game
        assert game is not None and game.log[-1].at < 60


async def test_a_wrong_token_takes_no_seat() -> None:
    async with running_server() as server:
        code, _ann, _bob = await two_seated(server)
        thief = await Raw.open(server)
        await thief.send({"type": "reconnect", "room": code, "seat": 0, "token": "x" * 32})
        error = await thief.until("error")
        assert error["code"] == "bad-token"
        await thief.send(_place(0, "A"))
        assert (await thief.until("error"))["code"] == "refused"  # not seated: no action


async def test_the_right_token_takes_the_seat_back_with_the_current_state() -> None:
    async with running_server() as server:
        code, ann, _bob = await two_seated(server)
        welcome = next(m for m in ann.seen if m["type"] == "welcome")
        rack = rack_of(ann.seen[-1], 0)
        await ann.close()
        again = await Raw.open(server)
        await again.send({"type": "reconnect", "room": code, "seat": 0, "token": welcome["token"]})
        assert (await again.until("welcome"))["seat"] == 0
        assert rack_of(await again.until("snapshot"), 0) == rack


async def test_a_seat_sees_its_own_rack_but_not_the_others_nor_the_bag_nor_the_seed() -> None:
    async with running_server() as server:
        _, ann, bob = await two_seated(server)
        view = ann.seen[-1]["view"]
        players = view["state"]["round"]["players"]
        assert len(players[0]["rack"]) == 6 and players[1]["rack"] == ""
        assert view["state"]["round"]["bag"] == "" and view["bag_left"] == 108
        assert view["options"]["seed"] == "hidden" and view["rack_sizes"] == [6, 6]
        assert rack_of(bob.seen[-1], 1) and rack_of(bob.seen[-1], 0) == ""


async def test_tokens_are_stored_hashed_and_never_logged(tmp_path: Path, caplog) -> None:  # type: ignore[no-untyped-def]
    caplog.set_level("DEBUG")
    async with running_server(tmp_path) as server:
        code, ann, _bob = await two_seated(server)
        token = next(m for m in ann.seen if m["type"] == "welcome")["token"]
    with sqlite3.connect(tmp_path / "rooms.sqlite3") as db:
        dump = "\n".join(db.iterdump())
    assert token not in dump and code in dump
    server_logs = "\n".join(
        r.getMessage() for r in caplog.records if not r.name.startswith("websockets.client")
    )  # the test's raw clients log their own frames; the server's loggers never do
    assert "connected" in server_logs
    assert token not in server_logs and code not in server_logs


async def test_room_codes_are_six_letters_without_look_alikes() -> None:
    async with running_server() as server:
        client = await Raw.open(server)
        codes = set()
        for _ in range(8):
            await client.send({"type": "create", "settings": {"players": 2}})
            codes.add((await client.until("created"))["room"])
        assert len(codes) == 8
        for code in codes:
            assert len(code) == 6 and not set(code) & set("BIOQSLUZ0123456789")


def test_a_shard_mints_only_codes_that_start_with_its_letters() -> None:
    firsts = {new_room_code(lambda _code: False, (1, 3))[0] for _ in range(300)}
    assert firsts == {ch for i, ch in enumerate(ROOM_ALPHABET) if i % 3 == 1}


def test_a_shard_is_k_of_n() -> None:
    assert parse_shard("2/5") == (2, 5)
    for bad in ("5/5", "x", "1/99", "-1/2"):
        with pytest.raises(ValueError, match="shard"):
            parse_shard(bad)


async def test_an_action_the_log_cannot_take_is_heard_by_nobody_and_play_stops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with running_server(tmp_path) as server:
        code, ann, bob = await two_seated(server)
        store = server.rooms.get(code).store
        assert store is not None

        def disk_full(*_args: object) -> None:
            raise sqlite3.OperationalError("database or disk is full")

        monkeypatch.setattr(store, "append_action", disk_full)
        tile = rack_of(ann.seen[-1], 0)[0]
        await ann.send(_place(0, tile, ref=4))
        assert (await ann.until("error"))["code"] == "storage"
        assert await bob.quiet() == []
        await ann.send(_place(0, tile, ref=5, col=3))
        assert (await ann.until("error"))["code"] == "storage"


async def test_a_commit_the_disk_refuses_is_heard_by_nobody_and_a_restart_brings_back_what_was_heard(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with running_server(tmp_path) as server:
        code, ann, bob = await two_seated(server)
        rack = rack_of(ann.seen[-1], 0)
        await ann.send(_place(0, rack[0], ref=1))
        assert (await bob.until("events"))["seat"] == 0
        assert server.store is not None

        def disk_full() -> None:
            raise sqlite3.OperationalError("disk I/O error")

        monkeypatch.setattr(server.store, "commit", disk_full)
        await ann.send(_place(0, rack[1], ref=2, col=1))
        refusal = await ann.until("error")
        assert (refusal["code"], refusal["ref"]) == ("storage", 2)
        assert await bob.quiet() == []
        await ann.send(_place(0, rack[2], ref=3, col=2))
        assert (await ann.until("error"))["code"] == "storage"
    async with running_server(tmp_path) as server:
        room = server.rooms.get(code)
        assert room.game is not None
        grid = dict(room.game.state.round.player(0).grid.items())
        assert [(cell, tile.symbol) for cell, tile in grid.items()] == [((0, 0), rack[0])]
