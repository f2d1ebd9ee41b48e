"""A person's seat at a server: the game's screen (Textual Pilot) over a RemoteTable.

Real servers on free loopback ports, the app in-process as `mixmo join` runs
it, bot clients and plain clients in the other seats.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from mixmo.engine.bot import Level
from mixmo.engine.options import ScoringMode
from mixmo.engine.state import Phase
from mixmo.net.botclient import play_bot_seat, standings_of
from mixmo.net.client import GameClient, SeatTokens
from mixmo.net.protocol import RoomSettings
from mixmo.net.remote_table import RemoteTable
from mixmo.net.server import GameServer
from mixmo.tui.app import MixmoApp
from mixmo.tui.lobby import LobbyScreen
from mixmo.tui.player_pane import PlayerPane
from mixmo.tui.round_dialogs import MatchOverScreen, ScoresScreen
from tests.net.helpers import running_server, url_of
from tests.tui.helpers import burst

SIZE = (140, 44)
SPEED = 20.0
"""Bots play this many times faster than their level's pace, so a match takes seconds."""


@pytest.fixture(autouse=True)
def _own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Records and seat tokens go to the test's folder, not the user's."""
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "data"))


async def until(check: Callable[[], object], pilot: Any = None, seconds: float = 20.0) -> None:
    """Wait (letting the app run) until ``check()`` holds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not check():
        assert loop.time() < deadline, "timed out"
        if pilot is not None:
            await pilot.pause(0.05)
        else:
            await asyncio.sleep(0.05)


async def seated(url: str, code: str, name: str, tmp_path: Path) -> RemoteTable:
    client = GameClient(url, tokens=SeatTokens(tmp_path / f"{name}.json"))
    await client.connect(code)
    await client.join(code, name)
    return RemoteTable(client)


async def opened(url: str, settings: RoomSettings, tmp_path: Path) -> tuple[str, RemoteTable]:
    """Ann opens a room and takes its first seat."""
    client = GameClient(url, tokens=SeatTokens(tmp_path / "Ann.json"))
    await client.connect()
    code = await client.create(settings)
    await client.join(code, "Ann")
    return code, RemoteTable(client)


@dataclass(frozen=True)
class TwoSeats:
    """Ann (who opened the room) and Bob, both seated at a running server."""

    url: str
    code: str
    ann: RemoteTable
    bob: RemoteTable


@asynccontextmanager
async def ann_and_bob(tmp_path: Path) -> AsyncIterator[TwoSeats]:
    """A server with a two-player room (seed 3), Ann and Bob seated; their clients
    are closed at the end, whatever the test did."""
    async with running_server() as server:
        url = url_of(server)
        code, ann = await opened(url, RoomSettings(players=2, seed=3), tmp_path)
        bob = await seated(url, code, "Bob", tmp_path)
        try:
            yield TwoSeats(url, code, ann, bob)
        finally:
            await ann.client.close()
            await bob.client.close()


def header(app: MixmoApp) -> str:
    return str(app.header.render())


def grid_letters(app: MixmoApp, seat: int) -> dict[tuple[int, int], str]:
    picture = app.pane_widgets[seat].grid_view.picture
    assert picture is not None
    return {cell: tile.symbol for cell, tile in picture.grid.items()}


async def test_a_word_typed_in_one_burst_reaches_the_server_in_order_and_every_screen(
    tmp_path: Path,
) -> None:
    async with ann_and_bob(tmp_path) as seats:
        ann, bob = seats.ann, seats.bob
        await until(lambda: ann.started and bob.started)
        app = MixmoApp(ann)
        async with app.run_test(size=SIZE) as pilot:
            letters = [t.symbol for t in ann.round.player(0).rack if t.symbol.isalpha()][:4]
            burst(app, *(symbol.lower() for symbol in letters))
            word = {(0, col): symbol for col, symbol in enumerate(letters)}
            await until(lambda: grid_letters(app, 0) == word, pilot)
            await until(lambda: len(bob.round.player(0).grid) == len(letters))
            assert {c: t.symbol for c, t in bob.round.player(0).grid.items()} == word
            assert app.panes[0].cursor == (0, len(letters))
            assert len(ann.round.player(0).rack) == 6 - len(letters)


async def test_a_refusal_from_the_server_is_told_on_the_seat_s_own_pane(tmp_path: Path) -> None:
    async with ann_and_bob(tmp_path) as seats:
        ann, bob = seats.ann, seats.bob
        await until(lambda: ann.started)
        app = MixmoApp(ann)
        async with app.run_test(size=SIZE) as pilot:
            rack = {t.symbol for t in ann.round.player(0).rack}
            missing = next(ch for ch in "ZQXJKWVY" if ch not in rack)
            await pilot.press(missing.lower())
            await until(lambda: app.panes[0].message.startswith("✗"), pilot)
            assert "rack" in app.panes[0].message
            assert not app.panes[1].message  # told to Ann only
            assert len(bob.round.player(0).grid) == 0


async def test_the_other_seats_are_read_only_on_a_remote_screen(tmp_path: Path) -> None:
    async with ann_and_bob(tmp_path) as seats:
        await until(lambda: seats.ann.started)
        app = MixmoApp(seats.bob)
        async with app.run_test(size=SIZE) as pilot:
            assert app.active == 1
            await pilot.press("tab")  # next player: not at a server
            await pilot.press("1")
            await pilot.click("PlayerPane")  # the first pane is Ann's
            await pilot.pause()
            assert app.active == 1


async def test_another_seat_s_rack_shows_how_many_tiles_it_holds_not_which(
    tmp_path: Path,
) -> None:
    async with ann_and_bob(tmp_path) as seats:
        await until(lambda: seats.ann.started)
        app = MixmoApp(seats.bob)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            anns_rack = str(app.query_one("#rack-0").render())
            bobs_rack = str(app.query_one("#rack-1").render())
            assert "6 tiles, hidden" in anns_rack
            assert "empty" not in anns_rack
            assert "hidden" not in bobs_rack and len(bobs_rack.split()) == 7  # Rack + 6 tiles


@pytest.mark.slow
async def test_a_whole_match_with_a_person_s_screen_and_bots_ends_with_the_same_standings(
    tmp_path: Path,
) -> None:
    settings = RoomSettings(
        players=3, variant="free-spirit", scoring=ScoringMode.ROUNDS, target=1, seed=11
    )
    async with running_server(tmp_path / "server", bot_speed=SPEED) as server:
        url = url_of(server)
        code, ann = await opened(url, settings, tmp_path)
        bots = [
            asyncio.create_task(
                play_bot_seat(
                    url,
                    code,
                    name,
                    Level.HARD,
                    speed=SPEED,
                    tokens=SeatTokens(tmp_path / f"{name}.json"),
                )
            )
            for name in ("Bob", "Cid")
        ]
        await until(lambda: ann.started)
        app = MixmoApp(ann)
        async with app.run_test(size=SIZE) as pilot:
            await until(
                lambda: ann.phase is Phase.MATCH_OVER and isinstance(app.screen, ScoresScreen),
                pilot,
                seconds=240,
            )
            assert isinstance(app.screen, MatchOverScreen), "a server's room plays again too"
            heading = str(app.screen.heading)
            results = await asyncio.wait_for(asyncio.gather(*bots), 60)
            assert ann.phase is Phase.MATCH_OVER
            names = ann.options.players
            for result in results:
                assert result.standings == standings_of(ann.options, ann.state)
                assert result.totals == ann.state.totals
                assert f"{names[result.standings[0]]} wins the match!" in heading
            await pilot.press("escape")  # leave (Enter would ask the room to play again)
            await until(lambda: not app.is_running, pilot)
        await ann.client.close()


async def test_the_first_seat_starts_early_with_bots_from_the_lobby(tmp_path: Path) -> None:
    async with running_server() as server:
        url = url_of(server)
        code, ann = await opened(url, RoomSettings(players=3, seed=3), tmp_path)
        app = MixmoApp(ann, lobby=f"{url}/{code}")
        async with app.run_test(size=(100, 30)) as pilot:
            lobby = app.screen_stack[0]
            assert isinstance(lobby, LobbyScreen)
            await until(lambda: "2. free" in str(lobby.seats.render()), pilot)
            text = str(lobby.seats.render())
            assert "1. Ann (you)" in text and "3. free" in text
            assert f"mixmo join {url}/{code}" in text
            await pilot.press("s")
            await pilot.pause()
            await pilot.press("b")
            await until(lambda: ann.started, pilot)
            await until(lambda: app.seated and app.screen_stack[0] is not lobby, pilot)
            await until(lambda: "round 1" in header(app), pilot)  # the board, in the same app
            titles = [str(pane.border_title) for pane in app.screen.query(PlayerPane)]
            assert len(titles) == 3 and "1. Ann" in titles[0]
        assert ann.lobby is not None
        assert [info.bot for info in ann.lobby.seats] == [False, True, True]
        assert len(ann.options.players) == 3
        await ann.client.close()


async def test_a_watcher_sees_every_grid_and_a_key_says_watchers_cannot_play(
    tmp_path: Path,
) -> None:
    async with ann_and_bob(tmp_path) as seats:
        ann = seats.ann
        watcher = GameClient(seats.url)
        await watcher.connect(seats.code)
        await watcher.watch(seats.code)
        table = RemoteTable(watcher)
        await until(lambda: table.started)
        letter = next(t.symbol for t in ann.round.player(0).rack if t.symbol.isalpha())
        assert await ann.apply(ann_place(letter)) is None
        app = MixmoApp(table)
        async with app.run_test(size=SIZE) as pilot:
            assert sorted(app.pane_widgets) == [0, 1]
            await until(lambda: grid_letters(app, 0) == {(0, 0): letter}, pilot)
            await pilot.press("a")
            await pilot.pause()
            assert "watchers cannot play" in header(app)
            assert len(table.round.player(0).grid) == len(table.round.player(1).grid) + 1
        await watcher.close()


def ann_place(symbol: str) -> Any:
    from mixmo.engine.actions import PlaceTile

    return PlaceTile(seat=0, row=0, col=0, symbol=symbol)


async def test_the_screen_says_when_the_connection_is_lost_and_when_it_is_back(
    tmp_path: Path,
) -> None:
    data = tmp_path / "server"
    server = GameServer(data)
    await server.start("127.0.0.1", 0)
    port = server.port
    url = url_of(server)
    _code, ann = await opened(
        url, RoomSettings(players=2, bots=1, bot_level="easy", seed=3), tmp_path
    )
    await until(lambda: ann.started)
    app = MixmoApp(ann)
    async with app.run_test(size=SIZE) as pilot:
        assert "connection lost" not in header(app)
        await server.close()
        await until(lambda: "connection lost, reconnecting" in header(app), pilot)
        server = GameServer(data)
        await server.start("127.0.0.1", port)
        await until(lambda: "connection lost" not in header(app), pilot, seconds=30)
        assert ann.client.online
        assert "connection back" in header(app)
    await ann.client.close()
    await server.close()


async def test_letters_typed_while_the_connection_is_lost_wait_and_are_played_once_it_is_back(
    tmp_path: Path,
) -> None:
    """The server is stopped, Ann types two letters; they show on her grid at once
    (the cursor steps on), the header says they wait, and once a new server on the same
    folder takes the room back they reach it in order: nothing she typed is lost."""
    data = tmp_path / "server"
    server = GameServer(data)
    await server.start("127.0.0.1", 0)
    port = server.port
    url = url_of(server)
    _code, ann = await opened(
        url, RoomSettings(players=2, bots=1, bot_level="easy", seed=3), tmp_path
    )
    await until(lambda: ann.started)
    app = MixmoApp(ann)
    async with app.run_test(size=SIZE) as pilot:
        letters = [t.symbol for t in ann.round.player(0).rack if t.symbol.isalpha()][:2]
        await server.close()
        await until(lambda: "connection lost, reconnecting" in header(app), pilot)
        for symbol in letters:
            await pilot.press(symbol.lower())
        word = {(0, col): symbol for col, symbol in enumerate(letters)}
        await until(lambda: grid_letters(app, 0) == word, pilot)
        assert app.panes[0].cursor == (0, 2)
        assert "2 moves wait to be sent" in header(app)
        assert not app.panes[0].message  # nothing refused
        server = GameServer(data)
        await server.start("127.0.0.1", port)
        await until(lambda: "connection lost" not in header(app), pilot, seconds=30)
        await until(lambda: len(ann.confirmed.round.player(0).grid) == 2, pilot)
        assert {c: t.symbol for c, t in ann.confirmed.round.player(0).grid.items()} == word
        assert grid_letters(app, 0) == word
        assert app.panes[0].cursor == (0, 2)
        assert not app.panes[0].message
    await ann.client.close()
    await server.close()


async def test_another_player_losing_the_connection_is_told_in_the_header(tmp_path: Path) -> None:
    async with ann_and_bob(tmp_path) as seats:
        await until(lambda: seats.bob.started)
        app = MixmoApp(seats.bob)
        async with app.run_test(size=SIZE) as pilot:
            await seats.ann.client.close()
            await until(lambda: "Ann lost the connection" in header(app), pilot)


def test_the_score_sheet_is_in_a_remote_seats_view() -> None:
    """A seat that reconnects while the scores are up missed the RoundScored event: the
    round's sheet is in its view (the state's ``scores``, as the server sends it), so the
    table shows the scores without working them out again."""
    import secrets

    from mixmo.engine import actions as act
    from mixmo.engine import events as ev
    from mixmo.engine.lexicon import AnyWord
    from mixmo.net.protocol import SeatView, Snapshot, Welcome
    from mixmo.net.views import ViewMaker
    from tests.game_helpers import lay_out, new_game, play_until_bag_is_empty

    game = new_game(2, variant="free-spirit", seed=4)
    at = play_until_bag_is_empty(game, caller=0)
    lay_out(game, 0, at)
    game.apply(act.CallMixmo(seat=0, at=at + 5))
    assert game.phase is Phase.SCORED
    scored = next(e for e in reversed(game.events) if isinstance(e, ev.RoundScored))

    class Reconnected:
        """A client whose connection came back with a snapshot taken during the scores."""

        welcome = Welcome(room="ACDEFG", seat=1, name="Bob", token=secrets.token_urlsafe(24))
        watching = None
        lobby = None
        online = True
        view = SeatView.model_validate_json(  # the JSON the server sends
            ViewMaker(game.options).view_json(game.state, 1, at + 6)
        )

        def __init__(self) -> None:
            self.listeners: list[Any] = []

        def subscribe(self, listener: Any) -> None:
            self.listeners.append(listener)

        def on_online(self, listener: Any) -> None:
            pass

    client = Reconnected()
    assert client.view.state.state().round.scores == scored.scores
    table = RemoteTable(client, AnyWord(language="en"))  # type: ignore[arg-type]
    for listener in client.listeners:
        listener(Snapshot(view=client.view))
    assert table.last_scored == scored


async def test_a_client_that_gives_up_reconnecting_says_so_for_good(tmp_path: Path) -> None:
    server = GameServer(tmp_path / "server")
    await server.start("127.0.0.1", 0)
    client = GameClient(url_of(server), tokens=SeatTokens(tmp_path / "Ann.json"), reconnect_for=1)
    await client.connect()
    code = await client.create(RoomSettings(players=2, bots=1, bot_level="easy", seed=3))
    await client.join(code, "Ann")
    ann = RemoteTable(client)
    await until(lambda: ann.started)
    app = MixmoApp(ann)
    async with app.run_test(size=SIZE) as pilot:
        await server.close()
        await until(lambda: "connection lost: " in header(app), pilot)
        assert "run the same mixmo join" in header(app)
        assert "reconnecting" not in header(app)
    await client.close()


async def test_a_letter_waiting_when_the_client_gives_up_is_refused_and_told(
    tmp_path: Path,
) -> None:
    server = GameServer(tmp_path / "server")
    await server.start("127.0.0.1", 0)
    # Five seconds of trying again: the letter's "waits to be sent" shows that long (a
    # loaded machine took over one to draw it, and the header had already moved on).
    client = GameClient(url_of(server), tokens=SeatTokens(tmp_path / "Ann.json"), reconnect_for=5)
    await client.connect()
    code = await client.create(RoomSettings(players=2, bots=1, bot_level="easy", seed=3))
    await client.join(code, "Ann")
    ann = RemoteTable(client)
    await until(lambda: ann.started)
    app = MixmoApp(ann)
    async with app.run_test(size=SIZE) as pilot:
        letter = next(t.symbol for t in ann.round.player(0).rack if t.symbol.isalpha())
        await server.close()
        await until(lambda: "reconnecting" in header(app), pilot)
        await pilot.press(letter.lower())
        await until(lambda: "1 move waits to be sent" in header(app), pilot)
        await until(lambda: "connection lost: " in header(app), pilot)
        await until(lambda: "not connected: not played" in app.panes[0].message, pilot)
        assert grid_letters(app, 0) == {}  # taken back off the grid
    await client.close()
