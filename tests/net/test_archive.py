"""The archive: every finished match of a room is kept with its whole log, a rematch
included, and `mixmo replay` steps through it (or through a saved game's file)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from mixmo.engine.actions import Action
from mixmo.engine.game import Game
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.options import MatchOptions
from mixmo.engine.replay import Replay
from mixmo.engine.save import dumps
from mixmo.net.client import GameClient
from mixmo.net.community_messages import GetMatch, ListMatches, MatchList, MatchPage
from mixmo.net.protocol import RoomSettings
from mixmo.net.rooms import Room
from mixmo.net.server import GameServer
from tests.game_helpers import lay_out, win_a_round
from tests.net.helpers import running_server, url_of
from tests.net.test_remote_seat import until


class ThroughTheRoom:
    """A room's game whose actions go through the server, as a player's do: applied,
    logged, committed and told to everyone (the helpers of tests.game_helpers play it)."""

    def __init__(self, server: GameServer, room: Room) -> None:
        self._server, self._room = server, room

    def apply(self, action: Action) -> list[object]:
        assert self._server.apply_for(self._room, action.seat, action), action
        return []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._room.game, name)


async def two_matches(server: GameServer) -> tuple[str, GameClient]:
    """A room of two whose first seat wins a match, plays again and wins the second."""
    server.rooms.lexicon = lambda language: AnyWord(language=language)  # type: ignore[method-assign]
    ann = GameClient(url_of(server), reconnect_for=0)
    await ann.connect()
    code = await ann.create(RoomSettings(players=2, variant="free-spirit", scoring="rounds",
                                         target=1))  # fmt: skip
    await ann.join(code, "Ann")
    bob = GameClient(url_of(server), reconnect_for=0)
    await bob.connect()
    await bob.join(code, "Bob")
    await bob.close()
    room = server.rooms.get(code)
    await until(lambda: room.game is not None)
    win_a_round(ThroughTheRoom(server, room))  # type: ignore[arg-type]
    server.commits.flush()
    assert room.finished
    assert room.rematch(0)
    win_a_round(ThroughTheRoom(server, room))  # type: ignore[arg-type]
    server.commits.flush()
    return code, ann


async def test_every_finished_match_of_a_room_is_kept_a_rematch_included(tmp_path: Path) -> None:
    async with running_server(tmp_path) as server:
        code, ann = await two_matches(server)
        listed = await ann.ask(ListMatches(), MatchList)
        first = await ann.ask(GetMatch(room=code, number=1), MatchPage)
        await ann.close()
    assert [(m.room, m.number) for m in listed.matches] == [(code, 2), (code, 1)]
    assert first.total == len(first.actions) > 5
    assert first.match.standings[0][0] == "Ann"
    lexicon = AnyWord(language="en")  # the room's own word list
    replayed = Replay(first.options, tuple(first.actions)).game_after(first.total, lexicon)
    assert replayed.state.rounds_won == (1, 0)  # the log replays to the same result


async def test_mixmo_replay_lists_the_archive_and_shows_a_match_at_an_action(
    mixmo, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    async with running_server(tmp_path) as server:
        code, ann = await two_matches(server)
        await ann.close()
        url = url_of(server)
        listing = await asyncio.to_thread(mixmo, "--ui", "en", "replay", url)
        dealt = await asyncio.to_thread(
            mixmo, "--ui", "en", "replay", f"{url}/{code}#1", "--at", "0"
        )
        page = await ann_page(server, code)
        mixmo_step = Replay(page.options, tuple(page.actions)).mixmos()[0]
        at_mixmo = await asyncio.to_thread(
            mixmo, "--ui", "en", "replay", f"{url}/{code}#1", "--at", str(mixmo_step)
        )
        too_far = await asyncio.to_thread(
            mixmo, "--ui", "en", "replay", f"{url}/{code}", "--at", "9999"
        )
    assert listing.out.splitlines()[0].startswith(f"{url}/{code}#2  ")
    assert "Ann 1" in listing.out.splitlines()[0] or "Ann" in listing.out
    assert dealt.out.splitlines()[:2] == [
        f"Room {code}, match 1",
        f"As dealt ({page.total} actions follow)",
    ]
    assert "(no tile placed)" in dealt.out and "Rack: " in dealt.out
    assert f"After action {mixmo_step} of {page.total}: mixmo by Ann" in at_mixmo.out
    assert "The solver, with Ann's tiles" in at_mixmo.out
    assert too_far.code == 2 and too_far.err.strip().endswith(f"the match has {page.total} actions")


async def ann_page(server: GameServer, code: str) -> MatchPage:
    client = GameClient(url_of(server), reconnect_for=0)
    await client.connect()
    page = await client.ask(GetMatch(room=code, number=1), MatchPage)
    await client.close()
    return page


def test_mixmo_replay_steps_through_a_saved_game(mixmo, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    options = MatchOptions(players=("Ann", "Bob"), seed=7)
    game = Game(options)
    lay_out(game, 0)
    saved = tmp_path / "match.json"
    saved.write_text(dumps(game), encoding="utf-8")
    shown = mixmo("--ui", "en", "replay", str(saved), "--at", "2")
    assert shown.code == 0, shown.err
    rack = [
        tile.symbol for tile in Replay(options, tuple(game.log)).game_after(0).round.player(0).rack
    ]
    assert shown.out.splitlines()[:2] == [
        f"Saved game {saved}",
        "After action 2 of 6: place by Ann",
    ]
    assert "".join(rack[:2]) in shown.out  # the two tiles placed so far, in a row


def test_a_missing_save_is_one_line_and_exit_2(mixmo, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    shown = mixmo("--ui", "en", "replay", str(tmp_path / "none.json"))
    assert (shown.code, shown.out) == (2, "")
    assert shown.err.count("\n") == 1 and "no saved game" in shown.err


@pytest.mark.parametrize("source", ["ws://127.0.0.1:9/ACDEFG#x"])
def test_a_match_number_is_a_whole_number(mixmo, source: str) -> None:  # type: ignore[no-untyped-def]
    shown = mixmo("--ui", "en", "replay", source)
    assert shown.code == 2 and "a match number after # is a whole number" in shown.err


async def test_a_finished_match_s_log_is_kept_once_in_the_archive(tmp_path: Path) -> None:
    import sqlite3

    async with running_server(tmp_path) as server:
        code, ann = await two_matches(server)
        await ann.close()
    with sqlite3.connect(tmp_path / "rooms.sqlite3") as db:
        (live,) = db.execute("SELECT COUNT(*) FROM actions WHERE code = ?", (code,)).fetchone()
        kept = dict(
            db.execute(
                "SELECT number, COUNT(*) FROM match_actions WHERE code = ? GROUP BY number",
                (code,),
            ).fetchall()
        )
    db.close()
    assert live == 0  # no second copy of either match in the live log
    assert set(kept) == {1, 2} and min(kept.values()) > 5
