"""Keys sent in one burst at a server's seat behave as typed one by one (client-side prediction).

The remote table shows the seat's own grid edits before the server answers them, so a
key decides from the grid the keys before it made, as at a local table: typing over
the letter just placed steps over it instead of sending a second tile the server
refuses. An edit the server refuses is rolled back on the screen, and told.
Real servers on free loopback ports; Bob's screen is the app as `mixmo join` runs it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from mixmo.engine import events as ev
from mixmo.engine.game import Game
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import Phase
from mixmo.net.connection import Limits
from mixmo.net.protocol import RoomSettings
from mixmo.net.remote_table import RemoteTable
from mixmo.net.table import SeatTable
from mixmo.net.views import ActionRefused
from mixmo.tui.app import MixmoApp
from mixmo.tui.news import refusal_text
from tests.net.helpers import running_server, url_of
from tests.net.test_remote_seat import SIZE, grid_letters, opened, seated, until
from tests.tui.helpers import burst, handled


@pytest.fixture(autouse=True)
def _own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Records and seat tokens go to the test's folder, not the user's."""
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "data"))


@asynccontextmanager
async def bob_at(
    tmp_path: Path, seed: int, limits: Limits | None = None
) -> AsyncIterator[tuple[RemoteTable, list[str]]]:
    """Bob's seat (seat 1) in a started two-player room of ``seed``, and the refusals his
    screen is told (every ActionRefused his table publishes), in order."""
    async with running_server(limits=limits) as server:
        url = url_of(server)
        _code, ann = await opened(url, RoomSettings(players=2, seed=seed), tmp_path)
        bob = await seated(url, _code, "Bob", tmp_path)
        refusals: list[str] = []
        bob.subscribe(
            lambda e: refusals.append(e.message) if isinstance(e, ActionRefused) else None
        )
        try:
            await until(lambda: ann.started and bob.started)
            yield bob, refusals
        finally:
            await ann.client.close()
            await bob.client.close()


def rack(table: RemoteTable) -> list[str]:
    return sorted(t.symbol for t in table.round.player(1).rack)


def answered(table: RemoteTable) -> bool:
    """Every action Bob's screen sent has its answer (what is shown is the server's)."""
    return table.state is table.confirmed


def news_on_pane(app: MixmoApp, seat: int) -> list[str]:
    """Every line the app writes on ``seat``'s news line from now on, in order. (A line
    goes after PANE_NEWS_SECONDS of real time: a loaded machine can take that long to
    reach an assert, so the test keeps what was written rather than what still shows.)"""
    lines: list[str] = []
    tell = app.tell

    def telling(to: int, message: str) -> None:
        if to == seat:
            lines.append(message)
        tell(to, message)

    app.tell = telling  # type: ignore[method-assign]
    return lines


Typed = tuple[dict[tuple[int, int], str], tuple[int, int], list[str]]
"""What a burst left on Bob's screen: his grid, his cursor, the refusals he was told."""

QA_BURST = ("l", "a", "x", "left", "up", "up", "space", "t", "question_mark", "x", "t", "f5")
"""A burst that once went wrong at Bob's seat of seed 9 (rack T L ? A T X): LAX across, back onto the X,
up two, turn down, then T ? X T down through the X (typed over), and MIXMO."""


async def test_a_letter_typed_over_the_one_just_placed_in_the_same_burst_steps_over_it(
    tmp_path: Path,
) -> None:
    async with bob_at(tmp_path, 9) as (bob, refusals):
        before = rack(bob)
        app = MixmoApp(bob)
        async with app.run_test(size=SIZE) as pilot:
            burst(app, "l", "left", "l")
            await until(
                lambda: answered(bob) and len(bob.confirmed.round.player(1).grid) == 1, pilot
            )
            await handled(app)  # every answer is in: its refusal, if any, is told
            assert refusals == []
            assert "✗" not in app.panes[1].message
            assert grid_letters(app, 1) == {(0, 0): "L"}
            assert {c: t.symbol for c, t in bob.confirmed.round.player(1).grid.items()} == {
                (0, 0): "L"
            }
            before.remove("L")
            assert rack(bob) == before
            assert app.panes[1].cursor == (0, 1)
            remote: Typed = (grid_letters(app, 1), app.panes[1].cursor, [])
    assert remote == await typed_at_a_local_table(("l", "left", "l"), 9)


async def test_the_qa_burst_types_over_its_own_x_and_calls_mixmo_without_a_refusal(
    tmp_path: Path,
) -> None:
    async with bob_at(tmp_path, 9) as (bob, refusals):
        assert rack(bob) == sorted("TL?ATX")
        mixmo: list[ev.Event] = []
        bob.subscribe(lambda e: mixmo.append(e) if isinstance(e, ev.MixmoCalled) else None)
        app = MixmoApp(bob)
        async with app.run_test(size=SIZE) as pilot:
            burst(app, *QA_BURST)
            await until(lambda: answered(bob) and mixmo, pilot)
            await handled(app)  # every answer is in: its refusal, if any, is told
            assert refusals == []
            assert "✗" not in app.panes[1].message
            word = {(0, 0): "L", (0, 1): "A", (0, 2): "X", (-2, 2): "T", (-1, 2): "?", (1, 2): "T"}
            assert grid_letters(app, 1) == word
            assert {c: t.symbol for c, t in bob.round.player(1).grid.items()} == word
            assert bob.rack_size(1) == 2  # the MIXMO's draw, nothing left of the first six
            assert bob.phase is Phase.PLAYING
            remote: Typed = (grid_letters(app, 1), app.panes[1].cursor, [])
    assert remote == await typed_at_a_local_table(QA_BURST, 9)


async def test_an_edit_the_server_refuses_is_shown_then_rolled_back_and_told(
    tmp_path: Path,
) -> None:
    # A server that takes 3 more messages from Bob (his join took one) and no more for
    # a long while: of five letters typed at once, the last two are refused.
    limits = Limits(rate=0.01, burst=4.0)
    async with bob_at(tmp_path, 9, limits) as (bob, refusals):
        shown: list[int] = []
        bob.watch(lambda: shown.append(len(bob.round.player(1).grid)))
        app = MixmoApp(bob)
        told = news_on_pane(app, 1)
        async with app.run_test(size=SIZE) as pilot:
            burst(app, "t", "l", "a", "t", "x")
            await until(lambda: answered(bob) and len(refusals) == 2, pilot)
            await handled(app)  # the screen has drawn what the table told it
            assert max(shown) == 5  # every letter showed at once, as typed
            assert [str(refusal) for refusal in refusals] == ["too many messages: slow down"] * 2
            assert grid_letters(app, 1) == {(0, 0): "T", (0, 1): "L", (0, 2): "A"}
            assert rack(bob) == sorted("?TX")  # the refused tiles are back on the rack
            assert told == ["✗ too many messages: slow down"] * 2  # on Bob's news line


async def test_a_refusal_for_the_rate_from_an_older_server_without_a_ref_is_still_rolled_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An older server names no ref in its "slow down": the screen takes it for the oldest
    # action not yet answered (answers come in order), with the same result.
    monkeypatch.setattr("mixmo.net.server.ref_of", lambda raw: None)
    limits = Limits(rate=0.01, burst=4.0)
    async with bob_at(tmp_path, 9, limits) as (bob, refusals):
        app = MixmoApp(bob)
        async with app.run_test(size=SIZE) as pilot:
            burst(app, "t", "l", "a", "t", "x")
            await until(lambda: answered(bob) and len(refusals) == 2, pilot)
            await handled(app)  # the screen has drawn what the table told it
            assert [str(refusal) for refusal in refusals] == ["too many messages: slow down"] * 2
            assert grid_letters(app, 1) == {(0, 0): "T", (0, 1): "L", (0, 2): "A"}
            assert rack(bob) == sorted("?TX")


async def typed_at_a_local_table(keys: tuple[str, ...], seed: int) -> Typed:
    """The same keys at Bob's seat of a local table of the same deal: his grid on the
    screen, his cursor and what he was told of refusals."""
    table = SeatTable(Game(MatchOptions(players=("Ann", "Bob"), seed=seed)), 1)
    app = MixmoApp(table)
    told: list[str] = []
    async with app.run_test(size=SIZE):
        app.table_events.refused = lambda seat, message: told.append(refusal_text(message))  # type: ignore[method-assign]
        burst(app, *keys)
        await handled(app)
        return grid_letters(app, 1), app.panes[1].cursor, told


async def test_a_letter_not_on_the_rack_is_refused_at_once_as_at_a_local_table(
    tmp_path: Path,
) -> None:
    # The Z is refused before it is sent, so the cursor stays and the A takes its cell:
    # the same grid, cursor and words as the same keys at a local table.
    keys = ("l", "z", "a")
    async with bob_at(tmp_path, 9) as (bob, refusals):
        app = MixmoApp(bob)
        told: list[str] = []
        async with app.run_test(size=SIZE) as pilot:
            app.table_events.refused = lambda seat, message: told.append(refusal_text(message))  # type: ignore[method-assign]
            burst(app, *keys)
            await until(
                lambda: answered(bob) and len(bob.confirmed.round.player(1).grid) == 2, pilot
            )
            await handled(app)  # every answer is in: its refusal, if any, is told
            remote: Typed = (grid_letters(app, 1), app.panes[1].cursor, told)
        assert refusals == []  # nothing was sent for the server to refuse
    assert remote == ({(0, 0): "L", (0, 1): "A"}, (0, 2), ["Bob has no Z tile on their rack"])
    assert remote == await typed_at_a_local_table(keys, 9)


async def test_a_joker_typed_over_the_joker_just_placed_in_the_same_burst_steps_over_it(
    tmp_path: Path,
) -> None:
    async with bob_at(tmp_path, 9) as (bob, refusals):
        app = MixmoApp(bob)
        async with app.run_test(size=SIZE) as pilot:
            burst(app, "question_mark", "left", "question_mark", "a")
            await until(
                lambda: answered(bob) and len(bob.confirmed.round.player(1).grid) == 2, pilot
            )
            await handled(app)  # every answer is in: its refusal, if any, is told
            assert refusals == []
            assert grid_letters(app, 1) == {(0, 0): "?", (0, 1): "A"}
            assert rack(bob) == sorted("TLTX")  # one joker and the A placed, nothing else


async def test_backspace_in_a_burst_takes_back_the_letter_just_typed(tmp_path: Path) -> None:
    # As docs/play.md promises for any burst: "m i Backspace t" gives M T.
    async with bob_at(tmp_path, 9) as (bob, refusals):
        app = MixmoApp(bob)
        async with app.run_test(size=SIZE) as pilot:
            burst(app, "t", "a", "backspace", "l")
            await until(
                lambda: answered(bob) and len(bob.confirmed.round.player(1).grid) == 2, pilot
            )
            await handled(app)  # every answer is in: its refusal, if any, is told
            assert refusals == []
            assert grid_letters(app, 1) == {(0, 0): "T", (0, 1): "L"}
            assert rack(bob) == sorted("?ATX")


async def test_an_undo_in_a_burst_waits_for_the_server_and_the_keys_after_it_still_land(
    tmp_path: Path,
) -> None:
    # Undo is not predicted (its history is the server's): the keys after it are sent as
    # typed and the server's answer shows the grid a local table would have shown.
    async with bob_at(tmp_path, 9) as (bob, refusals):
        app = MixmoApp(bob)
        async with app.run_test(size=SIZE) as pilot:
            burst(app, "l", "a", "ctrl+z", "x")
            await until(
                lambda: answered(bob) and len(bob.confirmed.round.player(1).grid) == 2, pilot
            )
            await handled(app)  # every answer is in: its refusal, if any, is told
            assert refusals == []
            assert grid_letters(app, 1) == {(0, 0): "L", (0, 2): "X"}
            assert rack(bob) == sorted("?ATT")
