"""At a server the next round starts when every player at the table has read the scores.

At one keyboard one Enter starts the next round. At a server each player reads
the score sheet on their own screen, so one player's (or a bot's) request must
not close everyone else's: the room waits for every connected player.
"""

from __future__ import annotations

from mixmo.engine import actions as act
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.state import Phase
from mixmo.net.protocol import RoomSettings
from mixmo.net.rooms import Room
from tests.game_helpers import call_final_mixmo, claim_first_words


def _room_at_the_scores(**settings: object) -> Room:
    """A room whose first round was just scored (a row of tiles is a word here)."""
    room = Room(
        code="ACDEFG",
        settings=RoomSettings(variant="free-spirit", seed=4, **settings),  # type: ignore[arg-type]
        lexicons=lambda language: AnyWord(language=language),
    )
    for name in ("Ann", "Bob", "Cid")[: room.settings.players - room.settings.bots]:
        seat, _token = room.join(name)
        room.seats[seat].connections = 1
    if not room.started:
        room.start(0, fill_with_bots=True)
    assert room.game is not None
    call_final_mixmo(room.game)
    assert room.game.phase is Phase.SCORED
    return room


def test_one_player_asking_for_the_next_round_waits_for_the_others() -> None:
    room = _room_at_the_scores(players=2)
    assert room.apply(0, act.NextRound(seat=0)) == []
    assert room.game is not None and room.game.phase is Phase.SCORED
    assert room.apply(1, act.NextRound(seat=1))
    assert room.game.phase is not Phase.SCORED


def test_a_bot_asking_for_the_next_round_does_not_close_a_player_s_score_sheet() -> None:
    room = _room_at_the_scores(players=2, bots=1)
    bot = room.bot_seats()[0]
    assert room.apply(bot, act.NextRound(seat=bot)) == []
    assert room.game is not None and room.game.phase is Phase.SCORED
    assert room.apply(0, act.NextRound(seat=0))
    assert room.game.phase is not Phase.SCORED


def test_a_player_who_left_the_table_does_not_hold_up_the_next_round() -> None:
    room = _room_at_the_scores(players=3)
    room.seats[2].connections = 0
    room.apply(0, act.NextRound(seat=0))
    assert room.apply(1, act.NextRound(seat=1))
    assert room.game is not None and room.game.phase is not Phase.SCORED


def test_the_next_round_starts_when_the_last_reader_leaves() -> None:
    room = _room_at_the_scores(players=2)
    room.apply(0, act.NextRound(seat=0))
    assert room.next_round_due() is None
    room.seats[1].connections = 0
    assert room.next_round_due() == 0


def test_requests_for_one_round_do_not_count_for_the_next() -> None:
    room = _room_at_the_scores(players=2)
    room.apply(0, act.NextRound(seat=0))
    room.apply(1, act.NextRound(seat=1))
    assert room.ready == set()


# --- votes on theme claims --------------------------------------------------------------------


def _room_at_the_vote() -> Room:
    """A three-player room voting on its theme claims (the theme has no built-in list)."""
    room = Room(
        code="ACDEFG",
        settings=RoomSettings(players=3, seed=10, target=1000),
        lexicons=lambda language: AnyWord(language=language),
    )
    for name in ("Ann", "Bob", "Cid"):
        seat, _token = room.join(name)
        room.seats[seat].connections = 1
    assert room.game is not None
    call_final_mixmo(room.game)
    claim_first_words(room.game)
    assert room.game.phase is Phase.VOTING and room.game.round.player(0).claims
    return room


def _everyone_votes_but(room: Room, away: int) -> None:
    assert room.game is not None
    for voter in range(3):
        for claimant in range(3):
            claims = room.game.round.player(claimant).claims or ()
            if voter != away and claimant != voter:
                for word in claims:
                    room.apply(
                        voter, act.Vote(seat=voter, claimant=claimant, word=word, accept=True)
                    )


def test_the_vote_waits_for_a_player_still_at_the_table() -> None:
    room = _room_at_the_vote()
    _everyone_votes_but(room, away=2)
    assert room.game is not None and room.game.phase is Phase.VOTING


def test_a_player_who_left_the_table_does_not_hold_up_the_vote() -> None:
    room = _room_at_the_vote()
    room.seats[2].connections = 0
    _everyone_votes_but(room, away=2)
    assert room.game is not None and room.game.phase is not Phase.VOTING
    assert isinstance(room.game.log[-1], act.CloseVoting)


def test_the_vote_closes_when_the_last_voter_leaves() -> None:
    room = _room_at_the_vote()
    _everyone_votes_but(room, away=2)
    assert not room.voting_due()
    room.seats[2].connections = 0
    assert room.voting_due()
