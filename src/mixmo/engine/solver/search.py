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
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mixmo.engine.grid import Cell
from mixmo.engine.solver.board import Board, Move
from mixmo.engine.solver.index import (
    RARE_WEIGHT,
    Entry,
    LexiconIndex,
    holding_mask,
    narrow,
)

if TYPE_CHECKING:
    from mixmo.engine.solver.index import Ids, Lanes

Clock = Callable[[], float]
Pool = tuple["Ids", "Lanes"]
"""A pool: its words' numbers, worthiest first, and their codes as lanes (see
:func:`~.index.narrow`)."""
Watch = dict[str, list[tuple[int, str, int]]]
"""Per rare rack letter: (code, word, copies of the letter) of the words that may
still hold it (see :meth:`Search.watched`)."""

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
WATCH_FROM = 30
"""From this many tiles left on the rack, the search watches its rare letters (Q J X Z
V W K F..., :data:`~.index.RARE_WEIGHT`) for dead ends (:meth:`Search.alive`): in
French a Q with no U left, in Expert a second Q whose only word is already taken."""
WATCH_WORDS = 2000
"""A rare letter that more words of a step's pool hold is not watched at that step."""
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
        self._watch: Watch | None = None
        """The watched letters of the node being expanded (see :meth:`alive`)."""

    # --- candidates -----------------------------------------------------------

    def pool(self, parent: list[Entry] | None) -> list[Entry]:
        """The words that may still be spelt from the rack plus one crossing tile, worthiest first."""
        if parent is None:
            return self.index.entries_of(self._node_pool(None)[0])
        board = self.board
        limit = board.jokers + board.bandits + 1
        self._spend(len(parent) // SCAN_UNIT)
        not_rack = self.index.full & ~self.index.rack_code(board.rack)
        return [e for e in parent if (e[1] & not_rack).bit_count() <= limit]

    def _node_pool(self, parent: Pool | None) -> Pool:
        """The pool of a node as word numbers and their codes as lanes: the parent's
        pool narrowed for this rack (vectorised), or at the root a scan of the index."""
        board = self.board
        limit = board.jokers + board.bandits + 1
        rack_code = self.index.rack_code(board.rack)
        if parent is None:
            longest = board.rack_size + 1
            lengths = [n for n in self.index.lengths if board.min_length <= n <= longest]
            self._spend(sum(len(self.index.entries(n)) for n in lengths) // SCAN_UNIT)
            return self.index.spellable_ids(rack_code, limit, lengths)
        ids, lanes = parent
        self._spend(len(ids) // SCAN_UNIT)
        return narrow(ids, lanes, rack_code, self.index.full, limit)

    def _words(self, ids: Ids) -> Iterator[Entry]:
        """The words of a pool, best first, read a slice at a time (a step reads the
        first few hundred of a pool of tens of thousands)."""
        entry = self.index.entry
        for start in range(0, len(ids), BATCH):
            yield from map(entry, ids[start : start + BATCH].tolist())

    def watched(self, pool: Pool, parent: Watch | None) -> Watch | None:
        """The words of this node's pool that hold each rare letter of the rack.

        Only once the rack is down to :data:`WATCH_FROM` tiles (dead ends come
        late), and only letters that at most :data:`WATCH_WORDS` words of the pool
        hold (a letter with more is in no danger yet: it is counted again, in
        numpy, at the next step). A watched letter's list comes from the parent's,
        filtered for this rack, so the lists shrink down the search.
        """
        board = self.board
        if board.rack_size > WATCH_FROM:
            return None
        index = self.index
        limit = board.jokers + board.bandits + 1
        not_rack = index.full & ~index.rack_code(board.rack)
        watch: Watch = {}
        for ch, n in board.rack.items():
            if n <= 0 or index.weight[ch] < RARE_WEIGHT:
                continue
            if parent is not None and ch in parent:
                above = parent[ch]
                self._spend(len(above) // SCAN_UNIT)
                watch[ch] = [t for t in above if (t[0] & not_rack).bit_count() <= limit]
            else:
                ids, lanes = pool
                self._spend(len(ids) // SCAN_UNIT)
                mask = holding_mask(lanes, index.offset[ch])
                if int(mask.sum()) > WATCH_WORDS:
                    continue
                holding = index.entries_of(ids[mask])
                watch[ch] = [(e[1], e[0], e[0].count(ch)) for e in holding]
        return watch

    def alive(self, move: Move) -> bool:
        """Whether every watched letter left on the rack after ``move`` still has a word.

        A word for a letter: one the rack left can spell with one crossing tile
        (and its jokers); in Expert, as many different words not yet on the
        board as the rack has copies of the letter (no word twice). A move that
        leaves a Q with no U and no QAT, or a second J with its one word spent,
        is a dead end however the rest goes: the search does not take it.
        """
        hard = self._watch
        if not hard:
            return True
        board = self.board
        after = dict(board.rack)
        blanks = board.jokers + board.bandits
        for _, ch, kind in move.tiles:
            if kind == "L":
                after[ch] -= 1
            else:
                blanks -= 1
        index = self.index
        not_rack = index.full & ~index.rack_code(after)
        # The letters a crossing may take from the board (a whole field per letter).
        crossable = 0
        for ch in {*board.letters.values(), *(ch for _, ch, _ in move.tiles)}:
            crossable |= 0xFF << index.offset[ch]
        distinct = board.distinct
        on_board = board.on_board
        for letter, holding in hard.items():
            copies = after.get(letter, 0)
            if copies <= 0:
                continue
            need = copies if distinct else 1
            scanned = 0
            for code, word, count in holding:
                scanned += 1
                missing = code & not_rack
                lack = missing.bit_count()
                if lack > blanks and (lack > blanks + 1 or not missing & crossable):
                    continue
                if not (distinct and on_board[word]):
                    need -= count if distinct else 1
                    if need <= 0:
                        break
            self._spend(scanned // SCAN_UNIT)
            if need > 0:
                return False
        return True

    def ranked(self, pool: Iterable[Entry], crossing: bool) -> Iterator[list[Entry]]:
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

    def first_moves(self, pool: Iterable[Entry], limit: int) -> list[Move]:
        moves: list[Move] = []
        for batch in self.ranked(pool, crossing=False):
            for entry in batch:
                self._spend()
                move = self.board.try_word(entry[0], (0, 0), (0, 1))
                if move is not None and self.alive(move):
                    moves.append(move)
                    if len(moves) >= limit:
                        return moves
        return moves

    def word_moves(self, pool: Iterable[Entry], limit: int) -> list[Move]:
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
                if found is not None and self.alive(found):
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

    def _dfs(self, node_pool: Pool | None, depth: int, watch: Watch | None = None) -> bool:
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
        node_pool = self._node_pool(node_pool)
        pool = self._words(node_pool[0])
        watch = self._watch = self.watched(node_pool, watch)
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
                if self._dfs(node_pool, depth + 1, watch):
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
