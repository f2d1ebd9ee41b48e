"""Ratings: a rated room seats players with accounts, its finished match rates every
seat once (bots by level), classic and Expert apart, and `mixmo top` shows the board."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from pydantic import ValidationError

from mixmo.engine.lexicon import AnyWord
from mixmo.net.account_client import create_account
from mixmo.net.client import ClientError, GameClient
from mixmo.net.community_messages import Leaderboard, Top
from mixmo.net.protocol import RoomSettings
from mixmo.net.ratings import Rating, places_of, rate
from mixmo.net.remote_table import RemoteTable
from mixmo.net.server import GameServer
from mixmo.tui.lobby import seat_lines
from tests.game_helpers import win_a_round
from tests.net.helpers import running_server, url_of
from tests.net.test_remote_seat import until


@asynccontextmanager
async def member(server: GameServer, name: str) -> AsyncIterator[GameClient]:
    """A connection signed in to a new account ``name``."""
    client = GameClient(url_of(server), reconnect_for=0)
    await client.connect()
    await create_account(client, name, Ed25519PrivateKey.generate())
    try:
        yield client
    finally:
        await client.close()


def test_the_winner_rises_the_others_fall_and_a_tie_shares_a_place() -> None:
    assert places_of([(1, 120), (0, 90), (0, 90), (0, 12)]) == [1, 2, 2, 4]
    ann, bob, cy = rate([Rating(), Rating(), Rating()], [1, 2, 2])
    assert ann.shown > 1000 > bob.shown == cy.shown
    assert ann.matches == bob.matches == 1
    assert ann.sigma < Rating().sigma  # one match makes the system surer of everyone


def test_a_rated_room_cannot_be_seeded() -> None:
    with pytest.raises(ValidationError, match="a rated room cannot be seeded"):
        RoomSettings(players=2, rated=True, seed=7)


async def test_a_rated_room_seats_only_players_with_an_account() -> None:
    async with running_server() as server:
        guest = GameClient(url_of(server), reconnect_for=0)
        await guest.connect()
        code = await guest.create(RoomSettings(players=2, rated=True))
        with pytest.raises(ClientError) as refused:
            await guest.join(code, "Guest")
        await guest.close()
    assert str(refused.value) == (
        "a rated room seats players with an account: mixmo account create, then join again"
    )


async def test_a_finished_rated_match_rates_each_seat_once_and_the_board_shows_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with running_server() as server, member(server, "Ann") as ann:
        # Every word stands: the helper's grids are laid out, not looked up
        monkeypatch.setattr(server.rooms, "lexicon", lambda language: AnyWord(language=language))
        code = await ann.create(RoomSettings(players=3, bots=1, bot_level="easy", rated=True))
        await ann.join(code, "Ann")
        async with member(server, "Bob") as bob:
            await bob.join(code, "Bob")
            room = server.rooms.get(code)
            await until(lambda: room.game is not None)
            assert room.game is not None
            for task in server._bots.pop(code, []):  # the bot sits still: a known result
                task.cancel()
            win_a_round(room.game, caller=1)  # Bob's MIXMOs win the match
            assert server.ratings.match_over(room)
            assert not server.ratings.match_over(room)  # never twice
            board = await bob.ask(Top(), Leaderboard)
            expert = await bob.ask(Top(family="expert"), Leaderboard)
    names = [(p.name, p.bot, p.matches) for p in board.players]
    assert names[0] == ("Bob", False, 1)
    assert sorted(names[1:]) == [("Ann", False, 1), ("easy", True, 1)]
    assert board.players[0].rating > 1000 > board.players[1].rating
    assert expert.players == []


async def test_the_lobby_and_the_panes_show_each_seat_s_rating() -> None:
    async with running_server() as server, member(server, "Ann") as ann:
        code = await ann.create(RoomSettings(players=3, bots=1, rated=True))
        await ann.join(code, "Ann")
        async with member(server, "Bob") as bob:
            await bob.join(code, "Bob")
            await until(lambda: ann.lobby is not None and ann.lobby.started)
            lines = seat_lines(ann.lobby, me=0)
            table = RemoteTable(bob)
            ratings = [table.rating(seat) for seat in range(3)]
    assert lines == [
        "1. Ann (you) · rated 1000",
        "2. Bob (connected) · rated 1000",
        "3. Bot 1 (bot) · rated 1000",
    ]
    assert ratings == [1000, 1000, 1000]


async def test_mixmo_top_prints_the_leaderboard(mixmo) -> None:  # type: ignore[no-untyped-def]
    async with running_server() as server:
        store = server.accounts.store
        zoe = store.create("Zoé", b"z" * 32)
        store.record_match(
            "ABCDEF", 1, "classic", [f"a:{zoe.id}"], lambda _: [Rating(30.0, 5.0, 3)]
        )
        store.record_match("ABCDEF", 2, "classic", ["bot:hard"], lambda _: [Rating(28.0, 4.0, 9)])
        shown = await asyncio.to_thread(mixmo, "--ui", "en", "top", url_of(server))
        empty = await asyncio.to_thread(mixmo, "--ui", "en", "top", url_of(server), "--expert")
    assert shown.code == 0, shown.err
    lines = [line.split() for line in shown.out.splitlines() if "│" in line]
    assert lines[0][:8] == ["│", "1", "│", "hard", "bot", "│", "1640", "│"]
    assert lines[1][:6] == ["│", "2", "│", "Zoé", "│", "1600"]
    assert "No rated match yet" in empty.out


async def test_a_rated_match_played_through_the_server_is_rated_as_it_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tests.net.test_archive import ThroughTheRoom

    async with running_server() as server, member(server, "Ann") as ann:
        monkeypatch.setattr(server.rooms, "lexicon", lambda language: AnyWord(language=language))
        code = await ann.create(RoomSettings(players=2, rated=True))
        await ann.join(code, "Ann")
        async with member(server, "Bob") as bob:
            await bob.join(code, "Bob")
            room = server.rooms.get(code)
            await until(lambda: room.game is not None)
            win_a_round(ThroughTheRoom(server, room))  # type: ignore[arg-type]
            board = await bob.ask(Top(), Leaderboard)
    assert [(p.name, p.matches) for p in board.players] == [("Ann", 1), ("Bob", 1)]
