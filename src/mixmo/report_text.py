"""`mixmo check`'s report as plain text, without Rich, where Rich would write no style.

When the report goes to a pipe, a file or a dumb terminal, Rich writes no
escape code at all: its output is text laid out in tables. Importing Rich and
laying the report out through it costs about 60 ms, most of `mixmo check`'s
time (docs/performance.md); this module writes the same characters directly.

It gives up (returns ``None``, and the caller uses :mod:`mixmo.report_view`)
whenever it could not be sure to write exactly what Rich writes: a table
wider than the console (Rich would wrap its cells), a character whose width
on screen is not plainly one column, a control character, a ``[`` in a
string Rich would read as markup, or an output encoding that is not UTF-8.
A test renders many reports both ways and holds them equal, character for
character.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from mixmo.engine.lexicon import lexicon_label
from mixmo.i18n import _, ngettext

if TYPE_CHECKING:
    from mixmo.engine.grid import Cell, Grid
    from mixmo.engine.scoring import Score
    from mixmo.engine.validation import ValidationReport

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


# Rich's HEAVY_HEAD box without its edges (the report's tables have show_edge=False).
HEAD_VERTICAL, HEAD_RULE, HEAD_CROSS = "┃", "━", "╇"
BODY_VERTICAL, SECTION_RULE, SECTION_CROSS = "│", "─", "┼"


class GiveUp(Exception):
    """This report is one the plain writer cannot promise to write as Rich does."""


class Column(NamedTuple):
    header: str
    justify: str = "left"
    width: int | None = None


def cell_width(text: str) -> int:
    """Columns ``text`` takes on screen, when that is plainly one a character.

    Printable Latin characters (accents included) and the marks are one
    column each, for Rich as for the terminal; anything else (East Asian
    wide characters, combining marks, controls) gives up.
    """
    for char in text:
        if not (char.isprintable() and (ord(char) < 0x300 or char in "✓✗·")) or char == "\xad":
            raise GiveUp(f"character {char!r}")
    return len(text)


def _markup_free(text: str) -> str:
    """A string Rich reads as markup (titles, headers, plain cells) must hold no ``[``."""
    if "[" in text:
        raise GiveUp("markup")
    return text


def table(
    title: str,
    columns: Sequence[Column],
    rows: Sequence[Sequence[str]],
    *,
    pad_edge: bool,
    max_width: int,
    section_before: int | None = None,
) -> list[str]:
    """The lines of a Rich ``Table(title=..., title_justify="left", show_edge=False)``."""
    last = len(columns) - 1
    pads = [
        (0 if i == 0 and not pad_edge else 1, 0 if i == last and not pad_edge else 1)
        for i in range(len(columns))
    ]
    widths = []
    for i, column in enumerate(columns):
        contents = [cell_width(column.header)] + [cell_width(row[i]) for row in rows]
        if column.width is not None:
            if max(contents) > column.width:
                raise GiveUp("a cell wider than its fixed column")
            width = column.width
        else:
            width = max(contents)
        if width + sum(pads[i]) == 0:
            width = 1  # Rich gives an empty column one column
        widths.append(width)
    total = sum(w + left + right for w, (left, right) in zip(widths, pads, strict=True)) + last
    if total > max_width or cell_width(title) > total:
        raise GiveUp("wider than the console")

    def line(cells: Sequence[str], vertical: str) -> str:
        parts = []
        for text, column, width, (left, right) in zip(cells, columns, widths, pads, strict=True):
            body = text.rjust(width) if column.justify == "right" else text.ljust(width)
            parts.append(" " * left + body + " " * right)
        return vertical.join(parts)

    def rule(horizontal: str, cross: str) -> str:
        return cross.join(
            horizontal * (w + left + right) for w, (left, right) in zip(widths, pads, strict=True)
        )

    lines = [title, line([c.header for c in columns], HEAD_VERTICAL), rule(HEAD_RULE, HEAD_CROSS)]
    for index, row in enumerate(rows):
        if index == section_before:
            lines.append(rule(SECTION_RULE, SECTION_CROSS))
        lines.append(line(row, BODY_VERTICAL))
    return lines


def grid_lines(grid: Grid, letters: Mapping[Cell, str]) -> list[str]:
    """:func:`mixmo.report_view.grid_view` without its styles."""
    from mixmo.engine.tiles import TileKind  # (`mixmo word` reads only the marks here)

    if not len(grid):
        return [_("(empty grid)")]
    (top, left), (bottom, right) = grid.bounds()
    rows, cols = bottom - top + 1, right - left + 1
    if rows * cols > DRAW_LIMIT:
        message = _("(a grid of {rows} rows by {cols} columns: too large to draw here)")
        return [message.format(rows=rows, cols=cols)]
    width = max(len(str(top + 1)), len(str(bottom + 1)))
    lines = [" " * (width + 1) + "".join(str((col + 1) % 10) for col in range(left, right + 1))]
    for row in range(top, bottom + 1):
        cells = []
        for col in range(left, right + 1):
            tile = grid.get((row, col))
            if tile is None:
                cells.append("·")
            elif tile.kind is TileKind.JOKER:
                cells.append((tile.letter or letters.get((row, col), "?")).lower())
            elif tile.kind is TileKind.BANDIT:
                cells.append(letters.get((row, col), "!").lower())
            else:
                cells.append(tile.symbol)
        lines.append(f"{row + 1:>{width}} " + "".join(cells))
    lines[-1] = lines[-1].rstrip()  # Rich's Text.rstrip() on the whole grid
    return lines


def report_text(
    report: ValidationReport,
    score: Score,
    *,
    source: str,
    suggestions: Mapping[str, Sequence[str]],
    max_width: int,
) -> str | None:
    """What Rich prints for :func:`mixmo.report_view.report_view` with no style, or
    None when this report is one to leave to Rich (see the module's docstring)."""
    try:
        return _report_text(report, score, source, suggestions, max_width)
    except GiveUp:
        return None


def _report_text(
    report: ValidationReport,
    score: Score,
    source: str,
    suggestions: Mapping[str, Sequence[str]],
    max_width: int,
) -> str:
    letters = {tile.cell: tile.letter for tile in report.open_tiles if tile.letter}
    verdict = f"{VALID_MARK} " + _("VALID") if report.valid else f"{INVALID_MARK} " + _("INVALID")
    counts = count_tiles_and_words(len(report.grid), len(report.words))
    label = f"[{lexicon_label(report.lexicon_name)}, {_(report.variant.title)}]"
    lines = [f"{source}  {verdict}  {counts}  {label}", ""]
    lines += grid_lines(report.grid, letters)

    def more(sentence: str) -> None:
        lines.append("  " + sentence)

    if report.words:
        rows = []
        for verdict_ in report.words[:LIST_LIMIT]:
            text = verdict_.text
            if text in report.theme_words:
                text += " " + _("(theme)")
            rows.append(
                [
                    VALID_MARK if verdict_.valid else INVALID_MARK,
                    text,
                    str(verdict_.row + 1),
                    _markup_free(str(verdict_.col + 1)),
                    _markup_free(_(verdict_.direction.value)),
                ]
            )
        columns = [
            Column("", width=1),
            Column(_markup_free(_("word"))),
            Column(_markup_free(_("row")), "right"),
            Column(_markup_free(_("col")), "right"),
            Column(_markup_free(_("direction"))),
        ]
        lines.append("")
        lines += table(_markup_free(_("Words")), columns, rows, pad_edge=False, max_width=max_width)
        if len(report.words) > LIST_LIMIT:
            count = len(report.words) - LIST_LIMIT
            sentence = ngettext(
                "... and {count} more word (--json lists them all)",
                "... and {count} more words (--json lists them all)",
                count,
            )
            more(sentence.format(count=count))

    if report.open_tiles:
        rows = []
        from mixmo.engine.tiles import TileKind

        for tile in report.open_tiles[:LIST_LIMIT]:
            kind = report.grid[tile.cell]
            name = _("Bandit") if kind.kind is TileKind.BANDIT else _("joker")
            others = "".join(c for c in tile.options if c != tile.letter)
            cells = [
                name,
                str(tile.cell[0] + 1),
                str(tile.cell[1] + 1),
                tile.letter or _("(none)"),
                " ".join(others) or "-",
            ]
            rows.append([_markup_free(cell) for cell in cells])
        headers = (_("tile"), _("row"), _("col"), _("stands for"), _("could also be"))
        lines.append("")
        lines += table(
            _markup_free(_("Jokers")),
            [Column(_markup_free(header)) for header in headers],
            rows,
            pad_edge=False,
            max_width=max_width,
        )
        if len(report.open_tiles) > LIST_LIMIT:
            count = len(report.open_tiles) - LIST_LIMIT
            sentence = ngettext(
                "... and {count} more joker (--json lists them all)",
                "... and {count} more jokers (--json lists them all)",
                count,
            )
            more(sentence.format(count=count))

    if report.problems:
        lines += ["", _("Problems")]
        text_at = {verdict.word.cells: verdict.text for verdict in report.words}
        for problem in report.problems[:LIST_LIMIT]:
            lines.append(f"  {INVALID_MARK} " + problem.message)
            word = text_at.get(problem.cells)
            if word and suggestions.get(word):
                proposals = ", ".join(suggestions[word])
                hint = _("{word}: did you mean {proposals}?").format(word=word, proposals=proposals)
                lines.append("    " + hint)
        if len(report.problems) > LIST_LIMIT:
            count = len(report.problems) - LIST_LIMIT
            sentence = ngettext(
                "... and {count} more problem (--json lists them all)",
                "... and {count} more problems (--json lists them all)",
                count,
            )
            more(sentence.format(count=count))

    lines.append("")
    lines += score_lines(score, max_width)
    for text in lines:  # Rich writes lines outside tables as they are (no wrapping), but
        if not text.isprintable():  # expands tabs and keeps or drops controls its own way
            raise GiveUp("a control character")
    return "\n".join(lines) + "\n"


def score_lines(score: Score, max_width: int) -> list[str]:
    """:func:`mixmo.report_view.score_view` without its styles."""
    rows = [
        [
            _markup_free(line.label),
            f"{line.points:+d}" if line.points < 0 else str(line.points),
        ]
        for line in score.lines
    ]
    section = len(rows)
    rows.append([_("total"), str(score.total)])
    columns = [Column(""), Column(_markup_free(_("points")), "right")]
    return table(
        _markup_free(_("Score (points option)")),
        columns,
        rows,
        pad_edge=True,
        max_width=max_width,
        section_before=section,
    )
