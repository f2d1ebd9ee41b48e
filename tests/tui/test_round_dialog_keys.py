"""The round's dialogs answer only keys typed once they are on screen, and Esc over each
of them asks the quit question, never an answer (three Enters in a burst at the
theme claims once dealt the next round before anyone saw the scores).

Every burst here is queued whole before the app reads its first key, as one
``tmux send-keys`` or a fast typist over SSH (tests/tui/helpers.py, ``burst``).
"""

from __future__ import annotations

from mixmo.engine.state import Phase
from mixmo.tui.app import MixmoApp
from mixmo.tui.modals import ConfirmScreen
from mixmo.tui.round_dialogs import ClaimScreen, ScoresScreen, SprintScreen, ThemeScreen, VoteScreen
from tests.tui.helpers import (
    burst,
    handled,
    keys_for_rack,
    make_app,
    play_to_the_end,
    screen_text,
    seed_where,
    settle,
)

SIZE = (100, 30)
ESC_HINT = "Esc: quit (asks first)"


async def keys(app: MixmoApp, *names: str) -> None:
    """One burst, then wait until the app has handled it (and what it opened)."""
    burst(app, *names)
    await handled(app)
    await handled(app)  # what the last key's answer queued (the next dialog's mount)


def flat(app: MixmoApp) -> str:
    return " ".join(screen_text(app).split())


async def shows(app: MixmoApp, *texts: str, seconds: float = 30.0) -> bool:
    """Whether the terminal comes to show every one of ``texts`` (a dialog just opened is
    drawn a moment after it is on the stack: waited for, not guessed, on a loaded machine)."""
    import asyncio

    deadline = asyncio.get_running_loop().time() + seconds
    while not all(text in flat(app) for text in texts):
        if asyncio.get_running_loop().time() > deadline:
            return False
        await asyncio.sleep(0.05)
    return True


async def to_the_claims(app: MixmoApp, pilot, clock) -> None:
    """Bob lays two tiles, Ann lays out her rack and calls MIXMO to the end of the bag."""
    await pilot.press("tab", *keys_for_rack(app, 1)[:2], "shift+tab")
    await play_to_the_end(app, pilot, clock)
    await handled(app)
    assert isinstance(app.screen, ClaimScreen) and app.screen.player == "Ann"


async def test_three_enters_in_a_burst_at_the_claims_leave_the_round_s_scores_on_screen() -> None:
    """Ann and Bob at one keyboard, the Bandit in the deal: Enter Enter Enter at the claims
    answers the question on screen, not the ones that open after it; the scores stay up
    until an Enter typed while they show deals round 2."""
    app, clock = make_app(2, seed=seed_where(2, bandit_first=True), target=10_000)
    async with app.run_test(size=SIZE) as pilot:
        await to_the_claims(app, pilot, clock)
        asked: list[str] = []
        while not isinstance(app.screen, ScoresScreen):
            assert isinstance(app.screen, ClaimScreen | VoteScreen), type(app.screen)
            asked.append(type(app.screen).__name__)
            if isinstance(app.screen, ClaimScreen):  # each claims their first word
                await keys(app, "space", "enter", "enter", "enter")
            else:  # the table accepts them (the list's verdict is ticked)
                await keys(app, "enter", "enter", "enter")
            assert app.table.round.number == 1, "the next round was dealt unseen"
        assert asked == ["ClaimScreen", "ClaimScreen", "VoteScreen"], "one burst per question"
        assert app.table.phase is Phase.SCORED
        assert await shows(app, "wins round 1"), "the table reads the round's scores"
        await keys(app, "enter")  # typed with the scores on screen
        assert app.table.round.number == 2
        assert not isinstance(app.screen, ScoresScreen)


async def test_an_enter_typed_with_the_votes_leaves_the_scores_on_screen() -> None:
    """The everyday burst: Bob judges Ann's claim and presses Enter again at once."""
    app, clock = make_app(2, seed=seed_where(2, bandit_first=False), target=10_000)
    async with app.run_test(size=SIZE) as pilot:
        await to_the_claims(app, pilot, clock)
        await keys(app, "space", "enter")  # Ann claims her first word
        await keys(app, "enter")  # Bob claims nothing
        assert isinstance(app.screen, VoteScreen)
        await keys(app, "enter", "enter")  # Bob accepts Ann's word, and one Enter more
        assert isinstance(app.screen, ScoresScreen)
        assert app.table.phase is Phase.SCORED and app.table.round.number == 1


async def test_escape_over_the_bandit_s_theme_asks_the_quit_question_and_no_keeps_the_box() -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=True))
    async with app.run_test(size=SIZE) as pilot:
        await handled(app)
        await pilot.pause()
        assert isinstance(app.screen, ThemeScreen)
        assert await shows(app, ESC_HINT, "Enter: choose")
        await keys(app, *"cat", "escape")
        assert isinstance(app.screen, ConfirmScreen), "Esc asks, it chooses nothing"
        assert app.table.phase is Phase.CHOOSING_THEME
        await keys(app, "n")
        await keys(app, "s", "enter")
        assert app.table.round.theme == "cats", "the box kept what was typed before Esc"


async def test_escape_over_the_claims_asks_the_quit_question_and_no_keeps_the_ticks() -> None:
    app, clock = make_app(2, seed=seed_where(2, bandit_first=False), target=10_000)
    async with app.run_test(size=SIZE) as pilot:
        await to_the_claims(app, pilot, clock)
        word = app.screen.words[0]
        assert await shows(app, ESC_HINT, "Space: tick a word")
        await keys(app, "space", "escape")
        assert isinstance(app.screen, ConfirmScreen)
        assert app.table.round.player(0).claims is None, "Esc claimed nothing"
        await keys(app, "escape")  # the quit question's own Esc: No
        assert isinstance(app.screen, ClaimScreen)
        await keys(app, "enter")
        assert app.table.round.player(0).claims == (word,), "the tick made before Esc holds"


async def test_escape_over_the_votes_asks_the_quit_question_and_judges_nothing() -> None:
    app, clock = make_app(2, seed=seed_where(2, bandit_first=False), target=10_000)
    async with app.run_test(size=SIZE) as pilot:
        await to_the_claims(app, pilot, clock)
        await keys(app, "space", "enter")
        await keys(app, "enter")
        assert isinstance(app.screen, VoteScreen)
        assert await shows(app, ESC_HINT, "Space: accept or reject")
        await keys(app, "space", "escape")
        assert isinstance(app.screen, ConfirmScreen)
        assert app.table.phase is Phase.VOTING, "Esc judged nothing"
        await keys(app, "n")
        assert isinstance(app.screen, VoteScreen)
        assert app.screen.query_one("#votes").selected == [], "the un-tick made before Esc holds"


async def test_escape_over_the_scores_asks_the_quit_question_and_deals_nothing() -> None:
    app, clock = make_app(2, seed=seed_where(2, bandit_first=False), target=10_000)
    async with app.run_test(size=SIZE) as pilot:
        await to_the_claims(app, pilot, clock)
        await keys(app, "space", "enter")
        await keys(app, "enter")
        await keys(app, "enter")
        assert isinstance(app.screen, ScoresScreen)
        assert await shows(app, ESC_HINT, "Next round (Enter)")
        await keys(app, "escape")
        assert isinstance(app.screen, ConfirmScreen)
        await keys(app, "n")
        assert isinstance(app.screen, ScoresScreen) and app.table.round.number == 1
        await keys(app, "escape")
        burst(app, "y")
        await settle(pilot)
    assert app.return_code == 0, "Yes quits, the round scored"


async def test_escape_over_the_final_sprint_asks_the_quit_question_and_takes_back_nothing() -> None:
    from tests.tui.test_dialog_keys_in_order import sprint_table, to_the_sprint

    app, clock = sprint_table()
    async with app.run_test(size=SIZE) as pilot:
        await to_the_sprint(app, pilot, clock)
        await handled(app)
        assert isinstance(app.screen, SprintScreen)
        assert await shows(app, ESC_HINT, "Arrows, then Enter: choose")
        tiles = len(app.table.round.player(1).grid)
        await keys(app, "down", "escape")
        assert isinstance(app.screen, ConfirmScreen)
        assert app.table.phase is Phase.SPRINT, "Esc took nothing back"
        await keys(app, "n")
        assert isinstance(app.screen, SprintScreen)
        assert len(app.table.round.player(1).grid) == tiles
