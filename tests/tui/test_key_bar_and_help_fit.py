"""The key bar shows whole keys, those that fit; F1 shows every key and scrolls, its
instructions always in view; the rules are in the program (`mixmo rules`)."""

from __future__ import annotations

from mixmo.i18n import _
from mixmo.tui.keys import COMMANDS
from mixmo.tui.modals import HelpScreen
from mixmo.tui.round_dialogs import ClaimScreen, ScoresScreen, scores_table
from tests.tui.helpers import make_app, screen_text, seed_where, settle

SIZES = ((80, 24), (140, 45))


def key_bar(app) -> str:
    return screen_text(app).splitlines()[-1]


def bar_items(bar: str) -> list[tuple[str, str]]:
    """The bar's (key, label) pairs, as the player reads them."""
    return [tuple(item.strip().split(" ", 1)) for item in bar.split("  ") if item.strip()]


async def test_the_key_bar_shows_only_whole_keys_and_undo_and_scores_at_80_and_140() -> None:
    labels = {_(label) for _keys, label, _help in COMMANDS.values()}
    for size in SIZES:
        app, _clock = make_app(2, seed=seed_where(2, bandit_first=False))
        async with app.run_test(size=size) as pilot:
            await settle(pilot, 6)
            items = bar_items(key_bar(app))
            assert all(label in labels for _key, label in items), (size, items)
            shown = dict(items)
            assert shown.get("f5") == "MIXMO!" and shown.get("f1") == "Help", size
            assert shown.get("^z") == "Undo" and shown.get("f12") == "Scores", size


async def test_f1_s_help_scrolls_with_its_keys_to_leave_in_view_at_80x24() -> None:
    app, _clock = make_app(2, seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert "↑ ↓ PgUp PgDn: scroll · Esc: close" in screen_text(app)
        assert "mixmo rules" not in screen_text(app), "the end is below: it scrolls"
        await pilot.press("end")
        await settle(pilot)
        text = screen_text(app).replace("\n", " ")
        assert "mixmo rules" in " ".join(text.split()), "the help ends with where the rules are"
        assert "docs/rules.md" not in text
        assert "↑ ↓ PgUp PgDn: scroll · Esc: close" in screen_text(app)


async def test_the_claims_of_a_36_word_grid_keep_their_keys_and_button_in_view() -> None:
    words = [f"WORD{chr(65 + i // 26)}{chr(65 + i % 26)}" for i in range(36)]
    for size in SIZES:
        app, _clock = make_app(2, seed=seed_where(2, bandit_first=False))
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            app.push_screen(ClaimScreen("Ann", "animals", words, words[:2]))
            await settle(pilot)
            text = screen_text(app)
            assert "Space: tick a word · Enter: confirm" in text, size
            assert "Claim these words" in text, size


async def test_six_players_scores_keep_their_button_in_view_at_80x24() -> None:
    from mixmo.engine.events import PlayerScore

    names = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")
    lines = ((_label(), 30), (_label(), 20), (_label(), 5), (_label(), 9))
    sheets = [PlayerScore(seat, lines, 64, True) for seat in range(6)]
    table = scores_table(names, sheets, [64] * 6)
    app, _clock = make_app(6, seed=seed_where(6, bandit_first=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(ScoresScreen("Ann wins round 1", table, "Next round (Enter)"))
        await settle(pilot)
        text = screen_text(app)
        assert "Ann wins round 1" in text and "Next round (Enter)" in text
        assert "Esc: quit (asks first)" in text
        await pilot.press("end")  # the sheet scrolls inside its box, to its last row
        await settle(pilot)
        assert "Fay" in screen_text(app) and "Next round (Enter)" in screen_text(app)


async def test_six_players_match_over_keeps_both_buttons_in_view_at_80x24() -> None:
    from mixmo.engine.events import PlayerScore
    from mixmo.tui.round_dialogs import MatchOverScreen

    names = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")
    lines = ((_label(), 30), (_label(), 20), (_label(), 5), (_label(), 9))
    table = scores_table(names, [PlayerScore(s, lines, 64, True) for s in range(6)], [64] * 6)
    app, _clock = make_app(6, seed=seed_where(6, bandit_first=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(MatchOverScreen("Ann wins the match", table, ""))
        await settle(pilot)
        text = screen_text(app)
        assert "Play again (Enter)" in text and "Quit (Esc)" in text


def _label():
    from mixmo.engine.scoring import WRONG_FINAL

    return WRONG_FINAL()


def test_mixmo_rules_prints_the_rules_in_english_and_in_french(mixmo) -> None:
    english = mixmo("rules")
    assert english.code == 0
    assert "MIXMO!" in english.out and "Bandit" in english.out and "Scoring" in english.out
    french = mixmo("rules", "--lang", "fr")
    assert french.code == 0
    assert "Le décompte des points" in french.out and "Scoring" not in french.out


def test_every_command_has_its_place_in_the_key_bar() -> None:
    """A command with no rank would count as the screen's own key and take the bar's
    first place, pushing out MIXMO or F1 on a narrow terminal."""
    from mixmo.tui.key_bar import BAR_PRIORITY
    from mixmo.tui.keys import COMMANDS

    assert set(COMMANDS) <= set(BAR_PRIORITY)
