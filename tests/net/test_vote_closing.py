"""At a server the vote on theme claims closes by itself once everyone at the table has
voted: no seat closes it alone (a missing vote would accept every claim)."""

from __future__ import annotations

from mixmo.engine import actions as act
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.state import Phase
from mixmo.net.protocol import RoomSettings
from mixmo.net.rooms import Room
from tests.game_helpers import call_final_mixmo, claim_first_words
from tests.net.helpers import Raw, running_server


def _room_at_the_vote() -> tuple[Room, list[str]]:
    """A three-player room voting on its theme claims, and its seats' tokens."""
    room = Room(
        code="ACDEFG",
        settings=RoomSettings(players=3, seed=10, target=1000),
        lexicons=lambda language: AnyWord(language=language),
    )
    tokens = [room.join(name)[1] for name in ("Ann", "Bob", "Cid")]
    assert room.game is not None
    call_final_mixmo(room.game)
    claim_first_words(room.game)
    assert room.game.phase is Phase.VOTING and room.game.round.player(0).claims
    return room, tokens


async def test_a_seat_that_sends_close_voting_is_refused_and_the_vote_stays_open() -> None:
    room, tokens = _room_at_the_vote()
    async with running_server() as server:
        server.rooms.rooms[room.code] = room
        bob = await Raw.open(server)
        await bob.send({"type": "reconnect", "room": room.code, "seat": 1, "token": tokens[1]})
        await bob.until("snapshot")
        close = {"kind": "close-voting", "seat": 1}
        await bob.send({"type": "action", "ref": 3, "action": close})
        refused = await bob.until("error")
        assert (refused["code"], refused["ref"]) == ("server-only", 3)
        assert room.game is not None and room.game.phase is Phase.VOTING
        assert not any(isinstance(a, act.CloseVoting) for a in room.game.log)
        await bob.close()
