"""What the final sprint's dialog offers: whole unfinished words, or just their unfinished part.

A player caught mid-word by the final MIXMO (HOUSEB on the way to HOUSEBOAT)
may take back one unfinished word, whole or an end of it (the engine checks
that: ``round_end.sprint_take_back``). The dialog offers, for each word that is
not a word, the whole word, and the shortest end or start whose removal leaves
a word (or a single tile): take back the B, keep HOUSE. A choice the engine
would refuse (every tile of it is in a finished word too) is not offered.
"""

from __future__ import annotations

from collections.abc import Sequence

from mixmo.engine.grid import Cell, Direction, Grid
from mixmo.engine.lexicon import Lexicon
from mixmo.engine.round_end import sprint_take_back
from mixmo.engine.validation import ValidationReport, WordVerdict
from mixmo.engine.variants import Variant
from mixmo.i18n import N_, _

SprintChoice = tuple[str, tuple[Cell, ...]]
DIRECTION_NAMES = {Direction.ACROSS: N_("across"), Direction.DOWN: N_("down")}


def _keeps_a_word(text: str, lexicon: Lexicon, variant: Variant) -> bool:
    return len(text) == 1 or (len(text) >= variant.min_word_length and text in lexicon)


def _parts(verdict: WordVerdict, lexicon: Lexicon, variant: Variant) -> list[tuple[str, str, int]]:
    """(taken, kept, cut) for the shortest end, then start, whose removal leaves a word."""
    text = verdict.text
    if not text.isalpha() or not text.isupper():
        return []  # an open joker's letter is unknown: offer the whole word only
    parts = []
    for cut in range(len(text) - 1, 0, -1):
        if _keeps_a_word(text[:cut], lexicon, variant):
            parts.append((text[cut:], text[:cut], cut))
            break
    for cut in range(1, len(text)):
        if _keeps_a_word(text[cut:], lexicon, variant):
            parts.append((text[:cut], text[cut:], -cut))
            break
    return parts


def sprint_choices(
    grid: Grid, report: ValidationReport, lexicon: Lexicon, variant: Variant
) -> list[SprintChoice]:
    """The dialog's choices, "keep my grid as it is" first; places counted from the top-left tile."""
    top = min((r for r, _ in grid), default=0)
    left = min((c for _, c in grid), default=0)
    choices: list[SprintChoice] = [(_("keep my grid as it is"), ())]
    seen: set[tuple[Cell, ...]] = set()
    unfinished: Sequence[WordVerdict] = [v for v in report.words if not v.valid]
    for verdict in unfinished:
        cells = tuple(verdict.word.cells)
        if sprint_take_back(grid, cells, report.words) is None:
            continue  # every tile of it is in a finished word too: nothing would go
        place = _("{direction} at row {row}, column {column}").format(
            direction=_(DIRECTION_NAMES[verdict.direction]),
            row=verdict.row - top + 1,
            column=verdict.col - left + 1,
        )
        if cells not in seen:
            seen.add(cells)
            choices.append(
                (
                    _("{word} ({place}): the whole word").format(word=verdict.text, place=place),
                    cells,
                )
            )
        for taken, kept, cut in _parts(verdict, lexicon, variant):
            part = cells[cut:] if cut > 0 else cells[:-cut]
            if part in seen or sprint_take_back(grid, part, report.words) is None:
                continue
            seen.add(part)
            choices.append(
                (
                    _("{word} ({place}): take back {taken}, keep {kept}").format(
                        word=verdict.text, place=place, taken=taken, kept=kept
                    ),
                    part,
                )
            )
    return choices
