"""`mixmo mixup`: MixUp at one keyboard or against the computer; bots-only games
headless; `mixmo mixup check BOARDFILE` audits a board."""

from __future__ import annotations

import json
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from mixmo.cli.common import EXIT_INVALID, fail, random_seed, read_source
from mixmo.cli.match_options import MAX_SEED
from mixmo.cli.options import TranslatedGroup, json_option, light_option
from mixmo.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from mixmo.mixup.save import Seating

LEVELS = ("beginner", "easy", "normal", "hard", "searcher")
MAX_BOARD_BYTES = 64 * 1024
"""A board file is six lines of 20 characters and a few comments: what is past this
is not read (``mixmo mixup check /dev/zero`` is refused at once, not read forever)."""


@click.group(
    cls=TranslatedGroup,
    name="mixup",
    invoke_without_command=True,
    short_help=N_("Play MixUp: colours against shapes, 2 players or you against the computer."),
    help=N_(
        """Play MixUp: one player wins with four in a row or a 2x2 square of one
    colour, the other with one shape.

    \b
    Left/Right or 1-7 choose the column, Up/Down the piece, Enter drops it,
    U asks to take the last move back, F1 shows every key. The game is saved
    after every move: `mixmo mixup --resume` picks it up.
    """
    ),
)
@click.option(
    "--bot",
    "bot_level",
    type=click.Choice(LEVELS),
    help=N_("Play against the computer at this level."),
)
@click.option(
    "--side",
    type=click.Choice(["colour", "shape"]),
    help=N_("Your side against the computer [default: colour, who moves first]."),
)
@click.option("--names", metavar="A,B", help=N_("The players' names: colour first, then shape."))
@click.option(
    "--resume", is_flag=True, help=N_("Continue the saved game (saved after every move).")
)
@click.option(
    "--save-file",
    type=click.Path(dir_okay=False, path_type=Path),
    help=N_("The save to use instead of the MixUp autosave."),
)
@click.option(
    "--headless", is_flag=True, help=N_("No screen: two computer players play a whole game.")
)
@click.option(
    "--bots",
    type=click.IntRange(0, 2),
    default=0,
    help=N_("How many computer players (2 with --headless)."),
)
@click.option(
    "--level",
    "levels",
    type=click.Choice(LEVELS),
    multiple=True,
    help=N_(
        "The computer's level; with --bots 2, once for both or twice (colour, then shape) "
        "[default: searcher]."
    ),
)
@click.option(
    "--seed",
    type=click.IntRange(0, MAX_SEED),
    help=N_("Seed for the computer's choices (the same seed, the same game)."),
)
@json_option
@light_option
@click.pass_context
def mixup(ctx: click.Context, /, **params: Any) -> None:
    """`mixmo mixup`: a MixUp game (its help text is above, translated)."""
    if ctx.invoked_subcommand is not None:
        return
    run_mixup(MixupRequest(**params))


@dataclass(frozen=True, slots=True)
class MixupRequest:
    """What `mixmo mixup` was asked for: its options as click parsed them."""

    bot_level: str | None
    side: str | None
    names: str | None
    resume: bool
    save_file: Path | None
    headless: bool
    bots: int
    levels: tuple[str, ...]
    seed: int | None
    as_json: bool
    light: bool


def run_mixup(request: MixupRequest) -> None:
    """A MixUp game on screen, or two computer players headless, once the options agree."""
    levels, bot_level, side = request.levels, request.bot_level, request.side
    if len(levels) > 2:
        fail(_("--level is given once (both computer players) or twice (colour, then shape)"))
    seed = request.seed if request.seed is not None else random_seed()
    if request.headless:
        if request.bots != 2:
            fail(_("--headless plays computer against computer: add --bots 2"))
        if bot_level or side or request.resume or request.names:
            fail(_("--headless takes --bots 2, --level, --seed and --json only"))
        chosen = levels or ("searcher",)
        play_headless(seed, chosen[0], chosen[-1], request.as_json)
        return
    if request.as_json:
        fail(_("--json goes with --headless"))
    if request.bots == 2:
        fail(_("two computer players play only --headless (add --headless)"))
    if len(levels) > 1:
        fail(_("one computer player takes one --level"))
    if request.bots == 1 or levels:
        bot_level = bot_level or (levels[0] if levels else "searcher")
    if side and not bot_level:
        fail(_("--side says your side against the computer: add --bot LEVEL"))
    run_app(request, bot_level, seed)


def play_headless(seed: int, colour: str, shape: str, as_json: bool) -> None:
    """Two computer players, one record a line (JSON with --json)."""
    from mixmo.i18n.mixup import words
    from mixmo.mixup.headless import play_headless as play
    from mixmo.mixup.levels import Level
    from mixmo.mixup.pieces import Colour, Piece, Shape, Side

    for record in play(seed, Level(colour), Level(shape)):
        if as_json:
            click.echo(json.dumps(record))
        elif "board" in record:
            click.echo(
                _(
                    "MixUp, {columns} columns x {rows} rows, seed {seed}: "
                    "colour ({colour}) against shape ({shape})"
                ).format(
                    columns=record["board"]["columns"],
                    rows=record["board"]["rows"],
                    seed=seed,
                    colour=colour,
                    shape=shape,
                )
            )
        elif "player" in record:
            piece = Piece(Colour(record["piece"]["colour"]), Shape(record["piece"]["shape"]))
            click.echo(
                _("{side}: {piece} into column {column} (row {row})").format(
                    side=f"{words(Side(record['player'])):>7}",
                    piece=words(piece),
                    column=record["column"],
                    row=record["row"],
                )
            )
        else:
            click.echo(result_sentence(record["result"], record["line"]))


def result_sentence(result: str, line: list[list[int]] | tuple[tuple[int, int], ...]) -> str:
    """``colour wins: (1,1) (2,1) (3,1) (4,1)`` or the draw, in the interface language."""
    from mixmo.i18n.mixup import words
    from mixmo.mixup.pieces import Side

    if result == "draw":
        return _("draw: the board is full")
    cells = " ".join(f"({c},{r})" for c, r in line)
    return _("{side} wins: {cells}").format(side=words(Side(result)), cells=cells)


def run_app(request: MixupRequest, bot_level: str | None, seed: int) -> None:
    """A MixUp game on screen, resumed or new, on the autosave or ``--save-file``;
    ``bot_level`` is the computer player's, if one plays."""
    from mixmo.data.storage import hold_save
    from mixmo.mixup.game import MixUpGame
    from mixmo.tui.mixup.app import MixUpApp
    from mixmo.tui.mixup.saves import UnreadableSaveError, autosave_path, load

    path = request.save_file or autosave_path()
    holder = hold_save(path)  # two games on one file would each overwrite the other's
    if holder is not None:
        fail(
            _(
                "another mixmo mixup is running with this save ({who}{path}): quit it first, "
                "or play this game in another file with --save-file"
            ).format(who=f"pid {holder}, " if holder else "", path=path)
        )
    if request.resume:
        if bot_level or request.names:
            fail(_("--resume continues the saved game as it was: no --bot, --side or --names"))
        try:
            game, seating = load(path)
        except UnreadableSaveError as error:
            fail(str(error))
    else:
        seating = new_seating(bot_level, request.side or "colour", request.names, seed)
        keep_unfinished_game(path)
        game = MixUpGame()
    from mixmo.cli.terminal import require_terminal

    # Last: option errors are said first. MixUp's screens say "computer players", not bots.
    without_one = _(" (--headless --bots 2 plays computer against computer, without one)")
    require_terminal("mixmo mixup", headless_hint=without_one)
    app = MixUpApp(game, seating, save_path=path, light=request.light)
    app.autosave()
    app.run()
    if app.return_code:  # quit while the game could not be saved (said on leaving): never 0
        raise SystemExit(app.return_code)


def new_seating(bot_level: str | None, side: str, names: str | None, seed: int) -> Seating:
    """Who plays a new game: ``--names`` (colour first), or the default names, and the
    computer's side and level."""
    from mixmo.engine.names import has_visible_character
    from mixmo.mixup.levels import Level
    from mixmo.mixup.pieces import Side
    from mixmo.mixup.save import Seating
    from mixmo.tui.mixup.sentences import COMPUTER, YOU, default_name

    seats = [n.strip() for n in names.split(",")] if names else []
    if names and (len(seats) != 2 or not all(seats)):
        fail(_("--names takes two names, colour first: --names Ann,Bob"))
    if names and seats[0].casefold() == seats[1].casefold():
        fail(_("two players cannot have the same name"))
    if any(unicodedata.category(ch)[0] == "C" for ch in "".join(seats)):
        fail(_("a player's name cannot hold control characters"))
    if names and not all(has_visible_character(seat) for seat in seats):
        fail(_("a player's name needs a visible character"))
    bot_side = Side(side).other if bot_level else None
    # Saved untranslated, translated when shown (mixmo.tui.mixup.sentences)
    default = {side: default_name(side) for side in Side}
    if bot_side is not None:
        default[bot_side] = COMPUTER
        default[bot_side.other] = YOU
    return Seating(
        colour=seats[0] if seats else default[Side.COLOUR],
        shape=seats[1] if seats else default[Side.SHAPE],
        bot_side=bot_side,
        bot_level=Level(bot_level) if bot_level else None,
        seed=seed,
    )


def keep_unfinished_game(path: Path) -> None:
    """Move an unfinished game at ``path`` aside before a new one starts there, and say
    where it is kept (or why it could not be read)."""
    from mixmo.tui.mixup.saves import UnreadableSaveError, keep_unfinished, load

    try:
        kept = keep_unfinished(path)
    except OSError as error:
        if not path.is_file():  # nothing there to keep (the data folder is a file...):
            return  # the game plays on, and says when its saves fail
        fail(
            _("{path}: cannot keep the unfinished game ({reason})").format(
                path=path, reason=error.strerror or error
            )
        )
    if kept is None:
        return
    try:
        load(kept)
    except UnreadableSaveError as error:  # kept all the same: it may be repairable by hand
        told = _(
            "mixmo mixup: {path} could not be read as a game, so a new game starts; "
            "the old file is kept as {kept} ({reason})"
        ).format(path=path, kept=kept, reason=str(error).removeprefix(f"{kept}: "))
    else:
        told = _(
            "mixmo mixup: your unfinished game is kept in {path} "
            "(mixmo mixup --resume --save-file {path})"
        ).format(path=kept)
    click.echo(told, err=True)


@mixup.command(
    name="check",
    short_help=N_("Check a MixUp board: can it happen, who won, whose turn."),
    help=N_(
        """Check a board in the MixUp text format (docs/mixup.md; - reads standard input).

    Exit 0 when the board can happen in a game, 1 when it breaks a rule, 2 when
    it cannot be read.
    """
    ),
)
@json_option
@click.argument("boardfile", metavar=N_("BOARDFILE"))
def check(as_json: bool, boardfile: str) -> None:
    """`mixmo mixup check`: a board's audit (its help text is above, translated)."""
    from mixmo.i18n.mixup import say, words
    from mixmo.mixup.audit import audit
    from mixmo.mixup.board import Board, BoardSyntaxError

    text, name = read_source(boardfile, max_bytes=MAX_BOARD_BYTES, what=N_("a MixUp board"))
    try:
        board = Board.parse(text)
    except BoardSyntaxError as error:
        fail(f"{name}:{say(error)}")
    report = audit(board)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "pieces": report.pieces,
                    "problems": [say(problem) for problem in report.problems],
                    "result": report.outcome.value,
                    "line": [list(cell) for cell in report.line],
                    "to_move": report.to_move.value if report.to_move else None,
                }
            )
        )
    else:
        click.echo(board.format(), nl=False)
        count = report.pieces
        click.echo(ngettext("{count} piece", "{count} pieces", count).format(count=count))
        for problem in report.problems:
            click.echo(f"{name}: {say(problem)}")
        if not report.problems:
            if report.to_move:
                click.echo(_("{side} to move").format(side=words(report.to_move)))
            elif report.outcome.value == "draw":
                click.echo(_("a draw: the board is full"))
            else:
                cells = " ".join(f"({c},{r})" for c, r in report.line)
                winner = report.outcome.winner
                side = words(winner) if winner else report.outcome.value
                click.echo(_("{side} won: {cells}").format(side=side, cells=cells))
    if report.problems:
        sys.exit(EXIT_INVALID)
