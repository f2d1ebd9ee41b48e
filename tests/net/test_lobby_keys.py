"""The lobby's "start now" dialog: its answers' keys are the letters its labels show, in the
player's language (the French buttons once kept the English B(ots) and W(ithout))."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Button

from mixmo.i18n import restore_ui_language, set_ui_language
from mixmo.net.client import GameClient, SeatTokens
from mixmo.net.protocol import RoomSettings
from mixmo.net.remote_table import RemoteTable
from mixmo.tui.app import BoardScreen, MixmoApp
from mixmo.tui.lobby import LobbyScreen, StartScreen
from tests.net.helpers import running_server, url_of


@pytest.fixture(autouse=True)
def _own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def french_screen() -> Iterator[None]:
    saved = set_ui_language("fr")
    yield
    restore_ui_language(saved)


async def until(check: Callable[[], object], pilot: Any, seconds: float = 20.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not check():
        assert loop.time() < deadline, "timed out"
        await pilot.pause(0.05)


async def ann_in_a_three_seat_room(url: str, tmp_path: Path) -> tuple[str, RemoteTable]:
    client = GameClient(url, tokens=SeatTokens(tmp_path / "ann.json"))
    await client.connect()
    code = await client.create(RoomSettings(players=3, seed=3))
    await client.join(code, "Ann")
    return code, RemoteTable(client)


async def ann_and_bob_in_a_three_seat_room(
    url: str, tmp_path: Path
) -> tuple[str, RemoteTable, GameClient]:
    """Ann's room with Bob in it too: the third seat free, the lobby's start dialog offers
    bots or a start without it."""
    code, ann = await ann_in_a_three_seat_room(url, tmp_path)
    bob = GameClient(url, tokens=SeatTokens(tmp_path / "bob.json"))
    await bob.connect()
    await bob.join(code, "Bob")
    return code, ann, bob


def buttons(app: MixmoApp) -> list[str]:
    return [str(button.label) for button in app.screen.query(Button)]


def lobby_of(app: MixmoApp) -> LobbyScreen:
    """The lobby: the app's first screen until the match starts."""
    screen = app.screen_stack[0]
    assert isinstance(screen, LobbyScreen)
    return screen


def board_shown(app: MixmoApp) -> bool:
    return isinstance(app.screen_stack[0], BoardScreen) and app.seated


@pytest.mark.parametrize(
    ("key", "bots"), [("r", [False, False, True]), ("s", [False, False])], ids=["robots", "sans"]
)
async def test_the_french_lobby_answers_with_the_letters_its_french_buttons_show(
    french_screen: None, tmp_path: Path, key: str, bots: list[bool]
) -> None:
    async with running_server() as server:
        url = url_of(server)
        code, ann = await ann_in_a_three_seat_room(url, tmp_path)
        other = GameClient(url, tokens=SeatTokens(tmp_path / "bob.json"))
        await other.connect()
        await other.join(code, "Bob")  # a second player: starting without bots is allowed
        lobby = MixmoApp(ann, lobby=f"{url}/{code}")
        async with lobby.run_test(size=(100, 30)) as pilot:
            await until(lambda: "3. libre" in str(lobby_of(lobby).seats.render()), pilot)
            await pilot.press("s")  # "Commencer maintenant"
            await until(lambda: isinstance(lobby.screen, StartScreen), pilot)
            shown = buttons(lobby)
            assert shown[:2] == [
                "Donner les places libres à des robots (R)",
                "Commencer sans les places libres (S)",
            ]
            assert not any("(B)" in label or "(W)" in label for label in shown)
            await pilot.press("b", "w")  # the English letters mean nothing here
            await pilot.pause(0.2)
            assert isinstance(lobby.screen, StartScreen) and not ann.started
            await pilot.press(key)
            await until(lambda: ann.started, pilot)
            await until(lambda: board_shown(lobby), pilot)  # the same app: the board now
        assert ann.lobby is not None
        assert [info.bot for info in ann.lobby.seats] == bots
        await ann.client.close()
        await other.close()


async def test_the_english_lobby_still_answers_b_and_w(tmp_path: Path) -> None:
    async with running_server() as server:
        url = url_of(server)
        code, ann, other = await ann_and_bob_in_a_three_seat_room(url, tmp_path)
        lobby = MixmoApp(ann, lobby=f"{url}/{code}")
        async with lobby.run_test(size=(100, 30)) as pilot:
            await until(lambda: "3. free" in str(lobby_of(lobby).seats.render()), pilot)
            await pilot.press("s")
            await until(lambda: isinstance(lobby.screen, StartScreen), pilot)
            assert buttons(lobby)[:2] == [
                "Give the free seats to bots (B)",
                "Start without the free seats (W)",
            ]
            await pilot.press("w")
            await until(lambda: ann.started, pilot)
        assert ann.lobby is not None and len(ann.lobby.seats) == 2
        await ann.client.close()
        await other.close()


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("en", "Give the free seats to bots (B)"),
        ("fr", "Donner les places libres à des robots (R)"),
    ],
)
async def test_alone_in_the_lobby_starting_without_the_free_seats_is_not_offered(
    tmp_path: Path, language: str, shown: str
) -> None:
    """The server refuses a start of one player alone: the dialog offers bots only (it
    used to offer "Start without the free seats", then say the server's refusal)."""
    saved = set_ui_language(language)
    try:
        async with running_server() as server:
            url = url_of(server)
            code, ann = await ann_in_a_three_seat_room(url, tmp_path)
            lobby = MixmoApp(ann, lobby=f"{url}/{code}")
            async with lobby.run_test(size=(120, 30)) as pilot:
                await until(lambda: ann.lobby is not None, pilot)
                await pilot.press("s")
                await until(lambda: isinstance(lobby.screen, StartScreen), pilot)
                assert buttons(lobby)[:2] == [shown, buttons(lobby)[1]]
                assert len(buttons(lobby)) == 2  # bots, and wait for the others
                await pilot.press("w" if language == "en" else "s")
                await pilot.pause(0.2)
                assert isinstance(lobby.screen, StartScreen) and not ann.started
            await ann.client.close()
    finally:
        restore_ui_language(saved)
