"""``solve()``: complete a rack into a valid grid, from scratch or onto a player's grid.

Anytime: within its budget (seconds of a clock, or units of work: search
nodes and words tried, which never depend on the machine's load) it returns
a full grid when it finds one,
and otherwise the valid grid with the most tiles placed and the tiles left.
Every grid it returns has passed :func:`mixmo.engine.validation.validate`
(for a partial grid: every rule but "every tile placed").
"""

from __future__ import annotations

import contextlib
import copy
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from mixmo.engine.grid import Cell, Grid
from mixmo.engine.lexicon import Lexicon
from mixmo.engine.messages import CodedError, Kind, Listing, Message, Plural
from mixmo.engine.solver.board import Board, Words
from mixmo.engine.solver.crossings import forced_crossings
from mixmo.engine.solver.exhaustive import EXHAUSTIVE_MAX_TILES, settle
from mixmo.engine.solver.impossible import impossibility
from mixmo.engine.solver.incremental import rip_candidates
from mixmo.engine.solver.index import LexiconIndex, index_for
from mixmo.engine.solver.search import Clock, OutOfTime, Search
from mixmo.engine.tiles import TILE_SET_SIZE, Tile, TileKind
from mixmo.engine.validation import validate
from mixmo.engine.variants import Variant

NOT_IN_TIME = Kind("no-grid-in-time", "no valid grid found in time")
TILES_LEFT = Plural(
    "tiles-left-in-budget",
    "{count} tile left: no full grid found within {budget}",
    "{count} tiles left: no full grid found within {budget}",
)
UNITS_OF_WORK = Kind("units-of-work", "{count} units of work")
NO_BUDGET = Kind("no-budget", "no budget")

ATTACH_RESTARTS = 2
"""Restarts spent attaching the new tiles to the grid as it is, before taking words back."""
SMALL_RACK_RESTARTS = 3
"""Restarts of the heuristic search on a small rack before the complete search
(:mod:`.exhaustive`) takes over, to find its grid or prove there is none."""
SETTLE_STEP_WORK = 64
"""Units of work one step of the complete search counts for: a step tries every word
through every open tile (measured: about 5 ms, where a unit is about 80 µs)."""
RIP_OPTIONS = 8
"""Words of the grid tried, one at a time, for taking back (fewest tiles first)."""
RIP_PAIRS = 4
"""Pairs of words tried for taking back, after single words (fewest tiles first)."""


@dataclass(frozen=True, slots=True)
class SolveResult:
    """What :func:`solve` found.

    ``grid`` is always a valid grid (or empty, when not even one word could
    be made); ``solved`` says it holds every tile; ``tiles_left`` are the rack
    tiles it could not place. ``proven_impossible`` is True when no valid
    grid with every tile exists (a cheap proof, explained in ``explanation``).
    """

    grid: Grid
    solved: bool
    tiles_left: tuple[Tile, ...]
    proven_impossible: bool
    elapsed: float
    explanation: Message | str
    nodes: int = 0
    work: int = 0
    """Units of work the search spent (nodes plus words and tiles tried)."""
    method: str = ""
    """How ``grid`` was reached from the given grid: "attach" (every tile of it
    kept), "take back" (the own tiles of a word or two taken back first),
    "scratch" (a new grid), or "" (nothing placed)."""


class RackTooLongError(CodedError):
    """A rack of more tiles than the whole set: no player ever holds it (and reading
    megabytes of it tile by tile took half a minute)."""

    kind = Kind(
        "rack-too-long", "a rack holds at most {limit} tiles (the whole set); this one has {tiles}"
    )
    tiles: int
    limit: int


def parse_rack(rack: Sequence[Tile] | str) -> list[Tile]:
    """A rack as tiles: ``"QI?!e"`` reads as the grid format (``?`` joker, ``!`` Bandit);
    RackTooLongError past the :data:`~mixmo.engine.tiles.TILE_SET_SIZE` tiles of the set."""
    if isinstance(rack, str):
        symbols = "".join(rack.split())  # counted before any is read
        if len(symbols) > TILE_SET_SIZE:
            raise RackTooLongError(tiles=len(symbols), limit=TILE_SET_SIZE)
        return [Tile.from_symbol(ch) for ch in symbols]
    return list(rack)


def _board_from_grid(board: Board, grid: Grid, lexicon: Lexicon, variant: Variant) -> None:
    """Put a player's grid on the board, its open jokers at the letters the validator finds."""
    report = validate(grid, lexicon, variant)
    letters = {tile.cell: tile.letter for tile in report.open_tiles}
    for cell, tile in grid.items():
        letter = tile.letter if tile.letter is not None else letters.get(cell)
        if letter is None:
            raise ValueError(f"the grid's joker at {cell} stands for no letter")
        board.letters[cell] = letter
        board.fixed[cell] = tile
        if tile.is_blank:
            board.kinds[cell] = "!" if tile.symbol == "!" else "?"
    for verdict in report.words:
        board.on_board[verdict.text] += 1


def _copy_board(board: Board) -> Board:
    """A board of its own with the same tiles, rack and words as ``board``.

    Its containers (cells, rack, word counts) are copied; the lexicon cache and
    the tiles themselves, which never change, are shared.
    """
    twin = copy.copy(board)
    for name, value in vars(board).items():
        if isinstance(value, dict | list | set):
            setattr(twin, name, copy.copy(value))
    return twin


def _checked(
    snapshot: dict[Cell, tuple[str, str]], board: Board, lexicon: Lexicon, variant: Variant
) -> Grid | None:
    """The grid of a board snapshot if the validator passes it, else None."""
    saved_letters, saved_kinds = board.letters, board.kinds
    board.letters = {cell: ch for cell, (ch, _) in snapshot.items()}
    board.kinds = {cell: kind for cell, (_, kind) in snapshot.items() if kind != "L"}
    try:
        grid = board.grid()
    finally:
        board.letters, board.kinds = saved_letters, saved_kinds
    if not len(grid):
        return grid
    return grid if validate(grid, lexicon, variant).valid else None


def solve(
    rack: Sequence[Tile] | str,
    lexicon: Lexicon,
    variant: Variant | None = None,
    grid: Grid | None = None,
    *,
    budget: float | None = 1.0,
    seed: int = 0,
    clock: Clock = time.perf_counter,
    work: int | None = None,
    from_scratch: bool = True,
) -> SolveResult:
    """Find a valid grid that holds every tile of ``rack`` (and of ``grid``, if given).

    ``rack`` is tiles or their grid symbols (``"QUIZ?!"``); ``grid`` a valid
    grid the tiles are added to, keeping it as it is when the new tiles can be
    attached, and otherwise taking back as few of its words as needed. The
    search stops after ``budget`` seconds of ``clock``, or after ``work``
    units of work (search nodes plus words and tiles tried on the board),
    whichever comes first. With ``budget=None`` and a ``work`` budget the
    result depends on nothing but the inputs and ``seed``, at any load: bots
    solve that way. With a time budget it is deterministic for a given
    ``seed`` when the budget is not reached (or with a fake ``clock``). The
    ``clock`` default, ``time.perf_counter``, is the one place the engine
    reads real time; ``elapsed`` is measured with it either way.

    ``from_scratch=False`` keeps to the given grid: attach to it, or take
    back a word or two of it, and never start a new grid (how a person
    extends their grid; the best partial grid then still holds most of it).

    The first solve with a lexicon also builds the lexicon's index (once per
    process; see docs/solver.md), before the budget starts: call
    ``index_for(lexicon).prepare()`` ahead of time to pay it up front.
    ``elapsed`` is the time of the search, within the budget.
    """
    variant = variant or Variant()
    tiles = parse_rack(rack)
    base = grid if grid is not None and len(grid) else None
    index = index_for(lexicon).prepare(len(tiles) + (len(base) if base is not None else 0) + 1)
    start = clock()
    solving = _Solving(
        tiles=tiles,
        lexicon=lexicon,
        variant=variant,
        base=base,
        index=index,
        words=Words(lexicon),
        budget=budget,
        work=work,
        seed=seed,
        clock=clock,
        from_scratch=from_scratch,
        start=start,
        deadline=float("inf") if budget is None else start + budget,
        work_left=work,
    )
    solving.proof = impossibility(tiles if base is None else tiles + base.tiles(), index, variant)
    if solving.proof is not None and base is None:
        return SolveResult(Grid(), False, tuple(tiles), True, clock() - start, solving.proof)
    return solving.run()


@dataclass(slots=True)
class _Solving:
    """One call of :func:`solve`: its inputs, its budget, and what it has spent so far.

    The attempts run in order (attach, take back, from scratch, the complete search)
    and share the budget: each spends from ``work_left`` and stops at ``deadline``.
    """

    tiles: list[Tile]
    lexicon: Lexicon
    variant: Variant
    base: Grid | None
    index: LexiconIndex
    words: Words
    budget: float | None
    work: int | None
    seed: int
    clock: Clock
    from_scratch: bool
    start: float
    deadline: float
    work_left: int | None
    proof: Message | None = None
    nodes: int = 0
    spent: int = 0
    start_board: Board | None = None

    @property
    def small(self) -> bool:
        """A rack small enough for the complete search, with no grid to keep."""
        return self.base is None and len(self.tiles) <= EXHAUSTIVE_MAX_TILES

    def run(self) -> SolveResult:
        """The first full grid an attempt finds, or the best partial grid of them all."""
        start_board = Board(self.words, self.variant)
        if self.base is not None:  # validates once, not per attempt
            _board_from_grid(start_board, self.base, self.lexicon, self.variant)
        start_board.add_to_rack(self.tiles)
        self.start_board = start_board
        if (
            self.base is None
            and self.proof is None
            and not self.small
            and (self.budget, self.work) != (None, None)
        ):
            crossed = self.from_forced_crossings()
            if crossed is not None:
                return crossed
        best: tuple[int, Grid, str] | None = None
        for method, how, board, restarts in self.attempts():
            if (self.budget is not None and self.clock() > self.deadline) or (
                self.work_left is not None and self.work_left <= 0
            ):
                break
            found, left, checked = self.search(board, restarts)
            if checked is None:  # never expected: the board keeps every move valid
                continue
            if found:
                return self.solved(checked, f"every tile placed ({how})", method)
            if best is None or left < best[0]:
                best = (left, checked, method)
        complete = self.complete_search()
        if complete is not None:
            return complete
        return self.partial(best)

    def fresh(self) -> Board:
        """A copy of the board the attempts on the given grid start from."""
        assert self.start_board is not None
        return _copy_board(self.start_board)

    def scratch(self) -> Board:
        """An empty board with every tile, the given grid's too, on the rack."""
        board = Board(self.words, self.variant)
        board.add_to_rack(self.tiles + (self.base.tiles() if self.base is not None else []))
        return board

    def attempts(self) -> Iterator[tuple[str, str, Board, int | None]]:
        """(method, how, board, restarts allowed: None until the budget ends), made lazily."""
        if self.base is not None:
            yield "attach", "attached to the grid", self.fresh(), ATTACH_RESTARTS
            for count, ripped in rip_candidates(self.fresh, limit=RIP_OPTIONS, pairs=RIP_PAIRS):
                yield "take back", f"after taking back {count} tile(s) of the grid", ripped, 0
        if self.from_scratch or self.base is None:
            # A proven-impossible set only looks for its best partial grid, briefly.
            restarts = None if self.proof is None else ATTACH_RESTARTS
            if self.small and self.proof is None:
                restarts = SMALL_RACK_RESTARTS
            yield "scratch", "from scratch", self.scratch(), restarts

    def spend(self, nodes: int, work: int) -> None:
        """Count what a search spent against the budget."""
        self.nodes += nodes
        self.spent += work
        if self.work_left is not None:
            self.work_left -= work

    def search(self, board: Board, restarts: int | None) -> tuple[bool, int, Grid | None]:
        """One attempt's heuristic search: whether it placed every tile, how many it left,
        and its grid once the validator passed it (None if it did not)."""
        search = Search(
            board,
            self.index,
            seed=self.seed,
            deadline=self.deadline,
            clock=self.clock,
            work_limit=self.work_left,
        )
        found = False
        with contextlib.suppress(OutOfTime):
            found = search.run(node_limit=40 + 4 * board.rack_size, restarts=restarts)
        self.spend(search.stats.nodes, search.work)
        snapshot = board.snapshot() if found else search.best
        left = 0 if found else search.best_left
        return found, left, _checked(snapshot, board, self.lexicon, self.variant)

    def from_forced_crossings(self) -> SolveResult | None:
        """Two words that must cross (the crossing proof left no slack): a grid grown from
        them, when one holds every tile."""
        tiles, budget, clock = self.tiles, self.budget, self.clock
        letters = Counter(t.letter for t in tiles if t.kind is TileKind.LETTER and t.letter)
        blanks = len(tiles) - letters.total()
        crossings = forced_crossings(letters, blanks, len(tiles), self.index, self.variant)
        for first, second, i, j in crossings:
            if clock() > self.deadline or (self.work_left is not None and self.work_left <= 0):
                break
            start_grid = Grid(
                {(0, c): Tile(TileKind.LETTER, ch) for c, ch in enumerate(first)}
                | {(r - j, i): Tile(TileKind.LETTER, ch) for r, ch in enumerate(second)}
            )
            used = Counter(first) + Counter(second)
            used[first[i]] -= 1
            rest = [Tile(TileKind.LETTER, ch) for ch in (letters - used).elements()]
            started = solve(
                rest,
                self.lexicon,
                self.variant,
                start_grid,
                budget=None if budget is None else min(budget / 4, self.deadline - clock()),
                seed=self.seed,
                clock=clock,
                work=None if self.work_left is None else self.work_left // 4,
                from_scratch=False,
            )
            self.spend(started.nodes, started.work)
            if started.solved:
                how = "every tile placed (from scratch, from two words that must cross)"
                return self.solved(started.grid, how, "scratch")
        return None

    def complete_search(self) -> SolveResult | None:
        """A small rack's grid by the complete search, or its proof that there is none
        (kept in ``proof``), while the budget lasts."""
        if not (
            self.small
            and self.proof is None
            and self.clock() <= self.deadline
            and (self.work_left is None or self.work_left >= 2 * SETTLE_STEP_WORK)
        ):
            return None
        # The search counts the step that goes over its limit: stop one short of the budget.
        step_limit = None if self.work_left is None else self.work_left // SETTLE_STEP_WORK - 1
        found_grid, self.proof, steps = settle(
            self.tiles,
            self.index,
            self.words,
            self.variant,
            deadline=self.deadline,
            clock=self.clock,
            step_limit=step_limit,
        )
        self.spent += steps * SETTLE_STEP_WORK
        if not found_grid:
            return None
        complete = _checked(found_grid, self.scratch(), self.lexicon, self.variant)
        if complete is None:
            return None
        return self.solved(complete, "every tile placed (from scratch, by the complete search)")

    def solved(self, grid: Grid, how: str, method: str = "scratch") -> SolveResult:
        """A full grid, with what it cost."""
        elapsed = self.clock() - self.start
        return SolveResult(grid, True, (), False, elapsed, how, self.nodes, self.spent, method)

    def partial(self, best: tuple[int, Grid, str] | None) -> SolveResult:
        """No full grid: the grid with the fewest tiles left (or the given one), and why."""
        proven = self.proof is not None
        if best is None:
            return SolveResult(
                self.base or Grid(),
                False,
                tuple(self.tiles),
                proven,
                self.clock() - self.start,
                self.proof or NOT_IN_TIME(),
                self.nodes,
                self.spent,
            )
        left, checked, method = best
        every_tile = self.tiles + (self.base.tiles() if self.base is not None else [])
        return SolveResult(
            checked,
            False,
            tuple(_tiles_left(every_tile, checked)),
            proven,
            self.clock() - self.start,
            self.proof or TILES_LEFT(count=left, budget=_budget_text(self.budget, self.work)),
            self.nodes,
            self.spent,
            method,
        )


def _budget_text(budget: float | None, work: int | None) -> Message | Listing:
    """The budget in words: "2 s", "20000 units of work", or both."""
    parts: list[Message | str] = [f"{budget:g} s"] if budget is not None else []
    if work is not None:
        parts.append(UNITS_OF_WORK(count=work))
    return Listing(tuple(parts), "or") if parts else NO_BUDGET()


def _tiles_left(all_tiles: list[Tile], grid: Grid) -> list[Tile]:
    """The tiles of ``all_tiles`` that ``grid`` does not hold (declared jokers count as jokers)."""
    placed = Counter(tile.set_key for tile in grid.tiles())
    left = []
    for tile in all_tiles:
        if placed[tile.set_key] > 0:
            placed[tile.set_key] -= 1
        else:
            left.append(tile)
    return left
