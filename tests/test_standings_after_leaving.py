"""The standings are printed in the terminal once a player leaves the game's screen.

After ctrl+c nothing was printed, not even where the match stood: `mixmo play`
and `mixmo join` now print it, best first, in the player's language."""

from __future__ import annotations

import pytest

from mixmo.cli.standings_text import print_standings, standings_lines
from mixmo.i18n import restore_ui_language, set_ui_language
from tests.game_helpers import new_game, win_a_round


def test_a_match_left_after_a_round_prints_where_it_stands(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = new_game(2, seed=3, variant="free-spirit", target=1000)
    assert standings_lines(game.options, game.state) == []  # no round scored: nothing to say
    win_a_round(game, caller=1)
    print_standings(game.options, game.state)
    printed = capsys.readouterr().out.splitlines()
    bob, ann = game.state.totals[1], game.state.totals[0]
    assert printed == [
        "The match so far, after 1 round:",
        f"1. Bob: {bob} pts, 1 round won",
        f"2. Ann: {ann} pts, 0 rounds won",
    ]


def test_a_finished_match_says_who_won_it_in_french() -> None:
    game = new_game(2, seed=3, variant="free-spirit", scoring="rounds", target=1)
    win_a_round(game)
    assert game.state.winner == 0
    previous = set_ui_language("fr")
    try:
        lines = standings_lines(game.options, game.state)
    finally:
        restore_ui_language(previous)
    assert lines[0] == "La partie, après 1 manche :"
    assert lines[1].startswith("1. Ann : 1 manche gagnée, ")
    assert lines[-1] == "Ann gagne la partie."
