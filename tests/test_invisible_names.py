"""A player's name shows at least one visible character, wherever a name is given.

"ㅤ" (U+3164, a Hangul filler) and "⠀" (U+2800, the blank Braille pattern) pass
the blank and control-character checks but draw nothing: a seat that looks
empty in the lobby, the standings and the records. Refused like the other bad
names: one line, exit 2, for `play --names`, `mixup --names`, `join --name`,
the server's `join` and the browser's name form.
"""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from pydantic import ValidationError

from mixmo.engine.names import has_visible_character
from mixmo.net.protocol import CLIENT_MESSAGE
from mixmo.net.wire import clean_name

INVISIBLE = ["\u3164", "\u2800", "\u3164\u3164 \u2800", "\u115f\u1160", "\uffa0", "\u0301"]
SAYS = "a player's name needs a visible character"


@pytest.mark.parametrize("name", INVISIBLE)
def test_names_that_draw_nothing_have_no_visible_character(name: str) -> None:
    assert not has_visible_character(name)
    with pytest.raises(ValueError, match=SAYS):
        clean_name(name)


@pytest.mark.parametrize("name", ["Ann", "Zoé", "李", "ㅤAnn", "é", "⠁", "🙂", "A\u3164B"])
def test_names_with_something_to_see_are_kept(name: str) -> None:
    assert has_visible_character(name)
    assert clean_name(name) == name


@pytest.mark.parametrize("name", ["\u3164", "\u2800"])
def test_play_names_that_draw_nothing_are_refused_in_one_line(
    mixmo, monkeypatch, tmp_path: Path, name: str
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    run = mixmo("play", "--headless", "--bots", "2", "--names", f"{name},Bob")
    assert run.code == 2
    assert run.err == f"mixmo: error: --names: {SAYS}\n"
    assert run.out == ""


def test_mixup_names_that_draw_nothing_are_refused_in_one_line(
    mixmo, monkeypatch, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    run = mixmo("mixup", "--names", "Ann,\u2800")
    assert run.code == 2
    assert run.err == f"mixmo: error: {SAYS}\n"


def test_join_refuses_an_invisible_name_before_connecting(mixmo) -> None:  # type: ignore[no-untyped-def]
    run = mixmo("join", "ws://127.0.0.1:9/CDEFGH", "--name", "\u3164", "--bot", "easy")
    assert run.code == 2
    assert run.err == f"mixmo: error: --name: {SAYS}\n"


def test_join_says_it_in_french(mixmo) -> None:  # type: ignore[no-untyped-def]
    run = mixmo(
        "--ui", "fr", "join", "ws://127.0.0.1:9/CDEFGH", "--name", "\u3164", "--bot", "easy"
    )
    assert run.code == 2
    assert run.err == (
        "mixmo : erreur : --name : le nom d'un joueur doit contenir un caractère visible\n"
    )


def test_the_server_refuses_a_join_under_an_invisible_name() -> None:
    """What a hand-made client sends: the server's parsing of its message refuses it."""
    with pytest.raises(ValidationError, match=SAYS):
        CLIENT_MESSAGE.validate_json('{"v": 1, "type": "join", "room": "CDEFGH", "name": "\u3164"}')


async def test_the_browser_form_refuses_an_invisible_name(tmp_path: Path) -> None:
    from aiohttp.test_utils import TestClient, TestServer

    from mixmo.web.front import WebFront

    front = WebFront("ws://127.0.0.1:9", "CDEFGH", tmp_path)
    async with TestClient(TestServer(front.application())) as client:
        page = await client.get("/play", params={"name": "\u2800"})
        assert page.status == 400 and SAYS in html.unescape(await page.text())
        socket = await client.get("/ws/%E3%85%A4")
        assert socket.status == 400
