"""Helpers to drive whole games in tests: players who lay their whole rack out in a row.

Games here use the ``AnyWord`` lexicon: a game's flow does not depend on which
words exist, so with it a row of tiles is always valid and tests can reach any
moment of a game."""

from __future__ import annotations

from mixmo.engine import actions as a
from mixmo.engine.game import Game
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import Phase


def new_game(players: int = 2, **options: object) -> Game:
    names = tuple(["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"][:players])
    lexicon = options.pop("lexicon", None) or AnyWord(language="en")
    return Game(MatchOptions(players=names, **options), lexicon=lexicon)  # type: ignore[arg-type]


def playing_game(players: int = 2) -> Game:
    """A new game whose first draw is not the Bandit: play starts at once (the first seed
    from 0 that deals one)."""
    for seed in range(100):
        game = new_game(players, seed=seed)
        if game.phase is Phase.PLAYING:
            return game
    raise AssertionError("no seed without the Bandit")


def lay_out(game: Game, seat: int, at: float = 0.0) -> None:
    """Place every rack tile of ``seat`` at the end of the grid's first row (one long word)."""
    player = game.round.player(seat)
    col = max((c for (r, c) in player.grid if r == 0), default=-1) + 1
    for tile in player.rack:
        game.apply(a.PlaceTile(seat=seat, row=0, col=col, symbol=tile.symbol, at=at))
        col += 1


def settle_theme(game: Game, theme: str = "things with wheels") -> None:
    """Name a theme that no built-in list judges: every claim then stands unless voted down."""
    if game.phase is Phase.CHOOSING_THEME:
        assert game.round.bandit_seat is not None
        game.apply(a.ChooseTheme(seat=game.round.bandit_seat, theme=theme))


def play_until_bag_is_empty(game: Game, caller: int = 0, start: float = 0.0) -> float:
    """MIXMO after MIXMO by ``caller``, every 5 s from game time ``start``, until the bag
    is empty; the game time reached."""
    at = start
    settle_theme(game)
    while len(game.round.bag):
        lay_out(game, caller, at)
        at += 5.0
        game.apply(a.CallMixmo(seat=caller, at=at))
        settle_theme(game)
    return at


def call_final_mixmo(game: Game, start: float = 0.0, caller: int = 0) -> float:
    """``caller`` lays out their rack and calls MIXMO every 5 s from game time ``start``
    until the bag is empty, then lays out the last tiles and calls the final MIXMO; the
    game time of that call (the round goes on to its claims, or to its scores)."""
    at = play_until_bag_is_empty(game, caller, start)
    lay_out(game, caller, at)
    at += 5.0
    game.apply(a.CallMixmo(seat=caller, at=at))
    return at


def win_a_round(game: Game, start: float = 0.0, caller: int = 0) -> float:
    """``caller`` lays out their rack and calls MIXMO every 5 s from game time ``start``
    until their final MIXMO scores the round (every claim made and the vote closed at
    once); the game time it was scored at."""
    at = call_final_mixmo(game, start, caller)
    if game.phase is Phase.CLAIMING:
        claim_first_words(game)
    if game.phase is Phase.VOTING:
        game.apply(a.CloseVoting(seat=caller, at=at))
    return at


def claim_first_words(game: Game) -> None:
    """Every player claims the first valid word of their grid as a theme word."""
    for seat in game.round.active_seats():
        words = [v.text for v in game.check_grid(seat).words if v.valid][:1]
        game.apply(a.ClaimThemeWords(seat=seat, words=tuple(words)))


def english_lines(sheet: object) -> list[tuple[str, int]]:
    """A score sheet's lines (``PlayerScore``) with their labels in English."""
    return [(str(label), points) for label, points in sheet.lines]  # type: ignore[attr-defined]
