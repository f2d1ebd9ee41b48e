"""`mixmo join` refused by the server, as a person reads it: the room's code, and where a
taken seat can be taken back from."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mixmo.net.client import SeatTokens
from tests.net.helpers import Raw, url_of
from tests.net.test_full_disk import Threaded, server_in_a_thread


@pytest.fixture
def person(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """`mixmo join` as a person types it in a terminal, with its own data folder."""
    monkeypatch.setattr("mixmo.cli.terminal.has_terminal", lambda: True)
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "player"))
    return tmp_path / "player"


@pytest.mark.parametrize(
    ("ui", "says"),
    [([], "no room with that code on this server"),
     (["--ui", "fr"], "aucune salle avec ce code sur ce serveur")],
    ids=["english", "french"],
)  # fmt: skip
def test_a_room_code_the_server_does_not_have_is_named(
    mixmo: Any, person: Path, tmp_path: Path, ui: list[str], says: str
) -> None:
    with server_in_a_thread(tmp_path / "server") as threaded:
        url = url_of(threaded.server)
        run = mixmo(*ui, "join", f"{url}/ACDEFG", "--name", "Cy")
    assert run.code == 2 and run.err.count("\n") == 1
    assert run.err.endswith(f"{url}/ACDEFG: {says}\n")


def started_room(threaded: Threaded) -> tuple[str, str]:
    """A started two-seat room (Ann and Bob connected, on the server's loop): its code and
    Ann's seat token."""

    async def seat_two() -> tuple[str, str]:
        ann = await Raw.open(threaded.server)
        await ann.send({"type": "create", "settings": {"players": 2, "seed": 7}})
        code = (await ann.until("created"))["room"]
        await ann.send({"type": "join", "room": code, "name": "Ann"})
        token = (await ann.until("welcome"))["token"]
        bob = await Raw.open(threaded.server)
        await bob.send({"type": "join", "room": code, "name": "Bob"})
        await bob.until("welcome")
        await ann.until("snapshot")
        return code, token

    return threaded.run(seat_two())


def test_a_seat_held_by_another_computer_says_it_is_taken_back_only_from_there(
    mixmo: Any, person: Path, tmp_path: Path
) -> None:
    with server_in_a_thread(tmp_path / "server") as threaded:
        url = url_of(threaded.server)
        code, _token = started_room(threaded)
        run = mixmo("join", f"{url}/{code}", "--name", "Ann")  # Ann, on another computer
    assert run.code == 2 and run.err.count("\n") == 1
    assert run.err == (
        f"mixmo: error: {url}/{code}: the match has started: every seat is taken "
        "(a seat is taken back only from the computer that took it, with the same --name: "
        "its key is in that computer's seats.json)\n"
    )


def test_a_seat_this_computer_took_under_another_name_is_named(
    mixmo: Any, person: Path, tmp_path: Path
) -> None:
    with server_in_a_thread(tmp_path / "server") as threaded:
        url = url_of(threaded.server)
        code, token = started_room(threaded)
        SeatTokens(person / "seats.json").put(url, code, "Ann", 0, token)  # Ann's computer
        run = mixmo("join", f"{url}/{code}", "--name", "Anne")  # a typo in her name
    assert run.code == 2
    assert run.err == (
        f"mixmo: error: {url}/{code}: the match has started: every seat is taken "
        "(this computer took a seat of this room as 'Ann': join again with that --name)\n"
    )


def test_the_seat_hint_reads_in_french(mixmo: Any, person: Path, tmp_path: Path) -> None:
    with server_in_a_thread(tmp_path / "server") as threaded:
        url = url_of(threaded.server)
        code, _token = started_room(threaded)
        run = mixmo("--ui", "fr", "join", f"{url}/{code}", "--name", "Cy")
    assert run.code == 2 and run.err.count("\n") == 1
    assert "la partie a commencé : toutes les places sont prises" in run.err
    assert "une place ne se reprend que depuis l'ordinateur qui l'a prise" in run.err
