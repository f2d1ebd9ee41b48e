"""Cheap proofs that no valid grid holds every tile of a rack.

Every word of a complete grid is spelt with the rack's own tiles, and every
tile stands in at least one word. So when some letter of the rack is in no
word that the rack can spell (jokers and the Bandit included), no grid
exists: ``QQ`` with no vowel, a lone ``V`` among consonants. Also: one tile
makes no word, Expert needs three tiles, and no grid holds more of a tile
than the set has. And the crossing proof (:mod:`.crossings`): a rare
letter's tiles need words that would share more tiles than crossings allow.
These proofs are sound, not complete: a rack they do not
refute may still have no grid.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from mixmo.engine.messages import Kind, Listing, Message, Plural
from mixmo.engine.solver.crossings import crossing_proof
from mixmo.engine.solver.index import LexiconIndex
from mixmo.engine.tiles import (
    BANDIT_LETTERS,
    BANDIT_NAME,
    JOKER_NAME,
    Tile,
    TileKind,
    excess_over_set,
)
from mixmo.engine.variants import Variant

NO_TILES = Kind("no-tiles-to-place", "there are no tiles to place")
TOO_FEW_TILES = Plural(
    "too-few-tiles",
    "{count} tile cannot make a word of {length} letters",
    "{count} tiles cannot make a word of {length} letters",
)
OVER_SET = Kind("rack-over-set", "{held} {name} tiles, but the set has only {in_set}")
LETTERS_UNSPELT = Kind("letters-unspelt", "no word that these tiles can spell holds {letters}")
NO_BANDIT_WORD = Kind(
    "no-bandit-word", "no word that these tiles can spell has a K, W, X, Y or Z for the Bandit"
)


def impossibility(tiles: Sequence[Tile], index: LexiconIndex, variant: Variant) -> Message | None:
    """Why no valid grid holds every tile of ``tiles``, or None when no cheap proof is found."""
    if not tiles:
        return NO_TILES()
    if len(tiles) < variant.min_word_length:
        return TOO_FEW_TILES(count=len(tiles), length=variant.min_word_length)
    excess = excess_over_set(tiles)
    if excess:
        key, (held, in_set) = next(iter(excess.items()))
        names = {"?": JOKER_NAME, "!": BANDIT_NAME}
        name: Message | str = names[key]() if key in names else key
        return OVER_SET(held=held, name=name, in_set=in_set)
    letters = Counter(t.letter for t in tiles if t.kind is TileKind.LETTER and t.letter)
    blanks = sum(1 for t in tiles if t.kind is not TileKind.LETTER)
    bandit = any(t.kind is TileKind.BANDIT for t in tiles)
    unseen = set(letters)
    need_bandit = bandit
    lengths = [n for n in index.lengths if variant.min_word_length <= n <= len(tiles)]
    for word in index.shortest_first(index.scan(index.rack_code(letters), blanks, lengths)):
        if not unseen and not need_bandit:
            break
        if word not in index.lexicon:
            continue
        unseen.difference_update(word)
        if need_bandit and any(c in BANDIT_LETTERS for c in word):
            need_bandit = False
    if unseen:
        return LETTERS_UNSPELT(letters=Listing(tuple(sorted(unseen))))
    if need_bandit:
        return NO_BANDIT_WORD()
    return crossing_proof(letters, blanks, len(tiles), index, variant)
