"""Joker and Bandit resolution: letters for the open tiles that make every word valid.

An open joker may stand for any letter, the Bandit for K, W, X, Y or Z only,
and a tile at a crossing stands for one letter in both of its words. This is
a small constraint problem: the open tiles are the variables, and each word
through them allows the letter combinations that spell a word of the lexicon.

Words that share no open tile are independent, so each connected group of
open tiles (a *component*) is solved on its own. Among the solutions the
resolver prefers, in Expert, those that repeat no word; then those that
spell the words a player claims (theme words); then the alphabetically first.

Every step of the work (dictionary look-ups and scans included) is paid from
one budget per grid, so any input gets a verdict in bounded time: words the
budget could not cover are reported as unresolved.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass

from mixmo.engine.grid import Cell, Grid, Word
from mixmo.engine.lexicon import ENUMERATION_LIMIT, Lexicon, LexiconError

SOLUTION_LIMIT = 5_000
"""Solutions enumerated per component before the resolver stops looking for better ones."""

OPEN_TILES_IN_SET = 3
"""Two jokers and the Bandit: a grid with more open tiles breaks the set's counts
anyway, so each of its groups takes its first solution without looking for a
better one (or for the other letters a tile could take)."""

SEARCH_BUDGET = 200_000
"""Work units allowed per grid, shared by every group of open tiles: one unit is one
candidate word tried or filtered, one word looked up, or one word of the dictionary
scanned (times SCAN_WEIGHT). Legal grids (two jokers and the Bandit) use at most
about 3,500 (benchmarks/jokers.py); only grids with far more jokers than the set
holds come near it. Past it the words left are reported as unresolved, never
silently accepted."""

SCAN_WEIGHT = 4
"""A dictionary scan filters each word of a length against every slot: it costs
several lookups' worth per word."""

SOLUTION_COST = 4
"""Work units a solution costs on top of one per word: spelling its words and scoring it."""

REPAIR_LIMIT = 20_000
"""Letter combinations tried to make the most words valid when no full solution exists."""

MAX_OPEN_TILES = 100
"""Open tiles past which a grid is not searched at all (the set holds three): every
word through them is reported unresolved at once, whatever the grid's size."""

LONGEST_SPELLING = 120
"""No word of a game is longer than the whole set; longer runs of tiles are never
looked up letter by letter (multiplying their letter choices alone is costly)."""


class _Budget:
    """The work units left for one grid; spending past zero stops every search."""

    __slots__ = ("left",)

    def __init__(self, units: int) -> None:
        self.left = units

    def spend(self, units: int) -> bool:
        """Take ``units``; False when the budget is now used up."""
        self.left -= units
        return self.left >= 0

    def afford(self, units: int) -> bool:
        """Take ``units`` if that many are left; otherwise use the budget up and say no."""
        if units > self.left:
            self.left = 0
            return False
        self.left -= units
        return True

    @property
    def exhausted(self) -> bool:
        return self.left <= 0


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
    work: int = 0
    """Work units spent (see SEARCH_BUDGET): what the resolution cost, for tests and benchmarks."""

    def spell(self, word: Word) -> str:
        return word.spell(self.letters)


Candidates = dict[tuple[str, ...], list[str] | None]
"""Words matching each pattern of slots already looked up for this grid (None: over budget)."""


def _capped_product(sizes: Iterable[int], cap: int) -> int:
    """The product of ``sizes``, or ``cap + 1`` as soon as it passes ``cap``."""
    product = 1
    for size in sizes:
        product *= size
        if product > cap:
            return cap + 1
    return product


def _matching(word: Word, lexicon: Lexicon, budget: _Budget, known: Candidates) -> list[str] | None:
    """The words that fit ``word``'s tiles, sorted; None when the budget cannot pay for them.

    The cost is charged before the lexicon is asked: the letter combinations when
    they are few enough to look up one by one, otherwise a scan of every word of
    that length. The same pattern is looked up once per grid.
    """
    slots = tuple(
        tile.letter if tile.letter is not None else tile.allowed_letters() for tile in word.tiles
    )
    if slots in known:
        budget.spend(1)
        return known[slots]
    found: list[str] | None = None
    combos = _capped_product((len(slot) for slot in slots), ENUMERATION_LIMIT)
    listing = None
    if combos > ENUMERATION_LIMIT:  # (imported here: a legal grid never gets this far)
        from mixmo.engine.word_index import listing_for

        listing = listing_for(lexicon)
    by_length = getattr(lexicon, "words_of_length", None)
    count = listing.count if listing is not None else None
    if count is None and callable(by_length):
        count = lambda length: len(by_length(length))  # noqa: E731
    if combos <= ENUMERATION_LIMIT:
        cost = combos  # (looked up one by one: the words of that length are not listed)
    else:
        if count is not None and not count(len(word)):
            budget.spend(1)
            known[slots] = []
            return []  # no word of the lexicon is this long
        if count is not None:
            cost = SCAN_WEIGHT * count(len(slots))
        elif len(slots) > LONGEST_SPELLING:
            cost = -1  # no lexicon word list to scan and no game word is this long
        else:
            cost = SCAN_WEIGHT * ENUMERATION_LIMIT
    if cost >= 0 and budget.afford(cost + 1):
        try:
            # A word list's index holds its words by length: one scan of that text.
            found = sorted((listing or lexicon).matching(slots))
        except LexiconError:  # a lexicon that cannot match this many spellings
            found = None
    known[slots] = found
    return found


class _Component:
    """Open tiles linked through shared words, with their words' candidate spellings."""

    def __init__(
        self,
        cells: list[Cell],
        words: list[Word],
        grid: Grid,
        lexicon: Lexicon,
        budget: _Budget,
        known: Candidates,
    ) -> None:
        self.cells = cells
        self.words = words
        self.budget = budget
        index = {cell: i for i, cell in enumerate(cells)}
        self.positions = [
            [(pos, index[cell]) for pos, cell in enumerate(w.cells) if grid[cell].is_open]
            for w in words
        ]
        self.templates = [[tile.letter or "?" for tile in w.tiles] for w in words]
        """Each word's letters, with ``?`` where its open tiles go (spelt per solution)."""
        self.allowed = [grid[cell].allowed_letters() for cell in cells]
        self.candidates: list[list[str]] = []
        self.complete = True
        """False when the budget ran out before every word's candidates were known."""
        for word in words:
            found = _matching(word, lexicon, budget, known)
            if found is None:
                self.complete = False
                return
            self.candidates.append(found)

    def solutions(self) -> Iterator[tuple[str, ...]]:
        """Every assignment that spells a candidate in each word.

        The search fills one word at a time, the word with the fewest
        candidates left first, and filters the candidates of the words that
        cross it. Every step is paid from the grid's budget; when it runs out
        the search stops early.
        """
        budget = self.budget
        count = len(self.cells)
        nwords = len(self.words)
        words_of: list[list[int]] = [[] for _ in range(count)]
        for w, positions in enumerate(self.positions):
            for _, var in positions:
                words_of[var].append(w)
        open_left = [len(positions) for positions in self.positions]
        assignment: list[str | None] = [None] * count

        def search(alive: list[list[str]]) -> Iterator[tuple[str, ...]]:
            if not budget.spend(nwords):
                return
            w = -1
            for w2 in range(nwords):
                if open_left[w2] and (w < 0 or len(alive[w2]) < len(alive[w])):
                    w = w2
            if w < 0:
                yield tuple(letter or "" for letter in assignment)
                return
            fresh = [(pos, var) for pos, var in self.positions[w] if assignment[var] is None]
            crossing = {w2 for _, var in fresh for w2 in words_of[var]} - {w}
            # A crossing word's candidates already agree with earlier letters:
            # only the letters this word sets need checking.
            fresh_pos = {var: pos for pos, var in fresh}
            setting = set(fresh_pos)
            checked = {
                w2: [(pos, var) for pos, var in self.positions[w2] if var in setting]
                for w2 in crossing
            }
            for _, var in fresh:
                for w2 in words_of[var]:
                    open_left[w2] -= 1
            for candidate in alive[w]:
                if budget.exhausted:
                    break
                for pos, var in fresh:
                    assignment[var] = candidate[pos]
                narrowed = list(alive)
                narrowed[w] = [candidate]
                for w2 in crossing:
                    if not budget.spend(len(alive[w2])):
                        break
                    checks = [(pos, candidate[fresh_pos[var]]) for pos, var in checked[w2]]
                    if len(checks) == 1:
                        ((pos, letter),) = checks
                        narrowed[w2] = [c for c in alive[w2] if c[pos] == letter]
                    else:
                        narrowed[w2] = [
                            c for c in alive[w2] if all(c[pos] == letter for pos, letter in checks)
                        ]
                    if not narrowed[w2]:
                        break
                else:
                    yield from search(narrowed)
                budget.spend(1)
            for _, var in fresh:
                assignment[var] = None
                for w2 in words_of[var]:
                    open_left[w2] += 1

        if all(self.candidates):  # a word with no candidate: no solution to look for
            yield from search(self.candidates)

    def spelt(self, letters: tuple[str, ...]) -> list[str]:
        """Every word of the component, spelt with ``letters`` for its open tiles."""
        words = []
        for template, positions in zip(self.templates, self.positions, strict=True):
            chars = list(template)
            for pos, var in positions:
                chars[pos] = letters[var]
            words.append("".join(chars))
        return words

    def repair(self, lexicon: Lexicon) -> tuple[str, ...] | None:
        """The letters that make the most words valid, when no choice makes all valid.

        Each open tile tries the letters its words' candidates have at its place
        (one pass over the words); the combinations are tried only when there
        are at most REPAIR_LIMIT of them, each paid from the budget.
        """
        useful: list[set[str]] = [set() for _ in self.cells]
        for w, positions in enumerate(self.positions):
            candidates = self.candidates[w]
            if not self.budget.afford(len(candidates) * len(positions) + 1):
                return None
            for pos, var in positions:
                useful[var].update(word[pos] for word in candidates)
        domains = [
            "".join(sorted(letters)) or allowed[0]
            for letters, allowed in zip(useful, self.allowed, strict=True)
        ]
        if _capped_product((len(d) for d in domains), REPAIR_LIMIT) > REPAIR_LIMIT:
            return None
        best: tuple[int, tuple[str, ...]] | None = None
        for letters in itertools.product(*domains):
            if not self.budget.spend(len(self.words)):
                break
            valid = sum(word in lexicon for word in self.spelt(letters))
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


def _not_searched(open_cells: list[Cell], open_words: list[Word]) -> Resolution:
    """More open tiles than any game holds: no letters looked for, every open word left
    unresolved."""
    return Resolution(
        {},
        tuple(OpenTile(cell, None, "") for cell in open_cells),
        solved=not open_words,
        conflicts=(),
        unresolved=(tuple(open_words),) if open_words else (),
    )


def _best_solution(
    component: _Component,
    work: _Budget,
    limit: int,
    seen: list[set[str]],
    chosen_words: Counter[str],
    *,
    prefer: Collection[str],
    distinct: bool,
) -> tuple[str, ...] | None:
    """Among a component's first ``limit`` solutions, the one that repeats fewest words
    (with ``distinct``), then spells the most ``prefer`` words; ``seen`` gathers each
    joker's letters over them. None when no solution was found within the budget."""
    best: tuple[tuple[int, int], tuple[str, ...]] | None = None
    for count, solution in enumerate(component.solutions()):
        if count >= limit or not work.spend(SOLUTION_COST + len(component.words)):
            break
        for var, letter in enumerate(solution):
            seen[var].add(letter)
        spelt = component.spelt(solution)
        repeats = len(spelt) - len(set(spelt)) + sum(chosen_words[word] > 0 for word in spelt)
        claimed = sum(word in prefer for word in set(spelt))
        score = (-repeats if distinct else 0, claimed)
        if best is None or score > best[0]:
            best = (score, solution)
    return None if best is None else best[1]


def resolve(
    grid: Grid,
    lexicon: Lexicon,
    *,
    prefer: Collection[str] = (),
    distinct: bool = False,
    budget: int = SEARCH_BUDGET,
    words: list[Word] | None = None,
) -> Resolution:
    """Find letters for the open jokers and the Bandit of ``grid``.

    ``distinct`` asks for no word twice (Expert); ``prefer`` are words the
    player wants spelt (claimed theme words). The rules come first: among the
    solutions the resolver takes one that repeats no word when ``distinct``,
    and only then one that spells the most claimed words, so a claim never
    turns a valid grid invalid. ``budget`` bounds the work (SEARCH_BUDGET);
    ``words`` are the grid's words when the caller has them already.
    """
    words = grid.words() if words is None else words
    open_words = [w for w in words if w.has_open_tiles]
    open_cells = [cell for cell, tile in grid.items() if tile.is_open]
    if len(open_cells) > MAX_OPEN_TILES:
        return _not_searched(open_cells, open_words)
    letters: dict[Cell, str] = {}
    options: dict[Cell, str] = {}
    conflicts: list[tuple[Word, ...]] = []
    unresolved: list[tuple[Word, ...]] = []
    solved = True
    chosen_words: Counter[str] = Counter(w.pattern for w in words if not w.has_open_tiles)
    work = _Budget(budget)  # shared: many jokers in many groups cannot add up
    known: Candidates = {}

    for cells, comp_words in _components(grid, open_words):
        component = None
        if not work.exhausted:
            component = _Component(cells, comp_words, grid, lexicon, work, known)
        if component is None or not component.complete:
            unresolved.append(tuple(comp_words))  # the budget ran out: no letters for these
            solved = False
            continue
        seen: list[set[str]] = [set() for _ in cells]
        limit = SOLUTION_LIMIT if len(open_cells) <= OPEN_TILES_IN_SET else 1
        best = _best_solution(
            component, work, limit, seen, chosen_words, prefer=prefer, distinct=distinct
        )
        if best is not None:
            chosen = best
        else:
            solved = False
            if work.exhausted:
                unresolved.append(tuple(comp_words))
                chosen = ()
            else:
                if all(component.candidates):
                    conflicts.append(tuple(comp_words))
                chosen = component.repair(lexicon) or ()
        for var, cell in enumerate(cells):
            if chosen:
                letters[cell] = chosen[var]
            options[cell] = "".join(sorted(seen[var]))
        chosen_words.update(w.spell(letters) for w in comp_words)

    open_tiles = tuple(
        OpenTile(cell, letters.get(cell), options.get(cell, ""))
        for cell, tile in grid.items()
        if tile.is_open
    )
    return Resolution(
        letters,
        open_tiles,
        solved,
        tuple(conflicts),
        tuple(unresolved),
        work=budget - work.left,
    )
