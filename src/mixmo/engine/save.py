"""Saved games: the whole match as JSON, and back.

A saved game holds the options, the action log and a snapshot of the state.
Loading replays the log from the options' seed and checks that it arrives at
the snapshot: a file edited by hand, truncated or written by something else is
a :class:`GameFileError` with one clear sentence, never a crash.

Before any model sees it, the JSON is held to what a save can contain
(:func:`_read_json`): no ``Infinity`` or ``NaN``, no negative time, no number of
hundreds of digits, no nesting deeper than a save has; and a saved dictionary
path must be a word-list file (``/dev/zero`` would be read forever). A log that
no longer replays because the dictionary changed says so and names the word.
"""

from __future__ import annotations

import json
import math
import os
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from mixmo.engine import events as ev
from mixmo.engine.game import Game, GameRuleError
from mixmo.engine.levels import Level
from mixmo.engine.lexicon import Lexicon, LexiconError
from mixmo.engine.messages import CodedError, Kind, Listing, Message, Plural
from mixmo.engine.save_format import FORMAT as FORMAT  # (read from here too)
from mixmo.engine.save_format import VERSION as VERSION
from mixmo.engine.state import MatchState
from mixmo.engine.state_json import DERIVED_ROUND_FIELDS, action_data, match_data, options_data
from mixmo.engine.validation import ProblemKind

DAMAGED = Kind("damaged-save", "damaged saved game: {detail}")
NOT_A_NUMBER = Kind("save-not-a-number", "{name} is not a number a save can hold")
TOO_MANY_DIGITS = Kind("save-too-many-digits", "a number of {count} digits")
TOO_DEEP = Kind("save-too-deep", "nested deeper than a saved game is")
NEGATIVE_TIME = Kind("save-negative-time", "{key} is a negative time ({value})")
INVALID_JSON = Kind(
    "save-invalid-json", "not a saved game: invalid JSON at line {line}, column {col}"
)
NOT_A_WORD_LIST = Kind(
    "save-dictionary-not-a-file", "its dictionary {spec} is not a word-list file"
)
BOT_SEAT = Kind("save-bot-seat", "bots: seat {seat} is not a seat of this {count}-player game once")
ALL_BOTS = Kind("save-all-bots", "bots: every seat is a bot's, none a person's")
NOT_A_SAVE = Kind("not-a-save", "not a mixmo saved game")
TOO_MANY_ACTIONS = Kind("save-too-many-actions", "{count} actions, more than a match has ({most})")
OTHER_VERSION = Kind(
    "save-version", "a saved game of version {version!r}; this mixmo reads version {known}"
)
PROBLEMS = Plural("save-problems", "{count} problem", "{count} problems")
MODEL_PROBLEM = Kind("save-model-problem", "{where}: {what} ({problems})")
SITS_OUT = Kind(
    "save-sits-out",
    "this saved game sits {player} out of a round, a rule mixmo no longer has "
    "(a wrong final MIXMO takes a won round away instead): it cannot be resumed",
)
DICTIONARY_UNOPENED = Kind(
    "save-dictionary-unopened", "the saved game's dictionary cannot be opened: {error}"
)
NO_REPLAY = Kind("save-no-replay", "action {number} does not replay ({error})")
STATE_MISMATCH = Kind("save-state-mismatch", "its state does not match its action log")
DICTIONARY_CHANGED = Kind(
    "dictionary-changed",
    "the dictionary changed since this game was saved: {lexicon} no longer "
    "accepts {words}, played by {player} (action {number})",
)

if TYPE_CHECKING:
    from mixmo.engine.save_models import SavedGame


class GameFileError(CodedError):
    """A saved game that cannot be loaded, and why."""


class DictionaryChangedError(GameFileError):
    """The saved game was played with a dictionary that has since changed."""


MAX_DEPTH = 12
"""The deepest nesting of arrays and objects a saved game has (it uses 6)."""
MAX_DIGITS = 40
"""The longest integer a saved game holds (seeds are at most 20 digits)."""
MAX_ACTIONS = 50_000
"""The longest action log loaded: 40 times the 1,172 actions of a 2-player match
played to 177 points; replaying one costs about 0.3 ms, so a forged
log cannot stall a start for more than seconds."""


def _damaged(detail: Message | str) -> GameFileError:
    """``damaged saved game: <detail>``."""
    return GameFileError(DAMAGED(detail=detail))


def _one_line(text: str) -> str:
    """``text`` with each control character written as its escape (a line break as
    ``\\n``): the validator quotes what it refused, and a refusal stays one line."""
    if text.isprintable():
        return text
    return "".join(
        repr(char)[1:-1] if unicodedata.category(char)[0] == "C" else char for char in text
    )


def _refuse_constant(name: str) -> float:
    raise _damaged(NOT_A_NUMBER(name=name))


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        count = f"{len(digits.lstrip('-')):,}"
        raise _damaged(TOO_MANY_DIGITS(count=count))
    return int(digits)


def _bounded_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        _refuse_constant(text)
    return value


def _check_values(raw: object) -> None:
    """Refuse nesting deeper than a save has and negative times, walking without recursion."""
    stack: list[tuple[object, int, str]] = [(raw, 0, "")]
    while stack:
        value, depth, key = stack.pop()
        if depth > MAX_DEPTH:
            raise _damaged(TOO_DEEP())
        if isinstance(value, dict):
            stack.extend((item, depth + 1, str(name)) for name, item in value.items())
        elif isinstance(value, list):
            stack.extend((item, depth + 1, key) for item in value)
        elif (key == "at" or key.endswith("_at")) and isinstance(value, int | float) and value < 0:
            raise _damaged(NEGATIVE_TIME(key=key, value=value))


def _read_json(text: str) -> object:
    """The JSON of a save, held to what a save can contain (see the module's docstring)."""
    try:
        raw = json.loads(
            text,
            parse_constant=_refuse_constant,
            parse_int=_bounded_int,
            parse_float=_bounded_float,
        )
    except json.JSONDecodeError as error:
        raise GameFileError(INVALID_JSON(line=error.lineno, col=error.colno)) from None
    except RecursionError:
        raise _damaged(TOO_DEEP()) from None
    except GameFileError:
        raise
    except ValueError as error:  # e.g. an integer Python refuses to convert
        raise _damaged(str(error)) from None
    _check_values(raw)
    return raw


def _check_dictionary(spec: str | None) -> None:
    """A saved dictionary path must name a word-list file, not a device or a folder."""
    if spec is None or spec == "any" or spec.startswith(("enchant:", "embedded:")):
        return
    if os.path.exists(spec) and not os.path.isfile(spec):
        raise _damaged(NOT_A_WORD_LIST(spec=spec))


def _words_refused(game: Game, seat: int) -> list[str]:
    report = game.check_grid(seat)
    return [v.text for v in report.words if v.problem is ProblemKind.NOT_A_WORD]


@dataclass(frozen=True, slots=True)
class LoadedGame:
    """A saved game and who plays its seats: the bots' seats and levels (people elsewhere)."""

    game: Game
    bots: Mapping[int, Level] = field(default_factory=lambda: MappingProxyType({}))


def dumps(game: Game, bots: Mapping[int, Level] | None = None) -> str:
    """The saved-game JSON of ``game``; ``bots`` (seat -> level) are the seats bots play.

    A game of people only writes no ``bots`` field, so its save is byte for byte what it
    was before bots were saved. The JSON is indented by one space, as saves have always
    been written, and keeps letters as they are (``"Zoë"``)."""
    saved: dict[str, object] = {
        "format": FORMAT,
        "version": VERSION,
        "options": options_data(game.options),
        "actions": [action_data(action) for action in game.log],
        "state": match_data(game.state),
    }
    if bots:
        saved["bots"] = [{"seat": seat, "level": bots[seat].value} for seat in sorted(bots)]
    return json.dumps(saved, indent=1, ensure_ascii=False)


def loads(text: str, lexicon: Lexicon | None = None) -> Game:
    """The game a saved-game JSON holds, replayed from its log and checked against its state."""
    return load(text, lexicon).game


def _bot_seats(saved: SavedGame) -> Mapping[int, Level]:
    """The saved bots by seat; a seat past the table, twice, or every seat is damage."""
    seats = len(saved.options.players)
    bots: dict[int, Level] = {}
    for bot in saved.bots or []:
        if bot.seat >= seats or bot.seat in bots:
            raise _damaged(BOT_SEAT(seat=bot.seat, count=seats))
        bots[bot.seat] = bot.level
    if bots and len(bots) == seats:
        raise _damaged(ALL_BOTS())
    return MappingProxyType(bots)


def load(text: str, lexicon: Lexicon | None = None) -> LoadedGame:
    """The game a saved-game JSON holds and its bots (see :func:`loads`)."""
    raw = _read_json(text)
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise GameFileError(NOT_A_SAVE())
    actions = raw.get("actions")
    if isinstance(actions, list) and len(actions) > MAX_ACTIONS:
        raise _damaged(TOO_MANY_ACTIONS(count=f"{len(actions):,}", most=f"{MAX_ACTIONS:,}"))
    if raw.get("version") != VERSION:
        version = raw.get("version")
        shown = (
            version if version is None or isinstance(version, str | int | float) else str(version)
        )
        raise GameFileError(OTHER_VERSION(version=shown, known=VERSION))
    sitting_out = _drop_sitting_out(raw)
    from pydantic import ValidationError

    from mixmo.engine.save_models import SavedGame

    try:
        saved = SavedGame.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        where = _one_line(".".join(str(part) for part in first["loc"]))
        problems = PROBLEMS(count=error.error_count())
        what = _one_line(first["msg"])
        raise _damaged(MODEL_PROBLEM(where=where, what=what, problems=problems)) from None
    if sitting_out:
        seat = sitting_out[0]
        players = saved.options.players
        raise GameFileError(SITS_OUT(player=players[seat] if 0 <= seat < len(players) else seat))
    bots = _bot_seats(saved)
    if lexicon is None:
        _check_dictionary(saved.options.dictionary)
    try:
        game = Game(saved.options, lexicon)
    except LexiconError as error:
        raise GameFileError(DICTIONARY_UNOPENED(error=error.message)) from None
    refused: tuple[int, str, list[str]] | None = None
    """The first call the dictionary refused: action number, player, words."""
    for number, action in enumerate(saved.actions, start=1):
        try:
            events = game.apply(action)
        except GameRuleError as error:
            _blame_dictionary(game, refused)
            raise _damaged(NO_REPLAY(number=number, error=error.message)) from None
        if refused is None:
            for event in events:
                if isinstance(event, ev.HastyCall | ev.FinalCallRejected):
                    words = _words_refused(game, event.seat)
                    if words:
                        refused = (number, game.name(event.seat), words)
    try:
        snapshot = saved.state.state()
    except ValueError as error:
        raise _damaged(str(error)) from None
    snapshot = _with_derived_fields(snapshot, game.state, raw)
    if snapshot != game.state:
        _blame_dictionary(game, refused)
        raise _damaged(STATE_MISMATCH())
    return LoadedGame(game, bots)


def _with_derived_fields(snapshot: MatchState, replayed: MatchState, raw: object) -> MatchState:
    """``snapshot`` with the round's :data:`DERIVED_ROUND_FIELDS` the saved JSON leaves out
    taken from the replay: a save written before they were kept still loads (a field left
    out because it held its default has that value in the replay too)."""
    state = raw.get("state") if isinstance(raw, dict) else None
    round_ = state.get("round") if isinstance(state, dict) else None
    missing = [
        name for name in DERIVED_ROUND_FIELDS if isinstance(round_, dict) and name not in round_
    ]
    if not missing:
        return snapshot
    filled = {name: getattr(replayed.round, name) for name in missing}
    return snapshot.with_(round=snapshot.round.with_(**filled))


def _drop_sitting_out(raw: dict[str, object]) -> list[int]:
    """Take the sitting-out fields of older saves out of ``raw``; the seats they sit out.

    Saves written before the rounds option's penalty became a won round taken
    away hold ``sitting_out`` for each player and ``sit_out_next`` for the
    match. Unset (false, empty) they changed nothing and are dropped, so those
    saves load; set, the game cannot go on by today's rules. A value of the
    wrong type is left in place for the model to refuse as damage.
    """
    state = raw.get("state")
    if not isinstance(state, dict):
        return []
    seats: list[int] = []
    round_ = state.get("round")
    players = round_.get("players") if isinstance(round_, dict) else None
    for seat, player in enumerate(players if isinstance(players, list) else []):
        is_flag = isinstance(player, dict) and isinstance(player.get("sitting_out"), bool)
        if is_flag and player.pop("sitting_out"):
            seats.append(seat)
    later = state.get("sit_out_next")
    if isinstance(later, list) and all(type(seat) is int for seat in later):
        seats += state.pop("sit_out_next")
    return seats


def _blame_dictionary(game: Game, refused: tuple[int, str, list[str]] | None) -> None:
    """When a log stops replaying after a MIXMO the dictionary now refuses, the
    dictionary changed since the game was saved: say so, naming the word."""
    if refused is None:
        return
    number, player, words = refused
    raise DictionaryChangedError(
        DICTIONARY_CHANGED(
            lexicon=game.lexicon.name, words=Listing(tuple(words[:3])), player=player, number=number
        )
    )
