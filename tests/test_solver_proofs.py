"""The crossing proof and the dead-end watch: rare letters whose words would share too much."""

from __future__ import annotations

import time
from collections import Counter

from mixmo.engine.solver import index_for, parse_rack, solve
from mixmo.engine.solver.board import Board, Words
from mixmo.engine.solver.crossings import forced_crossings
from mixmo.engine.solver.search import Search
from mixmo.engine.validation import validate
from mixmo.engine.variants import Expert, Variant

# French, Expert: two Q, one C, one O, and no U, A, N, B, F, H or joker. The only
# words with a Q these tiles spell are COQ and COQS (QI is too short in Expert).
TWO_Q_ONE_C = "SCEPEIIKGELMQTEEOQEVD"


def test_two_q_whose_only_words_would_share_two_tiles_are_proven_impossible(french) -> None:
    # COQ and COQS need two C and two O between them; two words share one tile at most.
    result = solve(TWO_Q_ONE_C, french, Expert(), budget=30.0, clock=time.process_time)
    assert not result.solved
    assert result.proven_impossible
    assert "the 2 Q tiles need words that share more tiles than words can" in str(
        result.explanation
    )
    assert "whichever of the 2 words with Q" in str(result.explanation)


def test_the_same_rack_is_solved_in_the_classic_game(french) -> None:
    # QI is a word in the classic game, and the same word may stand twice: no proof.
    result = solve(TWO_Q_ONE_C, french, Variant(), budget=30.0, clock=time.process_time)
    assert result.solved
    assert validate(result.grid, french).valid


def test_two_words_may_share_exactly_one_tile_where_they_cross(french) -> None:
    # QAT across and QATS down through its T: six tiles, one T for both words.
    result = solve("QQAATS", french, Expert(), budget=30.0, clock=time.process_time)
    assert result.solved
    assert sorted(v.text for v in validate(result.grid, french, Expert()).words) == [
        "QAT",
        "QATS",
    ]


def test_two_words_that_would_share_two_tiles_cannot_both_stand(french) -> None:
    # One A and one T for QAT and QATS: they would share the A and the T.
    result = solve("QQATS", french, Expert(), budget=30.0, clock=time.process_time)
    assert result.proven_impossible
    assert "the 2 Q tiles need words" in str(result.explanation)


def test_a_joker_pays_for_a_tile_the_words_would_otherwise_share(french) -> None:
    # The joker is the second A: QAT and QATS then cross at their T, as above.
    result = solve("QQAT?S", french, Expert(), budget=30.0, clock=time.process_time)
    assert not result.proven_impossible
    assert result.solved


def test_the_search_does_not_take_a_first_word_that_strands_a_q(french) -> None:
    # DIAPHRAGMANT spends the A, the H and the N: the two Q are left with QAT alone
    # (through an A of the grid), and Expert allows it once. LANDGRAVIAT leaves
    # FIQH and QAT, one for each Q.
    board = Board(Words(french), Expert())
    board.add_to_rack(parse_rack("ADFTQVANRHPELAITQORGM"))
    index = index_for(french).prepare()
    search = Search(board, index, seed=0, deadline=float("inf"), clock=time.process_time)
    search._watch = search.watched(search._node_pool(None), None)
    stranding = board.try_word("DIAPHRAGMANT", (0, 0), (0, 1))
    sparing = board.try_word("LANDGRAVIAT", (0, 0), (0, 1))
    assert stranding is not None and sparing is not None
    assert not search.alive(stranding)
    assert search.alive(sparing)


def test_that_rack_is_solved_in_expert(french) -> None:
    result = solve("ADFTQVANRHPELAITQORGM", french, Expert(), budget=30.0, seed=56)
    assert result.solved
    assert validate(result.grid, french, Expert()).valid


def test_two_q_words_that_must_cross_at_the_one_t_start_the_search(french) -> None:
    # Two Q, one T, no U: every word with Q holds a T (QAT, QATS, QANAT, QATARI...),
    # so two of them cross at the T. The search starts from such a pair.
    rack = "ISDJOQEQMIARTSVEANNEI"
    index = index_for(french).prepare()
    starts = forced_crossings(Counter(rack), 0, len(rack), index, Expert())
    assert ("QAT", "QATS", 2, 2) in starts
    assert all(first[i] == second[j] == "T" for first, second, i, j in starts)
    result = solve(rack, french, Expert(), budget=30.0, seed=73, clock=time.process_time)
    assert result.solved
    assert "from two words that must cross" in str(result.explanation)
    assert validate(result.grid, french, Expert()).valid


def test_nothing_is_forced_when_two_q_words_can_stand_apart(french) -> None:
    # With two A and two T, QAT and QATS need no shared tile.
    rack = "QQAATTS" + "EEINRSLO"
    index = index_for(french).prepare()
    assert forced_crossings(Counter(rack), 0, len(rack), index, Expert()) == []
