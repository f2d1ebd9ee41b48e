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

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from mixmo.engine.grid import Cell
from mixmo.engine.solver.board import ACROSS, DOWN, Board, Move
from mixmo.engine.solver.index import RARE_WEIGHT, LexiconIndex, Pool, numbers_in, without

Clock = Callable[[], float]
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

    def root_pool(self) -> Pool:
        """The words that may be spelt from the rack plus one crossing tile, worthiest first."""
        return self._node_pool(None)

    def _node_pool(self, parent: Pool | None) -> Pool:
        """The pool of a node: the parent's pool narrowed for this rack, or at the root
        a scan of the index (both count every word at once, see :mod:`.index`)."""
        board = self.board
        limit = board.jokers + board.bandits + 1
        rack_code = self.index.rack_code(board.rack)
        if parent is None:
            longest = board.rack_size + 1
            lengths = [n for n in self.index.lengths if board.min_length <= n <= longest]
            self._spend(sum(map(self.index.count, lengths)) // SCAN_UNIT)
            return self.index.scan(rack_code, limit, lengths)
        self._spend(parent.size // SCAN_UNIT)
        return self.index.narrow(parent, rack_code, limit)

    def watched(self, pool: Pool, parent: Watch | None) -> Watch | None:
        """The words of this node's pool that hold each rare letter of the rack.

        Only once the rack is down to :data:`WATCH_FROM` tiles (dead ends come
        late), and only letters that at most :data:`WATCH_WORDS` words of the pool
        hold (a letter with more is in no danger yet: it is counted again at the
        next step). A watched letter's list comes from the parent's,
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
                self._spend(pool.size // SCAN_UNIT)
                holding = index.holding(pool, ch)
                if holding.size > WATCH_WORDS:
                    continue
                entries = index.entries_of(numbers_in(holding.members))
                watch[ch] = [(e[1], e[0], e[0].count(ch)) for e in entries]
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

    def ranked(self, pool: Pool, crossing: bool) -> Iterator[list[str]]:
        """The pool's words that fit the rack, in batches, each best first for this rack.

        The pool is in order of worth (the letters' weights); a batch takes the
        next :data:`BATCH` words that fit and sorts them by their score here:
        worth, less a cost per joker spent and for the vowel/consonant balance
        left on the rack, plus the seeded noise of a restart (drawn word by word
        in the batch's order, then a stable sort). The words that fit are one
        set operation away from the pool's counters; only the words read are
        looked at one by one.
        """
        board = self.board
        index = self.index
        cross = 1 if crossing else 0
        limit = board.jokers + board.bandits + cross
        left = board.rack_size
        fits = pool.members
        if limit < len(pool.lacking):
            fits = without(fits, pool.lacking[limit])
        fits &= index.of_lengths(n for n in index.lengths if n - cross <= left)
        not_rack = index.full & ~index.rack_code(board.rack)
        bandit_code = index.rack_code(dict.fromkeys(_NO_BANDIT_LETTER, 1))
        vowels_left = sum(board.rack[v] for v in VOWELS)
        worth, length, vowels = index.worth_of, index.length_of, index.vowels_of
        code_of = index.code_reader()
        batch: list[tuple[float, int]] = []
        for number in numbers_in(fits):
            code = code_of(number)
            lack = (code & not_rack).bit_count()
            blanks_used = lack - cross if lack > cross else 0
            used = length[number] - cross
            score = worth[number] - JOKER_COST * blanks_used
            if board.bandits and blanks_used > 0 and code & bandit_code:
                score += BANDIT_GAIN
            balance = (vowels_left - (vowels[number] - cross)) - 0.4 * (left - used)
            batch.append((score - LEAVE_WEIGHT * abs(balance), number))
            if len(batch) >= BATCH:
                yield self._sorted_batch(batch)
                batch = []
        if batch:
            yield self._sorted_batch(batch)

    def _sorted_batch(self, batch: list[tuple[float, int]]) -> list[str]:
        """One batch of :meth:`ranked`, with the restart's noise, sorted (stable, best first)."""
        if self.noise:
            noise, rand = self.noise, self.rng.random
            batch = [(score + noise * rand(), number) for score, number in batch]
        batch.sort(key=lambda scored: -scored[0])
        return self.index.words_of(number for _, number in batch)

    # --- moves ------------------------------------------------------------------

    def first_moves(self, pool: Pool, limit: int) -> list[Move]:
        moves: list[Move] = []
        for batch in self.ranked(pool, crossing=False):
            for word in batch:
                self._spend()
                move = self.board.try_word(word, (0, 0), (0, 1))
                if move is not None and self.alive(move):
                    moves.append(move)
                    if len(moves) >= limit:
                        return moves
        return moves

    def word_moves(self, pool: Pool, limit: int) -> list[Move]:
        board = self.board
        anchors = board.anchors()
        moves: list[Move] = []
        tried = 0
        for batch in self.ranked(pool, crossing=True):
            for word in batch:
                self._spend()
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
        words = board.words
        shortest = board.min_length
        for cell in board.frontier():
            self._spend(len(letters))
            # The runs through the cell, read once for every letter: a letter whose
            # runs are not words is passed over without building its move (the move
            # would be refused for the same reason: the same moves, fewer calls).
            across, start_across, head_across, tail_across = board.run(cell, ACROSS, "")
            down, start_down, head_down, tail_down = board.run(cell, DOWN, "")
            for letter in letters:
                if across:
                    word, start, step = head_across + letter + tail_across, start_across, ACROSS
                    cross = head_down + letter + tail_down if down else ""
                elif down:
                    word, start, step = head_down + letter + tail_down, start_down, DOWN
                    cross = ""
                else:
                    continue
                if len(word) < shortest or word not in words:
                    continue
                if cross and (len(cross) < shortest or cross not in words):
                    continue
                move = board.try_word(word, start, step)
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
        watch = self._watch = self.watched(node_pool, watch)
        branch = 3 if depth < 2 else 2
        if not board.letters:
            moves = self.first_moves(node_pool, branch)
        else:
            moves = self.word_moves(node_pool, branch)
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
