"""`mixmo play` itself: the game at one keyboard, or a bots-only match, once its
options are read.

Apart from the click command (:mod:`mixmo.cli.play`), which holds the options.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from mixmo.cli.common import console_for, fail, first_error, load_lexicon, random_seed
from mixmo.cli.standings_text import print_standings
from mixmo.engine.levels import Level
from mixmo.i18n import _, ngettext
from mixmo.i18n.messages import say

if TYPE_CHECKING:
    from mixmo.engine.game import Game
    from mixmo.engine.options import MatchOptions

# Imported where used: the game, the app (Textual), and the bots only for --headless or
# once a bot plays (the app's bot driver), so that the first frame comes sooner.


@dataclass(frozen=True, slots=True)
class PlayRequest:
    """What `mixmo play` was asked for: its options as click parsed them."""

    players: int | None
    names: str | None
    lang: str
    dict_spec: str | None
    expert: bool
    free_spirit: bool
    rounds: int | None
    points: int | None
    rounds_to_play: int | None
    seed: int | None
    live_check: bool
    resume: bool
    light: bool
    bots_spec: str
    level: str
    relay_spec: str | None
    big: bool
    headless: bool
    as_json: bool
    seat_options: tuple[str, ...] = ()
    """The seat options given on the command line, as typed: a resumed game keeps its own."""
    bot_pace: float = 1.0
    """``--bot-pace``: every time the bots take, multiplied."""


@dataclass(frozen=True, slots=True)
class _Table:
    """The game to play and who sits at it, once the options and the save were read."""

    game: Game
    bot_seats: int | list[int]
    bot_levels: list[Level]
    welcome: str | None
    unsaved: str | None
    """Why this new game cannot be saved (the old save could not be moved aside)."""
    people: tuple[str, ...] = ()
    """A new game's people, whose names are remembered once its screen starts."""


def run_play(request: PlayRequest) -> None:
    """`mixmo play` with its options parsed by click."""
    from mixmo.cli.saved_game import claim_save
    from mixmo.data.storage import autosave_path

    bot_levels = bot_levels_option(request.bots_spec, Level(request.level))
    relay = relay_seconds(request.relay_spec)
    refuse_mixed_modes(request, relay)
    path = autosave_path()
    if not request.headless:  # one mixmo play at a time on a save (a bots-only match saves nothing)
        claim_save(path)
    table = set_table(request, path, bot_levels)
    if request.headless:
        levels = table.bot_levels or [Level(request.level)]
        play_bots_headless(table.game, levels, as_json=request.as_json, pace=request.bot_pace)
        return
    run_app(request, table, path, relay)


def refuse_mixed_modes(request: PlayRequest, relay: float | None) -> None:
    """Options that cannot go together, and a closed standard input, each in one line."""
    if request.as_json and not request.headless:
        fail(_("--json goes with --headless (the result of a bots-only match)"))
    if request.headless and relay is not None:
        fail(_("--relay shares one keyboard among people; --headless has only bots"))
    if not request.headless and (sys.stdin is None or sys.stdin.closed):
        fail(_("standard input is closed: mixmo play needs a terminal to read keys from"))


def set_table(request: PlayRequest, path: Path, bot_levels: list[Level]) -> _Table:
    """The saved game (``--resume``, or resumed when asked) or a new one, with its bots and
    the header's first news."""
    from mixmo.data.storage import load_saved
    from mixmo.engine.game import Game
    from mixmo.engine.save import GameFileError

    saved = None
    unsaved: str | None = None
    if request.resume:
        if request.seat_options:
            fail(
                _(
                    "--resume carries on the saved game with its own players and bots: "
                    "leave out {options}"
                ).format(options=", ".join(request.seat_options))
            )
        try:
            saved = load_saved(path)
        except GameFileError as error:
            fail(say(error))
    else:
        from mixmo.cli.saved_game import ask_about_saved_game

        options = new_match_options(request, len(bot_levels))
        # Never overwrite an unfinished game without asking (resume / start anew / quit).
        answer = None if request.headless else ask_about_saved_game(path)
        saved = answer.resume if answer else None
        unsaved = answer.unsaved if answer else None
        if saved is None:
            game = Game(options, load_lexicon(request.dict_spec, request.lang))
    welcome = None
    if not request.headless and is_first_start(path.parent):  # (dropped at the first move)
        from mixmo.tui.news import TUTORIAL_SUGGESTION

        welcome = _(TUTORIAL_SUGGESTION)
    if saved is not None:  # the saved game goes on with its own bots, at their own levels
        game = saved.game
        bot_seats: int | list[int] = sorted(saved.bots)
        bot_levels = [saved.bots[seat] for seat in sorted(saved.bots)]
        if request.seat_options:
            welcome = _(
                "The saved game goes on with its own players and bots: {options} not used"
            ).format(options=", ".join(request.seat_options))
        return _Table(game, bot_seats, bot_levels, unsaved or welcome, unsaved)
    players = game.options.players
    people = list(players[: len(players) - len(bot_levels)])
    defaults = default_names(len(people))
    while people and people[-1] == defaults[len(people) - 1]:
        people.pop()  # a default name is no name given: nothing to remember
    return _Table(game, len(bot_levels), bot_levels, unsaved or welcome, unsaved, tuple(people))


def new_match_options(request: PlayRequest, bots: int) -> MatchOptions:
    """A new match's options from the command line's, or one line saying what is wrong."""
    from mixmo.engine.options import MatchOptions, ScoringMode
    from mixmo.engine.variants import variant_for

    rounds, points, rounds_to_play = request.rounds, request.points, request.rounds_to_play
    if rounds and points:
        fail(_("choose --rounds or --points, not both"))
    if rounds_to_play and (rounds or points):
        fail(_("--rounds-to-play sets how the match ends: leave out --rounds and --points"))
    seats = seat_names(request.names, request.players, bots, headless=request.headless)
    try:
        return MatchOptions(
            players=tuple(seats),
            variant=variant_for(expert=request.expert, free_spirit=request.free_spirit).name,
            scoring=ScoringMode.ROUNDS if rounds or rounds_to_play else ScoringMode.POINTS,
            target=rounds or points or 0,
            rounds_to_play=rounds_to_play or 0,
            language=request.lang,
            dictionary=request.dict_spec,
            seed=request.seed if request.seed is not None else random_seed(),
        )
    except ValueError as error:
        fail(first_error(error))


def run_app(request: PlayRequest, table: _Table, path: Path, relay: float | None) -> None:
    """The game on screen until the players quit; a crash inside it never exits 0."""
    # Last, after every option and the saved game were checked (and their errors said):
    # without a terminal the screen would spin on end-of-file for ever.
    from mixmo.cli.terminal import require_terminal
    from mixmo.data.storage import config_dir
    from mixmo.tui.app import MixmoApp
    from mixmo.tui.keys import load_keymap

    require_terminal("mixmo play", headless_hint=True)
    if table.people:  # asked or given: offered again next time (a game that starts)
        remember_names(list(table.people))
    keymap, keymap_error = load_keymap(config_dir() / "keys.toml")
    app = MixmoApp(
        table.game,
        save_path=None if table.unsaved else path,  # never over the save that could not be kept
        keymap=keymap,
        keymap_error=keymap_error,
        live_check=request.live_check or None,  # not given: a resumed game keeps its own setting
        light=request.light,
        bots=table.bot_seats,
        level=table.bot_levels or Level(request.level),
        relay=relay,
        big=request.big,
        bot_pace=request.bot_pace,
        welcome=table.welcome,
        quit_question=_("Quit? This game is not saved.") if table.unsaved else None,
    )
    app.autosave()
    app.run()
    if app.return_code:  # a crash inside the interface (Textual printed it): never exit 0
        raise SystemExit(app.return_code)
    print_standings(app.table.options, app.table.state)


MAX_SEATS = 6


def seat_names(names: str | None, players: int | None, bots: int, *, headless: bool) -> list[str]:
    """Every seat's name, people first and bots last, from ``--names``, ``--players`` and
    ``--bots``: the names may name every seat, or only the people (bots keep their own
    names, "Bot 1"...). Any mismatch is one line saying how to fix it."""
    given = names_given(names)
    if not headless and players is None and bots >= MAX_SEATS:
        fail(
            _(
                "--bots {bots} leaves no seat for a person: at most {most} bots, "
                "or --headless to watch bots play"
            ).format(bots=bots, most=MAX_SEATS - 1)
        )
    if given and not (1 if bots else 2) <= len(given) <= MAX_SEATS:
        message = _("--names needs 2 to 6 names, one per seat, comma-separated; it gives {count}")
        fail(message.format(count=len(given)))
    if players is None:
        players = seats_wanted(given, bots, headless=headless)
    check_seats(given, players, bots, headless=headless)
    humans = players - bots
    if len(given) == players:
        return given
    people = given or (people_names(humans) if not headless else default_names(humans))
    return people + [_("Bot {n}").format(n=n) for n in range(1, bots + 1)]


def default_names(humans: int) -> list[str]:
    return [_("Player {n}").format(n=n) for n in range(1, humans + 1)]


def people_names(humans: int) -> list[str]:
    """The people's names when ``--names`` gives none: those remembered from the last game,
    the missing ones asked once on a terminal (each offering the remembered or default
    name), remembered once the game starts; without a terminal, the defaults."""
    import click

    from mixmo.cli.terminal import is_a_tty
    from mixmo.data.players import remembered_names

    remembered = list(remembered_names())
    defaults = (remembered + default_names(humans)[len(remembered) :])[:humans]
    if len(remembered) >= humans or not (is_a_tty(sys.stdin) and is_a_tty(sys.stdout)):
        return defaults  # (a browser's visitor, `mixmo web`, has no prompt to answer)
    names = []
    for n, default in enumerate(defaults, start=1):
        answer = click.prompt(_("Name of player {n}").format(n=n), default=default)
        asked = names_given(answer.replace(",", " "))
        names.append(asked[0] if asked and asked[0] else default)
    return names


def remember_names(names: list[str]) -> None:
    """Keep the people's names for the next game and the records (quietly: a data folder
    that refuses them only means they are asked again)."""
    from mixmo.data import players
    from mixmo.engine.names import same_name_key

    playing = {same_name_key(name) for name in names}
    known = [n for n in players.remembered_names() if same_name_key(n) not in playing]
    players.remember_names([*names, *known])  # the people of a smaller table keep the rest


def names_given(names: str | None) -> list[str]:
    """``--names`` split at its commas, each a name a screen can show."""
    given = [name.strip() for name in names.split(",")] if names else []
    import unicodedata  # (a C module: nothing on play's start-up)

    if any(unicodedata.category(ch)[0] == "C" for ch in "".join(given)):
        fail("--names: " + _("a player's name cannot hold control characters"))
    from mixmo.engine.names import has_visible_character

    if any(name and not has_visible_character(name) for name in given):
        fail("--names: " + _("a player's name needs a visible character"))
    return given


def seats_wanted(given: list[str], bots: int, *, headless: bool) -> int:
    """How many seats, without ``--players``: as many as the names and bots ask for."""
    if headless:
        players = bots or len(given)  # one seat per bot; --names only names them
    elif len(given) > bots and len(given) >= 2:
        players = len(given)  # every seat named, bots included (--names Ann,Robo --bots 1)
    else:
        # the people named (or one person), the bots after them
        players = max(2, (len(given) or 1) + bots)
    if players > MAX_SEATS:
        fail(
            _(
                "--names gives {count} people and --bots {bots} more: at most {most} seats in all"
            ).format(count=len(given), bots=bots, most=MAX_SEATS)
        )
    return players


def check_seats(given: list[str], players: int, bots: int, *, headless: bool) -> None:
    """The seats, the bots and the names agree, or one line says how to make them."""
    if bots > players:
        fail(
            _("--bots {bots} is more than the {players} players").format(bots=bots, players=players)
        )
    if not headless and bots == players:
        fail(
            _(
                "--players {players} --bots {bots} leaves no seat for a person: "
                "use --bots {fewer}, or --headless to watch bots play"
            ).format(players=players, bots=bots, fewer=players - 1)
        )
    if headless and bots != players:
        fail(_("--headless needs a bot in every seat: --bots N with N players"))
    if headless and players < 2:
        fail(_("--headless needs 2 to 6 bots: --bots 2 or more"))
    if headless and given and len(given) != players:
        message = ngettext(
            "--names gives {count} name for --bots {bots}: one name per bot",
            "--names gives {count} names for --bots {bots}: one name per bot",
            len(given),
        )
        fail(message.format(count=len(given), bots=bots))
    humans = players - bots
    if given and len(given) not in (players, humans):
        if bots:
            message = ngettext(
                "--names gives {count} name for {players} seats with --bots {bots}: "
                "name every seat ({players} names) or only the people ({humans})",
                "--names gives {count} names for {players} seats with --bots {bots}: "
                "name every seat ({players} names) or only the people ({humans})",
                len(given),
            )
        else:
            message = ngettext(
                "--names gives {count} name for {players} players",
                "--names gives {count} names for {players} players",
                len(given),
            )
        fail(message.format(count=len(given), players=players, humans=humans, bots=bots))


def bot_levels_option(spec: str, level: Level) -> list[Level]:
    """``--bots``: a count of bots at ``level``, or their levels in seat order."""
    text = spec.strip()
    if text.isdigit():
        levels = [level] * int(text)
    else:
        from mixmo.engine.bot import parse_levels  # the bots load only when named

        try:
            levels = parse_levels(text)
        except ValueError as error:
            fail(f"--bots {spec}: {say(error)}")
    if len(levels) > MAX_BOTS:
        fail(_("--bots {spec}: at most {count} bots").format(spec=spec, count=MAX_BOTS))
    return levels


MAX_BOTS = 6


def relay_seconds(spec: str | None) -> float | None:
    """``--relay``: seconds at the keyboard for each person, a number from 10 to 600."""
    from mixmo.tui.relay import MAX_RELAY, MIN_RELAY

    if spec is None:
        return None
    try:
        seconds = float(spec)
    except ValueError:
        seconds = float("nan")
    if not MIN_RELAY <= seconds <= MAX_RELAY:  # also refuses nan and inf
        fail(
            _(
                "--relay {spec}: give the seconds at the keyboard, a number from {low} to {high}"
            ).format(spec=spec, low=MIN_RELAY, high=MAX_RELAY)
        )
    return seconds


def is_first_start(data: Path) -> bool:
    """No game saved, no record and no tutorial yet: mixmo play suggests the tutorial."""
    return not any(
        (data / name).exists() for name in ("autosave.json", "records.sqlite3", "tutorial.json")
    )


def play_bots_headless(
    game: Game, levels: list[Level], *, as_json: bool = False, pace: float = 1.0
) -> None:
    """Play the whole match with bots on simulated time and print how it went
    (with ``as_json``, one JSON object on one line)."""
    import json

    from rich.table import Table

    from mixmo.engine import events as ev
    from mixmo.engine.headless import (
        BotsStuck,
        HeadlessStalled,
        match_result,
        play_headless,
        seat_levels,
    )

    seats = len(game.options.players)
    try:
        per_seat = seat_levels(levels, seats)
    except ValueError as error:
        fail(f"--bots: {say(error)}")
    try:
        play_headless(game.options, per_seat, game, pace=pace)
    except BotsStuck as error:
        stuck = ngettext(
            "no bot won the last round: they cannot finish a grid{source}, so the match cannot end",
            "no bot won any of the last {count} rounds: they cannot finish a grid{source}, "
            "so the match cannot end",
            error.rounds,
        )
        spec = game.options.dictionary
        source = _(" with the words of {dictionary}").format(dictionary=spec) if spec else ""
        fail(stuck.format(count=error.rounds, source=source))
    except HeadlessStalled as error:
        fail(_("the bots stopped before the end of the match ({reason})").format(reason=error))
    if as_json:
        print(json.dumps(match_result(game, per_seat)))
        return
    rounds = [e for e in game.events if isinstance(e, ev.RoundScored)]
    names = game.options.players
    title = ngettext("{count} round, seed {seed}", "{count} rounds, seed {seed}", len(rounds))
    table = Table(
        title=title.format(count=len(rounds), seed=game.options.seed), title_justify="left"
    )
    table.add_column(_("player"))
    table.add_column(_("rounds won"), justify="right")
    table.add_column(_("points"), justify="right")
    for seat in sorted(range(len(names)), key=lambda s: -game.state.totals[s]):
        table.add_row(names[seat], str(game.state.rounds_won[seat]), str(game.state.totals[seat]))
    console = console_for()
    console.print(table)
    winner = game.state.winner
    console.print(
        _("{player} wins the match.").format(player=names[winner])
        if winner is not None
        else _("No winner.")
    )
