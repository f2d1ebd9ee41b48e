"""The lobby before the match: who is connected, the room's settings, a seat freed by a
player who leaves, a friendly default name, and the standings told after leaving."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mixmo.cli import join as join_cli
from mixmo.engine.options import ScoringMode
from mixmo.net.client import GameClient, SeatTokens
from mixmo.net.protocol import RoomSettings
from mixmo.net.remote_table import RemoteTable
from mixmo.tui.app import MixmoApp
from mixmo.tui.lobby import LobbyScreen
from tests.net.helpers import running_server, url_of


@pytest.fixture(autouse=True)
def _own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "data"))


async def until(check: Callable[[], object], pilot: Any = None, seconds: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not check():
        assert loop.time() < deadline, "timed out"
        await (pilot.pause(0.05) if pilot is not None else asyncio.sleep(0.05))


async def seated(
    url: str, tokens: Path, name: str, code: str | None = None, **settings: Any
) -> GameClient:
    client = GameClient(url, tokens=SeatTokens(tokens))
    await client.connect()
    if code is None:
        code = await client.create(RoomSettings(**{"players": 3, "seed": 3, **settings}))
    await client.join(code, name)
    return client


def seats_text(app: MixmoApp) -> str:
    lobby = app.screen_stack[0]
    assert isinstance(lobby, LobbyScreen)
    return str(lobby.seats.render())


async def test_a_player_who_leaves_the_lobby_frees_their_seat_for_someone_else(
    tmp_path: Path,
) -> None:
    async with running_server() as server:
        url = url_of(server)
        ann = await seated(url, tmp_path / "ann.json", "Ann")
        assert ann.welcome is not None
        code = ann.welcome.room
        bob = await seated(url, tmp_path / "bob.json", "Bob", code)
        bob_screen = MixmoApp(RemoteTable(bob), lobby=f"{url}/{code}")
        async with bob_screen.run_test(size=(100, 30)) as pilot:
            await until(lambda: "2. Bob" in seats_text(bob_screen), pilot)
            await pilot.press("escape")  # Bob leaves before the match
            await until(lambda: bob.closed.is_set(), pilot)
        await until(lambda: ann.lobby is not None and ann.lobby.seats[1].name is None)
        assert SeatTokens(tmp_path / "bob.json").names(url, code) == []
        cy = await seated(url, tmp_path / "cy.json", "Cy", code)
        assert cy.welcome is not None and cy.welcome.seat == 1
        await cy.close()
        await ann.close()


async def test_the_lobby_shows_who_is_connected_and_the_room_s_settings(tmp_path: Path) -> None:
    async with running_server() as server:
        url = url_of(server)
        ann = await seated(
            url, tmp_path / "ann.json", "Ann", language="fr", variant="expert",
            scoring=ScoringMode.ROUNDS, target=3,
        )  # fmt: skip
        assert ann.welcome is not None
        code = ann.welcome.room
        bob = await seated(url, tmp_path / "bob.json", "Bob", code)
        screen = MixmoApp(RemoteTable(ann), lobby=f"{url}/{code}")
        async with screen.run_test(size=(100, 30)) as pilot:
            await until(lambda: "2. Bob (connected)" in seats_text(screen), pilot)
            text = seats_text(screen)
            assert "French · Expert · first to win 3 rounds" in text
            assert "1. Ann (you)" in text
            await bob.close()
            await until(lambda: "2. Bob (away)" in seats_text(screen), pilot)
        await ann.close()


def test_a_seat_s_default_name_is_not_the_login_name(monkeypatch: pytest.MonkeyPatch) -> None:
    import getpass

    monkeypatch.setattr(getpass, "getuser", lambda: "root")
    assert join_cli._default_name("ws://127.0.0.1:8765", None) == "Player"


def test_joining_again_without_a_name_takes_back_the_seat_this_computer_holds() -> None:
    """A player whose terminal died runs the same `mixmo join URL/CODE` again: the one
    seat this computer holds in that room is theirs, under the name they wrote."""
    from mixmo.net.client import SeatTokens

    server = "ws://127.0.0.1:8765"
    SeatTokens().put(server, "ABCDEF", "Ann", 0, "token")
    assert join_cli._default_name("ws://localhost:8765", "ABCDEF") == "Ann"
    assert join_cli._default_name(server, "GHIJKL") == "Player"  # no seat in that room
    SeatTokens().put(server, "ABCDEF", "Bob", 1, "other")  # two seats: which one is unsaid
    assert join_cli._default_name(server, "ABCDEF") == "Player"


async def test_leaving_mid_match_prints_the_standings_so_far(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def player_quits(self: MixmoApp) -> None:  # Ctrl+C, then yes: the app ends
        return None

    monkeypatch.setattr(MixmoApp, "run_async", player_quits)
    async with running_server() as server:
        url = url_of(server)
        bob = await seated(url, tmp_path / "bob.json", "Bob", players=2)
        assert bob.welcome is not None
        await join_cli._play_person(url, bob.welcome.room, "Ann", None, False, False)
        out = capsys.readouterr().out.splitlines()
        assert out[0].startswith("invite: mixmo join ws://")  # printed as the player joins
        assert out[1:] == [
            "Standings so far (round 1):",
            "1. Bob  0 points  0 rounds won",
            "2. Ann  0 points  0 rounds won",
        ]
        await bob.close()
