"""The end of a round: each dialog is answered once, and says what a player needs to know."""

from __future__ import annotations

from mixmo.engine.state import Phase
from mixmo.tui.round_dialogs import ClaimScreen, ScoresScreen, VoteScreen
from tests.tui.helpers import (
    burst,
    keys_for_rack,
    make_app,
    play_to_the_end,
    rendered_text,
    seed_where,
    settle,
)

SIZE = (100, 30)


async def test_one_enter_judges_every_claim_even_when_several_votes_are_needed() -> None:
    app, clock = make_app(2, seed=seed_where(2, bandit_first=False), target=10_000)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", *keys_for_rack(app, 1)[:2], "shift+tab")
        await play_to_the_end(app, pilot, clock)
        for _ in range(2):  # Ann, then Bob, claim their first word
            assert isinstance(app.screen, ClaimScreen)
            await pilot.press("space", "enter")
            await pilot.pause()
        assert isinstance(app.screen, VoteScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ScoresScreen), "no second vote dialog"


async def test_the_scores_say_why_a_grid_is_invalid() -> None:
    from mixmo.engine import actions as act
    from mixmo.engine.validation import validate
    from tests.tui.helpers import english

    app, _ = make_app(2, lexicon=english(), seed=seed_where(2, bandit_first=False))
    game = app.table.game  # the engine itself, driven directly
    rack = [t.symbol for t in game.round.player(1).rack if t.symbol.isalpha()]
    pair = next(
        (a, b)
        for a in rack
        for b in rack
        if a is not b and not validate(_row(a + b), game.lexicon, game.variant).valid
    )
    async with app.run_test(size=SIZE) as pilot:
        burst(app, "2", pair[0].lower(), pair[1].lower(), "1")
        await settle(pilot)
        # Nobody can finish: everyone says stuck until the bag is empty, and the round ends.
        while game.phase is not Phase.SCORED:
            if game.phase is Phase.CHOOSING_THEME:
                game.apply(act.ChooseTheme(seat=game.round.bandit_seat or 0, theme="wheels"))
            elif game.phase is Phase.PLAYING:
                game.apply(act.SayStuck(seat=0, at=1.0))
                game.apply(act.SayStuck(seat=1, at=1.0))
            else:
                for seat in (0, 1):
                    if game.round.player(seat).claims is None and game.phase is Phase.CLAIMING:
                        game.apply(act.ClaimThemeWords(seat=seat))
        app.flow.sync()
        await settle(pilot)
        assert isinstance(app.screen, ScoresScreen)
        text = " ".join(rendered_text(app.screen.table, width=100).split())
        assert "Bob ✗ invalid" in text
        assert f"✗ {pair[0]}{pair[1]} (across at row 1, column 1) is not in " in text
        assert "✗ the grid holds no tile" in text, "Ann's empty grid says so too"


def _row(word: str):
    from mixmo.engine.grid import Grid

    return Grid.parse(word + "\n")


async def test_the_sprint_names_unfinished_words_by_their_place_in_the_grid() -> None:
    from mixmo.engine import actions as act
    from mixmo.engine.variants import variant_for
    from mixmo.tui.round_dialogs import SprintScreen

    app, clock = make_app(
        2,
        seed=seed_where(2, bandit_first=False),
        variant=variant_for(expert=True, free_spirit=True).name,
        target=10_000,
    )
    async with app.run_test(size=SIZE) as pilot:
        rack = app.table.round.player(1).rack
        for col, tile in enumerate(rack[:2]):  # two letters: too short for Expert
            app.apply(act.PlaceTile(seat=1, row=-5, col=col - 7, symbol=tile.symbol))
        await play_to_the_end(app, pilot, clock)
        await settle(pilot)
        assert isinstance(app.screen, SprintScreen)
        labels = [label for label, _ in app.screen.choices]
        word = "".join(t.symbol for t in rack[:2])
        assert f"{word} (across at row 1, column 1): the whole word" in labels


async def test_the_sprint_takes_back_just_the_unfinished_part_of_a_word() -> None:
    """HOUSEB on the way to HOUSEBOAT: the B goes back, HOUSE stays (here: two letters
    that Expert refuses as a word; taking back the second keeps the first as a lone tile)."""
    from mixmo.engine import actions as act
    from mixmo.engine.variants import variant_for
    from mixmo.tui.round_dialogs import SprintScreen

    app, clock = make_app(
        2,
        seed=seed_where(2, bandit_first=False),
        variant=variant_for(expert=True, free_spirit=True).name,
        target=10_000,
    )
    async with app.run_test(size=SIZE) as pilot:
        rack = app.table.round.player(1).rack
        for col, tile in enumerate(rack[:2]):
            app.apply(act.PlaceTile(seat=1, row=0, col=col, symbol=tile.symbol))
        await play_to_the_end(app, pilot, clock)
        await settle(pilot)
        assert isinstance(app.screen, SprintScreen)
        first, second = rack[0].symbol, rack[1].symbol
        label = f"{first}{second} (across at row 1, column 1): take back {second}, keep {first}"
        labels = [label for label, _ in app.screen.choices]
        await pilot.press(*["down"] * labels.index(label), "enter")
        await settle(pilot)
        bob = app.table.round.player(1)
        assert bob.sprint_done
        assert [tile.symbol for tile in bob.grid.tiles()] == [first]
        assert rack[1] in bob.rack
