"""Which pages may open a visitor's terminal (and so start a `mixmo join`), and what a
visitor leaves in `mixmo web`'s data folder.

The terminal's websocket starts a process that takes a seat: only this front's own
page may open it, judged by the address the connection arrived on or the configured
public address, never by the `Host` header a rebound DNS name makes agree with the
attacker's `Origin`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from mixmo.web.front import COOKIE, VisitorApp, WebFront, public_origin

WRITES: list[str] = []
"""The files each visitor's "process" writes into its data folder, in the test running."""


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Path]]:
    """The data folders of the `mixmo join` processes the front starts (none is run:
    each "process" writes the files named in WRITES into its folder and ends at once)."""
    folders: list[Path] = []
    WRITES.clear()

    async def start(self: VisitorApp, width: int, height: int) -> None:
        folder = Path(self.environment["MIXMO_DATA_DIR"])
        assert folder.is_dir()
        for name in WRITES:
            (folder / name).write_text("what a client writes")
        folders.append(folder)
        self.ended.set()

    monkeypatch.setattr(VisitorApp, "start", start)
    yield folders


async def _open_terminal(client: TestClient, headers: dict[str, str]) -> int:
    """Open a terminal's websocket as a page would; the HTTP status of the answer."""
    try:
        socket = await client.ws_connect("/ws/Ann", headers=headers)
    except aiohttp.WSServerHandshakeError as error:
        return error.status
    async for _message in socket:
        pass  # until the visitor's process has ended and the front closes it
    return 101


async def _folders_left(data: Path, expected: int) -> list[Path]:
    """The folders in ``data`` once the front has cleaned up after its visitors (it does
    so right after closing their sockets), polled for a few seconds."""
    for _ in range(100):
        left = sorted(data.iterdir()) if data.exists() else []
        if len(left) == expected:
            break
        await asyncio.sleep(0.05)
    return left


async def test_a_rebound_host_name_cannot_start_a_mixmo_join(
    tmp_path: Path, started: list[Path]
) -> None:
    """evil.example resolves to 127.0.0.1 (DNS rebinding): its page's socket carries
    Host and Origin evil.example, which agree with each other."""
    front = WebFront("ws://127.0.0.1:9", "CDEFGH", tmp_path / "web")
    async with TestClient(TestServer(front.application())) as client:
        port = client.port
        rebound = f"evil.example:{port}"
        status = await _open_terminal(client, {"Host": rebound, "Origin": f"http://{rebound}"})
    assert status == 403
    assert started == []
    assert not (tmp_path / "web").exists() or list((tmp_path / "web").iterdir()) == []


async def test_the_address_it_serves_on_and_the_public_url_may_open_terminals(
    tmp_path: Path, started: list[Path]
) -> None:
    front = WebFront(
        "ws://127.0.0.1:9", "CDEFGH", tmp_path / "web", "https://play.example.org/mixmo/"
    )
    async with TestClient(TestServer(front.application())) as client:
        port = client.port
        answers = {
            origin: await _open_terminal(client, {"Origin": origin})
            for origin in (
                f"http://127.0.0.1:{port}",
                f"http://localhost:{port}",
                "https://play.example.org",
                "http://play.example.org",  # not the scheme players are given
                f"http://127.0.0.2:{port}",  # another loopback address: not where it arrived
                f"http://127.0.0.1:{port + 1}",
                "https://evil.example",
                "null",
            )
        }
    assert list(answers.values()) == [101, 101, 101, 403, 403, 403, 403, 403]
    assert len(started) == 3


def test_the_public_url_names_an_origin() -> None:
    assert public_origin("https://play.example.org/mixmo/") == "https://play.example.org"
    assert public_origin("https://play.example.org:443/") == "https://play.example.org"
    assert public_origin("http://[::1]:8000/") == "http://[::1]:8000"
    with pytest.raises(ValueError, match="not an http"):
        public_origin("ws://play.example.org")


async def test_a_visitor_without_the_cookie_leaves_no_folder_behind(
    tmp_path: Path, started: list[Path]
) -> None:
    """A script opening sockets without the cookie, over and over (or a watcher), even
    when its process writes there (a seat's token, records)."""
    data = tmp_path / "web"
    front = WebFront("ws://127.0.0.1:9", "CDEFGH", data)
    WRITES.extend(["seats.json", "records.sqlite3"])
    async with TestClient(TestServer(front.application())) as client:
        origin = f"http://127.0.0.1:{client.port}"
        for _ in range(5):
            assert await _open_terminal(client, {"Origin": origin}) == 101
        assert len(started) == 5 and len(set(started)) == 5
        assert await _folders_left(data, 0) == []


async def test_a_browser_keeps_its_folder_only_once_its_process_wrote_there(
    tmp_path: Path, started: list[Path]
) -> None:
    """Made-up cookies whose processes never got a seat leave nothing; a seat's token
    is kept for the browser's next visit (a reload takes the seat back)."""
    data = tmp_path / "web"
    front = WebFront("ws://127.0.0.1:9", "CDEFGH", data)
    async with TestClient(TestServer(front.application())) as client:
        origin = f"http://127.0.0.1:{client.port}"
        for made_up in ("a-made-up-cookie", "another-one"):
            client.session.cookie_jar.update_cookies({COOKIE: made_up})
            assert await _open_terminal(client, {"Origin": origin}) == 101
        assert await _folders_left(data, 0) == []
        WRITES.append("seats.json")
        client.session.cookie_jar.update_cookies({COOKIE: "a-seated-browser"})
        assert await _open_terminal(client, {"Origin": origin}) == 101
        assert await _folders_left(data, 1) == [started[-1]]
    assert (started[-1] / "seats.json").exists()


def test_a_public_url_that_is_not_a_web_address_is_one_line(mixmo) -> None:  # type: ignore[no-untyped-def]
    run = mixmo("web", "ws://127.0.0.1:9/CDEFGH", "--public-url", "ws://play.example.org")
    assert run.code == 2
    assert run.err == (
        "mixmo: error: --public-url ws://play.example.org: not an http:// or https:// address\n"
    )
