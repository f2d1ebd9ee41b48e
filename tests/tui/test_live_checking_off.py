"""Live checking off means off: a pane never tells a valid grid from an invalid one."""

from __future__ import annotations

from tests.tui.helpers import burst, english, keys_for_rack, make_app, seed_where, settle


def _title(app) -> str:
    return str(app.query_one("#title-0").render())


async def _title_after_emptying_the_rack(lexicon, size: tuple[int, int], *, check: bool) -> str:
    app, _ = make_app(2, lexicon=lexicon, seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=size) as pilot:
        if check:
            await pilot.press("f4")
        burst(app, *keys_for_rack(app, 0))  # the whole rack in a row
        await settle(pilot, 6)
        assert not app.table.round.player(0).rack
        return _title(app)


async def test_with_checking_off_a_valid_and_an_invalid_grid_look_the_same() -> None:
    for size in ((80, 24), (140, 45)):
        invalid = await _title_after_emptying_the_rack(english(), size, check=False)
        valid = await _title_after_emptying_the_rack(None, size, check=False)  # every word goes
        assert "ready: MIXMO?" not in valid + invalid
        assert "rack empty" in valid and "rack empty" in invalid
        assert valid == invalid


async def test_with_checking_on_a_valid_grid_says_ready() -> None:
    invalid = await _title_after_emptying_the_rack(english(), (140, 45), check=True)
    valid = await _title_after_emptying_the_rack(None, (140, 45), check=True)
    assert "ready: MIXMO?" in valid
    assert "ready: MIXMO?" not in invalid


def test_with_checking_off_a_joker_shows_no_letter_whatever_its_words() -> None:
    """A joker's letter is known only when its words are valid: showing it would tell."""
    from mixmo.engine.grid import Grid
    from mixmo.engine.lexicon import embedded
    from mixmo.engine.validation import validate
    from mixmo.engine.variants import variant_for
    from mixmo.tui.pane_summary import grid_summary

    words = embedded("en")
    valid = validate(Grid.parse("CA?\n"), words, variant_for())  # CAT, CAB...: a letter decided
    invalid = validate(Grid.parse("XQ?\n"), words, variant_for())
    assert grid_summary(valid, live_check=True).letters  # checking on: the letter shows
    for report in (valid, invalid):
        assert not grid_summary(report, live_check=False).letters
