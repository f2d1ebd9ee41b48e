"""The ``mixmo`` command.

Every failure a user can cause (a bad grid file, a bad option, a missing
dictionary) ends with one line on standard error and exit code 2; a checked
grid or word list that breaks a rule exits 1; success exits 0.
"""

from __future__ import annotations

import gc
import json
import sys
from collections.abc import Sequence
from typing import IO, Any, NoReturn

import click
from rich.console import Console
from rich.text import Text

from mixmo import __version__
from mixmo.engine.bot import Level
from mixmo.engine.enchant_lexicon import suggestions as enchant_suggestions
from mixmo.engine.game import Game
from mixmo.engine.grid import Grid, GridSyntaxError
from mixmo.engine.lexicon import (
    EMBEDDED_LANGUAGES,
    Lexicon,
    LexiconError,
    fold,
    is_tile_word,
    open_lexicon,
)
from mixmo.engine.scoring import score
from mixmo.engine.validation import ProblemKind, validate
from mixmo.engine.variants import variant_for
from mixmo.report_view import INVALID_MARK, VALID_MARK, report_json, report_view

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


class InputError(click.ClickException):
    """Bad input from the user: reported on one line, exit code 2."""

    exit_code = EXIT_USAGE


def fail(message: str) -> NoReturn:
    raise InputError(message)


def read_source(path: str) -> tuple[str, str]:
    """The text of ``path`` (``-`` for standard input) and the name to show for it."""
    if path == "-":
        data = sys.stdin.buffer.read()
        name = "<stdin>"
    else:
        name = path
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except FileNotFoundError:
            fail(f"{path}: no such file")
        except IsADirectoryError:
            fail(f"{path}: is a folder, not a grid file")
        except OSError as error:
            fail(f"{path}: cannot read ({error.strerror or error})")
    try:
        return data.decode("utf-8-sig"), name
    except UnicodeDecodeError as error:
        text_before = data[: error.start].decode("utf-8", "replace")
        line = text_before.count("\n") + 1
        col = len(text_before) - (text_before.rfind("\n") + 1) + 1
        fail(f"{name}:{line}:{col}: not UTF-8 text (byte 0x{data[error.start]:02x})")


def load_lexicon(spec: str | None, language: str) -> Lexicon:
    """Open the dictionary, then exempt it from garbage collection.

    A loaded word list is hundreds of thousands of long-lived objects: every
    full collection would walk them again (about 45 ms each for French,
    measured in docs/performance.md); frozen, they are never scanned.
    """
    try:
        lexicon = open_lexicon(spec, language)
    except LexiconError as error:
        fail(str(error))
    gc.freeze()
    return lexicon


def console_for(stream: IO[str] | None = None) -> Console:
    return Console(file=stream or sys.stdout, highlight=False, soft_wrap=True)


lang_option = click.option(
    "--lang",
    type=click.Choice(EMBEDDED_LANGUAGES),
    default="en",
    show_default=True,
    help="Language of the embedded dictionary (and of Enchant suggestions).",
)
dict_option = click.option(
    "--dict",
    "dict_spec",
    metavar="SPEC",
    help="Dictionary to use instead: a word-list file (one word per line), "
    "enchant:LANG for an Enchant/Hunspell dictionary of the system, "
    "or any to accept every word (the players judge them).",
)
json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
expert_option = click.option(
    "--expert", is_flag=True, help="Expert rules: words of 3+ letters, no word twice."
)
light_option = click.option("--light", is_flag=True, help="Light colours, for a light terminal.")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mixmo")
def cli() -> None:
    """Mixmo, the word-race tile game, in the terminal."""


@cli.command(short_help="Check a grid: its words, jokers, problems and score.")
@click.argument("grid_file", metavar="GRID", type=str)
@lang_option
@dict_option
@expert_option
@click.option(
    "--players",
    type=click.IntRange(2, 6),
    help="Table size: the grid must hold exactly one player's share of tiles (2:60 ... 6:20).",
)
@click.option(
    "--theme", metavar="NAME", help="The Bandit's theme: the grid must hold a theme word."
)
@click.option(
    "--theme-word",
    "theme_words",
    multiple=True,
    metavar="WORD",
    help="A word of the grid claimed on the theme (repeatable); it scores triple.",
)
@click.option("--winner", is_flag=True, help="Score the grid as the round's winner (+20).")
@json_option
def check(
    grid_file: str,
    lang: str,
    dict_spec: str | None,
    expert: bool,
    players: int | None,
    theme: str | None,
    theme_words: Sequence[str],
    winner: bool,
    as_json: bool,
) -> None:
    """Check a grid file (GRID, or - for standard input) against the rules.

    \b
    Grid format: one row per line; A-Z letters, ? an open joker,
    a-z a joker declared as that letter, ! the Bandit, . or space empty,
    lines starting with # are comments.
    Exit status: 0 valid, 1 invalid, 2 unreadable file or bad usage.
    """
    text, name = read_source(grid_file)
    try:
        grid = Grid.parse(text)
    except GridSyntaxError as error:
        fail(f"{name}:{error}")
    for word in theme_words:
        if not is_tile_word(fold(word)):
            fail(f"--theme-word {word!r}: a theme word is spelt with letters only")
    lexicon = load_lexicon(dict_spec, lang)
    try:
        report = validate(
            grid,
            lexicon,
            variant_for(expert=expert),
            players=players,
            theme=theme,
            theme_words=theme_words,
        )
    except LexiconError as error:
        fail(f"{name}: {error}")
    result = score(report, winner=winner)
    language = lexicon.language or lang
    rejected = {
        verdict.text: [s for s in enchant_suggestions(verdict.text, language) if s in lexicon]
        for verdict in report.words
        if verdict.problem is ProblemKind.NOT_A_WORD and not verdict.word.has_open_tiles
    }
    if as_json:
        click.echo(json.dumps(report_json(report, result, rejected), ensure_ascii=False, indent=2))
    else:
        console_for().print(report_view(report, result, source=name, suggestions=rejected))
    sys.exit(EXIT_OK if report.valid else EXIT_INVALID)


@cli.command(short_help="Settle a dispute: is each word in the dictionary?")
@click.argument("words", nargs=-1, required=True)
@lang_option
@dict_option
@json_option
def word(words: Sequence[str], lang: str, dict_spec: str | None, as_json: bool) -> None:
    """Settle a dispute: is each WORD valid? (- reads words from standard input.)

    Accents do not matter: ETE, ete and été are the same tiles. In French the
    accented forms a word stands for are shown.
    Exit status: 0 when every word is valid, 1 otherwise, 2 on bad usage.
    """
    queries: list[str] = []
    for argument in words:
        if argument == "-":
            queries += sys.stdin.read().split()
        else:
            queries.append(argument)
    if not queries:
        fail("no word to look up")
    lexicon = load_lexicon(dict_spec, lang)
    results: list[dict[str, Any]] = []
    for query in queries:
        tiles = fold(query)
        if not is_tile_word(tiles):
            results.append(
                {
                    "word": query,
                    "valid": False,
                    "forms": [],
                    "reason": "not spelt with letters A-Z only",
                }
            )
            continue
        forms = lexicon.forms(tiles) if tiles in lexicon else []
        results.append({"word": tiles, "valid": bool(forms) or tiles in lexicon, "forms": forms})
    if as_json:
        click.echo(json.dumps(results, ensure_ascii=False, indent=2))
    else:
        console = console_for()
        for result in results:
            if result["valid"]:
                line = Text(f"{VALID_MARK} {result['word']}", style="green")
                line.append(f"  {', '.join(result['forms'])}", style="")
            else:
                reason = result.get("reason") or f"not in {lexicon.name}"
                line = Text(f"{INVALID_MARK} {result['word']}", style="red")
                line.append(f"  {reason}", style="")
            console.print(line)
    sys.exit(EXIT_OK if all(r["valid"] for r in results) else EXIT_INVALID)


@cli.command(short_help="Play Mixmo: 2 to 6 players at one keyboard.")
@click.option(
    "--players", type=click.IntRange(2, 6), default=None, help="Number of players [default: 2]."
)
@click.option(
    "--names", metavar="A,B,...", help="The players' names, comma-separated, in seat order."
)
@lang_option
@dict_option
@expert_option
@click.option("--free-spirit", is_flag=True, help="Free Spirit: no theme when the Bandit is drawn.")
@click.option("--rounds", type=click.IntRange(1, 99), help="Play to N rounds won (option 1).")
@click.option(
    "--points", type=click.IntRange(1, 100_000), help="Play to N points (option 2) [default: 200]."
)
@click.option(
    "--seed", type=int, help="Shuffle the bag from this seed (the same seed deals the same tiles)."
)
@click.option("--live-check", is_flag=True, help="Start with live word checking on (F4 toggles).")
@click.option("--resume", is_flag=True, help="Continue the last game, saved after every move.")
@light_option
@click.option(
    "--bots", type=click.IntRange(0, 6), default=0, help="How many seats bots take (the last ones)."
)
@click.option(
    "--level",
    type=click.Choice([level.value for level in Level]),
    default="normal",
    show_default=True,
    help="The bots' strength and speed.",
)
@click.option(
    "--headless", is_flag=True, help="No screen: bots play a whole match and the result is printed."
)
def play(
    players: int | None,
    names: str | None,
    lang: str,
    dict_spec: str | None,
    expert: bool,
    free_spirit: bool,
    rounds: int | None,
    points: int | None,
    seed: int | None,
    live_check: bool,
    resume: bool,
    light: bool,
    bots: int,
    level: str,
    headless: bool,
) -> None:
    """Play Mixmo in this terminal: one pane per player, at one keyboard.

    \b
    Type letters to place tiles, F5 to call MIXMO, Tab to switch players,
    F1 for every key. The game is saved after every move: if the terminal
    closes, `mixmo play --resume` picks it up.
    """
    from mixmo.engine.options import MatchOptions, ScoringMode
    from mixmo.engine.save import GameFileError
    from mixmo.engine.variants import variant_for
    from mixmo.storage import autosave_path, config_dir, load_game
    from mixmo.tui.app import MixmoApp
    from mixmo.tui.keys import load_keymap

    path = autosave_path()
    if resume:
        try:
            game = load_game(path)
        except GameFileError as error:
            fail(str(error))
    else:
        if rounds and points:
            fail("choose --rounds or --points, not both")
        seats = [name.strip() for name in names.split(",")] if names else []
        if players is None:
            players = len(seats) or (bots if headless else max(2, bots + 1))
        if bots > players:
            fail(f"--bots {bots} is more than the {players} players")
        if headless and bots != players:
            fail("--headless needs a bot in every seat: --bots N with N players")
        if seats and len(seats) != players:
            fail(f"--names gives {len(seats)} names for {players} players")
        humans = players - bots
        seats = seats or [
            f"Player {n}" if n <= humans else f"Bot {n - humans}" for n in range(1, players + 1)
        ]
        scoring = ScoringMode.ROUNDS if rounds else ScoringMode.POINTS
        try:
            options = MatchOptions(
                players=tuple(seats),
                variant=variant_for(expert=expert, free_spirit=free_spirit).name,
                scoring=scoring,
                target=rounds or points or 0,
                language=lang,
                dictionary=dict_spec,
                seed=seed if seed is not None else random_seed(),
            )
        except ValueError as error:
            fail(first_error(error))
        game = Game(options, load_lexicon(dict_spec, lang))
    if headless:
        play_bots_headless(game, Level(level))
        return
    keymap, keymap_error = load_keymap(config_dir() / "keys.toml")
    app = MixmoApp(
        game,
        save_path=path,
        keymap=keymap,
        keymap_error=keymap_error,
        live_check=live_check,
        light=light,
        bots=bots,
        level=Level(level),
    )
    app.autosave()
    app.run()


@cli.command(short_help="Complete a rack into a valid grid.")
@click.argument("letters")
@click.option(
    "--grid",
    "grid_file",
    metavar="FILE",
    help="A grid to complete (the rack's tiles are added to it).",
)
@lang_option
@dict_option
@expert_option
@click.option(
    "--time",
    "seconds",
    type=click.FloatRange(0.01, 600),
    default=2.0,
    show_default=True,
    help="Time budget in seconds, per rack.",
)
@click.option(
    "--seed", type=int, default=0, show_default=True, help="Seed of the search's choices."
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
    """Find a valid grid that uses every tile of LETTERS (A-Z, ? a joker,
    ! the Bandit), printed in the grid text format so that `mixmo check`
    accepts it. With - , read one rack per line from standard input.

    \b
    Exit status: 0 when every rack was solved, 1 when one was not (the best
    partial grid is printed, with the tiles left), 2 on bad input.
    """
    from mixmo.engine.solver import result_as_dict, solve_request

    grid_text = read_source(grid_file)[0] if grid_file else None
    racks = [line.strip() for line in sys.stdin] if letters == "-" else [letters]
    racks = [rack for rack in racks if rack]
    if not racks:
        fail("no rack to solve")
    all_solved = True
    console = console_for()
    for rack in racks:
        try:
            result, lexicon, variant = solve_request(
                rack,
                grid_text=grid_text,
                lang=lang,
                dict_spec=dict_spec,
                expert=expert,
                seconds=seconds,
                seed=seed,
            )
        except ValueError as error:
            where = f"{grid_file}: " if grid_file and "grid" in str(error) else ""
            fail(f"{where}{rack}: {error}" if len(racks) > 1 else f"{where}{error}")
        gc.freeze()
        all_solved = all_solved and result.solved
        if as_json:
            data = result_as_dict(result, lexicon, variant)
            data = {"rack": rack, "milliseconds": round(result.elapsed * 1000, 1), **data}
            click.echo(json.dumps(data, ensure_ascii=False))
            continue
        tiles = len(result.grid)
        verdict = "solved" if result.solved else "not solved"
        console.print(
            f"# {rack}: {verdict} in {result.elapsed * 1000:.0f} ms, {tiles} tiles placed",
            highlight=False,
        )
        if result.tiles_left:
            left = "".join(tile.symbol for tile in result.tiles_left)
            console.print(
                f"# tiles left: {left}"
                + (f" ({result.explanation})" if result.explanation else ""),
                highlight=False,
            )
        click.echo(result.grid.normalized().to_text(), nl=False)
    sys.exit(EXIT_OK if all_solved else EXIT_INVALID)


@cli.command(short_help="Personal bests, recent results and progress over time.")
@click.option(
    "--recent",
    "recent_count",
    type=click.IntRange(1, 1000),
    default=10,
    show_default=True,
    help="How many recent results to list.",
)
@json_option
def stats(recent_count: int, as_json: bool) -> None:
    """Show your records: the best practice time for each table size and
    language, your recent practice runs and games, and your progress."""
    from mixmo import records
    from mixmo.stats_view import bests_table, progress_chart, recent_table, stats_json

    try:
        bests = records.personal_bests()
        latest = records.recent(recent_count)
        history = []
        if latest:
            practice = next((r for r in latest if r.kind == "practice"), None)
            if practice is not None:
                history = records.practice_history(practice.table_size, practice.language)
    except records.RecordsError as error:
        fail(str(error))
    if as_json:
        click.echo(json.dumps(stats_json(bests, latest), ensure_ascii=False, indent=2))
        return
    console = console_for()
    if not latest:
        console.print(
            "No records yet: finish a practice run (mixmo practice) or a game (mixmo play)."
        )
        return
    if bests:
        console.print(bests_table(bests))
    console.print(recent_table(latest))
    if history:
        size, language = history[0].table_size, history[0].language
        console.print(progress_chart(history, f"Progress, {size} players, {language}"))


@cli.command(short_help="Practice alone against the clock, with hints.")
@click.option(
    "--players",
    type=click.IntRange(2, 6),
    default=2,
    show_default=True,
    help="Practise one player's share of this table size (2: 60 tiles ... 6: 20).",
)
@lang_option
@dict_option
@expert_option
@click.option("--seed", type=int, help="Deal from this seed (the same seed, the same tiles).")
@click.option("--daily", is_flag=True, help="Today's challenge: the same deal for everyone today.")
@light_option
def practice(
    players: int,
    lang: str,
    dict_spec: str | None,
    expert: bool,
    seed: int | None,
    daily: bool,
    light: bool,
) -> None:
    """Race the clock with one player's share of the tiles: MIXMO after MIXMO
    until the bag is done. Words are checked as you type; F3 gives a hint
    (+30 s); F6 when stuck draws 2 more. Your time goes into `mixmo stats`.
    """
    from datetime import date

    from mixmo.tui.practice import PracticeApp, daily_seed, practice_game

    if daily and seed is not None:
        fail("choose --daily or --seed, not both")
    today = date.today().isoformat() if daily else None
    deal: int | str = (
        daily_seed(today, players, lang) if today else (seed if seed is not None else random_seed())
    )
    lexicon = load_lexicon(dict_spec, lang)
    game = practice_game(players, lexicon, seed=deal, language=lang, expert=expert)
    PracticeApp(game, daily=today, light=light).run()


def play_bots_headless(game: Game, level: Level) -> None:
    """Play the whole match with bots on simulated time and print how it went."""
    from rich.table import Table

    from mixmo.engine import events as ev
    from mixmo.engine.headless import play_headless

    play_headless(game.options, level, game)
    rounds = [e for e in game.events if isinstance(e, ev.RoundScored)]
    names = game.options.players
    table = Table(title=f"{len(rounds)} round(s), seed {game.options.seed}", title_justify="left")
    table.add_column("player")
    table.add_column("rounds won", justify="right")
    table.add_column("points", justify="right")
    for seat in sorted(range(len(names)), key=lambda s: -game.state.totals[s]):
        table.add_row(names[seat], str(game.state.rounds_won[seat]), str(game.state.totals[seat]))
    console = console_for()
    console.print(table)
    winner = game.state.winner
    console.print(f"{names[winner]} wins the match." if winner is not None else "No winner.")


def random_seed() -> int:
    """A fresh seed for a new game (the engine itself never draws on global randomness)."""
    import secrets

    return secrets.randbelow(2**31)


def first_error(error: ValueError) -> str:
    """One line from a pydantic validation error (or any ValueError)."""
    from pydantic import ValidationError

    if isinstance(error, ValidationError):
        first = error.errors()[0]
        field = ".".join(str(part) for part in first["loc"])
        return f"{field}: {first['msg'].removeprefix('Value error, ')}"
    return str(error)


def main(argv: Sequence[str] | None = None) -> None:
    """Run the command; every user error is one line on stderr and exit code 2."""
    try:
        cli.main(
            args=list(argv) if argv is not None else None, prog_name="mixmo", standalone_mode=False
        )
    except click.exceptions.NoArgsIsHelpError as error:
        click.echo(error.ctx.get_help() if error.ctx else str(error))
        sys.exit(EXIT_USAGE)
    except click.UsageError as error:
        command = error.ctx.command_path if error.ctx else "mixmo"
        click.echo(f"{command}: error: {error.format_message()} (see {command} --help)", err=True)
        sys.exit(EXIT_USAGE)
    except click.ClickException as error:
        click.echo(f"mixmo: error: {error.format_message()}", err=True)
        sys.exit(error.exit_code)
    except click.exceptions.Abort:
        click.echo("mixmo: interrupted", err=True)
        sys.exit(130)
    except KeyboardInterrupt:
        click.echo("mixmo: interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
    sys.exit(EXIT_OK)
