"""The tutorial's lessons: what each teaches, the deal it plays, and when it is learnt.

A lesson is a real game at a table of two: the learner in seat 0 and a
teacher in seat 1 who only acts when the lesson needs it. Each lesson deals
from a seed chosen for it (per language) so that the learner's tiles make a
friendly first grid; ``tests/test_lessons.py`` checks that every deal gives
the tiles the lesson promises and that the solver can learn every lesson.
The engine judges the goals: a lesson is learnt when the learner's grid and
the game's events say so, never on the learner's word.

The texts are English, marked for the catalogues; the interface translates
them where it shows them. Progress (the lessons learnt) is kept in the data
folder, so the tutorial can be left and resumed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from mixmo.engine import actions as act
from mixmo.engine import events as ev
from mixmo.engine.game import Game
from mixmo.engine.lexicon import Lexicon
from mixmo.engine.options import MatchOptions
from mixmo.engine.scoring import score
from mixmo.engine.tiles import TileKind
from mixmo.engine.variants import variant_for
from mixmo.i18n import N_, _

LEARNER, TEACHER = 0, 1
SCORING_TARGET = 11
"""The scoring lesson's goal: six tiles placed (6) and the Z placed (+5)."""
TEACHER_WORK = 200_000
"""The teacher's solver budget, in units of work (deterministic at any load)."""


def placed_every_tile(game: Game) -> bool:
    """The learner's rack is empty and their grid breaks no rule of the variant."""
    player = game.round.player(LEARNER)
    return not player.rack and len(player.grid) > 0 and game.check_grid(LEARNER).valid


def good_mixmo_calls(game: Game) -> int:
    """The learner's MIXMO calls that were not hasty."""
    called = sum(1 for e in game.events if isinstance(e, ev.MixmoCalled) and e.seat == LEARNER)
    hasty = sum(1 for e in game.events if isinstance(e, ev.HastyCall) and e.seat == LEARNER)
    return called - hasty


def _grid_holds(game: Game, kind: TileKind) -> bool:
    return any(tile.kind is kind for tile in game.round.player(LEARNER).grid.tiles())


def _learnt_placing(game: Game) -> bool:
    return placed_every_tile(game)


def _learnt_mixmo(game: Game) -> bool:
    return good_mixmo_calls(game) >= 1 and placed_every_tile(game)


def _learnt_hasty_call(game: Game) -> bool:
    events = game.events
    hasty = [i for i, e in enumerate(events) if isinstance(e, ev.HastyCall) and e.seat == LEARNER]
    return bool(hasty) and any(
        isinstance(e, ev.PlayerUnlocked) and e.seat == LEARNER for e in events[hasty[0] :]
    )


def _learnt_jokers(game: Game) -> bool:
    return placed_every_tile(game) and _grid_holds(game, TileKind.JOKER)


def _learnt_bandit(game: Game) -> bool:
    return (
        game.round.theme is not None
        and placed_every_tile(game)
        and _grid_holds(game, TileKind.BANDIT)
        and bool(theme_words(game))
    )


def theme_words(game: Game) -> list[str]:
    """The learner's words that the built-in list of the round's theme accepts (the
    table judges other themes: a learner alone has nobody to judge them)."""
    from mixmo.engine.themes import find_theme

    theme = game.round.theme
    listed = find_theme(theme, game.options.language) if theme else None
    if listed is None:
        return []
    return [
        verdict.text for verdict in game.check_grid(LEARNER).words if listed.judge(verdict.text)
    ]


def _learnt_scoring(game: Game) -> bool:
    return placed_every_tile(game) and current_score(game) >= SCORING_TARGET


def current_score(game: Game) -> int:
    """What the learner's grid would score now with the points option."""
    report = game.check_grid(LEARNER)
    return score(report, unplaced=len(game.round.player(LEARNER).rack)).total


def _teacher_ends_the_lock(game: Game, at: float) -> list[act.Action]:
    """Once the learner is locked, the teacher finishes a grid and calls MIXMO.

    If the solver cannot place every teacher tile, the teacher says they are
    stuck instead: with the learner locked, that alone is a general deadlock,
    whose draw ends the lock just the same.
    """
    from mixmo.engine.solver import solve

    round_ = game.round
    learner, teacher = round_.player(LEARNER), round_.player(TEACHER)
    if not learner.locked or not teacher.may_act or not teacher.rack:
        return []
    result = solve(
        teacher.rack, game.lexicon, game.variant, teacher.grid, budget=None, work=TEACHER_WORK
    )
    if not result.solved:
        return [act.SayStuck(seat=TEACHER, at=at)]
    moves: list[act.Action] = [act.TakeApart(seat=TEACHER, at=at)] if len(teacher.grid) else []
    for (row, col), tile in sorted(result.grid.items()):
        moves.append(act.PlaceTile(seat=TEACHER, at=at, row=row, col=col, symbol=tile.symbol))
    moves.append(act.CallMixmo(seat=TEACHER, at=at))
    return moves


def _no_teacher(game: Game, at: float) -> list[act.Action]:
    return []


def _learnt_stuck(game: Game) -> bool:
    """The learner said stuck, the table drew 2 each (the general deadlock), and the
    learner then placed every tile."""
    events = game.events
    said = [i for i, e in enumerate(events) if isinstance(e, ev.PlayerStuck) and e.seat == LEARNER]
    drawn = bool(said) and any(isinstance(e, ev.DeadlockDraw) for e in events[said[0] :])
    return drawn and placed_every_tile(game)


def _teacher_stuck_too(game: Game, at: float) -> list[act.Action]:
    """The teacher is stuck as well: once the learner says so, everyone is."""
    learner, teacher = game.round.player(LEARNER), game.round.player(TEACHER)
    if learner.stuck and not teacher.stuck and teacher.may_act:
        return [act.SayStuck(seat=TEACHER, at=at)]
    return []


def _learnt_simultaneous(game: Game) -> bool:
    """The learner called MIXMO, the teacher called it at the same time (the draw did not
    add up: 2 tiles, not 4), and the learner then placed every tile."""
    together = any(isinstance(e, ev.SimultaneousMixmo) for e in game.events)
    return together and good_mixmo_calls(game) >= 1 and placed_every_tile(game)


def _teacher_calls_too(game: Game, at: float) -> list[act.Action]:
    """The teacher's grid is ready: at the learner's MIXMO, the teacher calls at once."""
    teacher = game.round.player(TEACHER)
    learner_called = any(isinstance(e, ev.MixmoCalled) and e.seat == LEARNER for e in game.events)
    if learner_called and teacher.ready_at_draw and teacher.may_act:
        return [act.CallMixmo(seat=TEACHER, at=at)]
    return []


def _teacher_grid_ready(game: Game) -> None:
    """The teacher's 6 tiles placed before the deal is shown (the teacher is quick)."""
    from mixmo.engine.solver import solve

    teacher = game.round.player(TEACHER)
    result = solve(teacher.rack, game.lexicon, game.variant, budget=None, work=TEACHER_WORK)
    for (row, col), tile in sorted(result.grid.items()):
        game.apply(act.PlaceTile(seat=TEACHER, at=0.0, row=row, col=col, symbol=tile.symbol))


def _learnt_hint(game: Game) -> bool:
    """The learner took a hint (and paid its 30 seconds), then placed every tile."""
    took = any(isinstance(e, ev.HintTaken) and e.seat == LEARNER for e in game.events)
    return took and placed_every_tile(game)


def _no_setup(game: Game) -> None:
    return None


def _place_all(game: Game, seat: int, at: float) -> None:
    """``seat``'s tiles, grid and rack, made one valid grid by the solver."""
    from mixmo.engine.solver import solve

    player = game.round.player(seat)
    result = solve(
        player.rack, game.lexicon, game.variant, player.grid, budget=None, work=TEACHER_WORK
    )
    if not result.solved:
        raise ValueError(f"the lesson's deal leaves seat {seat} a rack the solver cannot place")
    if len(player.grid):
        game.apply(act.TakeApart(seat=seat, at=at))
    for (row, col), tile in sorted(result.grid.items()):
        game.apply(act.PlaceTile(seat=seat, at=at, row=row, col=col, symbol=tile.symbol))


def _bag_emptied(game: Game) -> None:
    """The round played on to its end: the teacher calls MIXMO after MIXMO, the learner
    keeping up, until the bag is empty. The learner's last tiles are left on the rack
    (those of the last two draws), so the next MIXMO is the final one."""
    at = 0.0
    while len(game.round.bag) >= 2 * len(game.round.players):
        last = len(game.round.bag) < 4 * len(game.round.players)
        if not last:
            _place_all(game, LEARNER, at)
        _place_all(game, TEACHER, at)
        game.apply(act.CallMixmo(seat=TEACHER, at=at))
        at += 5.0


def _sprint_begun(game: Game) -> None:
    """The end of an Expert round: the learner's last tiles laid as an unfinished word
    apart from the grid, the teacher's final MIXMO called, the empty chairs' sprint done:
    only the learner has a word to take back."""
    _bag_emptied(game)
    learner = game.round.player(LEARNER)
    (top, left), _ = learner.grid.bounds()
    for offset, tile in enumerate(learner.rack):
        game.apply(
            act.PlaceTile(seat=LEARNER, at=50.0, row=top - 2, col=left + offset, symbol=tile.symbol)
        )
    _place_all(game, TEACHER, 50.0)
    game.apply(act.CallMixmo(seat=TEACHER, at=50.0))
    for seat in range(TEACHER + 1, len(game.round.players)):
        game.apply(act.FinishSprint(seat=seat, at=50.0))


def _learnt_sprint(game: Game) -> bool:
    """The learner took back the unfinished word in the sprint: a valid grid was scored."""
    sprint = [i for i, e in enumerate(game.events) if isinstance(e, ev.SprintStarted)]
    took_back = bool(sprint) and any(
        isinstance(e, ev.GridChanged) and e.seat == LEARNER for e in game.events[sprint[0] :]
    )
    return took_back and bool(game.round.scores) and game.check_grid(LEARNER).valid


def _learnt_final(game: Game) -> bool:
    """The learner called the final MIXMO with a valid grid: the round is over."""
    final = any(isinstance(e, ev.FinalMixmo) and e.seat == LEARNER for e in game.events)
    wrong = any(isinstance(e, ev.FinalCallRejected) and e.seat == LEARNER for e in game.events)
    return final and not wrong


def _learnt_hasty_final(game: Game) -> bool:
    """The learner called the final MIXMO too soon and paid its 20 points."""
    return any(
        isinstance(e, ev.FinalCallRejected) and e.seat == LEARNER and e.penalty != 0
        for e in game.events
    )


@dataclass(frozen=True)
class Lesson:
    """One step of the tutorial."""

    key: str
    title: str
    lesson: str
    """What the rules say, in a few sentences."""
    task: str
    """What the learner must do now; the engine checks it (``learnt``)."""
    seeds: dict[str, str]
    """The deal for each language (see the module's docstring)."""
    learnt: Callable[[Game], bool]
    expert: bool = False
    teacher: Callable[[Game, float], list[act.Action]] = field(default=_no_teacher)
    teacher_news: str = N_("Your teacher finishes a grid and calls MIXMO.")
    """What the header says when the teacher acts."""
    teacher_at_once: bool = False
    """The teacher answers the learner's action at once (a call "at the same time"),
    not after a pause."""
    setup: Callable[[Game], None] = field(default=_no_setup)
    """What happens at the table before the learner sees it (the teacher's grid)."""
    chairs: int = 0
    """Empty seats at the table: a table of 6 ends its round after 7 draws."""
    free_spirit: bool = False

    @property
    def has_teacher(self) -> bool:
        """Whether the teacher ever acts in this lesson."""
        return self.teacher is not _no_teacher

    def new_game(self, lexicon: Lexicon, language: str) -> Game:
        """A fresh table for this lesson, in ``language`` (its deal and its dictionary)."""
        chairs = (_("seat {number}").format(number=n) for n in range(3, 3 + self.chairs))
        options = MatchOptions(
            players=(_("You"), _("Teacher"), *chairs),
            variant=variant_for(expert=self.expert, free_spirit=self.free_spirit).name,
            target=1,
            language=language,
            seed=self.seeds.get(language, self.seeds["en"]),
        )
        game = Game(options, lexicon)
        self.setup(game)
        return game


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        key="place",
        title=N_("Placing tiles"),
        lesson=N_(
            "Every player builds their own grid of words, like a crossword: words read "
            "left to right or top to bottom, every run of two letters or more must be a "
            "word, and all the tiles touch one another."
        ),
        task=N_(
            "Place your 6 tiles: type a letter to put it at the cursor, Space turns "
            "the typing direction, Backspace takes a tile back."
        ),
        seeds={"en": "tutorial:place:37", "fr": "tutorial:place:15"},
        learnt=_learnt_placing,
    ),
    Lesson(
        key="mixmo",
        title=N_("MIXMO and the draw"),
        lesson=N_(
            "The first player to place every tile calls MIXMO, and then everyone draws "
            "2 more tiles. Nothing is fixed: take your grid apart and rebuild it "
            "whenever the new tiles need it."
        ),
        task=N_("Place your tiles, call MIXMO (F5), then fit your 2 new tiles into your grid."),
        seeds={"en": "tutorial:mixmo:798", "fr": "tutorial:mixmo:110"},
        learnt=_learnt_mixmo,
    ),
    Lesson(
        key="hasty",
        title=N_("A hasty call"),
        lesson=N_(
            "Calling MIXMO with a tile left on your rack, or a word that is not a word, "
            "is a hasty call: the draw stands, and you may not touch your grid until "
            "the next MIXMO."
        ),
        task=N_(
            "Call MIXMO (F5) now, before placing your tiles, and watch the lock: "
            "your teacher will call the next MIXMO and free you."
        ),
        seeds={"en": "tutorial:hasty:2567", "fr": "tutorial:hasty:89"},
        learnt=_learnt_hasty_call,
        teacher=_teacher_ends_the_lock,
    ),
    Lesson(
        key="jokers",
        title=N_("Jokers"),
        lesson=N_(
            "The 2 jokers stand for any letter. Where a joker crosses two words, it "
            "is the same letter in both. Type ? to place a joker: mixmo finds the "
            "letter it stands for."
        ),
        task=N_("Place your 6 tiles with the joker (?) in a word."),
        seeds={"en": "tutorial:jokers:8", "fr": "tutorial:jokers:8"},
        learnt=_learnt_jokers,
    ),
    Lesson(
        key="bandit",
        title=N_("The Bandit and themes"),
        lesson=N_(
            "The Bandit (!) stands only for K, W, X, Y or Z. Whoever draws it names a "
            "theme, and at the end of the round every grid must hold a word on that "
            "theme (the players judge it)."
        ),
        task=N_(
            "Choose a theme from the list, then place your 6 tiles with the Bandit in a "
            "word, and a word on the theme in your grid."
        ),
        seeds={"en": "tutorial:bandit:139", "fr": "tutorial:bandit:139"},
        learnt=_learnt_bandit,
    ),
    Lesson(
        key="scoring",
        title=N_("The end of a round and scoring"),
        lesson=N_(
            "When the bag is empty, the next MIXMO ends the round and everyone stops. "
            "With points, each grid scores its placed tiles, +5 for each K, W, X, Y "
            "or Z, +N for each word of N >= 8 letters, theme words count triple, and "
            "+20 for the winner. An invalid grid scores nothing."
        ),
        task=N_("Place your 6 tiles in a valid grid that scores at least 11 points."),
        seeds={"en": "tutorial:scoring:500", "fr": "tutorial:scoring:500"},
        learnt=_learnt_scoring,
    ),
    Lesson(
        key="expert",
        title=N_("The Expert variant"),
        lesson=N_(
            "In Expert games every word has at least 3 letters and no word appears "
            "twice in a grid: a two-letter word, even a real one, makes the grid invalid."
        ),
        task=N_("Place your 6 tiles in a grid that follows the Expert rules."),
        seeds={"en": "tutorial:expert:14", "fr": "tutorial:expert:14"},
        learnt=lambda game: placed_every_tile(game),
        expert=True,
    ),
    Lesson(
        key="stuck",
        title=N_("Stuck: everyone draws 2"),
        lesson=N_(
            "Some tiles make no grid. Say so with F6: when every player who may act is "
            "stuck, that is a general deadlock, and everyone draws 2 more tiles, as at a "
            "MIXMO. F6 again takes it back."
        ),
        task=N_(
            "These 6 tiles make no grid: say you are stuck (F6). Your teacher is stuck "
            "too: then place all 8 tiles."
        ),
        seeds={"en": "tutorial:stuck:12", "fr": "tutorial:stuck:3"},
        learnt=_learnt_stuck,
        teacher=_teacher_stuck_too,
        teacher_news=N_("Your teacher is stuck too."),
    ),
    Lesson(
        key="simultaneous",
        title=N_("MIXMO at the same time"),
        lesson=N_(
            "When two players call MIXMO at the same time (or nearly), the draws do not "
            "add up: everyone draws 2 tiles, not 4, and play goes on."
        ),
        task=N_(
            "Place your tiles and call MIXMO (F5): your teacher, ready too, calls at the "
            "same time. Then fit your 2 new tiles."
        ),
        seeds={"en": "tutorial:simultaneous:0", "fr": "tutorial:simultaneous:1"},
        learnt=_learnt_simultaneous,
        teacher=_teacher_calls_too,
        teacher_news=N_("Your teacher calls MIXMO at the same time."),
        teacher_at_once=True,
        setup=_teacher_grid_ready,
    ),
    Lesson(
        key="hint",
        title=N_("A hint and its cost"),
        lesson=N_(
            "F3 gives a hint: a word to make, or a tile to move. It costs 30 seconds, so the "
            "first press says so and the second takes it: until then you may not touch your "
            "grid nor call MIXMO. A hint that finds nothing costs nothing."
        ),
        task=N_("Take a hint (F3 twice), wait out its 30 seconds, then place your 6 tiles."),
        seeds={"en": "tutorial:hint:0", "fr": "tutorial:hint:0"},
        learnt=_learnt_hint,
    ),
    Lesson(
        key="final",
        title=N_("The final MIXMO"),
        lesson=N_(
            "When the bag is empty, the next MIXMO is the final one: everyone stops, and "
            "the round is scored. Your grid is checked first: called with a tile on "
            "your rack or a wrong word, it costs you 20 points and the others play on."
        ),
        task=N_("The bag is empty: place your last tiles, then call the final MIXMO (F5)."),
        seeds={"en": "tutorial:final:0", "fr": "tutorial:final:0"},
        learnt=_learnt_final,
        setup=_bag_emptied,
        chairs=4,
        free_spirit=True,
    ),
    Lesson(
        key="hasty-final",
        title=N_("A hasty final MIXMO: -20"),
        lesson=N_(
            "A final MIXMO called with tiles on your rack, or with a word that is not "
            "a word, is a hasty one: it costs 20 points, and you are out of the round "
            "while the others play on."
        ),
        task=N_("The bag is empty: call the final MIXMO (F5) now, too soon, and see the -20."),
        seeds={"en": "tutorial:final:0", "fr": "tutorial:final:0"},
        learnt=_learnt_hasty_final,
        setup=_bag_emptied,
        chairs=4,
        free_spirit=True,
    ),
    Lesson(
        key="sprint",
        title=N_("The Expert final sprint"),
        lesson=N_(
            "In Expert games, stopping at once on the final MIXMO is unfair to a player "
            "in the middle of a word: each other player may take back the tiles of one "
            "unfinished word, and nothing else, so that their grid is valid."
        ),
        task=N_(
            "Your teacher called the final MIXMO; the word above your grid is "
            "unfinished: take it back in the sprint's dialog."
        ),
        seeds={"en": "tutorial:final:0", "fr": "tutorial:final:0"},
        learnt=_learnt_sprint,
        setup=_sprint_begun,
        expert=True,
        chairs=4,
        free_spirit=True,
    ),
)

LESSON_KEYS = tuple(lesson.key for lesson in LESSONS)


class ProgressError(ValueError):
    """The tutorial's progress file cannot be read."""


@dataclass(frozen=True)
class Progress:
    """The lessons learnt so far (in the order they were learnt)."""

    learnt: tuple[str, ...] = ()

    @property
    def next_lesson(self) -> int | None:
        """The index of the first lesson not yet learnt; None when all are."""
        return next((i for i, key in enumerate(LESSON_KEYS) if key not in self.learnt), None)

    def with_learnt(self, key: str) -> Progress:
        return self if key in self.learnt else Progress((*self.learnt, key))

    def to_json(self) -> str:
        return json.dumps({"version": 1, "learnt": list(self.learnt)})

    @classmethod
    def from_json(cls, text: str) -> Progress:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise ProgressError(_("not JSON ({reason})").format(reason=error)) from None
        if not isinstance(data, dict) or data.get("version") != 1:
            raise ProgressError(_("not a tutorial progress file of this version"))
        learnt = data.get("learnt")
        if not isinstance(learnt, list):
            raise ProgressError(_("not a tutorial progress file of this version"))
        return cls(tuple(key for key in learnt if key in LESSON_KEYS))


def load_progress(path: Path) -> Progress:
    """The progress saved at ``path``; none saved yet is no progress."""
    try:
        return Progress.from_json(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, NotADirectoryError):  # (a file where the data folder should be)
        return Progress()
    except (OSError, UnicodeDecodeError) as error:
        raise ProgressError(
            _("{name}: cannot read ({reason})").format(
                name=path, reason=getattr(error, "strerror", None) or error
            )
        ) from None
    except ProgressError as error:
        raise ProgressError(f"{path}: {error}") from None


def lesson_named(key: str) -> Lesson:
    for lesson in LESSONS:
        if lesson.key == key:
            return lesson
    raise KeyError(key)


def teacher_moves(lesson: Lesson, game: Game, at: float) -> Sequence[act.Action]:
    """What the teacher does now in ``lesson`` (nothing, in most lessons)."""
    return lesson.teacher(game, at)
