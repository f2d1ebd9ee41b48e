"""`mixmo check`'s report written without Rich, exactly as Rich writes it.

The report (:mod:`mixmo.report_view`) is a few lines of styled text and
three small tables. Importing Rich and laying the report out through it
costs about 60 ms, half of `mixmo check`'s time (docs/performance.md); this
module writes the same characters directly: plain to a pipe or a file, and
with the same escape codes Rich writes to a terminal (bold, dim, italic,
underline and the named colours; only the attributes under ``NO_COLOR``).

It gives up (returns ``None``, and the caller uses Rich) whenever it could
not be sure to write exactly what Rich writes: a table wider than the
console (Rich would wrap its cells), a character whose width on screen is
not plainly one column, a control character, a ``[`` in a string Rich
would read as markup, or a style it does not know. Tests render many
reports both ways, plain and styled, and hold them equal, character for
character.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Literal, NamedTuple

from mixmo.engine.lexicon import lexicon_label
from mixmo.i18n import _, ngettext
from mixmo.i18n_messages import say

if TYPE_CHECKING:
    from mixmo.engine.grid import Cell as Cell_
    from mixmo.engine.grid import Grid
    from mixmo.engine.jokers import OpenTile
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


Piece = tuple[str, str]
"""Some text and its style (Rich's words: ``"bold red"``, ``""`` for none)."""

Styles = Literal["none", "attributes", "colours"]
"""What the output shows: no style (a pipe), attributes only (``NO_COLOR``), all."""


class Column(NamedTuple):
    header: str
    justify: str = "left"
    width: int | None = None


class Cell(NamedTuple):
    """A table cell as Rich holds it: pieces over a base style, which the
    padding that justifies the cell takes too."""

    pieces: tuple[Piece, ...]
    base: str = ""


def cell(text: str, style: str = "") -> Cell:
    """A cell of one piece of text in one style."""
    return Cell(((text, ""),), style)


ATTRIBUTES = {"bold": 1, "dim": 2, "italic": 3, "underline": 4}
"""Rich's attributes and their SGR codes (Rich writes them in this order)."""
COLOURS = {"red": 31, "green": 32, "yellow": 33, "magenta": 35, "cyan": 36}
"""The named colours the report uses and their SGR codes (the same in every
colour system Rich has on a terminal: standard, 256 colours, true colour)."""

TITLE_STYLE, HEADER_STYLE = "italic", "bold"
"""Rich's ``table.title`` and ``table.header`` styles."""


def more_than_listed(kind: Literal["word", "joker", "problem"], total: int) -> str | None:
    """``... and 3 more words (--json lists them all)``: the line under a list cut at
    :data:`LIST_LIMIT` of ``total`` items, or None when all are listed (shared with the
    Rich view, :mod:`mixmo.report_view`)."""
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
    A declared joker is a joker tile too (QA report 2): it counts in the set's
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


def sgr(text: str, styles: Styles, *names: str) -> str:
    """``text`` in the combined styles ``names`` (later colours win), as Rich writes it."""
    if styles == "none" or not text:
        return text
    attributes: set[int] = set()
    colour = None
    for name in names:
        for word in name.split():
            if word in ATTRIBUTES:
                attributes.add(ATTRIBUTES[word])
            elif word in COLOURS:
                colour = COLOURS[word]
            else:
                raise GiveUp(f"style {word!r}")
    codes = sorted(attributes)
    if colour is not None and styles == "colours":
        codes.append(colour)
    return f"\x1b[{';'.join(map(str, codes))}m{text}\x1b[0m" if codes else text


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
    rows: Sequence[Sequence[Cell]],
    *,
    pad_edge: bool,
    max_width: int,
    styles: Styles,
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
        contents = [cell_width(column.header)]
        contents += [sum(cell_width(text) for text, _ in row[i].pieces) for row in rows]
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

    def line(cells: Sequence[Cell], vertical: str, row_style: str) -> str:
        parts = []
        for content, column, width, (left, right) in zip(cells, columns, widths, pads, strict=True):
            pieces = list(content.pieces)
            fill = width - sum(len(text) for text, _ in pieces)
            # The padding that justifies a cell joins the piece beside it when that
            # piece has only the base style (Rich splits segments at style changes).
            if fill and column.justify == "right":
                if pieces and pieces[0][1] == "":
                    pieces[0] = (" " * fill + pieces[0][0], "")
                else:
                    pieces.insert(0, (" " * fill, ""))
            elif fill:
                if pieces and pieces[-1][1] == "":
                    pieces[-1] = (pieces[-1][0] + " " * fill, "")
                else:
                    pieces.append((" " * fill, ""))
            body = "".join(sgr(text, styles, row_style, content.base, s) for text, s in pieces)
            parts.append(
                sgr(" " * left, styles, row_style) + body + sgr(" " * right, styles, row_style)
            )
        return vertical.join(parts)

    def rule(horizontal: str, cross: str) -> str:
        return cross.join(
            horizontal * (w + left + right) for w, (left, right) in zip(widths, pads, strict=True)
        )

    headers = [cell(column.header) for column in columns]
    lines = [
        sgr(title, styles, TITLE_STYLE),
        line(headers, HEAD_VERTICAL, HEADER_STYLE),
        rule(HEAD_RULE, HEAD_CROSS),
    ]
    for index, row in enumerate(rows):
        if index == section_before:
            lines.append(rule(SECTION_RULE, SECTION_CROSS))
        lines.append(line(row, BODY_VERTICAL, ""))
    return lines


def grid_lines(
    grid: Grid, letters: Mapping[Cell_, str], bad_cells: set[Cell_]
) -> list[list[Piece]]:
    """:func:`mixmo.report_view.grid_view`: the grid with its rulers, in runs of one style."""
    from mixmo.engine.tiles import TileKind  # (`mixmo word` reads only the marks here)

    if not len(grid):
        return [[(_("(empty grid)"), "dim")]]
    (top, left), (bottom, right) = grid.bounds()
    rows, cols = bottom - top + 1, right - left + 1
    if rows * cols > DRAW_LIMIT:
        message = _("(a grid of {rows} rows by {cols} columns: too large to draw here)")
        return [[(message.format(rows=rows, cols=cols), "dim")]]
    width = max(len(str(top + 1)), len(str(bottom + 1)))
    ruler = "".join(str((col + 1) % 10) for col in range(left, right + 1))
    lines: list[list[Piece]] = [[(" " * (width + 1) + ruler, "dim")]]
    for row in range(top, bottom + 1):
        runs: list[Piece] = [(f"{row + 1:>{width}} ", "dim")]
        run: list[str] = []
        run_style = ""
        for col in range(left, right + 1):
            tile = grid.get((row, col))
            if tile is None:
                char, style = "·", "dim"
            else:
                style, char = "bold", tile.symbol
                if tile.kind is TileKind.JOKER:
                    char = (tile.letter or letters.get((row, col), "?")).lower()
                    style = "bold cyan"
                elif tile.kind is TileKind.BANDIT:
                    char = letters.get((row, col), "!").lower()
                    style = "bold magenta"
                if (row, col) in bad_cells:
                    style += " underline red"
            if style != run_style and run:
                runs.append(("".join(run), run_style))
                run = []
            run.append(char)
            run_style = style
        runs.append(("".join(run), run_style))
        lines.append(runs)
    return lines


def report_text(
    report: ValidationReport,
    score: Score,
    *,
    source: str,
    suggestions: Mapping[str, Sequence[str]],
    max_width: int,
    styles: Styles = "none",
) -> str | None:
    """What Rich prints for :func:`mixmo.report_view.report_view`, with ``styles``,
    or None when this report is one to leave to Rich (see the module's docstring)."""
    try:
        return _report_text(report, score, source, suggestions, max_width, styles)
    except GiveUp:
        return None


def _report_text(
    report: ValidationReport,
    score: Score,
    source: str,
    suggestions: Mapping[str, Sequence[str]],
    max_width: int,
    styles: Styles,
) -> str:
    letters = {tile.cell: tile.letter for tile in report.open_tiles if tile.letter}
    bad_cells = {cell for problem in report.problems for cell in problem.cells}
    verdict = (
        (f"{VALID_MARK} " + _("VALID"), "bold green")
        if report.valid
        else (f"{INVALID_MARK} " + _("INVALID"), "bold red")
    )
    counts = count_tiles_and_words(len(report.grid), len(report.words))
    label = f"  [{say(lexicon_label(report.lexicon_name))}, {_(report.variant.title)}]"
    lines: list[list[Piece] | str] = [
        [(source, "bold"), ("  ", ""), verdict, ("  " + counts, ""), (label, "dim")],
        [],
    ]
    lines += grid_lines(report.grid, letters, bad_cells)

    def more(sentence: str) -> None:
        lines.append([("  " + sentence, "dim")])

    if report.words:
        rows = []
        for verdict_ in report.words[:LIST_LIMIT]:
            mark = cell(VALID_MARK, "green") if verdict_.valid else cell(INVALID_MARK, "red")
            word: tuple[Piece, ...] = ((verdict_.text, ""),)
            if verdict_.text in report.theme_words:
                word += ((" " + _("(theme)"), "yellow"),)
            rows.append(
                [
                    mark,
                    Cell(word, "" if verdict_.valid else "red underline"),
                    cell(str(verdict_.row + 1)),
                    cell(str(verdict_.col + 1)),
                    cell(_markup_free(_(verdict_.direction.value))),
                ]
            )
        columns = [
            Column("", width=1),
            Column(_markup_free(_("word"))),
            Column(_markup_free(_("row")), "right"),
            Column(_markup_free(_("col")), "right"),
            Column(_markup_free(_("direction"))),
        ]
        lines.append([])
        lines += table(
            _markup_free(_("Words")),
            columns,
            rows,
            pad_edge=False,
            max_width=max_width,
            styles=styles,
        )
        if sentence := more_than_listed("word", len(report.words)):
            more(sentence)

    if jokers := joker_tiles(report):
        joker_rows = [
            [cell(_markup_free(text)) for text in joker_row(report, tile)]
            for tile in jokers[:LIST_LIMIT]
        ]
        headers = (_("tile"), _("row"), _("col"), _("stands for"), _("could also be"))
        lines.append([])
        lines += table(
            _markup_free(_("Jokers")),
            [Column(_markup_free(header)) for header in headers],
            joker_rows,
            pad_edge=False,
            max_width=max_width,
            styles=styles,
        )
        if sentence := more_than_listed("joker", len(jokers)):
            more(sentence)

    if report.problems:
        lines += [[], [(_("Problems"), "bold")]]
        text_at = {verdict.word.cells: verdict.text for verdict in report.words}
        for problem in report.problems[:LIST_LIMIT]:
            lines.append([(f"  {INVALID_MARK} " + say(problem.message), "red")])
            found = text_at.get(problem.cells)
            if found and suggestions.get(found):
                proposals = ", ".join(suggestions[found])
                hint = _("{word}: did you mean {proposals}?").format(
                    word=found, proposals=proposals
                )
                lines.append([("    " + hint, "dim")])
        if sentence := more_than_listed("problem", len(report.problems)):
            more(sentence)

    lines.append([])
    lines += score_lines(score, max_width, styles)
    out = []
    for line in lines:
        if isinstance(line, str):  # a table's line, already written
            out.append(line)
            continue
        # Rich writes lines outside tables as they are (no wrapping), but expands
        # tabs and keeps or drops controls its own way.
        if not all(text.isprintable() for text, _style in line):
            raise GiveUp("a control character")
        out.append("".join(sgr(text, styles, style) for text, style in line))
    return "\n".join(out) + "\n"


def score_lines(score: Score, max_width: int, styles: Styles) -> list[str]:
    """:func:`mixmo.report_view.score_view`."""
    rows = [
        [
            cell(_markup_free(say(line.label))),
            cell(f"{line.points:+d}" if line.points < 0 else str(line.points)),
        ]
        for line in score.lines
    ]
    section = len(rows)
    rows.append([cell(_("total"), "bold"), cell(str(score.total), "bold")])
    columns = [Column(""), Column(_markup_free(_("points")), "right")]
    return table(
        _markup_free(_("Score (points option)")),
        columns,
        rows,
        pad_edge=True,
        max_width=max_width,
        styles=styles,
        section_before=section,
    )
