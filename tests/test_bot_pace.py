"""Bots at a person's pace: each level's seconds a tile and a decision, and its words.

Driven through the one bot runner on a clock the test moves (game time, never the
wall clock): a bot's actions carry the time its pace gave them.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from mixmo.engine import actions as act
from mixmo.engine.bot import PACES, Bot, Level, Pace, bot_seed
from mixmo.engine.bot_seats import bots_at
from mixmo.engine.game import Game
from mixmo.engine.headless import play_headless
from mixmo.engine.lexicon import common_words
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import Phase
from mixmo.engine.validation import validate
from mixmo.session.bots import BotRunner
from mixmo.session.local import LocalTable

TICK = 0.05
"""Game seconds between two looks of the runner: an action lands at most this late."""


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _table(seed: int, language: str = "en") -> LocalTable:
    return LocalTable(Game(MatchOptions(players=("Ann", "Bot"), seed=seed, language=language)))


def _bot(table: LocalTable, seat: int, level: Level, pace: Pace | None = None) -> Bot:
    options = table.options
    seed = bot_seed(options.seed)
    return Bot(seat, level, table.lexicon, options.rules, options.language, seed, pace=pace)


def _placements(level: Level, pace: Pace | None, tiles: int, *, factor: float = 1.0) -> list[float]:
    """The game times of the bot's first ``tiles`` placed tiles (the person at seat 0 waits):
    a bot of ``level`` with ``pace``, or as ``--bot-pace factor`` seats it."""
    table, clock = _table(3), Clock()
    if table.round.phase is not Phase.PLAYING:
        pytest.skip("this seed opens with the Bandit")
    if pace is None:
        bots = bots_at(table.options, table.lexicon, [1], level, pace=factor)
    else:
        bots = {1: _bot(table, 1, level, pace)}
    runner = BotRunner(bots, clock)
    placed: list[float] = []
    while clock.now < 600:
        runner.tick(lambda: table.state, lambda action: table.submit(action) is None)
        placed = [a.at for a in table.game.log if isinstance(a, act.PlaceTile)]
        if len(placed) >= tiles:
            return placed[:tiles]
        clock.now += TICK
    raise AssertionError(f"the bot placed {len(placed)} tiles in ten minutes")


def test_a_bot_takes_a_decision_then_a_tile_at_a_time_at_its_level_s_pace() -> None:
    pace = PACES[Level.NORMAL]
    times = _placements(Level.NORMAL, None, 6)
    # The first look at the rack (a decision, within its 0.6-1.4 spread), then the tile.
    assert times[0] >= 0.6 * pace.thinking + 0.7 * pace.tile_time(0)
    for k, (before, after) in enumerate(itertools.pairwise(times), start=1):
        gap = after - before
        assert 0.7 * pace.tile_time(k) <= gap <= 1.3 * pace.tile_time(k) + TICK


def test_the_time_a_bot_takes_for_each_tile_grows_with_its_grid() -> None:
    steep = replace(PACES[Level.NORMAL], growth=3.0)  # +300% every ten tiles down
    times = _placements(Level.NORMAL, steep, 6)
    gaps = [b - a for a, b in itertools.pairwise(times)]
    for k, gap in enumerate(gaps, start=1):
        assert 0.7 * steep.tile_time(k) <= gap <= 1.3 * steep.tile_time(k) + TICK
    assert gaps[-1] > gaps[0]  # the sixth tile slower than the second, whatever the jitter
    total = times[-1] - times[0]
    assert total >= 0.7 * sum(steep.tile_time(k) for k in range(1, 6))
    assert total <= 1.3 * sum(steep.tile_time(k) for k in range(1, 6)) + TICK


def test_bot_pace_scales_every_time_a_bot_takes() -> None:
    normal = _placements(Level.NORMAL, None, 6)
    slower = _placements(Level.NORMAL, None, 6, factor=2.0)
    for n, (at, at_half_speed) in enumerate(zip(normal, slower, strict=True), start=1):
        # Each action lands up to a tick late, and the next one counts from there.
        assert at_half_speed == pytest.approx(2 * at, abs=2 * n * TICK)


def test_levels_are_slower_the_lower_they_are() -> None:
    paces = [PACES[level] for level in (Level.EASY, Level.NORMAL, Level.HARD, Level.EXPERT)]
    for slower, faster in itertools.pairwise(paces):
        assert slower.tile_time(20) > faster.tile_time(20)
        assert slower.decision_time(20) > faster.decision_time(20)


def _called_grids(level: Level, seed: int, language: str) -> list[set[str]]:
    """The words of every valid grid a bot of ``level`` called MIXMO on, over one round
    of two such bots on the runner (game time, five minutes at most)."""
    table, clock = _table(seed, language), Clock()
    runner = BotRunner({seat: _bot(table, seat, level) for seat in (0, 1)}, clock)
    grids: list[set[str]] = []
    seen = 0
    while clock.now < 300 and table.round.phase is not Phase.SCORED:
        runner.tick(lambda: table.state, lambda action: table.submit(action) is None)
        for action in table.game.log[seen:]:
            if isinstance(action, act.CallMixmo):
                report = validate(table.round.player(action.seat).grid, table.lexicon,
                                  table.game.variant)  # fmt: skip
                if report.valid:  # a hasty call's unfinished grid is no choice of words
                    grids.append({v.text for v in report.words})
        seen = len(table.game.log)
        clock.now += 0.25
    return grids


@pytest.mark.parametrize(("language", "seed"), [("en", 5), ("fr", 6)])
@pytest.mark.parametrize("level", [Level.EASY, Level.NORMAL])
def test_easy_and_normal_bots_play_words_people_know(
    level: Level, language: str, seed: int
) -> None:
    everyday = common_words(language)
    assert everyday is not None
    grids = _called_grids(level, seed, language)
    assert grids, "no MIXMO in five minutes"
    unknown = {word for words in grids for word in words if word not in everyday}
    assert not unknown


def test_the_english_everyday_words_leave_out_words_people_seldom_write() -> None:
    everyday = common_words("en")
    assert everyday is not None
    assert {"HOUSE", "TABLE", "GARDEN", "WOMEN"} <= set(everyday)
    for rare in ("CONGRESSWOMEN", "INDESTRUCTIBILITY", "DICHLORODIFLUOROMETHANE"):
        assert rare not in everyday


def test_a_bot_pace_out_of_range_is_refused_in_one_line(mixmo) -> None:
    run = mixmo("play", "--headless", "--bots", "2", "--seed", "7", "--bot-pace", "0")
    assert run.code == 2
    assert "--bot-pace" in run.err and "Traceback" not in run.err


def test_a_headless_match_plays_at_any_bot_pace(mixmo) -> None:
    run = mixmo("play", "--headless", "--bots", "2", "--rounds-to-play", "1", "--seed", "7",
                "--bot-pace", "3", "--json")  # fmt: skip
    assert run.code == 0, run.err
    assert '"rounds": 1' in run.out


def test_bots_of_everyday_words_stuck_for_good_reach_for_a_rarer_word() -> None:
    # Seed 6: the easy bot is out of play after a hasty call, the bag is empty and the
    # normal bot holds a Q no everyday word of its grid takes: the round used to stall.
    options = MatchOptions(players=("Normal", "Easy"), seed=6, target=1)
    game = play_headless(options, [Level.NORMAL, Level.EASY])
    assert game.phase is Phase.MATCH_OVER
