"""Theme claims at the end of a round: a player who is OUT (wrong final MIXMO) is not asked.

Rule (docs/rules.md, "The verdict"): the caller of a wrong final MIXMO is out of
the round and scores -20 "and nothing else (not the tiles of their grid, not a
theme bonus at a later claim)". Asking them which of their words are on the theme
would ask for something that cannot count. The game is played with keys; the
bag is emptied beforehand by the engine (MIXMO after MIXMO by Bob).
"""

from __future__ import annotations

from mixmo.engine import events as ev
from mixmo.engine.bot import Bot, Level
from mixmo.engine.state import Phase
from mixmo.tui.round_dialogs import ClaimScreen, ScoresScreen, VoteScreen
from tests.game_helpers import english_lines, lay_out, play_until_bag_is_empty
from tests.tui.helpers import make_app, screen_text, settle

SIZE = (100, 30)


async def test_an_out_player_is_not_asked_for_theme_words_and_scores_minus_20() -> None:
    app, clock = make_app(2, seed=10, target=1000)
    game = app.table.game
    at = play_until_bag_is_empty(game, caller=1)
    assert game.round.theme is not None and not len(game.round.bag)
    clock.now = at + 1
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")  # Ann: tiles still on her rack, a wrong final MIXMO
        await settle(pilot)
        assert game.round.player(0).out
        lay_out(game, 1, at)
        clock.now = at + 2
        await pilot.press("tab", "f5")  # Bob's final MIXMO, a valid grid
        await settle(pilot)
        assert game.phase is Phase.CLAIMING
        assert isinstance(app.screen, ClaimScreen)
        shown = screen_text(app)
        assert "Bob: which of your words are on the theme" in shown
        assert "Ann: which" not in shown
        assert game.round.player(0).claims == (), "Ann's claim closed without a question"
        await pilot.press("space", "enter")  # Bob claims his first word
        await settle(pilot)
        [claimed] = game.round.player(1).claims or ()
        assert isinstance(app.screen, VoteScreen)  # Ann, out, still judges Bob's word
        assert [claim.name for claim in app.screen.claims] == ["Bob"]
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ScoresScreen)
    scores = next(e for e in reversed(game.events) if isinstance(e, ev.RoundScored))
    assert scores.winner == 1
    assert english_lines(scores.scores[0]) == [("final MIXMO with an invalid grid", -20)]
    theme_line = (f"theme word {claimed} (3 x {len(claimed)})", 3 * len(claimed))
    assert theme_line in english_lines(scores.scores[1])
    assert game.state.totals[0] == -20


def test_a_bot_out_of_the_round_claims_no_theme_word() -> None:
    """An OUT bot claims nothing, so the people are not asked to vote on words that
    cannot count; a bot still in the round claims its longest word on a theme of
    the players' own."""
    from mixmo.engine import actions as act

    app, _clock = make_app(2, seed=10, target=1000)
    game = app.table.game
    at = play_until_bag_is_empty(game, caller=1)
    for col, tile in enumerate(game.round.player(0).rack[:-1]):  # a grid with a word
        game.apply(act.PlaceTile(seat=0, row=0, col=col, symbol=tile.symbol, at=at))
    game.apply(act.CallMixmo(seat=0, at=at + 1))  # a tile left on Ann's rack: out
    lay_out(game, 1, at)
    game.apply(act.CallMixmo(seat=1, at=at + 2))
    assert game.phase is Phase.CLAIMING and game.round.player(0).out
    bots = [Bot(seat, Level.HARD, game.lexicon, game.variant, "en", seed=1) for seat in (0, 1)]
    claims = [bot.next_action(game.state, at + 3) for bot in bots]
    assert [type(c[1]).__name__ for c in claims if c] == ["ClaimThemeWords"] * 2
    out, playing = (c[1] for c in claims if c)
    assert isinstance(out, act.ClaimThemeWords) and out.words == ()
    assert isinstance(playing, act.ClaimThemeWords) and len(playing.words) == 1
