"""`mixmo solve`: complete racks into grids."""

from __future__ import annotations

import gc
import json
import math
import sys
from typing import TYPE_CHECKING, Any

import click

from mixmo.cli.common import (
    EXIT_INVALID,
    EXIT_OK,
    check_dictionary_spec,
    console_for,
    fail,
    read_source,
    use_compiled_lists,
)
from mixmo.cli.options import (
    TranslatedCommand,
    dict_option,
    expert_option,
    json_option,
    lang_option,
)
from mixmo.engine.grid import MAX_TEXT_CHARS, GridSyntaxError
from mixmo.i18n import N_, _, ngettext
from mixmo.i18n.messages import say

if TYPE_CHECKING:
    from rich.console import Console

    from mixmo.engine.solver.api import SolveResult
    from mixmo.engine.solver.request import GridMend, SolveSession

MEND_PROBLEMS_SHOWN = 5
"""The problems of an invalid grid to complete said one a line (the rest counted)."""

RACKS_LIMIT = 16_000_000
"""The most bytes of racks read from standard input (a million racks of 15 tiles)."""


class Seconds(click.FloatRange):
    """A number of seconds in a range: NaN (which compares false with both bounds,
    so a plain range lets it through, and a search with it never ends) is refused."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if math.isnan(number):
            self.fail(_("{value!r} is not a number of seconds").format(value=value), param, ctx)
        return number


@click.command(
    cls=TranslatedCommand,
    name="solve",
    short_help=N_("Complete a rack into a valid grid."),
    help=N_(
        """Find a valid grid that uses every tile of LETTERS (A-Z, ? a joker,
    ! the Bandit), printed in the grid text format so that `mixmo check`
    accepts it. With - , read one rack per line from standard input.

    \b
    Exit status: 0 when every rack was solved, 1 when one was not (the best
    partial grid is printed, with the tiles left), 2 on bad input. A --grid
    that is not valid is not bad input: what is wrong with it is said, and the
    grid printed mends it.
    """
    ),
)
@click.argument("letters", metavar=N_("LETTERS"))
@click.option(
    "--grid",
    "grid_file",
    metavar=N_("FILE"),
    help=N_(
        "A grid to complete (the rack's tiles are added to it); an invalid one is mended: "
        "what is wrong is said, and its faulty tiles are laid again with the rack."
    ),
)
@lang_option
@dict_option
@expert_option
@click.option(
    "--time",
    "seconds",
    type=Seconds(0.01, 600),
    default=2.0,
    show_default=True,
    help=N_("Time budget in seconds, per rack."),
)
@click.option(
    "--seed", type=int, default=0, show_default=True, help=N_("Seed of the search's choices.")
)
@json_option
def solve(
    letters: str,
    grid_file: str | None,
    lang: str,
    dict_spec: str | None,
    expert: bool,
    seconds: float,
    seed: int,
    as_json: bool,
) -> None:
    """`mixmo solve`: a grid for each rack (its help text is above, translated)."""
    from mixmo.engine.solver.request import SolveSession

    grid_text = (
        read_source(grid_file, max_bytes=MAX_TEXT_CHARS, what=N_("a grid file"))[0]
        if grid_file
        else None
    )
    racks = racks_to_solve(letters)
    all_solved = True
    console = console_for()
    check_dictionary_spec(dict_spec)
    use_compiled_lists()
    try:  # once per run: the dictionary and its index serve every rack
        session = SolveSession(lang=lang, dict_spec=dict_spec, expert=expert)
    except ValueError as error:
        fail(say(error))
    for rack in racks:
        try:
            result = session.solve(rack, grid_text=grid_text, seconds=seconds, seed=seed)
        except ValueError as error:
            fail(solve_error(error, rack, grid_file, several=len(racks) > 1))
        gc.freeze()
        all_solved = all_solved and result.solved
        if as_json:
            print_json(session, rack, result)
        else:
            print_grid(console, session, rack, result)
    sys.exit(EXIT_OK if all_solved else EXIT_INVALID)


def racks_to_solve(letters: str) -> list[str]:
    """The racks asked for: ``letters``, or with ``-`` one a line of standard input."""
    if letters == "-":
        text = read_source("-", max_bytes=RACKS_LIMIT, what=N_("a list of racks"))[0]
        racks = [line.strip() for line in text.splitlines()]
        racks = [rack for rack in racks if rack]
        if not racks:
            fail(_("no rack to solve"))
        return racks
    if not letters.strip():
        fail(_("no tiles to solve"))
    return [letters.strip()]


def solve_error(error: ValueError, rack: str, grid_file: str | None, *, several: bool) -> str:
    """The one line that says why ``rack`` could not be solved (which rack, when several)."""
    from mixmo.engine.solver.request import InvalidGridError

    where = ""
    if grid_file and isinstance(error, GridSyntaxError):
        where = f"{grid_file}:"  # its text starts "line:col:", as check's does
    elif grid_file and isinstance(error, InvalidGridError):
        where = f"{grid_file}: "
    said = say(error)
    shown = rack if len(rack) <= 40 else rack[:40] + "…"  # not megabytes of it
    return f"{where}{shown}: {said}" if several else f"{where}{said}"


def print_json(session: SolveSession, rack: str, result: SolveResult) -> None:
    """One rack's result as one JSON object on one line."""
    from mixmo.engine.solver import result_as_dict

    data = {
        "rack": rack,
        "milliseconds": round(result.elapsed * 1000, 1),
        "setup_milliseconds": round(session.setup_seconds * 1000, 1),
        **result_as_dict(result, session.lexicon, session.variant),
    }
    if session.mended is not None:
        data["grid_problems"] = [say(problem) for problem in session.mended.problems]
        data["taken_back"] = "".join(tile.symbol for tile in session.mended.taken_back)
    click.echo(json.dumps(data, ensure_ascii=False))


def print_grid(console: Console, session: SolveSession, rack: str, result: SolveResult) -> None:
    """One rack's result as a person reads it: how it went, the tiles left, the grid."""
    tiles = len(result.grid)
    if result.solved:
        line = ngettext(
            "# {rack}: solved in {ms} ms, {count} tile placed",
            "# {rack}: solved in {ms} ms, {count} tiles placed",
            tiles,
        )
    else:
        line = ngettext(
            "# {rack}: not solved in {ms} ms, {count} tile placed",
            "# {rack}: not solved in {ms} ms, {count} tiles placed",
            tiles,
        )
    line = line.format(rack=rack, ms=f"{result.elapsed * 1000:.0f}", count=tiles)
    setup = session.setup_seconds * 1000
    if setup >= 0.05:
        shown = f"{setup:.0f}" if setup >= 10 else f"{setup:.1f}"
        line += " " + _("(and {ms} ms to load the dictionary and index it)").format(ms=shown)
    console.print(line, highlight=False)
    if session.mended is not None:
        print_mend(console, session.mended)
    if result.tiles_left:
        left = "".join(tile.symbol for tile in result.tiles_left)
        console.print(
            _("# tiles left: {tiles}").format(tiles=left)
            + (f" ({say(result.explanation)})" if result.explanation else ""),
            highlight=False,
        )
    click.echo(result.grid.normalized().to_text(), nl=False)


def print_mend(console: Console, mended: GridMend) -> None:
    """What is wrong with the grid given, and how it was mended before the rack went on."""
    shown = mended.problems[:MEND_PROBLEMS_SHOWN]
    for problem in shown:
        console.print(_("# the grid is not valid: {problem}").format(problem=say(problem)),
                      highlight=False, markup=False)  # fmt: skip
    if len(mended.problems) > len(shown):
        more = len(mended.problems) - len(shown)
        console.print(ngettext("# and {count} more problem", "# and {count} more problems", more)
                      .format(count=more), highlight=False)  # fmt: skip
    tiles = "".join(tile.symbol for tile in mended.taken_back)
    if len(mended.kept):
        text = _("# to mend it: take back {tiles} and lay them again with the rack, as below")
    else:
        text = _("# to mend it: lay out every tile again ({tiles} with the rack), as below")
    console.print(text.format(tiles=tiles), highlight=False, markup=False)
