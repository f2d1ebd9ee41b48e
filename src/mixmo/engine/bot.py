"""Bots: players that act through the same engine actions as humans.

A bot splits its work in two. :meth:`Bot.plan` is the thinking: the grid it
wants, found the way a person finds it (:mod:`mixmo.engine.bot_plan`: attach
the new tiles, else take back a word or two, only rarely a new grid), within a
budget of *work* that its level sets (slow, pure, safe on a worker thread).
:meth:`Bot.next_action` is the acting: the one action it wants next, and the
game time at which a player of its level would do it (cheap). Whoever drives
the bot (the TUI on a timer, the headless runner on simulated time) applies the
action when its time comes, so a bot's grid builds up tile by tile.

Nothing a bot decides depends on the clock: its choices come from seeded
random generators and its searches stop after a number of steps, not seconds,
so a bots-only match with a seed replays the same way on any machine at any
load. The time a bot takes on screen is a separate, simulated pace.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace

from mixmo.engine import actions as act
from mixmo.engine.bot_plan import Plan, PlanKind, Style, make_plan, rack_tiles
from mixmo.engine.game_base import MIXMO_DRAW
from mixmo.engine.grid import Cell, Grid
from mixmo.engine.levels import Level
from mixmo.engine.lexicon import Lexicon, common_words, fold
from mixmo.engine.messages import CodedError, Kind, Message
from mixmo.engine.round_end import sprint_take_back
from mixmo.engine.state import MatchState, Phase, PlayerState
from mixmo.engine.themes import ThemeList, builtin_themes
from mixmo.engine.tiles import JOKER, TileKind
from mixmo.engine.validation import validate
from mixmo.engine.variants import Variant

NOT_A_LEVEL = Kind("not-a-bot-level", "{name} is not a bot level ({choices})")
AN_EMPTY_NAME = Kind("an-empty-name", "an empty name")

__all__ = ["PACES", "Bot", "Level", "Pace", "Plan", "PlanKind", "bot_seed", "parse_levels"]


@dataclass(frozen=True)
class Pace:
    """How a level plays: its pace on screen, its effort in thought, its habits.

    Its pace is counted in game seconds: so many a placed tile, so many a decision
    (a look at new tiles), each growing with the grid it already has (a bigger grid
    takes longer to scan). Nothing waits for them: whoever drives the bot applies its
    action when the game's clock reaches the time it asks for.
    """

    seconds_per_tile: float
    """Game seconds to place one tile on an empty grid."""
    thinking: float
    """Game seconds of one decision (a look at new tiles) on an empty grid."""
    work: int
    """The work budget of one plan: search nodes plus words tried (never seconds)."""
    hasty_calls: float
    """The chance, each time it could call MIXMO, that it calls a little too early."""
    common_words: bool
    """Whether it plays everyday words first (where the language has a list of them)."""
    call_delay: float
    """Game seconds between placing its last tile and calling MIXMO."""
    shrewd: bool
    """Picks the theme that suits its tiles, and in the final sprint the word to give up."""
    growth: float = 0.0
    """The share its times grow by for every ten tiles already in its grid."""
    everyday_only: bool = False
    """It plays only everyday words, as a person who plays the words they know (where
    the language has a list of them): the rest of the dictionary only once stuck for
    good, its fresh looks spent (see :data:`RETHINKS`)."""

    def tile_time(self, on_grid: int) -> float:
        """Game seconds to place a tile beside ``on_grid`` tiles already down."""
        return self.seconds_per_tile * (1 + self.growth * on_grid / 10)

    def decision_time(self, on_grid: int) -> float:
        """Game seconds of a decision over a grid of ``on_grid`` tiles."""
        return self.thinking * (1 + self.growth * on_grid / 10)

    def scaled(self, factor: float) -> Pace:
        """The same level, every time multiplied by ``factor`` (``--bot-pace``)."""
        return replace(
            self,
            seconds_per_tile=self.seconds_per_tile * factor,
            thinking=self.thinking * factor,
            call_delay=self.call_delay * factor,
        )


PACES = {
    Level.EASY: Pace(
        seconds_per_tile=2.0, thinking=7.0, work=3_000, hasty_calls=0.08,
        common_words=True, call_delay=2.0, shrewd=False, growth=0.15, everyday_only=True,
    ),
    Level.NORMAL: Pace(
        seconds_per_tile=0.8, thinking=3.0, work=8_000, hasty_calls=0.02,
        common_words=True, call_delay=1.0, shrewd=False, growth=0.1, everyday_only=True,
    ),
    Level.HARD: Pace(
        seconds_per_tile=0.7, thinking=2.5, work=20_000, hasty_calls=0.0,
        common_words=True, call_delay=0.5, shrewd=True, growth=0.1,
    ),
    Level.EXPERT: Pace(
        seconds_per_tile=0.5, thinking=0.6, work=40_000, hasty_calls=0.0,
        common_words=False, call_delay=0.1, shrewd=True,
    ),
}  # fmt: skip
"""Each level's pace and vocabulary: ``easy`` and ``normal`` play only everyday words
(``normal`` a casual player's match, see docs/performance.md), ``hard`` prefers them,
``expert`` is the solver at full speed."""

THINKING_BY_KIND = {
    PlanKind.FIRST: 1.0,
    PlanKind.ATTACH: 0.5,
    PlanKind.TAKE_BACK: 0.5,
    PlanKind.REBUILD: 1.5,
    PlanKind.PARTIAL: 0.5,
}
"""A decision's time by plan, as a share of the level's: new tiles that attach are seen
quickly, a word to take back takes a moment, a new grid longer."""
RETHINKS = 2
"""Fresh looks a stuck bot takes at its tiles (a new seed each) before it waits for a draw;
a bot of everyday words only takes one more, over the whole dictionary."""
RETHINK_AFTER = 3.0
"""Game seconds a stuck bot waits, as a multiple of its thinking time, before a fresh look."""
VOTE_DELAY = 0.5
"""Game seconds a bot takes to vote on a claim the built-in list judges."""
VOTE_PATIENCE = 8.0
"""Game seconds a bot waits for the others' votes on a claim no list judges."""


def bot_seed(seed: int | str) -> int:
    """A match seed as the integer bots derive theirs from (the same in every process:
    Python's ``hash`` of a string is not)."""
    if isinstance(seed, int):
        return seed
    return random.Random(f"match:{seed}").randrange(2**63)


def parse_levels(spec: str) -> list[Level]:
    """``"hard,normal"`` as levels, one per bot seat; ``ValueError`` names a bad one."""
    names = [name.strip().lower() for name in spec.split(",")]
    known = {level.value: level for level in Level}
    bad = [name for name in names if name not in known]
    if bad:
        choices = ", ".join(known)
        name: Message | str = bad[0] or AN_EMPTY_NAME()
        raise CodedError(NOT_A_LEVEL(name=name, choices=choices))
    return [known[name] for name in names]


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
        *,
        pace: Pace | None = None,
    ) -> None:
        """``pace``: the level's own unless given (scaled by ``--bot-pace``, or a
        simulated person's in a benchmark)."""
        self.seat = seat
        self.level = level
        self.pace = PACES[level] if pace is None else pace
        self.lexicon = lexicon
        self.variant = variant
        self.language = language
        self.seed = seed
        self.random = random.Random(f"bot:{seed}:{seat}")
        self.plan_: Plan | None = None
        self.plans: Counter[PlanKind] = Counter()
        """How many plans of each kind it adopted (rebuilds should be rare)."""
        self.ready_at = 0.0
        """Game time before which the bot does nothing (it is thinking or placing)."""
        self.hasty_done = False
        self.rethinks = 0
        """Fresh looks taken since the bot's tiles last changed (see :data:`RETHINKS`)."""
        self._jitter = self.random.uniform(0.7, 1.3)
        self._roll = self.random.random()
        if self.pace.shrewd:  # the theme lists, read once per process, before play starts
            for theme in builtin_themes(language).values():
                _letter_counts(theme)
        everyday = common_words(language) if self.pace.common_words else None
        usable = everyday is not None and lexicon.name == f"embedded {language}"
        self.style = Style(
            self.pace.work, everyday if usable else None, usable and self.pace.everyday_only
        )

    @property
    def rebuilds(self) -> int:
        return self.plans[PlanKind.REBUILD]

    # --- thinking ----------------------------------------------------------------------

    def needs_plan(self, state: MatchState, now: float | None = None) -> bool:
        """True when the bot should think: new tiles came, or its grid is not its plan's;
        or, at game time ``now``, it has been stuck a while and takes a fresh look."""
        player = state.round.player(self.seat)
        if state.round.phase is not Phase.PLAYING or not player.may_act:
            return False
        plan = self.plan_
        if plan is None or plan.round != state.round.number:
            return bool(player.rack)
        if not _on_track(player, plan):
            return True
        if (
            now is not None
            and player.stuck
            and not plan.solved
            and self.rethinks < RETHINKS + self.style.everyday_only
            and now >= self.ready_at + RETHINK_AFTER * self.pace.thinking
        ):
            return True
        return not plan.theme_tried and self._needs_theme_word(state)

    def plan(self, state: MatchState) -> Plan:
        """The grid to build from this player's tiles (slow: a worker's job).

        Pure: it reads the bot's settings and its current plan and changes
        nothing, so a worker thread may run it while the bot acts.
        """
        round_ = state.round
        player = round_.player(self.seat)
        held = list(player.rack) + rack_tiles(player.grid)
        seed = random.Random(
            f"plan:{self.seed}:{self.seat}:{round_.number}:{len(held)}:{sum(self.plans.values())}"
        ).randrange(2**31)
        return make_plan(
            held,
            player.grid,
            self.plan_,
            round_.number,
            self.lexicon,
            self.variant,
            # Stuck for good on everyday words (its fresh looks spent): the whole dictionary,
            # as a person reaches for a rarer word rather than leave the round stalled.
            replace(self.style, everyday_only=False) if self.rethinks >= RETHINKS else self.style,
            seed=seed,
            theme_words=self._theme_words_to_try(state, player),
            need_theme=self._needs_theme_word(state),
        )

    def _final_stage(self, state: MatchState) -> bool:
        """True when the next MIXMO is the final one: the bag cannot cover another draw."""
        round_ = state.round
        return len(round_.bag) < MIXMO_DRAW * len(round_.active_seats())

    def _needs_theme_word(self, state: MatchState) -> bool:
        """True when a final MIXMO would need a theme word that the grid does not hold."""
        return (
            self.variant.themes
            and state.round.theme is not None
            and self._final_stage(state)
            and not self._theme_words(state)
        )

    def _theme_words_to_try(self, state: MatchState, player: PlayerState) -> list[str]:
        """Theme words to build around, longest first, while the grid holds none: the
        built-in list's, or on a theme of the players' own the words that name it."""
        theme = state.round.theme
        if theme is None or not self.variant.themes or self._theme_words(state):
            return []
        theme_list = self._theme_list(state)
        candidates = theme_list.words if theme_list is not None else naming_words(theme)
        shortest = max(3, self.variant.min_word_length)
        return sorted(
            (w for w in candidates if shortest <= len(w) <= 9 and w in self.lexicon),
            key=lambda w: (-len(w), w),
        )

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
        previous = self.plan_
        same_tiles = (
            previous is not None
            and previous.round == plan.round
            and sorted(t.set_key for t in [*previous.target.tiles(), *previous.left])
            == sorted(t.set_key for t in [*plan.target.tiles(), *plan.left])
        )
        self.rethinks = self.rethinks + 1 if same_tiles else 0
        self.plan_ = plan
        self.plans[plan.kind] += 1
        thinking = self.pace.decision_time(len(plan.target)) * THINKING_BY_KIND[plan.kind]
        self.ready_at = max(self.ready_at, now + thinking * self.random.uniform(0.6, 1.4))

    # --- acting -------------------------------------------------------------------------

    def next_action(self, state: MatchState, now: float) -> tuple[float, act.Action] | None:
        """The next action this bot wants, and when; None when it waits for something."""
        round_ = state.round
        player = round_.player(self.seat)
        phase = round_.phase
        at = self.ready_at  # the bot's own time line: its last action, or the end of its thinking
        if phase is Phase.CHOOSING_THEME and round_.bandit_seat == self.seat:
            when = at + self.pace.thinking
            return when, act.ChooseTheme(seat=self.seat, theme=self._theme(player), at=when)
        if phase is Phase.SPRINT and self._sprinting(state):
            return at, act.FinishSprint(seat=self.seat, word_cells=self._give_up(player), at=at)
        if phase is Phase.CLAIMING and player.claims is None:
            return at, act.ClaimThemeWords(seat=self.seat, words=self._claims(state), at=at)
        if phase is Phase.VOTING:
            return self._vote(state, at)
        if phase is not Phase.PLAYING or not player.may_act:
            return None
        plan = self.plan_
        if not player.rack and (plan is None or player.grid == plan.target):
            if self._needs_theme_word(state):
                # The grid holds no word the bot knows is on the theme: wait for a plan
                # that tried to build one in.
                if plan is None or not plan.theme_tried:
                    return None
                if self._theme_list(state) is not None:
                    # The list says no word fits, so a final MIXMO would be refused: say so.
                    if player.stuck:
                        return None
                    when = at + self.pace.thinking
                    return when, act.SayStuck(seat=self.seat, at=when)
                # No list: only the players can judge. Call, claim its best guess, and
                # let the vote decide (see _claims).
            if len(player.grid) and validate(player.grid, self.lexicon, self.variant).valid:
                when = at + self.pace.call_delay
                return when, act.CallMixmo(seat=self.seat, at=when)
            return None
        if plan is None or plan.round != round_.number or not _on_track(player, plan):
            return None  # waiting for a new plan: new tiles came, or the grid changed
        return self._continue(player, plan, at)

    def _continue(
        self, player: PlayerState, plan: Plan, at: float
    ) -> tuple[float, act.Action] | None:
        """The next step towards the plan's grid: move or take back, then place, tile by tile."""
        target = plan.target
        grid = player.grid
        step = self.pace.tile_time(len(grid)) * self._jitter
        wrong = sorted(c for c, t in grid.items() if target.get(c) != t)
        if wrong:
            cell = wrong[0]
            free = sorted(c for c, t in target.items() if t == grid[cell] and c not in grid)
            when = at + step / 2
            if free:  # a tile already down goes straight where the plan wants it
                drow, dcol = free[0][0] - cell[0], free[0][1] - cell[1]
                return when, act.MoveTiles(
                    seat=self.seat, cells=(cell,), drow=drow, dcol=dcol, at=when
                )
            return when, act.TakeBack(seat=self.seat, cells=(cell,), at=when)
        rack = list(player.rack)
        for cell in _placing_order(plan, player):
            tile = target[cell]
            if (JOKER if tile.kind is TileKind.JOKER else tile) not in rack:
                continue
            when = at + step
            if len(rack) <= 2 and not self.hasty_done and self._roll < self.pace.hasty_calls:
                self.hasty_done = True  # a deliberate, rare mistake of the lower levels
                return when, act.CallMixmo(seat=self.seat, at=when)
            row, col = cell
            return when, act.PlaceTile(
                seat=self.seat, row=row, col=col, symbol=tile.symbol, at=when
            )
        if not plan.solved and not player.stuck:
            when = at + self.pace.thinking
            return when, act.SayStuck(seat=self.seat, at=when)
        return None

    # --- the end of a round ---------------------------------------------------------------

    def _theme(self, player: PlayerState) -> str:
        """The theme to announce: a shrewd bot picks the list its tiles spell most words of."""
        themes = list(builtin_themes(self.language).values())
        if not themes:
            return "animals"
        if not self.pace.shrewd:
            return themes[int(self._roll * len(themes))].title
        letters = Counter(t.letter for t in player.held().elements() if t.letter is not None)

        def spellable(theme: ThemeList) -> int:
            return sum(
                1
                for needs in _letter_counts(theme)
                if all(letters[ch] >= n for ch, n in needs.items())
            )

        return max(themes, key=lambda theme: (spellable(theme), theme.id)).title

    def _sprinting(self, state: MatchState) -> bool:
        round_ = state.round
        player = round_.player(self.seat)
        return self.seat != round_.final_caller and not player.out and not player.sprint_done

    def _give_up(self, player: PlayerState) -> tuple[Cell, ...]:
        """The unfinished word to take back in the final sprint (or none).

        A shrewd bot gives up the word whose loss leaves a valid grid with the
        most tiles; the others give up the first unfinished word they see.
        """
        report = validate(player.grid, self.lexicon, self.variant)
        # Only words the sprint's rule lets go of something (round_end.sprint_take_back).
        bad = [
            v.word.cells
            for v in report.words
            if not v.valid and sprint_take_back(player.grid, v.word.cells, report.words)
        ]
        if not bad or not self.pace.shrewd:
            return bad[0] if bad else ()

        def worth(cells: tuple[Cell, ...]) -> tuple[bool, int]:
            own = sprint_take_back(player.grid, cells, report.words) or set()
            grid = player.grid
            for cell in own:
                grid = grid.remove(cell)
            valid = bool(len(grid)) and validate(grid, self.lexicon, self.variant).valid
            return valid, len(grid)

        return max(bad, key=worth)

    def _theme_list(self, state: MatchState) -> ThemeList | None:
        return builtin_themes(self.language).get(state.round.theme_list or "")

    def _theme_words(self, state: MatchState) -> tuple[str, ...]:
        """The valid words of the bot's grid it knows are on the theme: the built-in list's,
        or on a theme of the players' own the words that name it (CAR for "Cars")."""
        theme = state.round.theme
        if theme is None:
            return ()
        theme_list = self._theme_list(state)
        on_theme: Callable[[str], bool]
        on_theme = theme_list.judge if theme_list is not None else naming_words(theme).__contains__
        report = validate(state.round.player(self.seat).grid, self.lexicon, self.variant)
        return tuple(dict.fromkeys(v.text for v in report.words if v.valid and on_theme(v.text)))

    def _claims(self, state: MatchState) -> tuple[str, ...]:
        """The theme words to claim at the end of the round.

        The words it knows are on the theme. On a theme of the players' own with
        none of them in its grid, the bot cannot judge, as the rulebook leaves
        theme words "to the collective judgment of the players": like a player
        who believes a word fits, it claims one, its longest valid word (the one
        a theme bonus pays most for), and lets the vote decide.
        """
        if state.round.player(self.seat).out:
            return ()  # out of the round: nothing it claims can count (docs/rules.md)
        known = self._theme_words(state)
        if known or state.round.theme is None or self._theme_list(state) is not None:
            return known
        report = validate(state.round.player(self.seat).grid, self.lexicon, self.variant)
        valid = sorted({v.text for v in report.words if v.valid}, key=lambda w: (-len(w), w))
        return tuple(valid[:1])

    def _vote(self, state: MatchState, at: float) -> tuple[float, act.Action] | None:
        """Vote like a person: the built-in list when it knows, else the others' majority.

        A claim the theme's built-in list confirms is accepted and one it
        refutes rejected, at once. A claim no list judges (a theme of the
        players' own) waits a little for the others' votes and follows their
        majority; a tie, or no vote yet, accepts, as the rules' count does.
        """
        round_ = state.round
        theme_list = self._theme_list(state)
        seats = round_.active_seats()
        for claimant in seats:
            if claimant == self.seat:
                continue
            for word in round_.player(claimant).claims or ():
                ballot = round_.votes.get((claimant, word), {})
                if self.seat in ballot:
                    continue
                if theme_list is not None:
                    when, accept = at + VOTE_DELAY, theme_list.judge(word)
                else:
                    yes = sum(1 for vote in ballot.values() if vote)
                    accept = yes >= len(ballot) - yes
                    others = [s for s in seats if s not in (claimant, self.seat)]
                    waiting = any(s not in ballot for s in others)
                    when = at + (VOTE_PATIENCE if waiting else VOTE_DELAY)
                return when, act.Vote(
                    seat=self.seat, claimant=claimant, word=word, accept=accept, at=when
                )
        return None


def _on_track(player: PlayerState, plan: Plan) -> bool:
    """True while the player's tiles are the plan's: the bot's own moves keep a plan,
    a draw or another change asks for a new one."""
    held = sorted(t.set_key for t in player.rack) + [t.set_key for t in player.grid.tiles()]
    wanted = [t.set_key for t in plan.target.tiles()] + [t.set_key for t in plan.left]
    return sorted(held) == sorted(wanted)


@functools.cache
def naming_words(theme: str) -> frozenset[str]:
    """The words a bot takes to be on a theme no built-in list judges: the theme's own
    main word (its longest, the last of equals), singular and plural, in tile spelling.

    "Cars" gives CARS and CAR; "Cuisine", CUISINE and CUISINES; "things with
    wheels", WHEELS and WHEEL. The dictionary decides which of them are words.
    """
    words = [w for w in fold(theme).split() if w.isalpha()]
    if not words:
        return frozenset()
    main = max(reversed(words), key=len)
    return frozenset({main, main + "S", main.removesuffix("S"), main.removesuffix("X")} - {""})


@functools.cache
def _letter_counts(theme: ThemeList) -> tuple[Counter[str], ...]:
    """The letters of each theme word of three letters or more (worked out once)."""
    return tuple(Counter(word) for word in sorted(theme.words) if len(word) >= 3)


@functools.lru_cache(maxsize=64)
def _word_cells(target: Grid) -> tuple[tuple[Cell, ...], ...]:
    """The cells of each word of a plan's grid (worked out once per plan, not per tick)."""
    return tuple(word.cells for word in target.words())


def _placing_order(plan: Plan, player: PlayerState) -> list[Cell]:
    """The plan's free cells in the order a person fills them: word by word, each word
    through a tile already down (the first word of an empty grid first)."""
    grid = player.grid
    order: list[Cell] = []
    for cells in _word_cells(plan.target):
        missing = [c for c in cells if c not in grid]
        touches = not len(grid) or any(c in grid for c in cells)
        if missing and touches:
            order += missing
    order += [c for c, _ in plan.target.items() if c not in grid]
    return list(dict.fromkeys(order))
