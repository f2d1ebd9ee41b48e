"""The tutorial's lessons, learnt through the engine the way a learner would.

A "learner" here places the solver's grid tile by tile with the same actions
the interface sends for key presses; the engine alone decides when a lesson
is learnt.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mixmo.engine import actions as act
from mixmo.engine import events as ev
from mixmo.engine.game import Game
from mixmo.engine.grid import Grid
from mixmo.engine.lexicon import WordList
from mixmo.engine.solver import solve
from mixmo.engine.state import Phase
from mixmo.engine.tiles import HARD_LETTERS, TileKind
from mixmo.tui import lessons
from mixmo.tui.lessons import LEARNER, LESSONS, Progress, ProgressError, lesson_named

LANGUAGES = ("en", "fr")


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def lexicon(language: str, english: WordList, french: WordList) -> WordList:
    return english if language == "en" else french


class Learner:
    """Plays the learner's seat with engine actions, the teacher answering each one."""

    def __init__(self, lesson: lessons.Lesson, game: Game) -> None:
        self.lesson, self.game, self.at = lesson, game, 1.0

    def act(self, action: act.Action) -> None:
        self.game.apply(action)
        self.at += 1.0
        for move in lessons.teacher_moves(self.lesson, self.game, self.at):
            self.game.apply(move)

    def place_everything(self) -> None:
        player = self.game.round.player(LEARNER)
        result = solve(
            player.rack,
            self.game.lexicon,
            self.game.variant,
            player.grid,
            budget=None,
            work=400_000,
        )
        assert result.solved, f"the solver could not learn {self.lesson.key}"
        if len(player.grid):
            self.act(act.TakeApart(seat=LEARNER, at=self.at))
        for (row, col), tile in sorted(result.grid.items()):
            self.act(act.PlaceTile(seat=LEARNER, at=self.at, row=row, col=col, symbol=tile.symbol))

    def place(self, grid: Grid) -> None:
        for (row, col), tile in sorted(grid.items()):
            self.act(act.PlaceTile(seat=LEARNER, at=self.at, row=row, col=col, symbol=tile.symbol))

    def call_mixmo(self) -> None:
        self.act(act.CallMixmo(seat=LEARNER, at=self.at))


THEME_WORDS = {"en": "ZEBRA", "fr": "ZEBRE"}
"""An animal each language's Bandit lesson can spell, the Bandit for its Z."""


def theme_grid(game: Game) -> Grid:
    """The learner's 6 tiles in a valid grid holding an animal, the Bandit in it."""
    from collections import Counter

    rack = game.round.player(LEARNER).rack
    letters = Counter(tile.symbol for tile in rack if tile.kind is TileKind.LETTER)
    word = THEME_WORDS[game.options.language]
    missing = next(iter(Counter(word) - letters))
    spelt = word.replace(missing, "!", 1)
    rest = "".join((Counter(tile.symbol for tile in rack) - Counter(spelt)).elements())
    found = solve(rest, game.lexicon, game.variant, Grid.parse(spelt), budget=None,
                  work=400_000, from_scratch=False)  # fmt: skip
    assert found.solved
    return found.grid


ENDGAME = ("final", "hasty-final", "sprint")
"""The lessons dealt at the end of a round: the bag empty, the learner's grid built."""


def opening_rack(lesson: lessons.Lesson, lexicon: WordList, language: str) -> list[TileKind]:
    game = lesson.new_game(lexicon, language)
    return [tile.kind for tile in game.round.player(LEARNER).rack]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.key)
def test_each_lesson_deals_the_tiles_it_teaches_with(
    lesson: lessons.Lesson, lexicon: WordList, language: str
) -> None:
    game = lesson.new_game(lexicon, language)
    rack = game.round.player(LEARNER).rack
    kinds = [tile.kind for tile in rack]
    if lesson.key in ENDGAME:
        assert len(game.round.bag) == 0 and len(game.round.player(LEARNER).grid) > 0
        if lesson.key == "sprint":  # the teacher's final MIXMO called, the learner's to answer
            assert game.phase is Phase.SPRINT and game.variant.name == "expert-free-spirit"
        else:
            assert rack and game.phase is Phase.PLAYING and game.variant.name == "free-spirit"
        return
    assert len(rack) == 6
    if lesson.key == "jokers":
        assert kinds.count(TileKind.JOKER) == 1 and TileKind.BANDIT not in kinds
    elif lesson.key == "bandit":
        assert TileKind.BANDIT in kinds and TileKind.JOKER not in kinds
        assert game.phase is Phase.CHOOSING_THEME
    else:
        assert kinds == [TileKind.LETTER] * 6
    if lesson.key == "scoring":
        assert any(tile.letter in HARD_LETTERS for tile in rack)
    assert game.variant.name == ("expert" if lesson.key == "expert" else "classic")


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.key)
def test_no_lesson_is_learnt_before_the_learner_acts(
    lesson: lessons.Lesson, lexicon: WordList, language: str
) -> None:
    assert not lesson.learnt(lesson.new_game(lexicon, language))


def test_placing_tiles_is_learnt_with_every_tile_in_a_valid_grid(
    lexicon: WordList, language: str
) -> None:
    lesson = lesson_named("place")
    learner = Learner(lesson, lesson.new_game(lexicon, language))
    learner.place_everything()
    assert lesson.learnt(learner.game)


def test_placing_tiles_is_not_learnt_with_a_tile_left_on_the_rack(
    lexicon: WordList, language: str
) -> None:
    lesson = lesson_named("place")
    learner = Learner(lesson, lesson.new_game(lexicon, language))
    learner.place_everything()
    (row, col), _tile = learner.game.round.player(LEARNER).grid.items()[0]
    learner.act(act.TakeBack(seat=LEARNER, at=learner.at, cells=((row, col),)))
    assert not lesson.learnt(learner.game)


def test_mixmo_is_learnt_by_calling_it_and_fitting_the_two_new_tiles(
    lexicon: WordList, language: str
) -> None:
    lesson = lesson_named("mixmo")
    learner = Learner(lesson, lesson.new_game(lexicon, language))
    learner.place_everything()
    assert not lesson.learnt(learner.game)
    learner.call_mixmo()
    assert len(learner.game.round.player(LEARNER).rack) == 2
    assert not lesson.learnt(learner.game)
    learner.place_everything()
    assert lesson.learnt(learner.game)
    assert len(learner.game.round.player(LEARNER).grid) == 8


def test_a_hasty_call_does_not_teach_mixmo(lexicon: WordList, language: str) -> None:
    lesson = lesson_named("mixmo")
    learner = Learner(lesson, lesson.new_game(lexicon, language))
    learner.call_mixmo()
    assert learner.game.round.player(LEARNER).locked
    assert lessons.good_mixmo_calls(learner.game) == 0


def test_a_hasty_call_locks_the_learner_until_the_teacher_calls_mixmo(
    lexicon: WordList, language: str
) -> None:
    lesson = lesson_named("hasty")
    learner = Learner(lesson, lesson.new_game(lexicon, language))
    learner.call_mixmo()
    # The teacher answered at once: the learner is free again, with 2 + 2 new tiles.
    assert not learner.game.round.player(LEARNER).locked
    assert len(learner.game.round.player(LEARNER).rack) == 10
    assert lesson.learnt(learner.game)


def test_jokers_are_learnt_with_the_joker_in_a_word(lexicon: WordList, language: str) -> None:
    lesson = lesson_named("jokers")
    learner = Learner(lesson, lesson.new_game(lexicon, language))
    learner.place_everything()
    assert lesson.learnt(learner.game)


def test_the_bandit_is_learnt_after_naming_a_theme_and_placing_it(
    lexicon: WordList, language: str
) -> None:
    lesson = lesson_named("bandit")
    learner = Learner(lesson, lesson.new_game(lexicon, language))
    learner.act(act.ChooseTheme(seat=LEARNER, at=learner.at, theme="animals"))
    assert learner.game.phase is Phase.PLAYING
    learner.place(theme_grid(learner.game))
    assert lesson.learnt(learner.game)
    assert lessons.theme_words(learner.game) == [THEME_WORDS[language]]


def test_the_bandit_is_not_learnt_without_a_word_on_the_theme(
    lexicon: WordList, language: str
) -> None:
    """Every tile placed, the Bandit in a word, but no animal: not yet."""
    lesson = lesson_named("bandit")
    learner = Learner(lesson, lesson.new_game(lexicon, language))
    learner.act(act.ChooseTheme(seat=LEARNER, at=learner.at, theme="music"))
    learner.place(theme_grid(learner.game))
    assert lessons.placed_every_tile(learner.game)
    assert not lesson.learnt(learner.game)


def test_scoring_is_learnt_with_a_grid_worth_eleven_points(
    lexicon: WordList, language: str
) -> None:
    lesson = lesson_named("scoring")
    learner = Learner(lesson, lesson.new_game(lexicon, language))
    learner.place_everything()
    assert lessons.current_score(learner.game) >= lessons.SCORING_TARGET
    assert lesson.learnt(learner.game)


def test_the_expert_lesson_is_judged_by_the_expert_rules(lexicon: WordList, language: str) -> None:
    lesson = lesson_named("expert")
    learner = Learner(lesson, lesson.new_game(lexicon, language))
    learner.place_everything()
    assert lesson.learnt(learner.game)
    words = learner.game.check_grid(LEARNER).words
    assert all(len(verdict.text) >= 3 for verdict in words)


def test_progress_resumes_at_the_first_lesson_not_learnt(tmp_path: Path) -> None:
    progress = Progress().with_learnt("place").with_learnt("mixmo")
    path = tmp_path / "tutorial.json"
    path.write_text(progress.to_json(), encoding="utf-8")
    resumed = lessons.load_progress(path)
    assert resumed == progress
    assert resumed.next_lesson == 2
    everything = Progress(lessons.LESSON_KEYS)
    assert everything.next_lesson is None


def test_no_progress_file_is_a_fresh_start(tmp_path: Path) -> None:
    assert lessons.load_progress(tmp_path / "missing.json").next_lesson == 0


@pytest.mark.parametrize("text", ["{", "[]", '{"version": 2, "learnt": []}', '{"version": 1}'])
def test_a_damaged_progress_file_is_named_in_one_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "tutorial.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ProgressError, match=str(path)):
        lessons.load_progress(path)


def test_a_damaged_progress_file_is_told_in_french_too(tmp_path: Path) -> None:
    from mixmo.i18n import restore_ui_language, set_ui_language

    path = tmp_path / "tutorial.json"
    path.write_text('{"version": 2, "learnt": []}', encoding="utf-8")
    saved = set_ui_language("fr")
    try:
        with pytest.raises(ProgressError, match="pas un fichier de progression du tutoriel"):
            lessons.load_progress(path)
    finally:
        restore_ui_language(saved)


def test_stuck_is_learnt_when_everyone_is_stuck_and_the_8_tiles_are_placed(
    lexicon: WordList, language: str
) -> None:
    lesson = lesson_named("stuck")
    game = lesson.new_game(lexicon, language)
    rack = game.round.player(LEARNER).rack
    assert solve(rack, lexicon, game.variant, budget=None, work=100_000).proven_impossible
    learner = Learner(lesson, game)
    learner.act(act.SayStuck(seat=LEARNER, at=learner.at))  # the teacher is stuck too
    assert len(game.round.player(LEARNER).rack) == 8
    assert not lesson.learnt(game)
    learner.place_everything()
    assert lesson.learnt(game)


def test_simultaneous_calls_draw_2_not_4(lexicon: WordList, language: str) -> None:
    lesson = lesson_named("simultaneous")
    game = lesson.new_game(lexicon, language)
    assert not game.round.player(lessons.TEACHER).rack, "the teacher's grid is ready"
    learner = Learner(lesson, game)
    learner.place_everything()
    bag = len(game.round.bag)
    learner.call_mixmo()  # the teacher calls at the same time
    assert bag - len(game.round.bag) == 4, "2 for each player, once"
    assert len(game.round.player(LEARNER).rack) == 2
    assert not lesson.learnt(game)
    learner.place_everything()
    assert lesson.learnt(game)


def test_the_hint_lesson_is_learnt_after_a_hint_and_its_wait(
    lexicon: WordList, language: str
) -> None:
    from mixmo.engine.hint_cost import HINT_COST

    lesson = lesson_named("hint")
    game = lesson.new_game(lexicon, language)
    learner = Learner(lesson, game)
    learner.place_everything()
    assert not lesson.learnt(game), "no hint taken"
    lesson = lesson_named("hint")
    game = lesson.new_game(lexicon, language)
    learner = Learner(lesson, game)
    learner.act(act.TakeHint(seat=LEARNER, at=learner.at))
    learner.at += HINT_COST
    learner.place_everything()
    assert lesson.learnt(game)


def test_the_final_mixmo_is_learnt_with_every_tile_placed(lexicon: WordList, language: str) -> None:
    lesson = lesson_named("final")
    learner = Learner(lesson, lesson.new_game(lexicon, language))
    learner.place_everything()
    learner.call_mixmo()
    assert any(isinstance(e, ev.FinalMixmo) for e in learner.game.events)
    assert lesson.learnt(learner.game)


def test_a_final_mixmo_with_tiles_on_the_rack_costs_20_points(
    lexicon: WordList, language: str
) -> None:
    lesson = lesson_named("hasty-final")
    learner = Learner(lesson, lesson.new_game(lexicon, language))
    assert not lesson_named("final").learnt(learner.game)
    learner.call_mixmo()
    rejected = [e for e in learner.game.events if isinstance(e, ev.FinalCallRejected)]
    assert [(e.seat, e.penalty) for e in rejected] == [(LEARNER, -20)]
    assert lesson.learnt(learner.game)
    assert not lesson_named("final").learnt(learner.game)


def test_the_sprint_is_learnt_by_taking_back_the_unfinished_word(
    lexicon: WordList, language: str
) -> None:
    lesson = lesson_named("sprint")
    game = lesson.new_game(lexicon, language)
    assert game.phase is Phase.SPRINT and game.variant.name == "expert-free-spirit"
    unfinished = [v for v in game.check_grid(LEARNER).words if not v.valid]
    assert len(unfinished) == 1
    learner = Learner(lesson, game)
    cells = tuple(unfinished[0].word.cells)
    learner.act(act.FinishSprint(seat=LEARNER, at=learner.at, word_cells=cells))
    assert game.round.scores, "the round is scored"
    assert lesson.learnt(game)


def test_the_sprint_is_not_learnt_by_stopping_with_the_unfinished_word(
    lexicon: WordList, language: str
) -> None:
    lesson = lesson_named("sprint")
    learner = Learner(lesson, lesson.new_game(lexicon, language))
    learner.act(act.FinishSprint(seat=LEARNER, at=learner.at))
    assert learner.game.round.scores, "the round is scored"
    assert not lesson.learnt(learner.game)
