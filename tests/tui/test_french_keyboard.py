"""A French keyboard types accented letters: on the board é places an E, as in French
word games (tiles carry no accents: ETE is été)."""

from __future__ import annotations

from mixmo.engine.game import Game
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.options import MatchOptions
from mixmo.tui.app import MixmoApp
from tests.tui.helpers import FakeClock, burst, settle

ACCENTED = {"E": "éèêë", "A": "àâ", "C": "ç", "U": "ùû", "I": "îï", "O": "ô"}


def seed_with(letters: str) -> int:
    for seed in range(500):
        game = Game(MatchOptions(players=("Ann", "Bob"), seed=seed), AnyWord())
        rack = [tile.symbol for tile in game.round.player(0).rack]
        if all(rack.count(letter) >= letters.count(letter) for letter in letters):
            return seed
    raise AssertionError("no such seed")


async def test_an_accented_letter_places_its_plain_tile() -> None:
    for letters in ("EE", "AC", "IO", "UE"):
        game = Game(MatchOptions(players=("Ann", "Bob"), seed=seed_with(letters)), AnyWord())
        app = MixmoApp(game, clock=FakeClock())
        async with app.run_test(size=(100, 30)) as pilot:
            typed = [ACCENTED[letter][index % len(ACCENTED[letter])] for index, letter in
                     enumerate(letters)]  # fmt: skip
            burst(app, *typed)
            await settle(pilot)
            grid = app.table.round.player(0).grid
            row = "".join(grid[cell].symbol for cell in sorted(grid))
            assert row == letters, (typed, row)


async def test_every_accent_of_a_french_keyboard_types_a_letter() -> None:
    from textual import events

    from mixmo.tui.key_dispatch import tile_symbol

    for plain, accented in ACCENTED.items():
        for char in accented + accented.upper():
            assert tile_symbol(events.Key(char, char)) == plain, char
