"""Option 1, playing in rounds: the screen shows the rounds won, the goal and the penalty.

Rulebook, Option 1: "agree beforehand on a number of rounds to be won (e.g. the first to
win 5 rounds)"; a player whose grid has an error when they finish first "is given a
penalty of one round". With ``--rounds N`` the points decide nothing: the header
names the goal, the round's dialog gives the rounds won with this round's change ("+1
round", the penalty "-1 round"), and a pane's title puts the rounds won before its points.
The bag is emptied beforehand by the engine (MIXMO after MIXMO by Bob), then the wrong
final MIXMO and the winning one are called with keys.
"""

from __future__ import annotations

from rich.console import Console

from mixmo.engine.options import ScoringMode
from mixmo.engine.state import Phase
from mixmo.tui.player_pane import PaneInfo, title_text
from mixmo.tui.round_dialogs import ScoresScreen
from tests.game_helpers import lay_out, play_until_bag_is_empty
from tests.tui.helpers import make_app, screen_text, settle

SIZE = (120, 36)


async def test_with_rounds_the_header_names_the_goal_in_rounds_won() -> None:
    app, _clock = make_app(2, seed=10, scoring=ScoringMode.ROUNDS, target=3)
    async with app.run_test(size=SIZE):
        header = str(app.header.render())
        assert "first to win 3 rounds" in header
        assert "pts" not in header


async def test_with_rounds_to_play_the_header_names_the_french_books_goal() -> None:
    app, _clock = make_app(2, seed=10, scoring=ScoringMode.ROUNDS, rounds_to_play=4)
    async with app.run_test(size=SIZE):
        header = str(app.header.render())
        assert "4 rounds to play, the most won wins" in header
        assert "first to win" not in header


async def test_with_points_the_header_still_names_the_points_to_reach() -> None:
    app, _clock = make_app(2, seed=10, target=150)
    async with app.run_test(size=SIZE):
        header = str(app.header.render())
        assert "to 150 pts" in header
        assert "rounds" not in header


async def test_a_wrong_final_mixmo_shows_as_minus_one_round_in_the_round_s_dialog() -> None:
    """Ann calls the final MIXMO with tiles on her rack (one round taken away: -1), Bob
    then wins the round (+1): the dialog says so, in rounds won, and names the goal."""
    app, clock = make_app(2, seed=10, scoring=ScoringMode.ROUNDS, target=3, variant="free-spirit")
    game = app.table.game
    at = play_until_bag_is_empty(game, caller=1)
    clock.now = at + 1
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")  # Ann: tiles still on her rack, a wrong final MIXMO
        await settle(pilot)
        assert game.round.player(0).out
        lay_out(game, 1, at)
        clock.now = at + 2
        await pilot.press("tab", "f5")  # Bob's final MIXMO, a valid grid
        await settle(pilot)
        assert game.phase in (Phase.SCORED, Phase.MATCH_OVER)
        assert isinstance(app.screen, ScoresScreen)
        shown = screen_text(app)
        assert game.state.rounds_won == (-1, 1)
        assert "rounds won" in shown
        assert "-1 (-1 round)" in shown  # Ann
        assert "1 (+1 round)" in shown  # Bob
        assert "first to win 3 rounds" in shown
        wide = Console(width=200, record=True)  # the same sheet, without its lines wrapped
        wide.print(app.screen.table)
        assert "final MIXMO with an invalid grid: -1 round" in wide.export_text()
        assert "+0" not in wide.export_text().split("Bob")[0]  # not "+0": a round taken


async def test_with_rounds_each_pane_shows_the_rounds_won_after_a_round() -> None:
    """The panes on the game's screen, in the round after Ann's wrong final MIXMO and
    Bob's winning one: "-1 round" for Ann, "1 round won" for Bob."""
    app, clock = make_app(2, seed=10, scoring=ScoringMode.ROUNDS, target=3, variant="free-spirit")
    game = app.table.game
    at = play_until_bag_is_empty(game, caller=1)
    clock.now = at + 1
    async with app.run_test(size=SIZE) as pilot:
        assert "0 rounds won" in str(app.query_one("#title-0").render())
        await pilot.press("f5")
        await settle(pilot)
        lay_out(game, 1, at)
        clock.now = at + 2
        await pilot.press("tab", "f5")
        await settle(pilot)
        assert game.state.rounds_won == (-1, 1)
        await pilot.press("enter")  # the round's scores read: the next round
        await settle(pilot)
        assert game.round.number == 2
        assert "-1 round" in str(app.query_one("#title-0").render())
        assert "1 round won" in str(app.query_one("#title-1").render())


def test_a_pane_title_puts_the_rounds_won_before_the_points() -> None:
    """With the rounds option a pane says "1 round won" or "-1 round" (a penalty took
    more than was won), then the points; with points it says the points only."""
    assert str(title_text(PaneInfo("Bob", 1, score=49, rounds_won=1))).startswith(
        "1 round won · 49 pts"
    )
    assert str(title_text(PaneInfo("Ann", 0, score=0, rounds_won=-1))).startswith(
        "-1 round · 0 pts"
    )
    assert str(title_text(PaneInfo("Cid", 2, score=0, rounds_won=0))).startswith(
        "0 rounds won · 0 pts"
    )
    assert str(title_text(PaneInfo("Ann", 0, score=12))).startswith("12 pts")
