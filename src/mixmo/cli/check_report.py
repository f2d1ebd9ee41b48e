"""Rich views of engine results for the command line: a grid, a validation report, a score.

Marks never rely on colour alone: an invalid word's tiles are also
underlined and listed with a cross, jokers are shown in lower case, and the
verdict is spelt out. Rich honours NO_COLOR.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal

from mixmo.engine.lexicon import lexicon_label
from mixmo.engine.tiles import TileKind
from mixmo.i18n import N_, _, ngettext
from mixmo.i18n.messages import say

if TYPE_CHECKING:  # Rich is imported where a view is built: `--json` and `mixmo word` never load it
    from rich.console import RenderableType
    from rich.table import Table
    from rich.text import Text

    from mixmo.engine.grid import Cell, Grid
    from mixmo.engine.jokers import OpenTile
    from mixmo.engine.scoring import Score
    from mixmo.engine.validation import ValidationReport

#: Words shown translated that the engine keeps in English (a word's direction,
#: the variants' titles), marked here for the catalogues.
ENGINE_WORDS = (
    N_("across"),
    N_("down"),
    N_("Classic"),
    N_("Free Spirit"),
    N_("Expert"),
    N_("Expert, Free Spirit"),
)


VALID_MARK = "✓"
INVALID_MARK = "✗"

DRAW_LIMIT = 10_000
"""Grids whose bounding box has more cells than this are described, not drawn:
no real grid comes near (a whole set is about 120 tiles), and drawing a
thousand-column text cell by cell would take seconds."""

LIST_LIMIT = 100
"""Words, jokers and problems listed one by one; the rest are counted (Rich
lays out a table row in about 3 ms, and --json lists everything)."""


def count_tiles_and_words(tiles: int, words: int) -> str:
    """``12 tiles, 3 words`` (``1 tile, 1 word``)."""
    tiles_text = ngettext("{count} tile", "{count} tiles", tiles).format(count=tiles)
    words_text = ngettext("{count} word", "{count} words", words).format(count=words)
    return _("{tiles}, {words}").format(tiles=tiles_text, words=words_text)


def more_than_listed(kind: Literal["word", "joker", "problem"], total: int) -> str | None:
    """``... and 3 more words (--json lists them all)``: the line under a list cut at
    :data:`LIST_LIMIT` of ``total`` items, or None when all are listed (shared with the
    Rich view, :mod:`mixmo.cli.check_report`)."""
    count = total - LIST_LIMIT
    if count <= 0:
        return None
    if kind == "word":
        sentence = ngettext(
            "... and {count} more word (--json lists them all)",
            "... and {count} more words (--json lists them all)",
            count,
        )
    elif kind == "joker":
        sentence = ngettext(
            "... and {count} more joker (--json lists them all)",
            "... and {count} more jokers (--json lists them all)",
            count,
        )
    else:
        sentence = ngettext(
            "... and {count} more problem (--json lists them all)",
            "... and {count} more problems (--json lists them all)",
            count,
        )
    return sentence.format(count=count)


def joker_tiles(report: ValidationReport) -> list[OpenTile]:
    """The grid's joker tiles for the "Jokers" table, in reading order: the open
    jokers and the Bandit with the letters the check found for them, and the
    declared jokers (``z`` in a grid file) with the letter they were declared as.
    A declared joker is a joker tile too: it counts in the set's
    two jokers, and a player reading the table looks for it there."""
    from mixmo.engine.jokers import OpenTile
    from mixmo.engine.tiles import TileKind

    tiles = {tile.cell: tile for tile in report.open_tiles}
    for where, tile in report.grid.items():
        if tile.kind is TileKind.JOKER and tile.letter is not None:
            tiles[where] = OpenTile(where, tile.letter, tile.letter)
    return [tiles[where] for where in sorted(tiles)]


def is_declared(report: ValidationReport, tile: OpenTile) -> bool:
    """True when ``tile`` is a joker the grid declares as a letter (``z``)."""
    return not report.grid[tile.cell].is_open


def joker_row(report: ValidationReport, tile: OpenTile) -> list[str]:
    """One row of the "Jokers" table: the tile's name, its row and column, the letter
    it stands for and the other letters it could be (shared with the Rich view)."""
    from mixmo.engine.tiles import TileKind

    if report.grid[tile.cell].kind is TileKind.BANDIT:
        name = _("Bandit")
    elif is_declared(report, tile):
        name = _("declared joker")
    else:
        name = _("joker")
    others = "".join(c for c in tile.options if c != tile.letter)
    return [
        name,
        str(tile.cell[0] + 1),
        str(tile.cell[1] + 1),
        tile.letter or _("(none)"),
        " ".join(others) or "-",
    ]


def _more(sentence: str) -> Text:
    """``... and 3 more words (--json lists them all)``, dimmed."""
    from rich.text import Text

    return Text("  " + sentence, style="dim")


def grid_view(grid: Grid, letters: Mapping[Cell, str], bad_cells: set[Cell]) -> Text:
    """The grid with row and column rulers; open tiles show their found letter in lower case."""
    from rich.text import Text

    text = Text()
    if not len(grid):
        return Text(_("(empty grid)"), style="dim")
    (top, left), (bottom, right) = grid.bounds()
    rows, cols = bottom - top + 1, right - left + 1
    if rows * cols > DRAW_LIMIT:
        message = _("(a grid of {rows} rows by {cols} columns: too large to draw here)")
        return Text(message.format(rows=rows, cols=cols), style="dim")
    width = max(len(str(top + 1)), len(str(bottom + 1)))
    ruler = "".join(str((col + 1) % 10) for col in range(left, right + 1))
    text.append(" " * (width + 1) + ruler + "\n", style="dim")
    for row in range(top, bottom + 1):
        text.append(f"{row + 1:>{width}} ", style="dim")
        run: list[str] = []
        run_style = ""
        for col in range(left, right + 1):
            char, style = _cell(grid, (row, col), letters, bad_cells)
            if style != run_style and run:
                text.append("".join(run), style=run_style)
                run = []
            run.append(char)
            run_style = style
        text.append("".join(run), style=run_style)
        text.append("\n")
    text.rstrip()
    return text


def _cell(
    grid: Grid, cell: Cell, letters: Mapping[Cell, str], bad_cells: set[Cell]
) -> tuple[str, str]:
    """The character and style of one cell (runs of one style are drawn as one span)."""
    tile = grid.get(cell)
    if tile is None:
        return "·", "dim"
    style = "bold"
    char = tile.symbol
    if tile.kind is TileKind.JOKER:
        char = (tile.letter or letters.get(cell, "?")).lower()
        style = "bold cyan"
    elif tile.kind is TileKind.BANDIT:
        char = letters.get(cell, "!").lower()
        style = "bold italic magenta"  # italic, as on the board: never read as a joker
    if cell in bad_cells:
        style += " underline red"
    return char, style


def report_view(
    report: ValidationReport,
    score: Score,
    *,
    source: str,
    suggestions: Mapping[str, Sequence[str]],
) -> RenderableType:
    """Everything `mixmo check` shows about one grid."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    letters = {tile.cell: tile.letter for tile in report.open_tiles if tile.letter}
    bad_cells = {cell for problem in report.problems for cell in problem.cells}
    verdict = (
        Text(f"{VALID_MARK} " + _("VALID"), style="bold green")
        if report.valid
        else Text(f"{INVALID_MARK} " + _("INVALID"), style="bold red")
    )
    header = Text.assemble(
        (source, "bold"),
        "  ",
        verdict,
        ("  " + count_tiles_and_words(len(report.grid), len(report.words)), ""),
        (f"  [{say(lexicon_label(report.lexicon_name))}, {_(report.variant.title)}]", "dim"),
    )
    parts: list[RenderableType] = [header, Text(), grid_view(report.grid, letters, bad_cells)]

    parts += words_view(report)
    if joker_list := joker_tiles(report):
        jokers = Table(title=_("Jokers"), title_justify="left", show_edge=False, pad_edge=False)
        for column in (_("tile"), _("row"), _("col"), _("stands for"), _("could also be")):
            jokers.add_column(column)
        for tile in joker_list[:LIST_LIMIT]:
            jokers.add_row(*joker_row(report, tile))
        parts += [Text(), jokers]
        if sentence := more_than_listed("joker", len(joker_list)):
            parts.append(_more(sentence))
    parts += problems_view(report, suggestions)
    parts += [Text(), score_view(score)]
    return Group(*parts)


def words_view(report: ValidationReport) -> list[RenderableType]:
    """The grid's words, each with its mark and place: the check's "Words" table."""
    from rich.table import Table
    from rich.text import Text

    if not report.words:
        return []
    words = Table(title=_("Words"), title_justify="left", show_edge=False, pad_edge=False)
    words.add_column("", width=1)
    words.add_column(_("word"))
    words.add_column(_("row"), justify="right")
    words.add_column(_("col"), justify="right")
    words.add_column(_("direction"))
    for verdict in report.words[:LIST_LIMIT]:
        mark = Text(VALID_MARK, style="green") if verdict.valid else Text(INVALID_MARK, style="red")
        word_text = Text(verdict.text, style="" if verdict.valid else "red underline")
        if verdict.text in report.theme_words:
            word_text.append(" " + _("(theme)"), style="yellow")
        words.add_row(
            mark,
            word_text,
            str(verdict.row + 1),
            str(verdict.col + 1),
            _(verdict.direction.value),
        )
    parts: list[RenderableType] = [Text(), words]
    if sentence := more_than_listed("word", len(report.words)):
        parts.append(_more(sentence))
    return parts


def problems_view(
    report: ValidationReport, suggestions: Mapping[str, Sequence[str]]
) -> list[RenderableType]:
    """Every problem in one line, a misspelt word's nearest words under it."""
    from rich.text import Text

    if not report.problems:
        return []
    parts: list[RenderableType] = [Text(), Text(_("Problems"), style="bold")]
    text_at = {verdict.word.cells: verdict.text for verdict in report.words}
    for problem in report.problems[:LIST_LIMIT]:
        line = Text(f"  {INVALID_MARK} ", style="red")
        line.append(say(problem.message))
        parts.append(line)
        word = text_at.get(problem.cells)
        if word and suggestions.get(word):
            proposals = ", ".join(suggestions[word])
            hint = _("{word}: did you mean {proposals}?").format(word=word, proposals=proposals)
            parts.append(Text("    " + hint, style="dim"))
    if sentence := more_than_listed("problem", len(report.problems)):
        parts.append(_more(sentence))
    return parts


def score_view(score: Score) -> Table:
    from rich.table import Table
    from rich.text import Text

    table = Table(title=_("Score (points option)"), title_justify="left", show_edge=False)
    table.add_column("")
    table.add_column(_("points"), justify="right")
    for line in score.lines:
        table.add_row(say(line.label), f"{line.points:+d}" if line.points < 0 else str(line.points))
    table.add_section()
    table.add_row(Text(_("total"), style="bold"), Text(str(score.total), style="bold"))
    return table


def report_json(
    report: ValidationReport, score: Score, suggestions: Mapping[str, Sequence[str]]
) -> dict[str, Any]:
    """The machine-readable form of a check.

    Rows and columns are 1-based, as in the messages: row 1 is the grid's
    first line (comment lines and leading blank lines do not count).
    """

    def position(cell: Cell) -> dict[str, int]:
        return {"row": cell[0] + 1, "col": cell[1] + 1}

    return {
        "valid": report.valid,
        "lexicon": report.lexicon_name,
        "variant": report.variant.name,
        "tiles": len(report.grid),
        "grid": report.grid.to_text(),
        "words": [
            {
                "text": v.text,
                "pattern": v.word.pattern,
                **position(v.word.start),
                "direction": v.direction.value,
                "valid": v.valid,
                "reason": None if v.reason is None else say(v.reason),
            }
            for v in report.words
        ],
        "jokers": [
            {
                **position(t.cell),
                "tile": report.grid[t.cell].kind.value,
                "letter": t.letter,
                "options": t.options,
                "declared": is_declared(report, t),
            }
            for t in joker_tiles(report)
        ],
        "problems": [
            {
                "kind": p.kind.value,
                "message": say(p.message),
                "cells": [position(cell) for cell in p.cells],
            }
            for p in report.problems
        ],
        "theme_words": list(report.theme_words),
        "suggestions": {word: list(s) for word, s in suggestions.items()},
        "score": {
            "total": score.total,
            "lines": [{"label": say(line.label), "points": line.points} for line in score.lines],
        },
    }
