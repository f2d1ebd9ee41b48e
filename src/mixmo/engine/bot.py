"""Bots: players that act through the same engine actions as humans.

A bot splits its work in two. :meth:`Bot.plan` is the thinking (the solver
finds the grid it wants; slow, pure, safe to run on a worker thread).
:meth:`Bot.next_action` is the acting: the one action it wants next, and the
game time at which a player of its level would do it (cheap). Whoever drives
the bot (the TUI on a timer, the headless runner on simulated time) applies the
action when its time comes, so a bot's grid builds up tile by tile.

A bot's choices come from a seeded random generator, so a bots-only match
replays the same way as long as no search runs out of its time budget (the
one place a bot reads real time: a search must never freeze a game).
"""

from __future__ import annotations

import enum
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from mixmo.engine import actions as act
from mixmo.engine.grid import Cell, Grid
from mixmo.engine.lexicon import Lexicon, common_words
from mixmo.engine.solver import solve
from mixmo.engine.state import MatchState, Phase, PlayerState
from mixmo.engine.themes import builtin_themes
from mixmo.engine.tiles import JOKER, Tile, TileKind
from mixmo.engine.validation import validate
from mixmo.engine.variants import Variant


class Level(enum.Enum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
    EXPERT = "expert"


@dataclass(frozen=True)
class Pace:
    """How a level plays: seconds per tile placed, thinking time, solver effort, mistakes."""

    seconds_per_tile: float
    thinking: float
    solver_budget: float
    """Seconds the solver may search for one plan."""
    hasty_calls: float
    """The chance, each time it could call MIXMO, that it calls a little too early."""
    common_words: bool
    """Whether it plays everyday words first (where the language has a list of them)."""


PACES = {
    Level.EASY: Pace(
        seconds_per_tile=5.0, thinking=6.0, solver_budget=0.3, hasty_calls=0.08, common_words=True
    ),
    Level.NORMAL: Pace(
        seconds_per_tile=2.5, thinking=3.0, solver_budget=0.6, hasty_calls=0.02, common_words=True
    ),
    Level.HARD: Pace(
        seconds_per_tile=1.2, thinking=1.5, solver_budget=1.0, hasty_calls=0.0, common_words=False
    ),
    Level.EXPERT: Pace(
        seconds_per_tile=0.5, thinking=0.6, solver_budget=1.5, hasty_calls=0.0, common_words=False
    ),
}


@dataclass(frozen=True)
class Plan:
    """The grid a bot is building towards, and the tiles it could not fit."""

    target: Grid
    left: tuple[Tile, ...]
    solved: bool


class Bot:
    """One bot seat."""

    def __init__(
        self,
        seat: int,
        level: Level,
        lexicon: Lexicon,
        variant: Variant,
        language: str,
        seed: int,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.seat = seat
        self.level = level
        self.pace = PACES[level]
        self.lexicon = lexicon
        self.variant = variant
        self.language = language
        self.random = random.Random(f"bot:{seed}:{seat}")
        self.plan_: Plan | None = None
        self.ready_at = 0.0
        """Game time before which the bot does nothing (it is thinking or placing)."""
        self.hasty_done = False
        self._jitter = self.random.uniform(0.7, 1.3)
        self._roll = self.random.random()
        self.clock = clock
        """The solver's clock for its time budget (real time: a search never runs longer)."""

    # --- thinking ----------------------------------------------------------------------

    def needs_plan(self, state: MatchState) -> bool:
        player = state.round.player(self.seat)
        if state.round.phase is not Phase.PLAYING or not player.may_act or not player.rack:
            return False
        return self.plan_ is None or not _on_track(player, self.plan_)

    def plan(self, state: MatchState) -> Plan:
        """Find the grid to build from this player's rack and grid (slow: a worker's job).

        With a theme that a built-in list judges, the bot first tries to build
        around a theme word it can spell, so that its final grid can claim one.
        """
        player = state.round.player(self.seat)
        grid = player.grid if validate(player.grid, self.lexicon, self.variant).valid else None
        rack = player.rack if grid is not None else player.rack + tuple(_rack_tiles(player.grid))
        themed = self._around_a_theme_word(state, player)
        if themed is not None:
            return themed
        result = None
        everyday = common_words(self.language) if self.pace.common_words else None
        if everyday is not None and self.lexicon.name == f"embedded {self.language}":
            result = solve(rack, everyday, self.variant, grid, budget=self.pace.solver_budget / 2,
                           seed=self.random.randrange(2**31), clock=self.clock)  # fmt: skip
        if result is None or not result.solved:
            result = solve(
                rack,
                self.lexicon,
                self.variant,
                grid,
                budget=self.pace.solver_budget,
                seed=self.random.randrange(2**31),
                clock=self.clock,
            )
        left = tuple(JOKER if t.kind is TileKind.JOKER else t for t in result.tiles_left)
        return Plan(result.grid, left, result.solved)

    def _around_a_theme_word(self, state: MatchState, player: PlayerState) -> Plan | None:
        theme_list = builtin_themes(self.language).get(state.round.theme_list or "")
        if theme_list is None or not self.variant.themes or self._theme_words(state):
            return None
        tiles = list(player.rack) + _rack_tiles(player.grid)
        letters = Counter(
            t.letter for t in tiles if t.letter is not None and t.kind is TileKind.LETTER
        )
        words = sorted(
            (w for w in theme_list.words if 3 <= len(w) <= 9 and w in self.lexicon),
            key=lambda w: (-len(w), w),
        )
        for word in [w for w in words if not Counter(w) - letters][:3]:
            base = Grid({(0, i): Tile(TileKind.LETTER, ch) for i, ch in enumerate(word)})
            rest = list(tiles)
            for ch in word:
                rest.remove(Tile(TileKind.LETTER, ch))
            result = solve(
                rest,
                self.lexicon,
                self.variant,
                base,
                budget=self.pace.solver_budget,
                seed=self.random.randrange(2**31),
                clock=self.clock,
            )
            if result.solved:
                return Plan(result.grid, (), True)
        return None

    def acted(self, when: float) -> None:
        """The bot's last wanted action was applied at ``when``: its time line moves on.

        The random draws for the next action happen here, once, so asking
        :meth:`next_action` again (every tick) always gives the same answer.
        """
        self.ready_at = when
        self._jitter = self.random.uniform(0.7, 1.3)
        self._roll = self.random.random()

    def adopt(self, plan: Plan, now: float) -> None:
        """Take a finished plan; the bot starts acting after its thinking time."""
        self.plan_ = plan
        self.ready_at = max(self.ready_at, now + self.pace.thinking * self.random.uniform(0.6, 1.4))

    # --- acting -------------------------------------------------------------------------

    def next_action(self, state: MatchState, now: float) -> tuple[float, act.Action] | None:
        """The next action this bot wants, and when; None when it waits for something."""
        round_ = state.round
        player = round_.player(self.seat)
        phase = round_.phase
        at = self.ready_at  # the bot's own time line: its last action, or the end of its thinking
        if phase is Phase.CHOOSING_THEME and round_.bandit_seat == self.seat:
            themes = list(builtin_themes(self.language).values())
            title = themes[int(self._roll * len(themes))].title if themes else "animals"
            return at + self.pace.thinking, act.ChooseTheme(seat=self.seat, theme=title, at=at)
        if phase is Phase.SPRINT and self._sprinting(state):
            return at, act.FinishSprint(seat=self.seat, word_cells=self._unfinished(player), at=at)
        if phase is Phase.CLAIMING and player.in_round and player.claims is None:
            return at, act.ClaimThemeWords(seat=self.seat, words=self._theme_words(state), at=at)
        if phase is Phase.VOTING and player.in_round:
            return self._vote(state, at)
        if phase is not Phase.PLAYING or not player.may_act:
            return None
        if not player.rack:
            if len(player.grid) and validate(player.grid, self.lexicon, self.variant).valid:
                return at + self.pace.thinking / 2, act.CallMixmo(seat=self.seat, at=at)
            return None
        plan = self.plan_
        if plan is None or not _on_track(player, plan):
            return None  # waiting for a new plan: new tiles came, or the grid changed
        return self._continue(player, plan, at)

    def _continue(
        self, player: PlayerState, plan: Plan | None, at: float
    ) -> tuple[float, act.Action] | None:
        """The next step towards the plan's grid: take back, then place, tile by tile."""
        if plan is None:
            return None
        target = plan.target
        wrong = sorted(c for c, t in player.grid.items() if target.get(c) != t)
        step = self.pace.seconds_per_tile * self._jitter
        if wrong:
            return at + step / 3, act.TakeBack(seat=self.seat, cells=(wrong[0],), at=at + step / 3)
        missing = [(c, t) for c, t in target.items() if c not in player.grid]
        rack = list(player.rack)
        for cell, tile in missing:
            source = JOKER if tile.kind is TileKind.JOKER else tile
            if source in rack:
                row, col = cell
                when = at + step
                if len(rack) <= 2 and not self.hasty_done and self._roll < self.pace.hasty_calls:
                    self.hasty_done = True  # a deliberate, rare mistake of easy bots
                    return when, act.CallMixmo(seat=self.seat, at=when)
                return when, act.PlaceTile(
                    seat=self.seat, row=row, col=col, symbol=tile.symbol, at=when
                )
        if not plan.solved and not player.stuck:
            return at + self.pace.thinking, act.SayStuck(seat=self.seat, at=at + self.pace.thinking)
        return None

    def _sprinting(self, state: MatchState) -> bool:
        round_ = state.round
        player = round_.player(self.seat)
        return (
            self.seat != round_.final_caller
            and player.in_round
            and not player.out
            and not player.sprint_done
        )

    def _unfinished(self, player: PlayerState) -> tuple[Cell, ...]:
        report = validate(player.grid, self.lexicon, self.variant)
        bad = [v for v in report.words if not v.valid]
        return bad[0].word.cells if bad else ()

    def _theme_words(self, state: MatchState) -> tuple[str, ...]:
        theme_list = builtin_themes(self.language).get(state.round.theme_list or "")
        if theme_list is None:
            return ()
        report = validate(state.round.player(self.seat).grid, self.lexicon, self.variant)
        return tuple(
            dict.fromkeys(v.text for v in report.words if v.valid and theme_list.judge(v.text))
        )

    def _vote(self, state: MatchState, at: float) -> tuple[float, act.Action] | None:
        round_ = state.round
        theme_list = builtin_themes(self.language).get(round_.theme_list or "")
        for claimant in round_.active_seats():
            if claimant == self.seat:
                continue
            for word in round_.player(claimant).claims or ():
                if self.seat not in round_.votes.get((claimant, word), {}):
                    accept = theme_list.judge(word) if theme_list else True
                    return at + 0.5, act.Vote(
                        seat=self.seat, claimant=claimant, word=word, accept=accept, at=at + 0.5
                    )
        return None


def _on_track(player: PlayerState, plan: Plan) -> bool:
    """True while the player's tiles are the plan's and the grid only holds planned tiles:
    the bot's own moves keep a plan, a draw or another change asks for a new one."""
    held = Counter(player.rack) + Counter(_rack_tiles(player.grid))
    return held == Counter(_rack_tiles(plan.target)) + Counter(plan.left)


def _rack_tiles(grid: Grid) -> list[Tile]:
    """The grid's tiles as they would come back to a rack (a declared joker is a joker)."""
    return [JOKER if t.kind is TileKind.JOKER else t for t in grid.tiles()]
