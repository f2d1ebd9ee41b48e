"""A complete search for small racks: a grid with every tile, or a proof that none exists.

The heuristic search (:mod:`.search`) is fast but incomplete: it keeps the
grid valid after every move, so a grid that can only be reached through an
invalid one (two words side by side whose short crossings only become words
together) is out of its reach, and a rack it gives up on may still have a
grid. This search is exhaustive, so its "no" is a proof.

Why it is complete. In a valid grid of two tiles or more, every tile is in
a word (the grid is connected), and the words form a connected graph whose
edges are the crossings (an across word and a down word that share a cell).
Take a spanning tree of that graph: placing its first word across at the
origin (turning a grid a quarter keeps it valid), then each other word
across its parent at their shared cell, rebuilds the grid. The search
enumerates exactly those steps: every word the rack can spell, through
every tile already placed, in the direction no word through that tile has
yet; intermediate grids need not be valid. Only the final grid must be:
every run of two or more tiles a word (three or more, none twice, in
Expert), and every tile of the rack used.

What keeps it small. Every word of a grid is spelt with the rack's own
tiles, so the candidates are the words the whole rack can spell (jokers and
the Bandit included), found once in the index. The tree's root is the
across word that starts first (reading order), so every other across word
must start after it. The cells just before and after a placed word stay
empty in the final grid (a word is a maximal run), so they are closed to
later words. A run of tiles that no placed word covers yet (two words side
by side) must become one word later, so it must be part of some candidate
word: if it is not, the branch is dropped. The rack's letters, jokers and Bandit
are counted as tiles are laid (a joker takes any letter, the Bandit one of
K W X Y Z). A set of placed words is searched once, whatever the order it
was reached in.

Sound only for lexicons that list their words: a lexicon indexed from
another list (Enchant, ``any``) may accept words the index lacks, so the
caller asks :meth:`~.index.LexiconIndex.lists_every_word` first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mixmo.engine.grid import Cell
from mixmo.engine.messages import Kind, Message
from mixmo.engine.solver.board import BANDIT_KIND, JOKER, LETTER, Words
from mixmo.engine.solver.index import LexiconIndex
from mixmo.engine.tiles import BANDIT_LETTERS, Tile, TileKind
from mixmo.engine.variants import Variant

WORDS_CANNOT_COVER = Kind(
    "words-cannot-cover",
    "no grid holds every tile: no set of the {count} words these "
    "tiles can spell holds each tile once or twice (at a crossing) with "
    "enough crossings to join them",
)
SEARCHED_ALL = Kind(
    "searched-all",
    "no grid holds every tile: an exhaustive search through the {count} "
    "words these tiles can spell ({steps} partial grids) found none",
)

EXHAUSTIVE_MAX_TILES = 12
"""Racks up to this size are searched exhaustively when the heuristic search fails."""
CLOCK_EVERY = 8
"""Search steps between two readings of the clock."""

ACROSS: Cell = (0, 1)
DOWN: Cell = (1, 0)
Placed = tuple[int, int, int, str]
"""A placed word: start row, start column, 0 across / 1 down, the word."""


class SearchAbandoned(Exception):
    """The deadline or the step limit came before the search could finish."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the complete search found: a grid (``snapshot``) or a proof (``snapshot`` None)."""

    snapshot: dict[Cell, tuple[str, str]] | None
    steps: int
    words: int
    """Candidate words: those the whole rack can spell."""


class _Search:
    def __init__(
        self,
        tiles: Sequence[Tile],
        index: LexiconIndex,
        words: Words,
        variant: Variant,
        *,
        deadline: float,
        clock: Callable[[], float],
        step_limit: int | None,
    ) -> None:
        self.words = words
        self.min_length = variant.min_word_length
        self.distinct = variant.distinct_words
        self.deadline = deadline
        self.clock = clock
        self.step_limit = step_limit
        self.letters: Counter[str] = Counter(
            t.letter for t in tiles if t.kind is TileKind.LETTER and t.letter
        )
        self.jokers = sum(1 for t in tiles if t.kind is TileKind.JOKER)
        self.bandits = sum(1 for t in tiles if t.kind is TileKind.BANDIT)
        self.size = len(tiles)
        lengths = [n for n in index.lengths if self.min_length <= n <= self.size]
        blanks = self.jokers + self.bandits
        pool = index.spellable_words(index.rack_code(self.letters), blanks, lengths)
        self.pool = [w for w in pool if w in words and self._spellable(Counter(w))]
        # Words through a letter: (word, position of the letter), worthiest words first.
        self.through: dict[str, list[tuple[str, int]]] = {}
        self.pieces: set[str] = set()
        """Every run of letters inside a candidate word."""
        for word in self.pool:
            for p, ch in enumerate(word):
                self.through.setdefault(ch, []).append((word, p))
            for i in range(len(word) - 1):
                for j in range(i + 2, len(word) + 1):
                    self.pieces.add(word[i:j])
        self.cells: dict[Cell, str] = {}
        self.covered: dict[Cell, int] = {}
        """Per cell, a bit per direction (1 across, 2 down) that a placed word covers it."""
        self.closed: Counter[Cell] = Counter()
        self.need: Counter[str] = Counter()
        self.placed: list[Placed] = []
        self.seen: set[frozenset[Placed]] = set()
        self.steps = 0
        self.packed = {word: _packed(Counter(word)) for word in self.pool}
        self.items = {word: list(Counter(word).items()) for word in self.pool}
        self.by_letter: dict[str, list[str]] = {}
        for word in self.pool:
            for ch in set(word):
                self.by_letter.setdefault(ch, []).append(word)
        self.cover_memo: dict[object, bool] = {}

    def _spellable(self, need: Counter[str]) -> bool:
        """Whether the rack's tiles can show the letters ``need`` (not necessarily all of them)."""
        short = 0
        bandit_letters = 0
        for ch, count in need.items():
            lack = count - self.letters[ch]
            if lack > 0:
                short += lack
                if ch in BANDIT_LETTERS:
                    bandit_letters += lack
        if short > self.jokers + self.bandits:
            return False
        # The Bandit covers one lacking K W X Y Z at most; jokers the rest.
        return short - min(self.bandits, bandit_letters) <= self.jokers

    # --- placing words ----------------------------------------------------------

    def _place(self, word: str, r0: int, c0: int, d: int) -> list[Cell] | None:
        """Lay ``word`` from (r0, c0); the new cells, or None if it does not fit."""
        dr, dc = DOWN if d else ACROSS
        bit = 2 if d else 1
        cells = self.cells
        before = (r0 - dr, c0 - dc)
        after = (r0 + len(word) * dr, c0 + len(word) * dc)
        if before in cells or after in cells:
            return None
        new: list[Cell] = []
        for i, ch in enumerate(word):
            cell = (r0 + i * dr, c0 + i * dc)
            have = cells.get(cell)
            if have is None:
                if cell in self.closed:
                    return None
                new.append(cell)
            elif have != ch or self.covered.get(cell, 0) & bit:
                return None
        if not new or len(cells) + len(new) > self.size:
            return None
        if not d and self.placed and (r0, c0) <= (0, 0):
            return None  # the root is the first across word in reading order
        if not self._sides_can_close(word, r0, c0, d, new):
            return None
        need = self.need
        for cell in new:
            need[word[(cell[0] - r0) + (cell[1] - c0)]] += 1
        if not self._spellable(need):
            for cell in new:
                need[word[(cell[0] - r0) + (cell[1] - c0)]] -= 1
            return None
        for i, ch in enumerate(word):
            cell = (r0 + i * dr, c0 + i * dc)
            cells[cell] = ch
            self.covered[cell] = self.covered.get(cell, 0) | bit
        self.closed[before] += 1
        self.closed[after] += 1
        self.placed.append((r0, c0, d, word))
        return new

    def _sides_can_close(self, word: str, r0: int, c0: int, d: int, new: list[Cell]) -> bool:
        """Whether every run the new cells make across the word can still become a word."""
        cells = self.cells
        dr, dc = ACROSS if d else DOWN  # across the word being laid
        for r, c in new:
            if (r - dr, c - dc) not in cells and (r + dr, c + dc) not in cells:
                continue
            head: list[str] = []
            rr, cc = r - dr, c - dc
            while (rr, cc) in cells:
                head.append(cells[(rr, cc)])
                rr, cc = rr - dr, cc - dc
            tail: list[str] = []
            rr, cc = r + dr, c + dc
            while (rr, cc) in cells:
                tail.append(cells[(rr, cc)])
                rr, cc = rr + dr, cc + dc
            piece = "".join(reversed(head)) + word[(r - r0) + (c - c0)] + "".join(tail)
            if piece not in self.pieces:
                return False
        return True

    def _unplace(self, new: list[Cell]) -> None:
        r0, c0, d, word = self.placed.pop()
        dr, dc = DOWN if d else ACROSS
        bit = 2 if d else 1
        for i in range(len(word)):
            cell = (r0 + i * dr, c0 + i * dc)
            self.covered[cell] &= ~bit
        for cell in new:
            self.need[self.cells.pop(cell)] -= 1
            del self.covered[cell]
        for cell in ((r0 - dr, c0 - dc), (r0 + len(word) * dr, c0 + len(word) * dc)):
            self.closed[cell] -= 1
            if not self.closed[cell]:
                del self.closed[cell]

    # --- the final check ----------------------------------------------------------

    def _runs_are_words(self) -> bool:
        cells = self.cells
        seen_words: set[str] = set()
        for dr, dc in (ACROSS, DOWN):
            for r, c in cells:
                if (r - dr, c - dc) in cells:
                    continue
                run = []
                cell = (r, c)
                while cell in cells:
                    run.append(cells[cell])
                    cell = (cell[0] + dr, cell[1] + dc)
                if len(run) < 2:
                    continue
                text = "".join(run)
                if len(text) < self.min_length or text not in self.words:
                    return False
                if self.distinct:
                    if text in seen_words:
                        return False
                    seen_words.add(text)
        return True

    def _snapshot(self) -> dict[Cell, tuple[str, str]]:
        """The grid, with the jokers and the Bandit on the letters the rack lacks."""
        spare = Counter(self.letters)
        bandits = self.bandits
        snapshot: dict[Cell, tuple[str, str]] = {}
        lacking: list[Cell] = []
        for cell, ch in sorted(self.cells.items()):
            if spare[ch] > 0:
                spare[ch] -= 1
                snapshot[cell] = (ch, LETTER)
            else:
                lacking.append(cell)
        for cell in sorted(lacking, key=lambda c: self.cells[c] not in BANDIT_LETTERS):
            ch = self.cells[cell]
            if bandits and ch in BANDIT_LETTERS:
                bandits -= 1
                snapshot[cell] = (ch, BANDIT_KIND)
            else:
                snapshot[cell] = (ch, JOKER)
        return snapshot

    # --- the search -----------------------------------------------------------------

    def _tick(self) -> None:
        self.steps += 1
        if self.step_limit is not None and self.steps > self.step_limit:
            raise SearchAbandoned
        if self.steps % CLOCK_EVERY == 0 and self.clock() > self.deadline:
            raise SearchAbandoned

    def _dfs(self) -> bool:
        if len(self.cells) == self.size:
            return self._runs_are_words()
        key = frozenset(self.placed)
        if key in self.seen:
            return False
        self.seen.add(key)
        self._tick()
        if not self._rest_can_be_covered():
            return False
        for cell, ch in sorted(self.cells.items()):
            r, c = cell
            covered = self.covered.get(cell, 0)
            for d in (0, 1):
                if covered & (2 if d else 1):
                    continue
                for word, p in self.through.get(ch, ()):
                    start = (r - p, c) if d else (r, c - p)
                    new = self._place(word, start[0], start[1], d)
                    if new is None:
                        continue
                    if self._dfs():
                        return True
                    self._unplace(new)
        return False

    # --- the counting argument ----------------------------------------------------------

    def words_cannot_cover(self) -> bool:
        """True when no collection of candidate words can be the words of a grid, by counting.

        Each tile of a grid is in one word, or in two (a crossing): so the
        letters of all the words, added up, hold every tile once and no tile
        more than twice, and the words, connected through their crossings,
        need at least one crossing fewer than there are words.
        """
        blanks = self.jokers + self.bandits
        return not self._can_cover(self.letters, Counter(), blanks, joined=False)

    def _can_cover(
        self, rest: Counter[str], free: Counter[str], blanks: int, *, joined: bool
    ) -> bool:
        """Whether words can hold the tiles ``rest`` by the counting argument.

        ``free`` are letters of tiles already on the board that one more word
        may cross; with ``joined`` the new words must each cross the board or
        one another (a crossing per word), else one crossing fewer suffices.
        ``blanks`` jokers (and the Bandit, counted as a joker here) may stand
        for any letter, each in one or two words: together they may take a
        letter over its cap by at most twice their number. Branches on the
        uncovered letter with the fewest candidate words.

        Letter counts are packed one per byte in an int (:func:`_packed`), so
        adding a word is one addition, and "no letter over its cap" one
        subtraction: each byte carries a high guard bit that a lane going
        below zero clears.
        """
        rest_packed = _packed(rest)
        caps = Counter({ch: 2 * n for ch, n in rest.items()}) + free
        cap = _packed(caps)
        key = (rest_packed, cap, blanks, joined)
        known = self.cover_memo.get(key)
        if known is not None:
            return known
        packed = self.packed
        by_letter = self.by_letter
        size = rest.total() + blanks
        letters = [ch for ch, n in rest.items() if n > 0]
        cap_guarded = cap + GUARDS
        rest_guarded = GUARDS - rest_packed
        seen: set[tuple[int, int]] = set()
        slack = 0 if joined else 1
        spare = 2 * blanks
        items = self.items

        def over_cap(total: int, word: str) -> int:
            """How far adding ``word`` takes its letters over their caps, in all."""
            over = 0
            for ch, n in items[word]:
                excess = ((total >> LANE[ch]) & 0xFF) + n - caps[ch]
                if excess > 0:
                    over += min(excess, n)
            return over

        def covered(total: int, k: int, length: int, over: int = 0) -> bool:
            if (total, k) in seen:
                return False
            seen.add((total, k))
            self._tick()
            short = ~(total + rest_guarded) & GUARDS  # lanes where total < rest
            if not short:
                if length - size >= k - slack:
                    return True
                choices = self.pool  # joined only with more crossings: one more word
            else:
                open_letters = [ch for ch in letters if short >> LANE[ch] & 0x80]
                ch = min(open_letters, key=lambda x: len(by_letter.get(x, ())))
                choices = by_letter.get(ch, [])
            for word in choices:
                after = total + packed[word]
                if (cap_guarded - after) & GUARDS == GUARDS:  # no letter over its cap
                    if covered(after, k + 1, length + len(word), over):
                        return True
                elif blanks:
                    extra = over + over_cap(total, word)
                    if extra <= spare and covered(after, k + 1, length + len(word), extra):
                        return True
            return False

        result = covered(0, 0, 0)
        self.cover_memo[key] = result
        return result

    def _rest_can_be_covered(self) -> bool:
        """The counting argument for the tiles not yet placed."""
        rest = self.letters - self.need
        spent = sum(max(0, n - self.letters[ch]) for ch, n in self.need.items())
        free: Counter[str] = Counter(
            ch for cell, ch in self.cells.items() if self.covered.get(cell, 0) != 3
        )
        return self._can_cover(rest, free, self.jokers + self.bandits - spent, joined=True)

    def run(self) -> dict[Cell, tuple[str, str]] | None:
        for word in self.pool:
            new = self._place(word, 0, 0, 0)
            if new is None:
                continue
            if self._dfs():
                return self._snapshot()
            self._unplace(new)
        return None


def complete_search(
    tiles: Sequence[Tile],
    index: LexiconIndex,
    words: Words,
    variant: Variant,
    *,
    deadline: float,
    clock: Callable[[], float],
    step_limit: int | None = None,
) -> Outcome:
    """Search every grid of ``tiles``: a grid (``snapshot``) or, with None, a proof of none.

    Raises :class:`SearchAbandoned` when ``deadline`` (on ``clock``) or
    ``step_limit`` comes first: then nothing is proven.
    """
    search = _Search(
        tiles, index, words, variant, deadline=deadline, clock=clock, step_limit=step_limit
    )
    snapshot = search.run()
    return Outcome(snapshot, search.steps, len(search.pool))


def settle(
    tiles: Sequence[Tile],
    index: LexiconIndex,
    words: Words,
    variant: Variant,
    *,
    deadline: float,
    clock: Callable[[], float],
    step_limit: int | None = None,
) -> tuple[dict[Cell, tuple[str, str]] | None, Message | None, int]:
    """The complete search as :func:`~.api.solve` uses it: (grid, proof, steps).

    A grid when one exists; otherwise a proof (one sentence) when the search
    finished and the index lists every word of the lexicon; (None, None) when
    the deadline or step limit came first.
    """
    search = _Search(
        tiles, index, words, variant, deadline=deadline, clock=clock, step_limit=step_limit
    )
    try:
        if index.lists_every_word and search.words_cannot_cover():
            proof = WORDS_CANNOT_COVER(count=len(search.pool))
            return None, proof, search.steps
        snapshot = search.run()
    except SearchAbandoned:
        return None, None, search.steps
    if snapshot is not None:
        return snapshot, None, search.steps
    if not index.lists_every_word:
        return None, None, search.steps
    proof = SEARCHED_ALL(count=len(search.pool), steps=search.steps)
    return None, proof, search.steps


LANE = {chr(65 + i): 8 * i for i in range(26)}
"""The bit offset of each letter's byte in a packed count."""
GUARDS = sum(0x80 << lane for lane in LANE.values())
"""The high bit of every letter's byte."""


def _packed(counts: Counter[str]) -> int:
    """Letter counts one per byte (counts stay under 128: racks have at most 120 tiles,
    and a cap is at most twice a count plus the tiles on the board)."""
    return sum(n << LANE[ch] for ch, n in counts.items() if n > 0)
