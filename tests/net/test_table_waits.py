"""A dropped player no longer holds a networked table: each wait has its time.

Two people played a room; the one who drew the Bandit lost their connection, and
every key of the other answered "grids cannot change now" until they came back.
Now the room waits ``wait_seconds`` of its game time (45 by default), then
chooses a built-in theme for the absent drawer and tells everyone, and play goes
on; the claims after a final MIXMO and the scores run out the same way."""

from __future__ import annotations

from mixmo.cli.join import JoinRequest, join, new_room_settings
from mixmo.engine.actions import ClaimThemeWords
from mixmo.engine.game import Game
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import Phase
from mixmo.engine.themes import builtin_themes
from mixmo.engine.waits import DEFAULT_WAIT_SECONDS
from mixmo.net.protocol import RoomSettings
from mixmo.net.rooms import Room
from tests.game_helpers import call_final_mixmo
from tests.net.helpers import answer_to, place, rack_of, running_server, two_seated


def opening_bandit_seed() -> int:
    """A seed whose first deal, for two players, hands someone the Bandit."""
    for seed in range(300):
        game = Game(MatchOptions(players=("Ann", "Bob"), seed=seed), AnyWord(language="en"))
        if game.phase is Phase.CHOOSING_THEME:
            return seed
    raise AssertionError("no opening Bandit")


async def test_an_absent_bandit_drawer_gets_a_built_in_theme_and_play_goes_on() -> None:
    async with running_server() as server:
        code, ann, bob = await two_seated(server, seed=opening_bandit_seed())
        room = server.rooms.get(code)
        assert room.game is not None and room.game.phase is Phase.CHOOSING_THEME
        drawer = room.game.round.bandit_seat
        present, gone = (bob, ann) if drawer == 0 else (ann, bob)
        other = 1 - drawer  # type: ignore[operator]
        await gone.close()
        snapshot = present.seen[-1]
        assert snapshot["view"]["options"]["wait_seconds"] == DEFAULT_WAIT_SECONDS
        tile = rack_of(snapshot, other)[0]
        await present.send(place(other, tile, 1))
        assert (await answer_to(present, 1))["code"] == "grids-frozen"
        room._clock_base += DEFAULT_WAIT_SECONDS  # the room's game time, not the machine's
        told = await present.until("events")
        assert [e["type"] for e in told["events"]] == ["ThemeSet"]
        titles = {t.title for t in builtin_themes("en").values()}
        assert told["events"][0]["data"]["theme"] in titles
        assert told["view"]["state"]["round"]["phase"] == "playing"
        await present.send(place(other, tile, 2))
        answer = await answer_to(present, 2)
        assert answer["type"] == "events"
        # The theme was told once, as the room's choice: not again with the next move.
        assert [e["type"] for e in answer["events"]] == ["GridChanged"]


def test_the_claims_of_a_player_who_left_run_out_as_no_claim() -> None:
    room = Room(
        code="ACDEFG",
        settings=RoomSettings(players=2, seed=10, wait_seconds=20),
        lexicons=lambda language: AnyWord(language=language),
    )
    for name in ("Ann", "Bob"):
        seat, _token = room.join(name)
        room.seats[seat].connections = 1
    assert room.game is not None
    at = call_final_mixmo(room.game)
    assert room.game.phase is Phase.CLAIMING, "seed 10 plays a theme: its final MIXMO claims"
    room.seats[1].connections = 0  # Bob left
    room._clock_base = at
    room.apply(0, ClaimThemeWords(seat=0))
    assert room.settle_waits() == []  # Bob's claim is still waited for
    room._clock_base = at + 20
    settled = room.settle_waits()
    assert [(seat, type(events[0]).__name__) for seat, events in settled] == [(1, "ThemeClaimed")]
    assert room.game.phase is not Phase.CLAIMING
    claim = room.game.log[-1]
    assert isinstance(claim, ClaimThemeWords) and (claim.seat, claim.words) == (1, ())


def test_a_room_asks_for_its_wait_and_puts_it_in_the_matchs_options() -> None:
    room = Room(
        code="ACDEFG",
        settings=RoomSettings(players=2, wait_seconds=30),
        lexicons=lambda language: AnyWord(language=language),
    )
    room.join("Ann")
    room.join("Bob")
    assert room.game is not None and room.game.options.wait_seconds == 30


def test_join_new_asks_for_the_rooms_wait() -> None:
    context = join.make_context("join", ["ws://127.0.0.1:1", "--new", "--wait", "20"])
    assert new_room_settings(JoinRequest(**context.params)).wait_seconds == 20
    default = join.make_context("join", ["ws://127.0.0.1:1", "--new"])
    assert new_room_settings(JoinRequest(**default.params)).wait_seconds == DEFAULT_WAIT_SECONDS
