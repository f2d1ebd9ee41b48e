"""Grid validation: every word, every joker, every rule, every problem at once.

A grid is valid when its tiles form one connected group, every word is in
the lexicon, its jokers resolve, it holds no more of any tile than the set
has, and the variant's rules hold. Optionally it must hold exactly one
player's share of tiles, and the player's claimed theme words.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from mixmo.engine.grid import Cell, Direction, Grid, Word
from mixmo.engine.jokers import OpenTile, Resolution, resolve
from mixmo.engine.lexicon import Lexicon, fold, lexicon_label
from mixmo.engine.messages import Kind, Listing, Message, Plural
from mixmo.engine.tiles import (
    BANDIT_NAME,
    JOKER_NAME,
    TileKind,
    excess_over_set,
    tiles_per_player,
)
from mixmo.engine.variants import Variant

SET_NAMES = {"?": JOKER_NAME, "!": BANDIT_NAME}
DIRECTIONS = {"across": Kind("across", "across"), "down": Kind("down", "down")}
WHERE = Kind("word-place", "{direction} at row {row}, column {col}")
CELL = Kind("cell", "row {row}, column {col}")
TOO_SHORT = Plural(
    "too-short",
    "{word} ({where}) is shorter than {count} letter",
    "{word} ({where}) is shorter than {count} letters",
)
UNRESOLVED = Kind(
    "unresolved-jokers",
    "{word} ({where}) crosses too many jokers for their letters to be worked out",
)
CONFLICT = Kind(
    "joker-conflict-word",
    "{word} ({where}) cannot be a word with the letters "
    "its jokers must take for the words that cross it",
)
NOT_A_WORD_WITH_JOKERS = Kind(
    "not-a-word-with-jokers",
    "{word} ({where}) is not a word with any letter for its jokers in {lexicon}",
)
NOT_A_WORD = Kind("not-a-word", "{word} ({where}) is not in {lexicon}")
BANDITS_THERE = Plural(
    "bandits-there",
    ": {count} Bandit there, and a Bandit stands only for K, W, X, Y or Z",
    ": {count} Bandits there, and a Bandit stands only for K, W, X, Y or Z",
)
NOT_SEARCHED = Plural(
    "words-not-searched",
    "{count} word through jokers or Bandits could not be checked: the grid "
    "holds more of them than the set (2 jokers and 1 Bandit), too many for "
    "their letters to be worked out",
    "{count} words through jokers or Bandits could not be checked: the grid "
    "holds more of them than the set (2 jokers and 1 Bandit), too many for "
    "their letters to be worked out",
)
JOKERS_CONFLICT = Kind(
    "jokers-conflict",
    "no letters for the jokers at {jokers} make these words at once: {words}",
)
THEN = Kind("then", "{first}{then}")
"""Two sentences said one after the other (the second starts with its own punctuation)."""
WORD_AT = Kind("word-at", "{word} ({where})")
REPEATED = Kind("repeated-word", "{word} appears {count} times; {variant} allows each word once")
NO_TILE = Kind("grid-holds-no-tile", "the grid holds no tile")
TILES_AT = Plural("tiles-at", "{count} tile at {cell}", "{count} tiles at {cell}")
SEPARATE = Kind("separate-groups", "the tiles form {count} separate groups, not one: {groups}")
ONE_APART = Kind(
    "one-group-apart",
    "the tiles form {count} separate groups, not one: {groups} stands apart from the largest group",
)
SOME_APART = Kind(
    "groups-apart",
    "the tiles form {count} separate groups, not one: {groups} stand apart from the largest group",
)
NO_WORD = Kind("no-word", "the grid holds no word of two tiles or more")
TOO_MANY_OF = Kind(
    "too-many-of-a-tile", "the grid holds {held} {name} tiles but the set has only {in_set}"
)
WRONG_COUNT = Plural(
    "wrong-tile-count",
    "the grid holds {count} tile; with {players} players each grid holds exactly {expected}",
    "the grid holds {count} tiles; with {players} players each grid holds exactly {expected}",
)
THEME_WORD_MISSING = Kind(
    "theme-word-missing", "the theme word {word} is not a valid word of this grid"
)
NO_THEME_WORD = Kind(
    "no-theme-word", "the theme is {theme!r} but the grid holds no word claimed on it"
)


class ProblemKind(enum.Enum):
    """What rule a problem breaks (stable names for tools and tests)."""

    EMPTY_GRID = "empty-grid"
    NO_WORD = "no-word"
    DISCONNECTED = "disconnected"
    NOT_A_WORD = "not-a-word"
    JOKER_CONFLICT = "joker-conflict"
    UNRESOLVED_JOKERS = "unresolved-jokers"
    TOO_SHORT = "too-short"
    REPEATED_WORD = "repeated-word"
    TOO_MANY_OF_A_TILE = "too-many-of-a-tile"
    WRONG_TILE_COUNT = "wrong-tile-count"
    THEME_WORD_MISSING = "theme-word-missing"
    NO_THEME_WORD = "no-theme-word"


@dataclass(frozen=True, slots=True)
class Problem:
    """One broken rule, as a message that names the word, tile or rule."""

    kind: ProblemKind
    message: Message
    cells: tuple[Cell, ...] = ()

    def __str__(self) -> str:
        return str(self.message)


@dataclass(frozen=True, slots=True)
class WordVerdict:
    """One word of the grid, as spelt after joker resolution, and its verdict."""

    word: Word
    text: str
    valid: bool
    reason: Message | None = None
    problem: ProblemKind | None = None
    """The rule the word breaks, when it is invalid."""

    @property
    def row(self) -> int:
        return self.word.start[0]

    @property
    def col(self) -> int:
        return self.word.start[1]

    @property
    def direction(self) -> Direction:
        return self.word.direction


@dataclass(frozen=True, slots=True)
class ValidationReport:
    """The verdict on a grid: its words, its jokers' letters and every problem."""

    grid: Grid
    lexicon_name: str
    variant: Variant
    words: tuple[WordVerdict, ...]
    open_tiles: tuple[OpenTile, ...]
    problems: tuple[Problem, ...]
    theme_words: tuple[str, ...]
    """The claimed theme words found in the grid."""

    @property
    def valid(self) -> bool:
        return not self.problems

    def problem_kinds(self) -> set[ProblemKind]:
        return {problem.kind for problem in self.problems}


def where(word: Word) -> Message:
    """A word's place for people: 1-based row and column, and direction."""
    row, col = word.start
    return WHERE(direction=DIRECTIONS[word.direction.value](), row=row + 1, col=col + 1)


def _cell_name(cell: Cell) -> Message:
    return CELL(row=cell[0] + 1, col=cell[1] + 1)


def _word_verdicts(
    words: list[Word],
    resolution: Resolution,
    lexicon: Lexicon,
    variant: Variant,
    over_set: bool,
) -> tuple[list[WordVerdict], list[Problem]]:
    """Each word's verdict, and the problems of the words.

    ``over_set`` says the grid holds more jokers or Bandits than the set: then
    words the resolver gave up on are summed up in one problem (the jokers are
    the real fault, already reported) rather than one per word.
    """
    verdicts: list[WordVerdict] = []
    problems: list[Problem] = []
    # A word is known by where it starts and runs (hashing a Word hashes its every tile).
    conflicted = {(w.start, w.direction) for group in resolution.conflicts for w in group}
    unresolved = {(w.start, w.direction) for group in resolution.unresolved for w in group}
    not_searched: list[Word] = []
    for word in words:
        text = resolution.spell(word)
        reason: Message | None = None
        has_open = word.has_open_tiles
        if len(word) < variant.min_word_length:
            reason = TOO_SHORT(word=text, where=where(word), count=variant.min_word_length)
            kind = ProblemKind.TOO_SHORT
        elif (word.start, word.direction) in unresolved:
            reason = UNRESOLVED(word=word.pattern, where=where(word))
            kind = ProblemKind.UNRESOLVED_JOKERS
            if over_set:
                verdicts.append(WordVerdict(word, text, False, reason, kind))
                not_searched.append(word)
                continue
        elif (word.start, word.direction) in conflicted:
            reason = CONFLICT(word=word.pattern, where=where(word))
            # No letters work: show the word as laid (JA?), not the letters tried (JAB).
            verdicts.append(
                WordVerdict(word, word.pattern, False, reason, ProblemKind.JOKER_CONFLICT)
            )
            continue
        elif "?" in text or text not in lexicon:
            shown = word.pattern if has_open else text
            sentence = NOT_A_WORD_WITH_JOKERS if has_open else NOT_A_WORD
            reason = sentence(word=shown, where=where(word), lexicon=lexicon_label(lexicon.name))
            bandits = sum(tile.kind is TileKind.BANDIT for tile in word.tiles)
            if has_open and bandits:
                reason = THEN(first=reason, then=BANDITS_THERE(count=bandits))
            kind = ProblemKind.NOT_A_WORD
        if reason is None:
            verdicts.append(WordVerdict(word, text, True))
        else:
            verdicts.append(WordVerdict(word, text, False, reason, kind))
            problems.append(Problem(kind, reason, word.cells))
    if not_searched:
        problems.append(
            Problem(
                ProblemKind.UNRESOLVED_JOKERS,
                NOT_SEARCHED(count=len(not_searched)),
                tuple(cell for word in not_searched for cell in word.cells),
            )
        )
    problems.extend(_conflict_problems(resolution))
    if variant.distinct_words:
        problems.extend(_repeated_words(verdicts, variant))
    return verdicts, problems


def _conflict_problems(resolution: Resolution) -> list[Problem]:
    """One problem per group of words whose jokers no letters satisfy together."""
    problems = []
    for group in resolution.conflicts:
        open_cells = sorted(
            {c for w in group for c, t in zip(w.cells, w.tiles, strict=True) if t.is_open}
        )
        jokers = Listing(tuple(_cell_name(cell) for cell in open_cells), "and")
        spelt = Listing(tuple(WORD_AT(word=w.pattern, where=where(w)) for w in group))
        problems.append(
            Problem(
                ProblemKind.JOKER_CONFLICT,
                JOKERS_CONFLICT(jokers=jokers, words=spelt),
                tuple(cell for w in group for cell in w.cells),
            )
        )
    return problems


def _repeated_words(verdicts: list[WordVerdict], variant: Variant) -> list[Problem]:
    """One problem per word spelt more than once (Expert wants every word distinct)."""
    problems = []
    counts = Counter(v.text for v in verdicts)
    for text, count in sorted(counts.items()):
        if count > 1:
            cells = tuple(c for v in verdicts if v.text == text for c in v.word.cells)
            problems.append(
                Problem(
                    ProblemKind.REPEATED_WORD,
                    REPEATED(word=text, count=count, variant=variant.title_message()),
                    cells,
                )
            )
    return problems


def _shape_problems(grid: Grid, words: list[Word]) -> list[Problem]:
    if not len(grid):
        return [Problem(ProblemKind.EMPTY_GRID, NO_TILE())]
    problems = []
    groups = grid.groups()
    if len(groups) > 1:
        listed = [TILES_AT(count=len(group), cell=_cell_name(min(group))) for group in groups]
        if len(groups[0]) == len(groups[1]):  # no largest group to measure the others by
            message = SEPARATE(count=len(groups), groups=Listing(tuple(listed), "semicolon"))
            apart = groups
        else:
            sentence = ONE_APART if len(groups) == 2 and len(groups[1]) == 1 else SOME_APART
            message = sentence(count=len(groups), groups=Listing(tuple(listed[1:])))
            apart = groups[1:]
        problems.append(
            Problem(
                ProblemKind.DISCONNECTED,
                message,
                tuple(cell for group in apart for cell in sorted(group)),
            )
        )
    if not words:
        problems.append(Problem(ProblemKind.NO_WORD, NO_WORD()))
    return problems


def _set_problems(grid: Grid, excess: dict[str, tuple[int, int]]) -> list[Problem]:
    """Tiles held more times than the set has them (too many jokers, a second Z...).

    One pass over the grid in reading order gathers the cells of every over-used
    tile (a 10,000-tile grid can over-use every kind of tile: a pass per kind cost 0.3 s).
    """
    if not excess:
        return []
    cells_of: dict[str, list[Cell]] = {key: [] for key in excess}
    for cell, tile in grid.items():
        cells = cells_of.get(tile.set_key)
        if cells is not None:
            cells.append(cell)
    problems = []
    for key, (held, in_set) in excess.items():
        name = SET_NAMES[key]() if key in SET_NAMES else key
        problems.append(
            Problem(
                ProblemKind.TOO_MANY_OF_A_TILE,
                TOO_MANY_OF(held=held, name=name, in_set=in_set),
                tuple(cells_of[key]),
            )
        )
    return problems


def _count_problems(grid: Grid, players: int | None) -> list[Problem]:
    """The table's tiles-per-player count, when the table size is known."""
    problems = []
    if players is not None:
        expected = tiles_per_player(players)
        if len(grid) != expected:
            problems.append(
                Problem(
                    ProblemKind.WRONG_TILE_COUNT,
                    WRONG_COUNT(count=len(grid), players=players, expected=expected),
                )
            )
    return problems


def validate(
    grid: Grid,
    lexicon: Lexicon,
    variant: Variant | None = None,
    *,
    players: int | None = None,
    theme: str | None = None,
    theme_words: Iterable[str] = (),
) -> ValidationReport:
    """Check ``grid`` against every rule and collect every problem.

    ``players`` asks for exactly that table size's share of tiles; ``theme``
    says a theme is in play (the Bandit was drawn), so the grid must hold a
    word on it; ``theme_words`` are the player's claims, which must stand in
    the grid (whether they fit the theme is for the players to judge).
    """
    variant = variant or Variant()
    claims = tuple(dict.fromkeys(fold(word) for word in theme_words))
    words = grid.words()
    resolution = resolve(
        grid, lexicon, prefer=set(claims), distinct=variant.distinct_words, words=words
    )
    excess = excess_over_set(grid.tiles())
    set_problems = _set_problems(grid, excess)
    over_set = any(key in SET_NAMES for key in excess)  # too many jokers or Bandits
    verdicts, word_problems = _word_verdicts(words, resolution, lexicon, variant, over_set)

    # The set's counts come before the words: too many jokers is the fault that
    # makes words through them unresolvable, not the other way round.
    problems = (
        _shape_problems(grid, words) + set_problems + word_problems + _count_problems(grid, players)
    )
    valid_texts = {v.text for v in verdicts if v.valid}
    found_claims = tuple(claim for claim in claims if claim in valid_texts)
    for claim in claims:
        if claim not in valid_texts:
            problems.append(
                Problem(
                    ProblemKind.THEME_WORD_MISSING,
                    THEME_WORD_MISSING(word=claim),
                )
            )
    if theme and variant.themes and not found_claims:
        problems.append(
            Problem(
                ProblemKind.NO_THEME_WORD,
                NO_THEME_WORD(theme=theme),
            )
        )
    return ValidationReport(
        grid=grid,
        lexicon_name=lexicon.name,
        variant=variant,
        words=tuple(verdicts),
        open_tiles=resolution.open_tiles,
        problems=tuple(problems),
        theme_words=found_claims,
    )
