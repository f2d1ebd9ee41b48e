"""Play again: at a match's end the same room, its code and its seats start a new match.

After a whole match the players had to open a new room, share a new code and take
their seats again. Now a seated player sends ``rematch``: the room's first player
(its host) starts the new match at once, anyone else's request waits for every
player at the table; everyone gets the new match's snapshot, and the store keeps
the new match (a restart brings it back), not the finished one's log."""

from __future__ import annotations

from pathlib import Path

import pytest

from mixmo.engine.lexicon import AnyWord
from mixmo.engine.state import Phase
from mixmo.net.rooms import Room
from mixmo.net.server import GameServer
from tests.game_helpers import win_a_round
from tests.net.helpers import running_server, said, two_seated
from tests.net.test_remote_seat import until


def any_word_rooms(server: GameServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's rooms take any row of tiles as a word: a match ends in one call."""
    monkeypatch.setattr(server.rooms, "lexicon", lambda language: AnyWord(language=language))


def finish(room: Room) -> None:
    assert room.game is not None
    win_a_round(room.game)
    assert room.finished


async def test_the_host_starts_a_new_match_in_the_same_room(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with running_server(tmp_path) as server:
        any_word_rooms(server, monkeypatch)
        code, ann, bob = await two_seated(server, variant="free-spirit", scoring="rounds", target=1)
        room = server.rooms.get(code)
        finish(room)
        first_seed = room.game.options.seed  # type: ignore[union-attr]
        await bob.send({"type": "rematch"})
        assert [m["type"] for m in await bob.quiet()] == []  # Ann has not asked yet
        assert room.finished
        await ann.send({"type": "rematch"})
        for client in (ann, bob):
            view = (await client.until("snapshot"))["view"]
            assert view["state"]["round"]["number"] == 1
            assert view["state"]["round"]["phase"] in ("playing", "choosing-theme")
            assert view["state"]["rounds_won"] == [0, 0]
        assert server.rooms.get(code) is room and not room.finished
        assert room.game is not None and room.game.options.seed == first_seed + 1
        assert [s.name for s in room.seats] == ["Ann", "Bob"]
    async with running_server(tmp_path) as restarted:
        again = restarted.rooms.get(code)
        assert again.game is not None and again.game.log == []
        assert again.game.options.seed == first_seed + 1


async def test_a_rematch_is_refused_while_the_match_is_played() -> None:
    async with running_server() as server:
        _code, ann, _bob = await two_seated(server)
        await ann.send({"type": "rematch"})
        refused = await ann.until("error")
        assert refused["code"] == "match-not-over"
        assert said(refused) == "a new match starts only when this one is over"


async def test_everyone_at_the_table_asking_starts_it_without_the_host(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with running_server() as server:
        any_word_rooms(server, monkeypatch)
        code, ann, bob = await two_seated(server, variant="free-spirit", scoring="rounds", target=1)
        room = server.rooms.get(code)
        finish(room)
        await ann.close()
        await until(lambda: room.seats[0].connections == 0)
        await bob.send({"type": "rematch"})
        view = (await bob.until("snapshot"))["view"]
        assert view["state"]["round"]["number"] == 1
        assert room.game is not None and room.game.phase is not Phase.MATCH_OVER
