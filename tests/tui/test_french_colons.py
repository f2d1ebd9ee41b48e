"""French typography in the round's dialogs: a space before the colon.

French writes "invalide : -1 manche", not "invalide: -1 manche". The round's dialog joins
each score line's label to its figure, the rounds option's penalty to its "-1 round", and
a theme claim's player to its word, through one catalogue message each, so that the French
catalogue puts the space where French wants it (as `mixmo stats` already words the penalty).
"""

from __future__ import annotations

import re

from mixmo.engine.options import ScoringMode
from mixmo.engine.state import Phase
from mixmo.tui.modals import TickList
from mixmo.tui.round_dialogs import ClaimScreen, ScoresScreen, ThemeScreen, VoteScreen
from tests.game_helpers import play_until_bag_is_empty
from tests.tui.helpers import (
    keys_for_rack,
    make_app,
    rendered_text,
    seed_where,
    settle,
    wrong_final_mixmo_then_bob_wins,
)

SIZE = (120, 36)


async def test_the_penalty_of_a_wrong_final_mixmo_reads_invalide_space_colon_in_french(
    french_screen: None,
) -> None:
    """Rounds option: Ann calls the final MIXMO with tiles on her rack, Bob wins the round;
    Ann's line in the round's dialog reads "… grille invalide : -1 manche"."""
    app, clock = make_app(2, seed=10, scoring=ScoringMode.ROUNDS, target=3, variant="free-spirit")
    game = app.table.game
    at = play_until_bag_is_empty(game, caller=1)
    async with app.run_test(size=SIZE) as pilot:
        await wrong_final_mixmo_then_bob_wins(pilot, app, clock, at)
        assert isinstance(app.screen, ScoresScreen)
        shown = rendered_text(app.screen.table, width=200)
        assert "MIXMO final avec une grille invalide : -1 manche" in shown
        assert "invalide: " not in shown


async def test_each_score_line_and_each_claim_put_a_space_before_the_colon_in_french(
    french_screen: None,
) -> None:
    """A round with a theme: the vote lists "Ann : MOT (dans la liste)", and the score
    sheet's lines read "label : +N"; no French line glues a colon to its word."""
    app, clock = make_app(2, seed=seed_where(2, bandit_first=False), target=10_000)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", *keys_for_rack(app, 1)[:2], "shift+tab")
        while app.table.phase in (Phase.PLAYING, Phase.CHOOSING_THEME):
            if isinstance(app.screen, ThemeScreen):
                await pilot.press(*"roues", "enter")
                await pilot.pause()
                continue
            clock.now += 5
            await pilot.press(*keys_for_rack(app, 0), "f5")
            await pilot.pause()
        assert isinstance(app.screen, ClaimScreen)
        for _ in range(2):
            await pilot.press("space", "enter")
            await pilot.pause()
        assert isinstance(app.screen, VoteScreen)
        votes = app.screen.query_one(TickList)
        claims = [str(votes.get_option_at_index(i).prompt) for i in range(votes.option_count)]
        assert claims, "each player claimed a word"
        verdicts = "dans la liste|pas dans la liste|pas de liste"
        for claim in claims:
            assert re.fullmatch(rf"(Ann|Bob) : \S+ \(({verdicts})\)", claim), claim
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ScoresScreen)
        shown = rendered_text(app.screen.table, width=200)
        assert re.search(r"\w : [+-]\d+", shown), "the sheet gives each line's points"
        assert not re.search(r"\w: [+-]\d+", shown), shown
