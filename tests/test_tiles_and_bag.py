"""The tile set and the bag (rulebook: Letter Distribution, Tiles per Player)."""

from collections import Counter

import pytest

from mixmo.engine.bag import Bag, BagEmptyError
from mixmo.engine.tiles import (
    BANDIT,
    JOKER,
    TILE_DISTRIBUTION,
    TILES_PER_PLAYER,
    Tile,
    TileError,
    TileKind,
    full_tile_set,
    tiles_per_player,
)


def test_the_set_has_120_tiles() -> None:
    assert len(full_tile_set()) == 120


def test_letter_distribution_matches_the_rulebook_table() -> None:
    counts = Counter(tile.set_key for tile in full_tile_set())
    assert counts["E"] == 17 and counts["A"] == 10 and counts["I"] == 9
    assert counts["K"] == counts["W"] == counts["X"] == counts["Y"] == counts["Z"] == 1
    assert counts["?"] == 2, "two standard jokers"
    assert counts["!"] == 1, "one Bandit"
    assert counts == Counter(TILE_DISTRIBUTION)


def test_tiles_per_player_table() -> None:
    assert dict(TILES_PER_PLAYER) == {2: 60, 3: 40, 4: 30, 5: 24, 6: 20}
    with pytest.raises(ValueError, match="2 to 6 players"):
        tiles_per_player(7)


def test_the_bandit_stands_only_for_k_w_x_y_z() -> None:
    assert BANDIT.allowed_letters() == "KWXYZ"


def test_a_joker_stands_for_any_letter() -> None:
    assert len(JOKER.allowed_letters()) == 26
    assert Tile.from_symbol("e") == Tile(TileKind.JOKER, "E")
    assert Tile.from_symbol("e").allowed_letters() == "E"


def test_tile_symbols_round_trip() -> None:
    for symbol in "AZ?!qz":
        assert Tile.from_symbol(symbol).symbol == symbol
    with pytest.raises(TileError):
        Tile.from_symbol("#")
    with pytest.raises(TileError):
        Tile(TileKind.BANDIT, "K")


def test_a_seeded_bag_draws_the_same_tiles_every_time() -> None:
    first, _ = Bag.shuffled(42).draw(6)
    again, _ = Bag.shuffled(42).draw(6)
    other, _ = Bag.shuffled(43).draw(6)
    assert first == again
    assert first != other


def test_drawing_conserves_the_tiles() -> None:
    bag = Bag.shuffled("seed")
    drawn: list[Tile] = []
    for _ in range(20):
        tiles, bag = bag.draw(6)
        drawn += tiles
    assert len(bag) == 0
    assert Counter(drawn) == Counter(full_tile_set())


def test_the_bag_refuses_to_overdraw() -> None:
    _, bag = Bag.shuffled(1).draw(119)
    with pytest.raises(BagEmptyError, match="holds 1"):
        bag.draw(2)
