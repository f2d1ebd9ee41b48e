"""A room's game time is its match's: it starts when the match starts, not when the room
is opened, so a round is never charged the minutes its players spent in the lobby."""

from __future__ import annotations

import time

from mixmo.engine import actions as act
from mixmo.engine.lexicon import AnyWord
from mixmo.net.protocol import RoomSettings
from mixmo.net.rooms import Room

LOBBY = 600.0
"""Seconds the room waited for its second player."""


def test_the_match_clock_starts_when_the_match_starts_not_when_the_room_opens() -> None:
    room = Room(
        code="ACDEFG",
        settings=RoomSettings(players=2, variant="free-spirit", seed=4),
        lexicons=lambda language: AnyWord(language=language),
        _clock_start=time.monotonic() - LOBBY,  # opened ten minutes ago
    )
    assert room.now() >= LOBBY
    room.join("Ann")
    room.join("Bob")  # the last seat: the match starts
    assert room.game is not None and room.now() < LOBBY
    tile = room.game.round.player(0).rack[0].symbol
    room.apply(0, act.PlaceTile(seat=0, row=0, col=0, symbol=tile))
    assert room.game.log[-1].at < LOBBY, "the first move is stamped in the match's time"
    assert room.game.round.started_at == 0.0
