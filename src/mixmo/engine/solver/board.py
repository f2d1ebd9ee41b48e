"""The solver's working board: letters on cells, the rack, and placement checks.

A :class:`Board` is mutable, for speed: the search applies a :class:`Move`
and undoes it. Every move keeps the board a valid grid: each run of two or
more tiles it makes is a word of the lexicon (and, in Expert, three letters
or more and not already on the board), and it touches the tiles already
there. The rack is letters, open jokers (``?``) and the Bandit (``!``); a
joker placed takes a letter (written declared, ``e``), the Bandit one of
K W X Y Z (written ``!``, the validator finds its letter).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from mixmo.engine.grid import Cell, Grid
from mixmo.engine.lexicon import Lexicon
from mixmo.engine.tiles import BANDIT, BANDIT_LETTERS, Tile, TileKind
from mixmo.engine.variants import Variant

LETTER = "L"
JOKER = "?"
BANDIT_KIND = "!"

ACROSS: Cell = (0, 1)
DOWN: Cell = (1, 0)
STEPS = (ACROSS, DOWN)


@dataclass(frozen=True, slots=True)
class Move:
    """New tiles, as (cell, letter, kind), and the words they make and unmake."""

    tiles: tuple[tuple[Cell, str, str], ...]
    formed: tuple[str, ...]
    replaced: tuple[str, ...]
    word: str


class Words:
    """A cache of lexicon look-ups (an Enchant lexicon is slow; a set is not)."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        self._known: dict[str, bool] = {}

    def __contains__(self, word: str) -> bool:
        known = self._known.get(word)
        if known is None:
            known = self._known[word] = word in self.lexicon
        return known


class Board:
    """Tiles on cells, the rack left, and the words on the board."""

    def __init__(self, words: Words, variant: Variant) -> None:
        self.words = words
        self.min_length = variant.min_word_length
        self.distinct = variant.distinct_words
        self.letters: dict[Cell, str] = {}
        self.kinds: dict[Cell, str] = {}
        """Cells holding a joker (``?``) or the Bandit (``!``); absent for letter tiles."""
        self.fixed: dict[Cell, Tile] = {}
        """Tiles from the player's grid, written back as they were."""
        self.rack: Counter[str] = Counter()
        self.jokers = 0
        self.bandits = 0
        self.on_board: Counter[str] = Counter()

    # --- the rack -----------------------------------------------------------

    def add_to_rack(self, tiles: Iterable[Tile]) -> None:
        for tile in tiles:
            if tile.kind is TileKind.LETTER:
                assert tile.letter is not None
                self.rack[tile.letter] += 1
            elif tile.kind is TileKind.JOKER:
                self.jokers += 1
            else:
                self.bandits += 1

    @property
    def rack_size(self) -> int:
        return sum(self.rack.values()) + self.jokers + self.bandits

    def rack_tiles(self) -> list[Tile]:
        tiles = [Tile(TileKind.LETTER, letter) for letter in sorted(self.rack.elements())]
        tiles += [Tile(TileKind.JOKER)] * self.jokers + [BANDIT] * self.bandits
        return tiles

    # --- placing ------------------------------------------------------------

    def run(self, cell: Cell, step: Cell, letter: str) -> tuple[str, Cell, str, str]:
        """The run through ``cell`` along ``step`` if ``letter`` stood there.

        Returns the run, its start, and the old runs before and after the cell.
        """
        letters = self.letters
        dr, dc = step
        r, c = cell
        before: list[str] = []
        rr, cc = r - dr, c - dc
        while (rr, cc) in letters:
            before.append(letters[(rr, cc)])
            rr, cc = rr - dr, cc - dc
        start = (rr + dr, cc + dc)
        after: list[str] = []
        rr, cc = r + dr, c + dc
        while (rr, cc) in letters:
            after.append(letters[(rr, cc)])
            rr, cc = rr + dr, cc + dc
        head = "".join(reversed(before))
        tail = "".join(after)
        return head + letter + tail, start, head, tail

    def try_word(self, word: str, start: Cell, step: Cell) -> Move | None:
        """The move that writes ``word`` from ``start`` along ``step``, if it keeps the grid valid."""
        letters = self.letters
        dr, dc = step
        r0, c0 = start
        n = len(word)
        if n < self.min_length:
            return None
        if (r0 - dr, c0 - dc) in letters or (r0 + n * dr, c0 + n * dc) in letters:
            return None
        new: list[tuple[Cell, str]] = []
        replaced: list[str] = []
        segment = 0
        for i, ch in enumerate(word):
            cell = (r0 + i * dr, c0 + i * dc)
            have = letters.get(cell)
            if have is None:
                new.append((cell, ch))
                if segment >= 2:
                    replaced.append(word[i - segment : i])
                segment = 0
            elif have != ch:
                return None
            else:
                segment += 1
        if not new:
            return None
        if segment >= 2:
            replaced.append(word[n - segment :])
        touches = len(new) < n or not letters
        if word not in self.words:
            return None
        blanks = self.blanks_for(new)
        if blanks is None:
            return None
        short, bandit_for = blanks
        formed = [word]
        cross_dr, cross_dc = dc, dr
        tiles: list[tuple[Cell, str, str]] = []
        for cell, ch in reversed(new):  # blanks go on the last cells of a letter
            r, c = cell
            if (r - cross_dr, c - cross_dc) in letters or (r + cross_dr, c + cross_dc) in letters:
                run, _, head, tail = self.run(cell, (cross_dr, cross_dc), ch)
                if len(run) < self.min_length or run not in self.words:
                    return None
                touches = True
                formed.append(run)
                if len(head) >= 2:
                    replaced.append(head)
                if len(tail) >= 2:
                    replaced.append(tail)
            kind = LETTER
            if short.get(ch, 0) > 0:
                short[ch] -= 1
                if bandit_for == ch:
                    bandit_for = None
                    kind = BANDIT_KIND
                else:
                    kind = JOKER
            tiles.append((cell, ch, kind))
        if not touches:
            return None
        if self.distinct:
            after = self.on_board.copy()
            after.subtract(replaced)
            after.update(formed)
            if any(after[w] > 1 for w in formed):
                return None
        tiles.reverse()
        return Move(tuple(tiles), tuple(formed), tuple(replaced), word)

    def blanks_for(self, new: list[tuple[Cell, str]]) -> tuple[dict[str, int], str | None] | None:
        """Which rack tiles write the ``new`` letters: letters first, then the Bandit, then
        jokers. Per letter, how many the rack lacks, and the letter the Bandit stands for;
        None when the rack's blanks cannot make up for what it lacks."""
        need = Counter(ch for _, ch in new)
        short: dict[str, int] = {}
        bandit_for: str | None = None
        jokers = 0
        for letter, count in need.items():
            lacking = count - self.rack[letter]
            if lacking > 0:
                if bandit_for is None and self.bandits and letter in BANDIT_LETTERS:
                    bandit_for = letter
                    lacking -= 1
                jokers += lacking
                short[letter] = count - self.rack[letter]
        if jokers > self.jokers:
            return None
        return short, bandit_for

    def apply(self, move: Move) -> None:
        for cell, ch, kind in move.tiles:
            self.letters[cell] = ch
            if kind == LETTER:
                self.rack[ch] -= 1
            elif kind == JOKER:
                self.jokers -= 1
                self.kinds[cell] = JOKER
            else:
                self.bandits -= 1
                self.kinds[cell] = BANDIT_KIND
        self.on_board.subtract(move.replaced)
        self.on_board.update(move.formed)

    def undo(self, move: Move) -> None:
        for cell, ch, kind in move.tiles:
            del self.letters[cell]
            if kind == LETTER:
                self.rack[ch] += 1
            elif kind == JOKER:
                self.jokers += 1
                del self.kinds[cell]
            else:
                self.bandits += 1
                del self.kinds[cell]
        self.on_board.subtract(move.formed)
        self.on_board.update(move.replaced)

    # --- reading ------------------------------------------------------------

    def anchors(self) -> dict[str, list[tuple[Cell, Cell]]]:
        """Tiles a word may cross, by letter: (cell, step of the crossing word)."""
        letters = self.letters
        found: dict[str, list[tuple[Cell, Cell]]] = {}
        for (r, c), ch in letters.items():
            for dr, dc in STEPS:
                if (r - dr, c - dc) not in letters and (r + dr, c + dc) not in letters:
                    found.setdefault(ch, []).append(((r, c), (dr, dc)))
        return found

    def frontier(self) -> list[Cell]:
        """The free cells next to a tile, in reading order."""
        letters = self.letters
        cells = {
            (r + dr, c + dc)
            for (r, c) in letters
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if (r + dr, c + dc) not in letters
        }
        return sorted(cells)

    def snapshot(self) -> dict[Cell, tuple[str, str]]:
        return {cell: (ch, self.kinds.get(cell, LETTER)) for cell, ch in self.letters.items()}

    def tile_at(self, cell: Cell) -> Tile:
        fixed = self.fixed.get(cell)
        if fixed is not None:
            return fixed
        return make_tile(self.letters[cell], self.kinds.get(cell, LETTER))

    def grid(self) -> Grid:
        return Grid({cell: self.tile_at(cell) for cell in self.letters})


def make_tile(letter: str, kind: str) -> Tile:
    if kind == LETTER:
        return Tile(TileKind.LETTER, letter)
    if kind == JOKER:
        return Tile(TileKind.JOKER, letter)
    return BANDIT
