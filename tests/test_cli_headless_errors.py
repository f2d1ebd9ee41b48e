"""`mixmo play --headless` with input it cannot play: one line, exit 2, and an end;
and a --seed no save could hold, refused before any game.

With a word list the bots cannot build from, every round ends
with nobody scoring, so no match target is ever reached; the match is called
stuck after STUCK_ROUNDS such rounds instead of running round after round.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from mixmo.cli.common import load_lexicon
from mixmo.engine import headless
from mixmo.engine.bot import Level
from mixmo.engine.game import Game
from mixmo.engine.headless import (
    STUCK_ROUNDS,
    BotsStuck,
    HeadlessStalled,
    play_headless,
    rounds_without_progress,
)
from mixmo.engine.options import MatchOptions, ScoringMode
from mixmo.engine.state import RoundResult


@pytest.fixture
def two_words(tmp_path: Path) -> Path:
    """A word list of two three-letter words: no bot can build a grid from it."""
    path = tmp_path / "small.txt"
    path.write_text("cat\ndog\n")
    return path


def test_a_match_where_no_bot_can_score_is_called_stuck_after_a_few_rounds(two_words) -> None:
    options = MatchOptions(
        players=("Bot 1", "Bot 2"),
        scoring=ScoringMode.ROUNDS,
        target=1,
        language="en",
        dictionary=str(two_words),
        seed=1,
    )
    game = Game(options, load_lexicon(str(two_words), "en"))
    with pytest.raises(BotsStuck) as stuck:
        play_headless(options, Level.NORMAL, game)
    assert stuck.value.rounds == STUCK_ROUNDS
    assert len(game.state.results) == STUCK_ROUNDS, "the match stops at the stuck rounds"
    assert all(r.winner is None and not any(r.points) for r in game.state.results)


def _finished(scoring: ScoringMode, *results: tuple[int | None, tuple[int, int]]) -> Game:
    """A stand-in for a game with these rounds finished (winner, points): what the rule reads."""
    rounds = tuple(RoundResult(n, w, p) for n, (w, p) in enumerate(results, start=1))
    return SimpleNamespace(  # type: ignore[return-value]
        options=SimpleNamespace(scoring=scoring), state=SimpleNamespace(results=rounds)
    )


def test_to_rounds_won_a_round_without_winner_brings_the_end_no_nearer_points_or_not() -> None:
    game = _finished(ScoringMode.ROUNDS, (0, (20, 0)), (None, (88, 0)), (None, (0, 0)))
    assert rounds_without_progress(game) == 2, "points decide nothing when rounds are played"


def test_to_points_only_a_round_where_nobody_scores_brings_the_end_no_nearer() -> None:
    game = _finished(ScoringMode.POINTS, (None, (0, 0)), (None, (88, 0)), (None, (0, 0)))
    assert rounds_without_progress(game) == 1
    game = _finished(ScoringMode.POINTS, (None, (88, 0)), (None, (-10, 0)), (None, (0, 0)))
    assert rounds_without_progress(game) == 2, "a penalty brings nobody nearer the target"


@pytest.mark.parametrize(
    "target", [["--rounds", "1"], ["--points", "50"]], ids=["rounds", "points"]
)
def test_headless_bots_that_cannot_build_a_word_say_so_in_one_line(
    mixmo, monkeypatch, tmp_path, two_words, target: list[str]
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "data"))
    run = mixmo("play", "--headless", "--bots", "2", "--dict", str(two_words), "--seed", "1",
                *target)  # fmt: skip
    assert run.code == 2
    assert run.err == (
        f"mixmo: error: no bot won any of the last {STUCK_ROUNDS} rounds: "
        f"they cannot finish a grid with the words of {two_words}, so the match cannot end\n"
    )
    assert run.out == ""


@pytest.mark.parametrize(
    ("args", "says"),
    [
        ([], "--headless needs 2 to 6 bots: --bots 2 or more"),
        (["--bots", "1"], "--headless needs 2 to 6 bots: --bots 2 or more"),
        (["--bots", "2", "--names", "Ann"], "--names gives 1 name for --bots 2: one name per bot"),
        (["--bots", "2", "--names", "Ann,Bob,Cid"],
         "--names gives 3 names for --bots 2: one name per bot"),
        (["--players", "3"], "--headless needs a bot in every seat: --bots N with N players"),
        (["--bots", "2", "--relay", "10"],
         "--relay shares one keyboard among people; --headless has only bots"),
    ],
    ids=["no-bots", "one-bot", "one-name-two-bots", "three-names-two-bots", "players-no-bots",
         "relay"],
)  # fmt: skip
def test_headless_without_a_bot_in_each_of_two_seats_says_how_many_in_its_own_words(
    mixmo, monkeypatch, tmp_path, args: list[str], says: str
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    run = mixmo("play", "--headless", *args)
    assert run.code == 2
    assert run.err == f"mixmo: error: {says}\n"


def test_headless_bots_named_one_name_each_play_under_those_names(
    mixmo, monkeypatch, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    run = mixmo("play", "--headless", "--bots", "2", "--names", "Ann,Bob", "--points", "1",
                "--seed", "3")  # fmt: skip
    assert run.code == 0, run.err
    assert "Ann" in run.out and "Bob" in run.out and "wins the match" in run.out


# --- a seed the save could not hold is refused before any game ---------------------


@pytest.mark.parametrize(
    ("command", "seed"),
    [
        (["play"], "9" * 44),
        (["play", "--headless", "--bots", "2"], str(2**63)),
        (["join", "ws://127.0.0.1:9", "--new"], "9" * 44),
        (["practice"], "-5"),
    ],
    ids=["play", "play-headless", "join", "practice-negative"],
)
def test_a_seed_too_large_to_save_is_refused_in_one_line(
    mixmo, monkeypatch, tmp_path, command: list[str], seed: str
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    run = mixmo(*command, "--seed", seed)
    assert run.code == 2
    assert run.err == (
        f"mixmo {command[0]}: error: Invalid value for '--seed': {seed} is not in the range "
        f"0<=x<=9223372036854775807. (see mixmo {command[0]} --help)\n"
    )
    assert not (tmp_path / "autosave.json").exists(), "no game was started"


def test_the_largest_seed_plays_a_whole_match(mixmo, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    run = mixmo("play", "--headless", "--bots", "2", "--points", "1", "--seed", str(2**63 - 1))
    assert run.code == 0, run.err
    assert "wins the match" in run.out


@pytest.mark.parametrize(
    "args",
    [
        ["--headless", "--bots", "2", "--names", "\x1b[31mEvil,Bob"],
        ["--names", "A\nB,C"],
        ["--names", "Ann,Bob\u202e"],
    ],
    ids=["escape-headless", "newline", "right-to-left-override"],
)
def test_names_with_control_characters_are_refused_in_one_line(
    mixmo, monkeypatch, tmp_path, args: list[str]
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    run = mixmo("play", *args)
    assert run.code == 2
    assert run.err == "mixmo: error: --names: a player's name cannot hold control characters\n"
    assert run.out == ""


def _match_to(rounds: int) -> tuple[MatchOptions, Game]:
    """Two normal bots, the embedded English list, played to ``rounds`` rounds won."""
    options = MatchOptions(
        players=("Bot 1", "Bot 2"), scoring=ScoringMode.ROUNDS, target=rounds, seed=4
    )
    return options, Game(options, load_lexicon(None, "en"))


def test_the_step_bound_is_per_round_so_a_long_match_plays_to_its_end(monkeypatch) -> None:
    """A match to many points or rounds has many rounds: only a round that never ends stalls."""
    monkeypatch.setattr("mixmo.engine.headless.STEP_LIMIT", 300)  # more than any round here
    steps: list[float | None] = []
    real_step = headless.step
    monkeypatch.setattr(headless, "step", lambda *args: steps.append(real_step(*args)) or steps[-1])
    options, game = _match_to(2)
    play_headless(options, Level.NORMAL, game)
    assert game.state.winner is not None and len(game.state.results) >= 2
    assert len(steps) > 300, "the whole match took more steps than the bound"


def test_a_round_that_never_ends_is_a_stall_naming_the_round(monkeypatch) -> None:
    monkeypatch.setattr("mixmo.engine.headless.STEP_LIMIT", 50)  # fewer than any round
    options, game = _match_to(2)
    with pytest.raises(HeadlessStalled, match="round 1 did not end within 50 steps"):
        play_headless(options, Level.NORMAL, game)
