"""A person against bots that cannot build a word (`mixmo play --bots 1 --dict small.txt`):
the match can never end, so after the rounds at which `mixmo play --headless` gives up
(STUCK_ROUNDS), the round's scores come with the offer to end it as it stands.

Played as a person does: Ann cannot finish either, so she says she is stuck (F6) after
each draw, as the bot does, and the deadlock draws empty the bag round after round.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mixmo.cli.common import load_lexicon
from mixmo.cli.saved_game import unfinished_save
from mixmo.engine import actions as act
from mixmo.engine.bot import Level
from mixmo.engine.game import Game
from mixmo.engine.options import MatchOptions, ScoringMode
from mixmo.engine.state import Phase
from mixmo.engine.stuck import STUCK_ROUNDS
from mixmo.tui.app import MixmoApp
from mixmo.tui.modals import ConfirmScreen
from mixmo.tui.round_dialogs import (
    ClaimScreen,
    MatchOverScreen,
    ScoresScreen,
    ThemeScreen,
    VoteScreen,
)
from tests.tui.helpers import FakeClock, screen_text, settle

SIZE = (120, 36)


def two_word_game(tmp_path: Path) -> Game:
    """Ann against a bot, with a word list nobody can build a grid from."""
    words = tmp_path / "small.txt"
    words.write_text("cat\ndog\n")
    options = MatchOptions(
        players=("Ann", "Bot 1"),
        scoring=ScoringMode.ROUNDS,
        target=1,
        language="en",
        dictionary=str(words),
        seed=7,
    )
    return Game(options, load_lexicon(str(words), "en"))


def dialog_text(app: MixmoApp) -> str:
    """The words of the dialog on top, as the terminal shows them: its box cut out of the
    screen, and no spaces at all (a long path wraps at any character)."""
    box = app.screen.query_one(".dialog").content_region
    lines = screen_text(app).splitlines()[box.y : box.bottom]
    return "".join("".join(line[box.x : box.right].split()) for line in lines)


def shows(app: MixmoApp, text: str) -> bool:
    """Whether the dialog on top shows ``text`` (spaces aside)."""
    return "".join(text.split()) in dialog_text(app)


async def play_until_the_scores(app: MixmoApp, pilot, clock: FakeClock) -> None:
    """Ann says she is stuck whenever she is not (the bot says so too), and answers the
    round's own dialogs, until the round's scores are on screen."""
    driver = app.bots
    assert driver is not None
    for _ in range(5000):
        if isinstance(app.screen, ScoresScreen | ConfirmScreen):
            await settle(pilot)  # a question over the scores comes with them
            return
        if isinstance(app.screen, ThemeScreen):
            await pilot.press(*"music", "enter")
        elif isinstance(app.screen, ClaimScreen | VoteScreen):
            await pilot.press("enter")
        elif app.table.phase is Phase.PLAYING and not app.table.round.player(0).stuck:
            await pilot.press("f6")
        clock.now += 2.0
        driver.tick()
        driver.wait(timeout=30)
        await pilot.pause()
    raise AssertionError(f"the round never ended (phase {app.table.phase.value})")


@pytest.mark.slow  # four rounds of deadlock draws: about a minute
async def test_a_match_the_bots_cannot_play_can_be_ended_as_it_stands(
    tmp_path, monkeypatch
) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    save = tmp_path / "autosave.json"
    game = two_word_game(tmp_path)
    clock = FakeClock()
    app = MixmoApp(game, clock=clock, save_path=save, bots=1, level=Level.EXPERT)
    async with app.run_test(size=SIZE) as pilot:
        for number in range(1, STUCK_ROUNDS):  # bad luck, so far: the next round, as usual
            await play_until_the_scores(app, pilot, clock)
            assert isinstance(app.screen, ScoresScreen), f"round {number}: only its scores"
            assert f"Round {number} ends with no winner" in screen_text(app)
            await pilot.press("enter")
            await pilot.pause()
            assert app.table.round.number == number + 1

        await play_until_the_scores(app, pilot, clock)
        assert isinstance(app.screen, ConfirmScreen), "the scores of a stuck round ask"
        assert shows(app, f"Nobody has won the last {STUCK_ROUNDS} rounds"), dialog_text(app)
        assert shows(
            app, f"the bots cannot finish a grid with the words of {tmp_path / 'small.txt'}"
        )
        assert shows(app, "End it now, with the standings as they are?")

        await pilot.press("n")  # play on: the scores, then the next round, as usual
        await pilot.pause()
        assert isinstance(app.screen, ScoresScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert app.table.round.number == STUCK_ROUNDS + 1

        await play_until_the_scores(app, pilot, clock)  # still stuck: asked again
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        for _ in range(50):
            if isinstance(app.screen, MatchOverScreen):
                break
            await pilot.pause()
        assert isinstance(app.screen, MatchOverScreen), "the match ends, its standings shown"
        assert shows(app, "The match ends with no winner."), "0 rounds won each: nobody wins"
        assert not shows(app, "wins the match")
        assert game.phase is Phase.MATCH_OVER and game.state.winner is None
        assert isinstance(game.log[-1], act.EndStuckMatch)
    assert unfinished_save(save) is None, "the next mixmo play starts anew, nothing to resume"
