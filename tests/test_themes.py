"""Built-in theme lists (rulebook: The Bandit; "the validity of these words is left to the
collective judgment of the players": the lists judge, the players can overrule)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from mixmo.engine import actions as a
from mixmo.engine import events as ev
from mixmo.engine.state import Phase
from mixmo.engine.themes import builtin_themes, find_theme
from tests.game_helpers import lay_out, new_game

THEMES = Path(__file__).resolve().parents[1] / "dictionaries" / "themes"
IDS = ["animals", "food", "music", "plants", "professions", "sport"]


def test_every_language_has_the_six_themes_with_hundreds_of_words() -> None:
    for language in ("en", "fr"):
        themes = builtin_themes(language)
        assert sorted(themes) == IDS
        assert all(len(theme.words) >= 300 for theme in themes.values())
    assert builtin_themes("fr")["professions"].title == "Métiers"


def test_every_theme_word_is_a_word_of_the_game() -> None:
    spec = importlib.util.spec_from_file_location("check_themes", THEMES / "check_themes.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["check_themes"] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    assert module.check_all() == []


@pytest.mark.parametrize(
    ("announced", "language", "theme_id"),
    [("animals", "en", "animals"), ("Animal", "en", "animals"), ("ANIMAUX", "fr", "animals"),
     ("métiers", "fr", "professions"), ("Music", "en", "music"), ("things that fly", "en", None)],
)  # fmt: skip
def test_an_announced_theme_finds_its_list(
    announced: str, language: str, theme_id: str | None
) -> None:
    found = find_theme(announced, language)
    assert (found.id if found else None) == theme_id


def test_lists_judge_any_spelling() -> None:
    animals = builtin_themes("fr")["animals"]
    assert animals.judge("éléphants") and animals.judge("ELEPHANTS")
    assert not animals.judge("table")


def end_a_round_on_theme(theme: str, seed: int = 16):
    """Seat 0 races to the final MIXMO; its grid is one long row; the theme is ``theme``."""
    game = new_game(3, seed=seed, target=1000)
    at = 0.0
    while True:
        if game.phase is Phase.CHOOSING_THEME:
            game.apply(a.ChooseTheme(seat=game.round.bandit_seat or 0, theme=theme))
        if not len(game.round.bag):
            break
        lay_out(game, 0, at)
        at += 5.0
        game.apply(a.CallMixmo(seat=0, at=at))
    lay_out(game, 0, at)
    game.apply(a.CallMixmo(seat=0, at=at + 5))
    assert game.phase is Phase.CLAIMING
    return game


def test_a_claim_off_the_list_is_rejected_unless_the_players_overrule() -> None:
    game = end_a_round_on_theme("animals")
    row = game.check_grid(0).words[0].text  # a long row of letters: no animal
    game.apply(a.ClaimThemeWords(seat=0, words=(row,)))
    game.apply(a.ClaimThemeWords(seat=1, words=()))
    game.apply(a.ClaimThemeWords(seat=2, words=()))
    game.apply(a.Vote(seat=1, claimant=0, word=row, accept=True))
    events = game.apply(a.CloseVoting(seat=2))
    judged = next(e for e in events if isinstance(e, ev.ClaimJudged))
    assert judged.by_list is False
    assert (judged.votes_for, judged.votes_against, judged.accepted) == (1, 1, True)
    assert game.round.winner == 0


def test_the_list_decides_when_nobody_votes() -> None:
    game = end_a_round_on_theme("animals", seed=17)
    row = game.check_grid(0).words[0].text
    game.apply(a.ClaimThemeWords(seat=0, words=(row,)))
    game.apply(a.ClaimThemeWords(seat=1, words=()))
    events = game.apply(a.ClaimThemeWords(seat=2, words=()))
    assert game.phase is Phase.VOTING
    events = game.apply(a.CloseVoting(seat=1))
    judged = next(e for e in events if isinstance(e, ev.ClaimJudged))
    assert (judged.accepted, judged.by_list) == (False, False)
    assert "FinalCallRejected" in [type(e).__name__ for e in events]
