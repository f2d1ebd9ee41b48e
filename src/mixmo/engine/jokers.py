"""Joker and Bandit resolution: letters for the open tiles that make every word valid.

An open joker may stand for any letter, the Bandit for K, W, X, Y or Z only,
and a tile at a crossing stands for one letter in both of its words. This is
a small constraint problem: the open tiles are the variables, and each word
through them allows the letter combinations that spell a word of the lexicon.

Words that share no open tile are independent, so each connected group of
open tiles (a *component*) is solved on its own. Among the solutions the
resolver prefers those that spell the words a player claims (theme words)
and, in Expert, those that repeat no word; then the alphabetically first.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass

from mixmo.engine.grid import Cell, Grid, Word
from mixmo.engine.lexicon import Lexicon

SOLUTION_LIMIT = 5_000
"""Solutions enumerated per component before the resolver stops looking for better ones."""

OPEN_TILES_IN_SET = 3
"""Two jokers and the Bandit: a component with more open tiles breaks the set's
counts anyway, so its first solution is taken without looking for a better one."""

SEARCH_BUDGET = 300_000
"""Candidate checks allowed per grid; only grids with far more jokers than the
set holds come near it."""

REPAIR_LIMIT = 20_000
"""Letter combinations tried to make the most words valid when no full solution exists."""


@dataclass(frozen=True, slots=True)
class OpenTile:
    """What the resolver found for one open joker or Bandit."""

    cell: Cell
    letter: str | None
    """The chosen letter, or None when no letter makes its words valid."""
    options: str
    """Every letter this tile takes in some solution, alphabetically."""


@dataclass(frozen=True, slots=True)
class Resolution:
    """The letters found for the open tiles and whether every word could be made valid."""

    letters: Mapping[Cell, str]
    open_tiles: tuple[OpenTile, ...]
    solved: bool
    """True when one choice of letters makes every word through open tiles a word."""
    conflicts: tuple[tuple[Word, ...], ...]
    """Groups of words whose open tiles admit no common letters, though each alone could."""
    unresolved: tuple[tuple[Word, ...], ...] = ()
    """Groups of words through so many open tiles that the search gave up (only
    grids with far more jokers than the set holds)."""

    def spell(self, word: Word) -> str:
        return word.spell(self.letters)


class _Component:
    """Open tiles linked through shared words, with their words' candidate spellings."""

    def __init__(self, cells: list[Cell], words: list[Word], grid: Grid, lexicon: Lexicon) -> None:
        self.cells = cells
        self.words = words
        index = {cell: i for i, cell in enumerate(cells)}
        self.positions = [
            [(pos, index[cell]) for pos, cell in enumerate(w.cells) if grid[cell].is_open]
            for w in words
        ]
        self.allowed = [grid[cell].allowed_letters() for cell in cells]
        self.candidates: list[list[str]] = []
        for word in words:
            slots = [
                tile.letter if tile.letter is not None else tile.allowed_letters()
                for tile in word.tiles
            ]
            self.candidates.append(sorted(lexicon.matching(slots)))

    def solutions(self, budget: list[int]) -> Iterator[tuple[str, ...]]:
        """Every assignment that spells a candidate in each word, without repeats.

        The search fills one word at a time, the word with the fewest
        candidates left first, and filters the candidates of the words that
        cross it. ``budget`` (a one-item list, shared and decremented) counts
        candidate checks; when it runs out the search stops early.
        """
        count = len(self.cells)
        words_of: list[list[int]] = [[] for _ in range(count)]
        for w, positions in enumerate(self.positions):
            for _, var in positions:
                words_of[var].append(w)
        assignment: list[str | None] = [None] * count

        def search(alive: list[list[str]]) -> Iterator[tuple[str, ...]]:
            pending = [
                w
                for w, positions in enumerate(self.positions)
                if any(assignment[var] is None for _, var in positions)
            ]
            if not pending:
                yield tuple(letter or "" for letter in assignment)
                return
            w = min(pending, key=lambda w: len(alive[w]))
            fresh = [(pos, var) for pos, var in self.positions[w] if assignment[var] is None]
            crossing = {w2 for _, var in fresh for w2 in words_of[var]} - {w}
            for candidate in alive[w]:
                if budget[0] <= 0:
                    return
                for pos, var in fresh:
                    assignment[var] = candidate[pos]
                narrowed = list(alive)
                narrowed[w] = [candidate]
                for w2 in crossing:
                    budget[0] -= len(alive[w2])
                    checks = [(pos, assignment[var]) for pos, var in self.positions[w2]]
                    narrowed[w2] = [
                        c
                        for c in alive[w2]
                        if all(letter is None or c[pos] == letter for pos, letter in checks)
                    ]
                    if not narrowed[w2]:
                        break
                else:
                    yield from search(narrowed)
                budget[0] -= 1
            for _, var in fresh:
                assignment[var] = None

        yield from search(self.candidates)

    def spelled(self, w: int, letters: tuple[str, ...]) -> str:
        mapping = dict(zip(self.cells, letters, strict=True))
        return self.words[w].spell(mapping)

    def repair(self, lexicon: Lexicon) -> tuple[str, ...] | None:
        """The letters that make the most words valid, when no choice makes all valid."""
        domains = []
        for var, allowed in enumerate(self.allowed):
            useful = {
                word[pos]
                for w, positions in enumerate(self.positions)
                for pos, v in positions
                if v == var
                for word in self.candidates[w]
            }
            domains.append("".join(sorted(useful)) or allowed[0])
        if math.prod(len(d) for d in domains) > REPAIR_LIMIT:
            return None
        best: tuple[int, tuple[str, ...]] | None = None
        for letters in itertools.product(*domains):
            valid = sum(self.spelled(w, letters) in lexicon for w in range(len(self.words)))
            if best is None or valid > best[0]:
                best = (valid, letters)
        return best[1] if best else None


def _components(grid: Grid, open_words: list[Word]) -> list[tuple[list[Cell], list[Word]]]:
    """Group the open tiles that share words (union-find over words)."""
    parent: dict[Cell, Cell] = {}

    def find(cell: Cell) -> Cell:
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    for word in open_words:
        cells = [cell for cell in word.cells if grid[cell].is_open]
        for cell in cells:
            parent.setdefault(cell, cell)
        for cell in cells[1:]:
            parent[find(cell)] = find(cells[0])
    groups: dict[Cell, tuple[list[Cell], list[Word]]] = {}
    for cell in sorted(parent):
        groups.setdefault(find(cell), ([], []))[0].append(cell)
    for word in open_words:
        root = find(next(cell for cell in word.cells if grid[cell].is_open))
        groups[root][1].append(word)
    return list(groups.values())


def resolve(
    grid: Grid,
    lexicon: Lexicon,
    *,
    prefer: Collection[str] = (),
    distinct: bool = False,
) -> Resolution:
    """Find letters for the open jokers and the Bandit of ``grid``.

    ``prefer`` are words the player wants spelt (claimed theme words);
    ``distinct`` asks for no word twice (Expert). Both only choose among
    solutions: they never make a grid valid or invalid here.
    """
    words = grid.words()
    open_words = [w for w in words if w.has_open_tiles]
    fixed_words = [w.pattern for w in words if not w.has_open_tiles]
    letters: dict[Cell, str] = {}
    options: dict[Cell, str] = {}
    conflicts: list[tuple[Word, ...]] = []
    unresolved: list[tuple[Word, ...]] = []
    solved = True
    chosen_words: list[str] = list(fixed_words)
    budget = [SEARCH_BUDGET]  # shared: many jokers in many groups cannot add up

    for cells, comp_words in _components(grid, open_words):
        if budget[0] <= 0:  # an earlier group used up the search: no letters for this one
            unresolved.append(tuple(comp_words))
            solved = False
            continue
        component = _Component(cells, comp_words, grid, lexicon)
        best: tuple[tuple[int, int], tuple[str, ...]] | None = None
        seen: list[set[str]] = [set() for _ in cells]
        limit = SOLUTION_LIMIT if len(cells) <= OPEN_TILES_IN_SET else 1
        for count, solution in enumerate(component.solutions(budget)):
            if count >= limit:
                break
            for var, letter in enumerate(solution):
                seen[var].add(letter)
            spelt = [component.spelled(w, solution) for w in range(len(comp_words))]
            claimed = sum(word in prefer for word in set(spelt))
            repeats = len(spelt) - len(set(spelt)) + sum(word in chosen_words for word in spelt)
            score = (claimed, -repeats if distinct else 0)
            if best is None or score > best[0]:
                best = (score, solution)
        if best is not None:
            chosen = best[1]
        else:
            solved = False
            if budget[0] <= 0:
                unresolved.append(tuple(comp_words))
            elif all(component.candidates):
                conflicts.append(tuple(comp_words))
            chosen = component.repair(lexicon) or ()
        for var, cell in enumerate(cells):
            if chosen:
                letters[cell] = chosen[var]
            options[cell] = "".join(sorted(seen[var]))
        chosen_words.extend(w.spell(letters) for w in comp_words)

    open_tiles = tuple(
        OpenTile(cell, letters.get(cell), options.get(cell, ""))
        for cell, tile in grid.items()
        if tile.is_open
    )
    return Resolution(letters, open_tiles, solved, tuple(conflicts), tuple(unresolved))
