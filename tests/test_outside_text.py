"""Text from outside (a word argument, a records field, a server's error) is shown harmlessly
on the command line: an escape that would retitle, clear or recolour the terminal, or a
bidirectional override, is shown as a picture (``␛``, ``␇``) or ``�``, never obeyed."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from mixmo.data import records
from mixmo.data.records import Run
from mixmo.i18n.outside import harmless
from mixmo.net.wire import clean_name

ATTACK = "\x1b]0;pwned\x07\x1b[2J\x1b[41m"
"""Retitle the terminal, clear it, paint it red."""
SHOWN = "␛]0;pwned␇␛[2J␛[41m"


@pytest.fixture(autouse=True)
def private_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    return tmp_path


def test_controls_escapes_and_bidirectional_overrides_show_as_inert_marks() -> None:
    assert harmless(ATTACK) == SHOWN
    assert harmless("Ann\u202eevil") == "Ann\ufffdevil"
    assert harmless("Zoé 張 a\u3000b") == "Zoé 張 a\u3000b", "printable text is kept as it is"


def test_a_name_is_refused_for_what_harmless_would_mark() -> None:
    with pytest.raises(ValueError, match="control characters"):
        clean_name("Ann\u202e")


def test_a_word_argument_shows_its_escapes_harmlessly(mixmo: Any) -> None:
    run = mixmo("word", f"{ATTACK}cat")
    assert run.code == 1
    assert "\x1b" not in run.out and "\x07" not in run.out
    assert f"{SHOWN}cat" in run.out


def test_a_records_field_shows_its_escapes_harmlessly(mixmo: Any) -> None:
    records.record(
        Run(kind="round", finished_at="2026-11-01T10:00:00", player=f"{ATTACK}[bold]Ann",
            language="en", table_size=2, variant="classic", seed="1", seconds=60, tiles=20)
    )  # fmt: skip
    run = mixmo("stats")
    assert "\x1b" not in run.out
    assert "␛" in run.out and "pwned" in run.out
    assert "[bold]" in run.out, "not read as Rich markup either"


@contextmanager
def hostile_server() -> Iterator[str]:
    """A server that answers anything with an error whose text attacks the terminal."""
    from websockets.asyncio.server import serve

    loop = asyncio.new_event_loop()
    ready = threading.Event()
    port: list[int] = []
    stop = loop.create_future()

    async def answer(socket: Any) -> None:
        async for _frame in socket:
            error = {"v": 1, "type": "error", "code": "no-room", "message": f"{ATTACK}gone"}
            await socket.send(json.dumps(error))

    async def main() -> None:
        async with serve(answer, "127.0.0.1", 0) as server:
            port.append(next(iter(server.sockets)).getsockname()[1])
            ready.set()
            await stop

    thread = threading.Thread(target=loop.run_until_complete, args=(main(),), daemon=True)
    thread.start()
    ready.wait(10)
    try:
        yield f"ws://127.0.0.1:{port[0]}"
    finally:
        loop.call_soon_threadsafe(stop.set_result, None)
        thread.join(10)


def test_a_hostile_servers_error_is_shown_harmlessly(
    mixmo: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("mixmo.cli.terminal.has_terminal", lambda: True)
    with hostile_server() as url:
        run = mixmo("join", f"{url}/ACDEFG", "--name", "Cy")
    assert run.code == 2
    assert "\x1b" not in run.err and "\x07" not in run.err
    assert f"{SHOWN}gone" in run.err


def test_a_saved_game_is_described_harmlessly() -> None:
    from mixmo.cli.saved_game import describe
    from mixmo.engine.game import Game
    from mixmo.engine.lexicon import AnyWord
    from mixmo.engine.options import MatchOptions

    game = Game(MatchOptions(players=(f"Ann{ATTACK}", "Bob\u202e"), seed=1), AnyWord())
    said = describe(game)
    assert f"Ann{SHOWN} 0" in said and "Bob\ufffd 0" in said
