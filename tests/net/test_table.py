"""One table interface for local and remote matches: apply, listen, read the seat's state."""

from __future__ import annotations

import asyncio
from pathlib import Path

from mixmo.data.storage import Autosaver, load_game
from mixmo.engine import events as ev
from mixmo.engine.actions import PlaceTile
from mixmo.engine.game import Game
from mixmo.engine.options import MatchOptions
from mixmo.net.client import GameClient, SeatTokens
from mixmo.net.protocol import RoomSettings, WireEvent
from mixmo.net.refusals import NotYourSeatError
from mixmo.net.remote_table import RemoteTable
from mixmo.net.table import SeatTable
from mixmo.net.views import (
    ActionRefused,
    OthersDrew,
    decode_event,
    encode_event,
    encode_event_json,
    visible_event,
)
from mixmo.session.events import ViewReplaced
from mixmo.session.local import LocalTable
from mixmo.session.table import Capabilities
from tests.net.helpers import running_server, url_of


def _game() -> Game:
    return Game(MatchOptions(players=("Ann", "Bob"), seed=7))


async def _place_first_tile(table: SeatTable | RemoteTable) -> str:
    assert table.seat is not None
    symbol = table.state.round.player(table.seat).rack[0].symbol
    assert await table.apply(PlaceTile(seat=table.seat, row=0, col=0, symbol=symbol)) is None
    return symbol


async def test_a_local_table_for_one_seat_hides_the_other_rack_the_bag_and_the_seed() -> None:
    table = SeatTable(_game(), 0)
    assert len(table.state.round.player(0).rack) == 6
    assert table.state.round.player(1).rack == () and table.rack_size(1) == 6
    assert len(table.state.round.bag) == 0 and table.bag_left == 108
    assert table.options.seed == "hidden"


async def test_a_local_table_at_one_keyboard_sees_everything() -> None:
    game = _game()
    table = LocalTable(game)
    assert table.state is game.state and table.options.seed == 7


def test_a_local_table_plays_again_and_saves_only_where_it_was_given_a_save(
    tmp_path: Path,
) -> None:
    unsaved = LocalTable(_game())
    assert unsaved.capabilities == Capabilities(rematch=True, saves=False)
    saved = LocalTable(_game(), saver=Autosaver(tmp_path / "autosave.json"))
    assert saved.capabilities == Capabilities(rematch=True, saves=True)
    assert saved.save_now() is None and load_game(tmp_path / "autosave.json").options.seed == 7
    again = saved.rematch()
    assert again.options.seed == 8 and again.capabilities.saves
    assert load_game(tmp_path / "autosave.json").options.seed == 8  # saved at once


async def test_a_local_table_refuses_an_action_for_another_seat_and_says_why() -> None:
    game = _game()
    table = SeatTable(game, 0)
    heard: list[ev.Event] = []
    table.subscribe(heard.append)
    symbol = game.state.round.player(1).rack[0].symbol
    refusal = await table.apply(PlaceTile(seat=1, row=0, col=0, symbol=symbol))
    assert refusal is not None and refusal.code == "not-your-seat"
    assert refusal.message == NotYourSeatError(seat=0, action_seat=1).message  # as a server says it
    assert heard == [ActionRefused(refusal.code, refusal.message)] and game.log == []


async def test_a_local_table_applies_with_its_own_clock_and_tells_its_listeners() -> None:
    game = _game()
    table = SeatTable(game, 0, clock=lambda: 12.5)
    heard: list[ev.Event] = []
    table.subscribe(heard.append)
    await _place_first_tile(table)
    assert game.log[-1].at == 12.5 and isinstance(heard[0], ev.GridChanged)


def test_a_seat_hears_that_others_drew_but_not_what() -> None:
    game = _game()
    ann_draw, bob_draw = (e for e in game.events if isinstance(e, ev.TilesDrawn))
    assert visible_event(ann_draw, 0) is ann_draw
    assert visible_event(bob_draw, 0) == OthersDrew(1, 6, bob_draw.bag_left)
    assert visible_event(bob_draw, None) == OthersDrew(1, 6, bob_draw.bag_left)  # a watcher


def test_every_event_of_a_game_survives_the_wire() -> None:
    game = _game()
    for event in game.events:
        assert decode_event(encode_event(event)) == event
        assert WireEvent.model_validate_json(encode_event_json(event)) == encode_event(event)


async def test_a_remote_table_plays_like_a_local_one(tmp_path: Path) -> None:
    async with running_server() as server:
        url = url_of(server)
        tables = []
        for name in ("Ann", "Bob"):
            client = GameClient(url, tokens=SeatTokens(tmp_path / f"{name}.json"))
            await client.connect()
            if not tables:
                code = await client.create(RoomSettings(players=2, seed=3))
            await client.join(code, name)
            tables.append(RemoteTable(client))
        ann, bob = tables
        while not (ann.started and bob.started):
            await asyncio.sleep(0.05)
        heard: list[ev.Event] = []
        bob.subscribe(heard.append)
        symbol = await _place_first_tile(ann)
        for _ in range(500):  # up to 10 s on a busy machine
            if heard:
                break
            await asyncio.sleep(0.02)
        assert heard == [ev.GridChanged(0, ((0, 0),))]
        assert bob.state.round.player(0).grid[(0, 0)].symbol == symbol
        assert bob.state.round.player(0).rack == () and bob.rack_size(0) == 5
        refusal = await bob.apply(PlaceTile(seat=0, row=1, col=1, symbol="A"))
        assert refusal is not None and refusal.code == "not-your-seat"
        for table in tables:
            await table.client.close()  # type: ignore[attr-defined]


async def test_a_client_that_loses_its_connection_reconnects_by_itself(tmp_path: Path) -> None:
    async with running_server() as server:
        client = GameClient(url_of(server), tokens=SeatTokens(tmp_path / "seats.json"))
        await client.connect()
        code = await client.create(RoomSettings(players=2, bots=1, seed=3))
        await client.join(code, "Ann")
        table = RemoteTable(client)
        while not table.started:
            await asyncio.sleep(0.05)
        replaced: list[ev.Event] = []
        table.subscribe(lambda e: replaced.append(e) if isinstance(e, ViewReplaced) else None)
        rack = table.state.round.player(0).rack
        for conn in list(server.connections):
            conn.ws.transport.abort()  # the network drops, no goodbye
        for _ in range(200):
            if replaced:
                break
            await asyncio.sleep(0.05)
        assert replaced, "no new view after the reconnection"
        assert client.online
        assert table.state.round.player(0).rack == rack
        await _place_first_tile(table)
        await client.close()


async def test_a_restarted_client_takes_its_seat_back_with_its_saved_token(tmp_path: Path) -> None:
    tokens = SeatTokens(tmp_path / "seats.json")
    async with running_server() as server:
        first = GameClient(url_of(server), tokens=tokens)
        await first.connect()
        code = await first.create(RoomSettings(players=3))
        welcome = await first.join(code, "Ann")
        await first.close()
        again = GameClient(url_of(server), tokens=tokens)
        await again.connect()
        assert (await again.join(code, "Ann")).seat == welcome.seat
        await again.close()
    assert oct((tmp_path / "seats.json").stat().st_mode & 0o777) == "0o600"


async def test_a_watcher_s_remote_table_shows_every_grid_and_no_rack(tmp_path: Path) -> None:
    async with running_server() as server:
        player = GameClient(url_of(server), tokens=SeatTokens(tmp_path / "seats.json"))
        await player.connect()
        code = await player.create(RoomSettings(players=2, bots=1, seed=5))
        await player.join(code, "Ann")
        watcher = GameClient(url_of(server))
        await watcher.connect(code)
        await watcher.watch(code)
        table = RemoteTable(watcher)
        while not table.started:
            await asyncio.sleep(0.05)
        assert table.seat is None and table.capabilities == Capabilities(watcher=True)
        assert all(p.rack == () for p in table.state.round.players)
        state = table.state
        assert [table.rack_size(s) + len(state.round.player(s).grid) for s in (0, 1)] == [6, 6]
        refusal = await table.apply(PlaceTile(seat=0, row=0, col=0, symbol="A"))
        assert refusal is not None and refusal.code == "refused"
        await watcher.close()
        await player.close()


async def test_a_client_that_cannot_keep_its_token_still_plays(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    async with running_server() as server:
        client = GameClient(url_of(server), tokens=SeatTokens(blocked / "seats.json"))
        await client.connect()
        code = await client.create(RoomSettings(players=2))
        assert (await client.join(code, "Ann")).seat == 0
        await client.close()
