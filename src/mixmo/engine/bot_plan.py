"""How a bot plans its grid the way a person does.

After a draw, a person first looks where the new tiles attach to the grid they
are building; failing that, they take back a word or two and try again; only
when that fails too do they start a new grid, and even then they move the tiles
already down to where the new grid wants them rather than clearing the table.
:func:`make_plan` does the same, in that order, within a budget of *work*
(search nodes and words tried, never seconds), so a seeded match replays
exactly on any machine at any load.

Planning is pure and slow (a worker's job); acting on a plan is
:mod:`mixmo.engine.bot`'s.
"""

from __future__ import annotations

import enum
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace

from mixmo.engine.grid import Cell, Grid
from mixmo.engine.lexicon import Lexicon
from mixmo.engine.solver import SolveResult, solve
from mixmo.engine.solver.api import _board_from_grid
from mixmo.engine.solver.board import Board, Words
from mixmo.engine.solver.incremental import attach_word
from mixmo.engine.tiles import JOKER, Tile, TileKind
from mixmo.engine.validation import validate
from mixmo.engine.variants import Variant

THEME_TRIES = 3
"""Theme words a bot tries to fit before it plans the rest."""
THEME_EFFORT = 2
"""A new grid around a theme word, the last chance of a final MIXMO, is worth this many
plans' work."""


class PlanKind(enum.Enum):
    """How a plan goes from the grid on the table to the grid the bot wants."""

    FIRST = "first"
    """The round's first grid: nothing was on the table."""
    ATTACH = "attach"
    """Every tile of the grid stays; the new ones attach to it."""
    TAKE_BACK = "take back"
    """A word or two of the grid go back to the rack first."""
    REBUILD = "rebuild"
    """A new grid: the tiles already down move to where it wants them."""
    PARTIAL = "partial"
    """No full grid: the grid stays, the tiles that fit go down, the bot says it is stuck."""


@dataclass(frozen=True)
class Plan:
    """The grid a bot is building towards, and the tiles it could not fit."""

    target: Grid
    left: tuple[Tile, ...]
    solved: bool
    kind: PlanKind = PlanKind.FIRST
    round: int = 0
    """The round the plan was made in (a new round needs a new plan)."""
    work: int = 0
    """Units of work the planning spent (within the level's budget)."""
    theme_tried: bool = False
    """The plan was asked for a theme word at the end of a round (found or not)."""
    budget: int = 0
    """The work it was allowed: the level's, more for a last search for a theme word."""


@dataclass(frozen=True)
class Style:
    """What a level brings to planning."""

    work: int
    """The work budget of one plan (search nodes plus words and tiles tried)."""
    everyday: Lexicon | None = None
    """Everyday words to try first (lower levels), before the whole dictionary."""
    everyday_only: bool = False
    """Only the everyday words, never the whole dictionary (a person plays what they know)."""


def rack_tiles(grid: Grid) -> list[Tile]:
    """The grid's tiles as they would come back to a rack (a declared joker is a joker)."""
    return [JOKER if t.kind is TileKind.JOKER else t for t in grid.tiles()]


def make_plan(
    held: Sequence[Tile],
    grid: Grid,
    previous: Plan | None,
    round_number: int,
    lexicon: Lexicon,
    variant: Variant,
    style: Style,
    *,
    seed: int,
    theme_words: Sequence[str] = (),
    need_theme: bool = False,
) -> Plan:
    """The plan of a player who holds ``held`` (rack and grid) with ``grid`` on the table.

    The plan builds on the bot's previous target when it still holds its tiles
    (the tiles of a half-placed word are on their way), else on the grid when it
    is valid; ``theme_words`` are tried first when the grid holds
    none yet. With ``need_theme`` (the final MIXMO is near and a theme is in play)
    a plan that holds no theme word is worth a new grid built around one.
    """
    vocabulary = lexicon  # the words the bot builds with: only the everyday ones for some levels
    if style.everyday is not None and style.everyday_only:
        vocabulary = style.everyday
        theme_words = [w for w in theme_words if w in vocabulary]
    plan = _make_plan(held, grid, previous, round_number, lexicon, variant, style, seed,
                      theme_words)  # fmt: skip
    if not need_theme:
        return replace(plan, budget=style.work)
    if len(plan.target):
        words = {v.text for v in validate(plan.target, lexicon, variant).words if v.valid}
    else:
        words = set()
    if not words & set(theme_words):
        first_work = plan.work
        purse = [THEME_EFFORT * style.work]
        around = _around_theme_word(
            list(held), theme_words, vocabulary, variant, style, purse, seed
        )
        if around is not None:
            target = align(around.grid, grid)
            plan = _plan(around, target, PlanKind.REBUILD, round_number, style, purse)
        spent = first_work + THEME_EFFORT * style.work - purse[0]
        return replace(plan, theme_tried=True, work=spent, budget=(1 + THEME_EFFORT) * style.work)
    return replace(plan, theme_tried=True, budget=style.work)


def _make_plan(
    held: Sequence[Tile],
    grid: Grid,
    previous: Plan | None,
    round_number: int,
    lexicon: Lexicon,
    variant: Variant,
    style: Style,
    seed: int,
    theme_words: Sequence[str],
) -> Plan:
    purse = [style.work]
    held_count = Counter(held)
    base = _base(held_count, grid, previous, round_number, lexicon, variant)
    if base is None:
        kind = PlanKind.REBUILD if len(grid) else PlanKind.FIRST
        result = _solve(list(held), None, lexicon, variant, style, purse, seed, scratch=True)
        return _plan(result, align(result.grid, grid), kind, round_number, style, purse)
    rack = list((held_count - Counter(rack_tiles(base))).elements())
    if not rack:
        return Plan(base, (), True, PlanKind.ATTACH, round_number, 0)
    words = style.everyday if style.everyday is not None and style.everyday_only else lexicon
    if words is not lexicon and theme_words and not validate(base, words, variant).valid:
        theme_words = []  # a grid of other words (a game saved before): no theme word onto it
    themed = _with_theme_word(rack, base, theme_words, words, variant, style, purse, seed)
    if themed is not None:
        return _plan(themed, themed.grid, PlanKind.ATTACH, round_number, style, purse)
    kept = _solve(rack, base, lexicon, variant, style, purse, seed, scratch=False)
    if kept.solved:
        kind = PlanKind.ATTACH if kept.method == "attach" else PlanKind.TAKE_BACK
        return _plan(kept, kept.grid, kind, round_number, style, purse)
    if purse[0] > 0:
        fresh = _solve(list(held), None, lexicon, variant, style, purse, seed + 1, scratch=True)
        if fresh.solved:
            return _plan(fresh, align(fresh.grid, grid), PlanKind.REBUILD, round_number, style,
                         purse)  # fmt: skip
    return _plan(kept, kept.grid, PlanKind.PARTIAL, round_number, style, purse)


def _plan(
    result: SolveResult,
    target: Grid,
    kind: PlanKind,
    round_number: int,
    style: Style,
    purse: list[int],
) -> Plan:
    left = tuple(JOKER if t.kind is TileKind.JOKER else t for t in result.tiles_left)
    if not result.solved and kind is not PlanKind.FIRST:
        kind = PlanKind.PARTIAL
    return Plan(target, left, result.solved, kind, round_number, style.work - purse[0])


def _around_theme_word(
    held: list[Tile],
    theme_words: Sequence[str],
    lexicon: Lexicon,
    variant: Variant,
    style: Style,
    purse: list[int],
    seed: int,
) -> SolveResult | None:
    """A new grid of every tile held, built around one of ``theme_words``, if one is found."""
    letters = _letters(held)
    blanks = sum(1 for t in held if t.kind is not TileKind.LETTER)
    spellable = [w for w in theme_words if sum((Counter(w) - letters).values()) <= blanks]
    spellable.sort(key=len)  # a short word leaves the most freedom to the other tiles
    for word in spellable[:THEME_TRIES]:
        board = Board(Words(lexicon), variant)
        board.add_to_rack(held)
        if not attach_word(board, word):
            continue
        result = solve(board.rack_tiles(), lexicon, variant, board.grid(), budget=None,
                       work=purse[0] // THEME_TRIES, seed=seed, from_scratch=False)  # fmt: skip
        purse[0] -= result.work
        if result.solved:
            return result
    return None


def _base(
    held: Counter[Tile],
    grid: Grid,
    previous: Plan | None,
    round_number: int,
    lexicon: Lexicon,
    variant: Variant,
) -> Grid | None:
    """The valid grid to build on: the previous target, or the grid on the table."""
    if (
        previous is not None
        and previous.round == round_number
        and len(previous.target)
        and not Counter(rack_tiles(previous.target)) - held
    ):
        return previous.target
    if len(grid) and validate(grid, lexicon, variant).valid:
        return grid
    return None


def _solve(
    tiles: list[Tile],
    base: Grid | None,
    lexicon: Lexicon,
    variant: Variant,
    style: Style,
    purse: list[int],
    seed: int,
    *,
    scratch: bool,
) -> SolveResult:
    """Solve with the everyday words first (half the work left), then the whole dictionary
    (unless the style plays everyday words only).

    Spends from ``purse`` (a one-item list shared by the whole plan).
    """
    if style.everyday is None:
        lexicons = [lexicon]
    elif style.everyday_only:
        lexicons = [style.everyday]
    else:
        lexicons = [style.everyday, lexicon]
    best: SolveResult | None = None
    for n, words in enumerate(lexicons):
        last = n == len(lexicons) - 1
        work = purse[0] if last else purse[0] // 2
        if work <= 0:
            break
        try:
            result = solve(
                tiles,
                words,
                variant,
                base,
                budget=None,
                work=work,
                seed=seed,
                from_scratch=scratch,
            )
        except ValueError:  # the grid's Bandit spells no everyday word: the next list
            continue
        purse[0] -= result.work
        if result.solved:
            return result
        if best is None or len(result.tiles_left) <= len(best.tiles_left):
            best = result
    if best is None:
        return SolveResult(base or Grid(), False, tuple(tiles), False, 0.0, "no work left")
    return best


def _with_theme_word(
    rack: list[Tile],
    base: Grid,
    theme_words: Sequence[str],
    lexicon: Lexicon,
    variant: Variant,
    style: Style,
    purse: list[int],
    seed: int,
) -> SolveResult | None:
    """A full grid around one of ``theme_words`` attached to ``base``, if one is found."""
    if not theme_words:
        return None
    letters = _letters(rack)
    blanks = sum(1 for t in rack if t.kind is not TileKind.LETTER)
    tried = 0
    for word in theme_words:
        if sum((Counter(word) - letters).values()) > blanks + 1:
            continue
        trial = Board(Words(lexicon), variant)
        _board_from_grid(trial, base, lexicon, variant)
        trial.add_to_rack(rack)
        tried += 1
        if attach_word(trial, word):
            result = solve(trial.rack_tiles(), lexicon, variant, trial.grid(), budget=None,
                           work=purse[0] // THEME_TRIES, seed=seed, from_scratch=False)  # fmt: skip
            purse[0] -= result.work
            if result.solved:
                return result
        if tried >= THEME_TRIES or purse[0] <= 0:
            break
    return None


def _letters(tiles: Sequence[Tile]) -> Counter[str]:
    """The letters of the letter tiles among ``tiles``."""
    return Counter(t.letter for t in tiles if t.kind is TileKind.LETTER and t.letter is not None)


def align(target: Grid, grid: Grid) -> Grid:
    """``target`` shifted (and maybe turned on its diagonal) to keep most of ``grid`` in place.

    A person who starts a new grid keeps the tiles that are already where the
    new grid wants them, and moves the others; the more of them match, the
    fewer moves.
    """
    if not len(target) or not len(grid):
        return target
    where: defaultdict[Tile, list[Cell]] = defaultdict(list)
    for cell, tile in grid.items():
        where[tile].append(cell)
    best = (0, 0, (0, 0))
    for turned in (0, 1):
        cells = target.items() if not turned else [((c, r), t) for (r, c), t in target.items()]
        votes: Counter[Cell] = Counter()
        for (r, c), tile in cells:
            for gr, gc in where.get(tile, ()):
                votes[(gr - r, gc - c)] += 1
        if votes:
            offset, count = min(votes.items(), key=lambda item: (-item[1], item[0]))
            if count > best[0]:
                best = (count, turned, offset)
    _, turned, (dr, dc) = best
    cells = target.items() if not turned else [((c, r), t) for (r, c), t in target.items()]
    return Grid({(r + dr, c + dc): tile for (r, c), tile in cells})
