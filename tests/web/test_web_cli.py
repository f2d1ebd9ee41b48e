"""`mixmo web` as a user types it: one-line errors with exit 2, the name form, Ctrl+C."""

from __future__ import annotations

import shlex
import socket
import sys
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from tests.web.conftest import MIXMO, Started, open_room, serve_web


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("http://127.0.0.1:8765/CDEFGH", "not a server address"),
        ("ws://127.0.0.1:8765", "which room?"),
        ("ws://127.0.0.1:8765/ABC", "'ABC' is not a room code"),
        (
            "ws://127.0.0.1:9/CDEFGH",
            "no mixmo server answers at ws://127.0.0.1:9: is `mixmo serve` running there?",
        ),
        ("ws://[::1/ACDEFG", "ws://[::1/ACDEFG: not a server address"),
        (
            "ws://127.0.0.1:99999/ACDEFG",
            "ws://127.0.0.1:99999: the port must be a number from 1 to 65535",
        ),
    ],
    ids=["http", "no-code", "short-code", "unreachable", "open-bracket", "port-out-of-range"],
)
def test_web_refuses_an_address_that_is_not_a_room_in_one_line(mixmo, url: str, says: str) -> None:  # type: ignore[no-untyped-def]
    run = mixmo("web", url, "--port", "0")
    assert run.code == 2
    assert says in run.err and run.err.count("\n") == 1 and "Traceback" not in run.err
    assert "mixmo web on" not in run.out


def test_web_without_textual_serve_says_how_to_install_it(mixmo, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setitem(sys.modules, "textual_serve", None)  # what an ImportError looks like
    run = mixmo("web", "ws://127.0.0.1:9/CDEFGH")
    assert run.code == 2 and run.err.count("\n") == 1
    assert "pip install 'mixmo[web]'" in run.err


def test_web_says_when_its_port_is_taken(mixmo) -> None:  # type: ignore[no-untyped-def]
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = mixmo("web", "ws://127.0.0.1:9/CDEFGH", "--port", str(port))
    assert run.code == 2 and run.err.count("\n") == 1
    assert f"cannot listen on 127.0.0.1:{port}" in run.err


def test_join_names_the_room_code_the_server_does_not_have(mixmo, game_server: str) -> None:  # type: ignore[no-untyped-def]
    run = mixmo("join", f"{game_server}/CDEFGH", "--bot", "easy")
    assert run.code == 2
    assert run.err == f"mixmo: error: {game_server}/CDEFGH: no room with that code on this server\n"


def test_web_refuses_a_room_the_server_does_not_have(mixmo, game_server: str) -> None:  # type: ignore[no-untyped-def]
    run = mixmo("web", f"{game_server}/CDEFGH", "--port", "0")
    assert run.code == 2 and run.err.count("\n") == 1
    assert f"{game_server}/CDEFGH" in run.err and "room" in run.err


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_web_serves_a_name_form_for_the_room_and_stops_on_ctrl_c(
    game_server: str, environment: dict[str, str], processes: list[Started], tmp_path: Path
) -> None:
    code = open_room(game_server, environment, processes, tmp_path / "bot.log")
    page = serve_web(f"{game_server}/{code}", environment, processes, tmp_path / "web.log")

    status, form = _get(page + "/")
    assert status == 200
    assert f"Room {code}" in form and "Your name at the table" in form
    assert '<form action="play"' in form and 'name="name"' in form
    assert 'formaction="watch"' in form

    status, watching = _get(page + "/watch")
    assert status == 200
    assert f"Mixmo: watching room {code}" in watching and '"watch-ws"' in watching

    status, terminal = _get(page + "/play?name=Ann")
    assert status == 200
    assert f"Mixmo: Ann in room {code}" in terminal and '"ws/Ann"' in terminal

    status, refused = _get(page + "/play?name=%20%20")
    assert status == 400 and "cannot be blank" in refused and "<form" in refused
    status, refused = _get(page + "/play?name=" + "x" * 25)
    assert status == 400 and "at most 24 characters" in refused

    host = page.removeprefix("http://")
    with pytest.raises(InvalidStatus) as refused_socket:
        connect(f"ws://{host}/ws/Ann", origin=Origin("http://evil.example"), open_timeout=10)
    assert refused_socket.value.response.status_code == 403

    assert processes[-1].interrupt() == 0
    assert "Traceback" not in (tmp_path / "web.log").read_text()


def test_the_form_remembers_the_name_this_browser_played_under(
    game_server: str, environment: dict[str, str], processes: list[Started], tmp_path: Path
) -> None:
    code = open_room(game_server, environment, processes, tmp_path / "bot.log")
    page = serve_web(f"{game_server}/{code}", environment, processes, tmp_path / "web.log")
    cookies = urllib.request.HTTPCookieProcessor()
    browser = urllib.request.build_opener(cookies)
    with browser.open(page + "/play?name=" + quote("Zoé d'Arc"), timeout=10) as response:
        assert response.status == 200
        assert response.headers["Content-Security-Policy"] == "frame-ancestors 'none'"
    kept = {cookie.name: cookie for cookie in cookies.cookiejar}
    assert kept["mixmo_visitor"].has_nonstandard_attr("HttpOnly")
    assert len(kept["mixmo_visitor"].value) >= 32
    with browser.open(page + "/", timeout=10) as response:
        assert 'value="Zoé d&#x27;Arc"' in response.read().decode()


@pytest.mark.parametrize("name", ["Ann O'Neil", "$(touch pwned)", "a; rm -rf ~", "`id` & Zoé"])
def test_a_visitors_name_reaches_mixmo_join_as_one_argument_never_as_shell(name: str) -> None:
    """textual-serve runs a shell command per visitor: the name is quoted, whatever it holds."""
    from mixmo.web.front import WebFront

    front = WebFront("ws://127.0.0.1:8765", "CDEFGH", Path("/unused"))
    argv = shlex.split(front.command_for(name))
    assert argv[:4] == ["exec", *MIXMO]
    assert argv[4:] == ["--ui", "en", "join", "ws://127.0.0.1:8765/CDEFGH", "--name", name]


def test_a_watcher_runs_mixmo_join_watch_and_takes_no_seat() -> None:
    from mixmo.web.front import WebFront

    front = WebFront("ws://127.0.0.1:8765", "CDEFGH", Path("/unused"))
    argv = shlex.split(front.command_for(None))
    assert argv[4:] == ["--ui", "en", "join", "ws://127.0.0.1:8765/CDEFGH", "--watch"]


async def test_the_pages_and_the_visitors_clients_speak_the_language_of_mixmo_web(
    tmp_path: Path,
) -> None:
    from aiohttp.test_utils import TestClient, TestServer

    from mixmo.i18n import restore_ui_language, set_ui_language
    from mixmo.web.front import WebFront

    saved = set_ui_language("fr")  # as `mixmo --ui fr web ...` does
    try:
        front = WebFront("ws://127.0.0.1:8765", "CDEFGH", tmp_path)
        assert shlex.split(front.command_for("Ann"))[4:6] == ["--ui", "fr"]
        async with TestClient(TestServer(front.application())) as client:
            form = await (await client.get("/")).text()
            refused = await client.get("/play", params={"name": ""})
            terminal = await (await client.get("/play", params={"name": "Ann"})).text()
    finally:
        restore_ui_language(saved)
    assert '<html lang="fr">' in form and "Salle CDEFGH" in form and "Prendre place" in form
    assert refused.status == 400
    assert "Mixmo : Ann dans la salle CDEFGH" in terminal and "Rejouer" in terminal


async def test_behind_a_tls_proxy_the_cookies_are_secure_only(tmp_path: Path) -> None:
    from aiohttp.test_utils import TestClient, TestServer

    from mixmo.web.front import WebFront

    front = WebFront("ws://127.0.0.1:8765", "CDEFGH", tmp_path)
    async with TestClient(TestServer(front.application())) as client:
        plain = await client.get("/play", params={"name": "Ann"})
        client.session.cookie_jar.clear()  # another browser
        behind = await client.get(
            "/play", params={"name": "Ann"}, headers={"X-Forwarded-Proto": "https"}
        )
    assert not any("Secure" in line for line in plain.headers.getall("Set-Cookie"))
    cookies = behind.headers.getall("Set-Cookie")
    assert len(cookies) == 2 and all("Secure" in line for line in cookies)
