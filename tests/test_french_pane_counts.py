"""French counts on a pane agree with their number.

gettext's French rule is ``plural=(n > 1)``: 0 and 1 take the singular ("0 point",
"1 mot, 1 invalide"), 2 and more the plural ("2 mots, 2 invalides"). The screen's
singular cases are driven in tests/tui/test_french_counts_and_you.py; these hold
every count of the pane's words line and the scoring lesson's sentence.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mixmo.engine.grid import Grid
from mixmo.engine.lexicon import WordList
from mixmo.engine.validation import validate
from mixmo.engine.variants import variant_for
from mixmo.i18n import ngettext, restore_ui_language, set_ui_language
from mixmo.tui.pane_summary import grid_summary


@pytest.fixture
def french_screen() -> Iterator[None]:
    saved = set_ui_language("fr")
    yield
    restore_ui_language(saved)


def words_line(text: str, known: list[str]) -> str:
    report = validate(Grid.parse(text), WordList(known, language="fr"), variant_for(expert=False))
    return grid_summary(report, live_check=True).words


@pytest.mark.parametrize(
    ("grid", "known", "line"),
    [
        ("MER\n", ["MER"], "1 mot, valide"),
        ("MER\nE..\n", ["MER", "ME"], "2 mots, tous valides"),
        ("MRE\n", ["MER"], "1 mot, 1 invalide"),
        ("MER\nA..\n", ["MER"], "2 mots, 1 invalide"),
        ("MRE\nA..\n", ["MER"], "2 mots, 2 invalides"),
    ],
)
def test_the_pane_s_words_line_agrees_in_french(
    grid: str, known: list[str], line: str, french_screen: None
) -> None:
    assert words_line(grid, known) == line


@pytest.mark.parametrize(
    ("points", "sentence"),
    [
        (0, "Votre grille rapporterait maintenant 0 point."),
        (1, "Votre grille rapporterait maintenant 1 point."),
        (2, "Votre grille rapporterait maintenant 2 points."),
        (12, "Votre grille rapporterait maintenant 12 points."),
    ],
)
def test_the_scoring_lesson_s_points_agree_in_french(
    points: int, sentence: str, french_screen: None
) -> None:
    said = ngettext(
        "Your grid would score {points} point now.",
        "Your grid would score {points} points now.",
        points,
    )
    assert said.format(points=points) == sentence


def test_the_english_words_line_says_valid_for_one_word_and_all_valid_for_more() -> None:
    assert words_line("MER\n", ["MER"]) == "1 word, valid"
    assert words_line("MER\nE..\n", ["MER", "ME"]) == "2 words, all valid"
    assert words_line("MRE\nA..\n", ["MER"]) == "2 words, 2 invalid"
