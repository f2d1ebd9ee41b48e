"""Readable for everyone: every piece of text on the main screen meets WCAG AA contrast (4.5:1)
in the dark and the light theme, measured on the colours the app really renders."""

from __future__ import annotations

import pytest
from rich.color import ColorTriplet
from textual.color import Color

from mixmo.tui.app import MixmoApp
from tests.tui.helpers import english, keys_for_rack, make_app, seed_where

AA_TEXT = 4.5
"""WCAG 2.x success criterion 1.4.3 (AA), normal-size text."""
BORDER_LINES = set("─━│┃╭╮╰╯┏┓┗┛┌┐└┘╌╍┄┅")
"""Drawing, not text (WCAG 1.4.11 asks 3:1 of it, not 1.4.3's 4.5:1)."""


def luminance(colour: ColorTriplet) -> float:
    """WCAG relative luminance of an sRGB colour."""

    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = colour
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(first: ColorTriplet, second: ColorTriplet) -> float:
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_contrast_formula_matches_wcag_reference_values() -> None:
    assert contrast(ColorTriplet(0, 0, 0), ColorTriplet(255, 255, 255)) == pytest.approx(21.0)
    assert contrast(ColorTriplet(118, 118, 118), ColorTriplet(255, 255, 255)) == pytest.approx(
        4.54, abs=0.01
    ), "#767676 on white: the classic lightest AA grey"


def text_pairs(app: MixmoApp) -> dict[tuple[str, str], tuple[float, str]]:
    """Every (foreground, background) pair of rendered text, its contrast and a sample."""
    pairs: dict[tuple[str, str], tuple[float, str]] = {}
    for strip in app.screen._compositor.render_strips():
        for f in app._filters:  # what the terminal receives (ANSI colours made true colours)
            strip = strip.apply_filter(f, Color(0, 0, 0))
        for segment in strip:
            text = segment.text.strip()
            if not text or set(text) <= BORDER_LINES or segment.style is None:
                continue
            fg, bg = segment.style.color, segment.style.bgcolor
            if segment.style.reverse:
                fg, bg = bg, fg
            if fg is None or bg is None or fg.triplet is None or bg.triplet is None:
                continue  # the terminal's own colours (see the grid note in the report)
            key = (fg.triplet.hex, bg.triplet.hex)
            pairs.setdefault(key, (contrast(fg.triplet, bg.triplet), text))
    return pairs


async def rendered_pairs(theme: str) -> dict[tuple[str, str], tuple[float, str]]:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
    app.theme = theme
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press(*keys_for_rack(app, 0)[:3], "f4")
        app.tell(1, "news for Bob")
        await pilot.pause()
        return text_pairs(app)


async def test_the_light_theme_meets_aa_contrast_for_every_text() -> None:
    pairs = await rendered_pairs("textual-light")
    assert len(pairs) >= 6, "header, titles, scores, news, footer keys and labels were measured"
    failing = {k: v for k, v in pairs.items() if v[0] < AA_TEXT}
    assert not failing, f"below {AA_TEXT}:1 in the light theme: {failing}"


async def test_the_dark_theme_meets_aa_contrast_for_every_text() -> None:
    pairs = await rendered_pairs("textual-dark")
    assert len(pairs) >= 6
    failing = {k: v for k, v in pairs.items() if v[0] < AA_TEXT}
    assert not failing, f"below {AA_TEXT}:1 in the dark theme: {failing}"


async def test_the_dark_theme_names_an_inactive_pane_with_aa_contrast() -> None:
    """An inactive pane's name is text, not drawing: not in the pale border's colour (2.3:1)."""
    pairs = await rendered_pairs("textual-dark")
    (ratio,) = [ratio for ratio, sample in pairs.values() if sample == "2. Bob"]
    assert ratio >= AA_TEXT


async def grid_pairs(theme: str) -> dict[tuple[str, str], tuple[float, str]]:
    """Bob lays E, the Bandit, a joker and P (an invalid word once checked): every pair seen
    before and after live checking and with his E highlighted, racks with the joker and the
    Bandit included."""
    app, _ = make_app(2, lexicon=english(), seed=50)  # Bob: E ! ? P S D; the Bandit is out
    app.theme = theme
    seen: dict[tuple[str, str], tuple[float, str]] = {}
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press(*"wheels", "enter", "tab")  # Ann names the theme; Bob's turn
        await pilot.pause()
        typing = ["e", "exclamation_mark", "question_mark", "p"]
        for keys in (typing, ["f4"], ["f7", "e"], []):  # then F7 E: every E highlighted
            for pair, measured in text_pairs(app).items():
                seen.setdefault(pair, measured)
            await pilot.press(*keys)
            await pilot.pause()
    return seen


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
async def test_jokers_the_bandit_and_invalid_words_meet_aa_contrast(theme: str) -> None:
    pairs = await grid_pairs(theme)
    samples = {sample for _, sample in pairs.values()}
    assert {"?", "!", "E"} <= samples, "the joker and the Bandit (rack, grid), a bad word"
    failing = {k: v for k, v in pairs.items() if v[0] < AA_TEXT}
    assert not failing, f"below {AA_TEXT}:1 in {theme}: {failing}"


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
async def test_the_grid_draws_in_the_themes_colours_not_the_terminals(theme: str) -> None:
    """A light theme on a dark terminal must not draw the tiles dark-on-dark: every cell of
    the grid carries the theme's colours."""
    from mixmo.tui.grid_view import GridView

    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
    app.theme = theme
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press(*keys_for_rack(app, 0)[:3])
        await pilot.pause()
        view = app.query_one("#grid-0", GridView)
        background = app.get_css_variables()["background"]
        for y in range(view.size.height):
            for segment in view.render_line(y):
                assert segment.style is not None and segment.style.bgcolor is not None, y
                assert segment.style.color is not None, (y, segment.text)
        assert Color.from_rich_color(segment.style.bgcolor).hex == Color.parse(background).hex


# --- without colour (NO_COLOR): glyphs and styles carry the meaning --------------------------


def screen_cells(app: MixmoApp) -> list[list[tuple[str, bool, bool]]]:
    """The screen as the terminal gets it: per row, each character with (bold, underline)."""
    rows = []
    for strip in app.screen._compositor.render_strips():
        for f in app._filters:
            strip = strip.apply_filter(f, Color(0, 0, 0))
        row = []
        for segment in strip:
            style = segment.style
            for char in segment.text:
                row.append((char, bool(style and style.bold), bool(style and style.underline)))
        rows.append(row)
    return rows


def tile_row(app: MixmoApp, word: str, before: int = 0) -> list[tuple[str, bool, bool]]:
    """The tiles of the first screen row that shows ``word`` as tiles, with ``before`` more
    cells to its left (a cell is 2 columns: the tile and a spacer)."""
    for row in screen_cells(app):
        text = "".join(char for char, _, _ in row)
        at = text.find(" ".join(word))
        if at >= 0:
            return row[at - 2 * before : at + 2 * len(word) - 1 : 2]
    raise AssertionError(f"{word} is not on the screen")


async def test_without_colour_tiles_jokers_invalid_words_and_the_active_pane_stand_apart(
    monkeypatch,
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app, _ = make_app(2, lexicon=english(), seed=1)  # Ann's rack: ? M T N L I
    assert app.no_color
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("question_mark", "m", "t", "n")
        await pilot.pause()
        joker, *letters = tile_row(app, "MTN", before=1)
        # With checking off a joker shows no letter: which one its words take would tell.
        assert joker[0] == "?", "checking off: a joker is a joker"
        assert all(char.isupper() and bold for char, bold, _ in letters), (
            "letter tiles: bold capitals"
        )
        assert not any(underline for _, _, underline in (joker, *letters)), "no check yet"
        await pilot.press("f4")  # live checking: ?MTN is no word
        await pilot.pause()
        joker, *letters = tile_row(app, "MTN", before=1)
        assert joker[0].islower(), "a joker shows the letter it stands for, small: never a tile"
        assert all(underline for _, _, underline in (joker, *letters)), "invalid"
        top = "".join(char for char, _, _ in screen_cells(app)[1])
        assert "▶ 1. Ann" in top and "▶ 2. Bob" not in top, "the active pane is marked ▶"
        await pilot.press("tab")
        await pilot.pause()
        top = "".join(char for char, _, _ in screen_cells(app)[1])
        assert "▶ 2. Bob" in top and "▶ 1. Ann" not in top


async def test_without_colour_a_placed_bandit_is_marked_apart_from_a_joker(monkeypatch) -> None:
    """Both show the letter they stand for in lower case, bold; the Bandit's is in italics,
    inside its own cell: nothing of it spills into the gap before the next cell."""
    from mixmo.tui.grid_view import GridView

    monkeypatch.setenv("NO_COLOR", "1")
    app, _ = make_app(2, lexicon=english(), seed=50)  # Bob: E ! ? P S D; the Bandit is out
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press(*"wheels", "enter", "tab")
        await pilot.press("f4")  # checking on: the letters the Bandit and the joker take show
        await pilot.press("e", "exclamation_mark", "question_mark", "p", "down")
        await pilot.pause()
        picture = app.query_one("#grid-1", GridView).picture

        def letter(kind: str) -> str:
            cell = next(c for c, tile in picture.grid.items() if tile.kind.name == kind)
            return picture.grid[cell].letter or picture.letters[cell]

        bandit, joker = letter("BANDIT"), letter("JOKER")
        word = f"E {bandit.lower()} {joker.lower()} P"
        rows = []
        for strip in app.screen._compositor.render_strips():
            for f in app._filters:
                strip = strip.apply_filter(f, Color(0, 0, 0))
            rows.append(
                [
                    (c, s)
                    for segment in strip
                    for c, s in zip(segment.text, [segment.style] * len(segment.text), strict=True)
                ]
            )
        line = next(row for row in rows if word in "".join(c for c, _ in row))
        at = "".join(c for c, _ in line).index(word)
        bandit_style, joker_style = line[at + 2][1], line[at + 4][1]
        assert bandit_style.italic and bandit_style.bold, "the Bandit: its letter in italics"
        assert joker_style.bold and not joker_style.italic, "a joker: bold, upright"
        assert not any(
            "!" in "".join(c for c, _ in row)
            for row in rows[1:-1]
            if word in "".join(c for c, _ in row)
        )


# --- --big: tiles a table can read from a distance ------------------------------------------


async def test_big_tiles_are_full_width_and_a_click_finds_its_cell() -> None:
    from rich.cells import cell_len

    from mixmo.engine.game import Game
    from mixmo.engine.options import MatchOptions
    from mixmo.tui.grid_view import GridView

    BIG_T = "\uff34"

    game = Game(MatchOptions(players=("Ann", "Bob"), seed=1), english())  # Ann: ? M T N L I
    app = MixmoApp(game, big=True)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.press("m", "t", "n")
        await pilot.pause()
        lines = ["".join(char for char, _, _ in row) for row in screen_cells(app)]
        big_mtn = "\uff2d \uff34 \uff2e \u30fb→"  # full-width M T N, then the cursor's empty cell
        assert any(big_mtn in line for line in lines), "double-width letters"
        assert any("\u30fb \u30fb \u30fb" in line for line in lines), "empty cells too"
        view = app.query_one("#grid-0", GridView)
        row = next(y for y in range(view.size.height) if BIG_T in view.render_line(y).text)
        text = view.render_line(row).text
        x = cell_len(text[: text.index(BIG_T)])
        t_cell = next(
            cell for cell, tile in app.table.round.player(0).grid.items() if tile.symbol == "T"
        )
        assert view.cell_at(x, row) == t_cell, "a click on the big T finds the T"
        assert view.cell_at(x + 2, row) == t_cell, "its second column and the spacer too"
        assert view.cell_at(x + 3, row) != t_cell
