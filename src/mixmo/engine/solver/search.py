"""The search: grow a grid word by word, best-looking move first, with restarts.

From the board it is given (empty, or a player's grid), the search places one
word at a time through a tile already there (or, on an empty board, a first
word), keeping the grid valid after every move (:mod:`.board`). Moves are
ranked by the tiles they use, rarer letters first (Q, J, X, Z...), with a
cost for spending a joker early. It explores a few best moves at each step
depth first, with a node budget; when the budget runs out it restarts with
seeded noise on the ranking, until the deadline or the work budget is spent.
Work counts search nodes and words (or tiles) tried on the board: a search
bounded by work alone never reads the clock, so it decides the same way at
any machine load (bots use it; ``mixmo solve --time`` keeps a deadline).
Near the end, when few tiles are left or no word fits, it also tries every tile alone on every free
cell next to the grid (a plural S, a two-letter word alongside...).

It remembers the board with the most tiles placed, for the anytime answer.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from mixmo.engine.grid import Cell
from mixmo.engine.solver.board import Board, Move
from mixmo.engine.solver.index import Entry, LexiconIndex

Clock = Callable[[], float]

VOWELS = frozenset("AEIOUY")
JOKER_COST = 6.0
"""How much a move loses for each joker it spends (they are worth keeping for the end)."""
BANDIT_GAIN = 6.0
"""How much a move gains for placing the Bandit (it only fits K W X Y Z)."""
LEAVE_WEIGHT = 0.8
"""How much a move loses per tile of vowel/consonant imbalance it leaves on the rack."""
SMALL_RACK = 4
"""At this many tiles left or fewer, single-tile moves are tried too."""


BATCH = 200
"""Words ranked at a time (the pool is in order of worth, so the best are early)."""
MAX_TRIED = 3000
"""Words tried on the board per step before giving up on word moves."""
SCAN_UNIT = 100
"""Words of the index scanned for a pool that count as one unit of work (a scan
of 100 codes costs about what one word tried on the board does)."""
_SCORE = operator.itemgetter(0)
_IS_VOWEL = frozenset("AEIOUY")
_NO_BANDIT_LETTER = frozenset("KWXYZ")


class OutOfTime(Exception):
    """The deadline passed, or the work budget ran out, during the search."""


@dataclass
class SearchStats:
    nodes: int = 0
    restarts: int = 0


class Search:
    """One solve: a board, a lexicon index, a seeded random source and a deadline."""

    def __init__(
        self,
        board: Board,
        index: LexiconIndex,
        *,
        seed: int,
        deadline: float,
        clock: Clock,
        work_limit: int | None = None,
    ) -> None:
        self.board = board
        self.index = index
        self.rng = random.Random(seed)
        self.deadline = deadline
        self.clock = clock
        self.timed = deadline != float("inf")
        """Whether the clock bounds the search at all (never, for a work budget alone)."""
        self.work = 0
        """Work done: nodes visited plus words and tiles tried on the board."""
        self.work_limit = float("inf") if work_limit is None else work_limit
        self.noise = 0.0
        self.stats = SearchStats()
        self.best: dict[Cell, tuple[str, str]] = board.snapshot()
        self.best_left = board.rack_size
        self._node_limit = 0

    # --- candidates -----------------------------------------------------------

    def pool(self, parent: list[Entry] | None) -> list[Entry]:
        """The words that may still be spelt from the rack plus one crossing tile, worthiest first."""
        board = self.board
        limit = board.jokers + board.bandits + 1
        rack_code = self.index.rack_code(board.rack)
        if parent is None:
            longest = board.rack_size + 1
            lengths = [n for n in self.index.lengths if board.min_length <= n <= longest]
            self._spend(sum(len(self.index.entries(n)) for n in lengths) // SCAN_UNIT)
            return self.index.spellable(rack_code, limit, lengths)
        self._spend(len(parent) // SCAN_UNIT)
        not_rack = self.index.full & ~rack_code
        return [e for e in parent if (e[1] & not_rack).bit_count() <= limit]

    def ranked(self, pool: list[Entry], crossing: bool) -> Iterator[list[Entry]]:
        """The pool's words that fit the rack, in batches, each best first for this rack.

        The pool is in order of worth (the letters' weights); a batch takes the
        next :data:`BATCH` words that fit and sorts them by their score here:
        worth, less a cost per joker spent and for the vowel/consonant balance
        left on the rack, plus the seeded noise of a restart.
        """
        board = self.board
        blanks = board.jokers + board.bandits
        cross = 1 if crossing else 0
        limit = blanks + cross
        not_rack = self.index.full & ~self.index.rack_code(board.rack)
        vowels_left = sum(board.rack[v] for v in VOWELS)
        left = board.rack_size
        noise = self.noise
        rand = self.rng.random
        bandits = board.bandits
        batch: list[tuple[float, Entry]] = []
        for entry in pool:
            lack = (entry[1] & not_rack).bit_count()
            if lack > limit:
                continue
            word = entry[0]
            used = len(word) - cross
            if used > left:
                continue
            blanks_used = lack - cross if lack > cross else 0
            score = entry[2] - JOKER_COST * blanks_used
            if bandits and blanks_used and not _NO_BANDIT_LETTER.isdisjoint(word):
                score += BANDIT_GAIN
            vowels = sum(map(_IS_VOWEL.__contains__, word)) - cross
            score -= LEAVE_WEIGHT * abs((vowels_left - vowels) - 0.4 * (left - used))
            if noise:
                score += noise * rand()
            batch.append((score, entry))
            if len(batch) >= BATCH:
                batch.sort(key=_SCORE, reverse=True)
                yield [e for _, e in batch]
                batch = []
        if batch:
            batch.sort(key=_SCORE, reverse=True)
            yield [e for _, e in batch]

    # --- moves ------------------------------------------------------------------

    def first_moves(self, pool: list[Entry], limit: int) -> list[Move]:
        moves: list[Move] = []
        for batch in self.ranked(pool, crossing=False):
            for entry in batch:
                self._spend()
                move = self.board.try_word(entry[0], (0, 0), (0, 1))
                if move is not None:
                    moves.append(move)
                    if len(moves) >= limit:
                        return moves
        return moves

    def word_moves(self, pool: list[Entry], limit: int) -> list[Move]:
        board = self.board
        anchors = board.anchors()
        moves: list[Move] = []
        tried = 0
        for batch in self.ranked(pool, crossing=True):
            for entry in batch:
                self._spend()
                word = entry[0]
                found = None
                for p, ch in enumerate(word):
                    for (r, c), (dr, dc) in anchors.get(ch, ()):
                        found = board.try_word(word, (r - p * dr, c - p * dc), (dr, dc))
                        if found is not None:
                            break
                    if found is not None:
                        break
                if found is not None:
                    moves.append(found)
                    if len(moves) >= limit:
                        return moves
            tried += len(batch)
            if tried >= MAX_TRIED:
                break
        return moves

    def tile_moves(self) -> list[Move]:
        """Every single tile on every free cell next to the grid that keeps it valid."""
        board = self.board
        letters = sorted(letter for letter, n in board.rack.items() if n > 0)
        if board.bandits:
            letters = sorted(set(letters) | set("KWXYZ"))
        if board.jokers:
            letters = [chr(c) for c in range(ord("A"), ord("Z") + 1)]
        moves = []
        for cell in board.frontier():
            self._spend(len(letters))
            for letter in letters:
                move = board.try_tile(cell, letter)
                if move is not None:
                    moves.append(move)
        weight = self.index.weight

        def worth(move: Move) -> float:
            score = sum(weight[ch] for _, ch, kind in move.tiles if kind == "L")
            return score - JOKER_COST * sum(1 for _, _, kind in move.tiles if kind == "?")

        moves.sort(key=worth, reverse=True)
        return moves

    # --- the search -------------------------------------------------------------

    def _spend(self, units: int = 1) -> None:
        """Count ``units`` of work about to be done; :class:`OutOfTime` (and nothing
        counted) when they would overrun the work budget."""
        if self.work + units > self.work_limit:
            raise OutOfTime
        self.work += units

    def _remember(self) -> None:
        left = self.board.rack_size
        if left < self.best_left:
            self.best_left = left
            self.best = self.board.snapshot()

    def _dfs(self, pool: list[Entry] | None, depth: int) -> bool:
        board = self.board
        if board.rack_size == 0:
            self._remember()
            return True
        self.stats.nodes += 1
        if self.stats.nodes > self._node_limit:
            return False
        self._spend()
        if self.timed and self.clock() > self.deadline:
            raise OutOfTime
        self._remember()
        pool = self.pool(pool)
        branch = 3 if depth < 2 else 2
        if not board.letters:
            moves = self.first_moves(pool, branch)
        else:
            moves = self.word_moves(pool, branch)
            if not moves or board.rack_size <= SMALL_RACK:
                moves += self.tile_moves()[:branch]
        for move in moves:
            board.apply(move)
            try:
                if self._dfs(pool, depth + 1):
                    return True
            finally:
                if board.rack_size:
                    board.undo(move)
        return False

    def run(self, node_limit: int, restarts: int | None = None) -> bool:
        """Search until a full grid, the end of the budget (:class:`OutOfTime`) or ``restarts``.

        Each restart explores at most ``node_limit`` boards; restarts after the
        first add seeded noise to the ranking, more each time.
        """
        attempt = 0
        while True:
            self._node_limit = self.stats.nodes + node_limit
            if self._dfs(None, 0):
                return True
            attempt += 1
            self.stats.restarts = attempt
            if restarts is not None and attempt > restarts:
                return False
            self.noise = min(2.0 + attempt, 12.0)
            if self.timed and self.clock() > self.deadline:
                raise OutOfTime
