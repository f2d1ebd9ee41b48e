"""Bots play through the same engine actions as humans, extend their grid as people do,
decide by work and never by the clock, and bots-only matches run headless and replay."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from types import MappingProxyType

import pytest

from mixmo.engine import actions as act
from mixmo.engine import events as ev
from mixmo.engine.bag import Bag
from mixmo.engine.bot import PACES, Bot, Level, parse_levels
from mixmo.engine.bot_plan import Plan, PlanKind, Style, align, make_plan, rack_tiles
from mixmo.engine.game import Game
from mixmo.engine.grid import Grid
from mixmo.engine.headless import match_result, play_headless
from mixmo.engine.lexicon import WordList, common_words, embedded
from mixmo.engine.options import MatchOptions
from mixmo.engine.solver import solve
from mixmo.engine.state import MatchState, Phase, PlayerState, RoundState
from mixmo.engine.themes import builtin_themes
from mixmo.engine.tiles import Tile, TileKind, tiles_per_player
from mixmo.engine.validation import validate
from mixmo.engine.variants import Variant
from tests.conftest import grid


def bots_only(players: int, seed: int, **options: object) -> MatchOptions:
    return MatchOptions(players=tuple(f"Bot {n}" for n in range(1, players + 1)), seed=seed,
                        target=1, **options)  # type: ignore[arg-type]  # fmt: skip


def letters(text: str) -> list[Tile]:
    return [Tile(TileKind.LETTER, ch) for ch in text]


class JumpingClock:
    """A clock that leaps an hour at every reading: only ``elapsed`` may notice it."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 3600.0
        return self.now


# --- whole matches -------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_bots_only_match_runs_headless_to_its_end(players: int) -> None:
    game = play_headless(bots_only(players, seed=11), Level.EXPERT)
    assert game.phase is Phase.MATCH_OVER
    over = game.events[-1]
    assert isinstance(over, ev.MatchOver) and game.state.winner == over.winner
    assert game.tile_counts_ok()
    per_player = tiles_per_player(players)
    assert all(len(p.rack) + len(p.grid) == per_player for p in game.round.players)
    assert any(isinstance(e, ev.MixmoCalled) for e in game.events)


def test_bots_act_only_through_engine_actions_so_the_log_replays() -> None:
    game = play_headless(bots_only(3, seed=12), Level.HARD)
    replayed = Game(game.options, game.lexicon)
    for action in game.log:
        replayed.apply(action)
    assert replayed.state == game.state


def test_the_same_seed_plays_the_same_match_action_for_action() -> None:
    levels = [Level.HARD, Level.NORMAL, Level.EASY] * 2
    first = play_headless(bots_only(6, seed=5), levels)
    again = play_headless(bots_only(6, seed=5), levels)
    assert first.log == again.log


def test_a_seeded_headless_match_gives_the_same_result_under_any_load(tmp_path) -> None:
    """The same seeded match in two processes, the second beside a process that burns CPU:
    bots decide by work, never by the clock, so the results are the same."""
    command = [sys.executable, "-m", "mixmo", "play", "--headless", "--bots", "hard,normal,easy,hard,normal,easy",
               "--seed", "21", "--points", "1", "--json"]  # fmt: skip
    env = {**os.environ, "MIXMO_DATA_DIR": str(tmp_path)}
    # Different string hashes too, as another machine's Python would have.
    quiet_env, loaded_env = {**env, "PYTHONHASHSEED": "1"}, {**env, "PYTHONHASHSEED": "2"}
    quiet = subprocess.run(command, capture_output=True, text=True, env=quiet_env, timeout=600)
    hog = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        loaded = subprocess.run(
            command, capture_output=True, text=True, env=loaded_env, timeout=600
        )
    finally:
        hog.kill()
        hog.wait()
    assert quiet.returncode == 0, quiet.stderr
    assert loaded.returncode == 0, loaded.stderr
    result = json.loads(quiet.stdout.strip().splitlines()[-1])
    assert json.loads(loaded.stdout.strip().splitlines()[-1]) == result
    assert result["seed"] == 21 and result["actions"] > 50


def test_each_bot_seat_has_its_own_level() -> None:
    bots: dict[int, Bot] = {}
    game = play_headless(bots_only(3, seed=2), [Level.HARD, Level.EASY, Level.NORMAL], bots=bots)
    assert [bots[seat].level for seat in range(3)] == [Level.HARD, Level.EASY, Level.NORMAL]
    levels = [row["level"] for row in match_result(game, [Level.HARD, Level.EASY, Level.NORMAL])[
        "standings"] if row["seat"] == 1]  # fmt: skip
    assert levels == ["easy"]


def test_levels_are_read_from_a_comma_list() -> None:
    assert parse_levels("hard, Normal,easy") == [Level.HARD, Level.NORMAL, Level.EASY]
    with pytest.raises(ValueError, match="godlike is not a bot level"):
        parse_levels("hard,godlike")


# --- thinking within a budget of work ------------------------------------------------


def test_a_search_bounded_by_work_decides_the_same_whatever_the_clock(english: WordList) -> None:
    rack, _ = Bag.shuffled(4).draw(30)
    steady = solve(rack, english, budget=None, work=3000, seed=1)
    leaping = solve(rack, english, budget=None, work=3000, seed=1, clock=JumpingClock())
    assert (leaping.grid, leaping.tiles_left, leaping.work) == (
        steady.grid,
        steady.tiles_left,
        steady.work,
    )
    assert steady.work <= 3000
    assert len(steady.grid) and validate(steady.grid, english, Variant()).valid


@pytest.mark.parametrize("seed", range(6))
def test_a_search_never_spends_more_work_than_its_budget(english: WordList, seed: int) -> None:
    rack, _ = Bag.shuffled(seed).draw(8 + 8 * seed)
    for work in (50, 500, 5000):
        result = solve(rack, english, budget=None, work=work, seed=seed, clock=JumpingClock())
        assert result.work <= work


def test_a_bot_plan_stays_within_its_levels_work() -> None:
    bots: dict[int, Bot] = {}
    plans: list[Plan] = []
    original = Bot.adopt

    def adopt(self: Bot, plan: Plan, now: float) -> None:
        plans.append(plan)
        original(self, plan, now)

    Bot.adopt = adopt  # type: ignore[method-assign]
    try:
        play_headless(bots_only(4, seed=8), [Level.EASY, Level.NORMAL, Level.HARD], bots=bots)
    finally:
        Bot.adopt = original  # type: ignore[method-assign]
    assert plans and all(plan.work <= plan.budget for plan in plans)
    assert {plan.budget for plan in plans} >= {PACES[Level.EASY].work, PACES[Level.HARD].work}


# --- extending a grid as people do -----------------------------------------------------

STYLE = Style(work=8000)


def test_new_tiles_that_fit_are_attached_and_the_grid_stays_as_it_is(english: WordList) -> None:
    table = grid("""
        CAT
        ..O
        ..E
    """)
    held = rack_tiles(table) + letters("SR")
    plan = make_plan(held, table, None, 1, english, Variant(), STYLE, seed=1)
    assert plan.solved and plan.kind is PlanKind.ATTACH
    assert all(plan.target.get(cell) == tile for cell, tile in table.items())
    assert len(plan.target) == len(table) + 2


def test_a_half_placed_word_is_not_thrown_away_when_new_tiles_come(english: WordList) -> None:
    """The bot was placing HOUSE (HO down so far) when two tiles came: it keeps building
    on its plan's grid, not on the half word."""
    target = grid("HOUSE")
    previous = Plan(target, (), True, PlanKind.FIRST, round=1)
    table = grid("HO")
    held = rack_tiles(target) + letters("ST")
    plan = make_plan(held, table, previous, 1, english, Variant(), STYLE, seed=2)
    assert plan.solved and plan.kind is PlanKind.ATTACH
    assert all(plan.target.get(cell) == tile for cell, tile in target.items())


def test_a_new_grid_keeps_the_tiles_already_where_it_wants_them() -> None:
    table = grid("""
        DOG
        ..O
    """)
    wanted = table.shifted(3, 4)
    assert align(wanted, table) == table
    turned = Grid({(c, r): tile for (r, c), tile in table.items()})
    assert align(turned, table) == table


def test_a_bot_moves_a_placed_tile_rather_than_taking_it_back() -> None:
    game = Game(bots_only(2, seed=3))
    if game.phase is not Phase.PLAYING:
        pytest.skip("this seed opens with the Bandit")
    bot = Bot(0, Level.NORMAL, game.lexicon, game.variant, "en", seed=3)
    player = game.round.player(0)
    first = player.rack[0]
    game.apply(act.PlaceTile(seat=0, row=0, col=0, symbol=first.symbol))
    player = game.round.player(0)
    target = Grid({(0, 1): first})
    bot.plan_ = Plan(target, tuple(player.rack), False, PlanKind.REBUILD, round=1)
    wanted = bot.next_action(game.state, now=0.0)
    assert wanted is not None
    move = wanted[1]
    assert isinstance(move, act.MoveTiles) and (move.drow, move.dcol) == (0, 1)


def test_a_bot_places_its_tiles_one_at_a_time_at_its_pace() -> None:
    game = Game(bots_only(2, seed=3))
    bot = Bot(0, Level.NORMAL, game.lexicon, game.variant, "en", seed=3)
    if game.phase is Phase.CHOOSING_THEME:
        pytest.skip("this seed opens with the Bandit")
    bot.adopt(bot.plan(game.state), now=0.0)
    when, action = bot.next_action(game.state, now=0.0) or (0.0, None)
    assert action is not None and action.kind == "place"
    assert when >= PACES[Level.NORMAL].thinking * 0.6


def test_levels_go_from_slow_and_careless_to_fast_and_thorough() -> None:
    paces = [PACES[level] for level in Level]
    assert [p.seconds_per_tile for p in paces] == sorted(
        (p.seconds_per_tile for p in paces), reverse=True
    )
    assert [p.work for p in paces] == sorted(p.work for p in paces)
    assert PACES[Level.EASY].hasty_calls > 0 and PACES[Level.EXPERT].hasty_calls == 0
    assert PACES[Level.HARD].call_delay < PACES[Level.NORMAL].call_delay


# --- everyday words -----------------------------------------------------------------


def test_low_level_bots_prefer_everyday_words() -> None:
    everyday = common_words("en")
    assert everyday is not None and "CAT" in everyday and "QI" not in everyday
    game = Game(bots_only(2, seed=3), embedded("en"))
    if game.phase is Phase.CHOOSING_THEME:
        pytest.skip("this seed opens with the Bandit")
    easy = Bot(0, Level.EASY, game.lexicon, game.variant, "en", seed=1).plan(game.state)
    assert easy.solved
    words = validate(easy.target, game.lexicon, game.variant).words
    assert words and all(v.text in everyday for v in words)


@pytest.mark.skipif(common_words("fr") is None, reason="dictionaries/fr-common.txt.gz not built")
def test_french_bots_play_everyday_french_words() -> None:
    everyday = common_words("fr")
    assert everyday is not None
    game = Game(bots_only(2, seed=4, language="fr"), embedded("fr"))
    if game.phase is Phase.CHOOSING_THEME:
        pytest.skip("this seed opens with the Bandit")
    plan = Bot(0, Level.NORMAL, game.lexicon, game.variant, "fr", seed=1).plan(game.state)
    assert plan.solved
    words = validate(plan.target, game.lexicon, game.variant).words
    assert words and all(v.text in everyday for v in words)


# --- themes and votes -------------------------------------------------------------------


def test_bots_choose_a_theme_claim_theme_words_and_vote() -> None:
    for seed in range(20, 40):
        game = play_headless(bots_only(3, seed=seed), Level.EXPERT)
        if game.round.theme_list is not None:
            break
    assert any(isinstance(e, ev.ThemeSet) and e.builtin for e in game.events)
    assert any(isinstance(e, ev.ThemeClaimed) for e in game.events)
    votes = [e for e in game.events if isinstance(e, ev.ThemeVote)]
    judged = [e for e in game.events if isinstance(e, ev.ClaimJudged)]
    assert judged and all(e.accepted == bool(e.by_list) for e in judged if e.by_list is not None)
    assert all(v.voter != v.claimant for v in votes)


def voting(theme_list: str | None, claims: tuple[str, ...], votes: dict[int, bool]) -> MatchState:
    """Three players voting on player 1's claims; ``votes`` already cast on the first claim."""
    players = (
        PlayerState(name="Ann", claims=()),
        PlayerState(name="Bob", claims=claims),
        PlayerState(name="Bot", claims=()),
    )
    ballots = {(1, claims[0]): MappingProxyType(votes)} if votes else {}
    round_ = RoundState(number=1, bag=Bag.shuffled(1), players=players, phase=Phase.VOTING,
                        theme="Animals", theme_list=theme_list,
                        votes=MappingProxyType(ballots))  # fmt: skip
    return MatchState(round=round_, totals=(0, 0, 0), rounds_won=(0, 0, 0))


def vote_of(state: MatchState) -> act.Vote:
    bot = Bot(2, Level.NORMAL, embedded("en"), Variant(), "en", seed=1)
    wanted = bot.next_action(state, now=0.0)
    assert wanted is not None and isinstance(wanted[1], act.Vote)
    return wanted[1]


def test_a_bot_accepts_a_claim_the_built_in_list_confirms() -> None:
    animals = builtin_themes("en")["animals"]
    word = sorted(animals.words)[0]
    vote = vote_of(voting("animals", (word,), {}))
    assert vote.word == word and vote.accept


def test_a_bot_rejects_a_claim_the_built_in_list_refutes() -> None:
    vote = vote_of(voting("animals", ("TABLE",), {0: True}))
    assert not vote.accept


def test_without_a_list_a_bot_follows_the_majority() -> None:
    assert not vote_of(voting(None, ("TABLE",), {0: False})).accept
    assert vote_of(voting(None, ("TABLE",), {0: True})).accept


def test_without_a_list_a_bot_waits_a_little_for_the_others_votes() -> None:
    bot = Bot(2, Level.NORMAL, embedded("en"), Variant(), "en", seed=1)
    waiting = bot.next_action(voting(None, ("TABLE",), {}), now=0.0)
    voted = bot.next_action(voting(None, ("TABLE",), {0: False}), now=0.0)
    assert waiting is not None and voted is not None and waiting[0] > voted[0]


# --- a theme of the players' own: no list to judge it (rulebook: "the validity of these words
# is left to the collective judgment of the players") ------------------------------------------

COW_CAT = """
    COW
    A..
    T..
"""
"""COW across and CAT down: two animals, and nothing to do with cars or music."""
CARS_COW = """
    CARS
    O...
    W...
"""
"""CARS across and COW down."""


def final_stage(theme: str, theme_list: str | None, text: str, phase: Phase) -> MatchState:
    """Two players, the bag empty (the next MIXMO is final), the bot at seat 0 with its
    rack placed in ``text``."""
    players = (
        PlayerState(name="Bot", grid=grid(text), claims=None),
        PlayerState(name="Ann", grid=grid(CARS_COW)),
    )
    round_ = RoundState(number=1, bag=Bag(()), players=players, phase=phase, theme=theme,
                        theme_list=theme_list)  # fmt: skip
    return MatchState(round=round_, totals=(0, 0), rounds_won=(0, 0))


def wanted_at_the_final_stage(state: MatchState) -> act.Action | None:
    """What the bot at seat 0 wants once its plan (its grid as it stands) tried for a theme word."""
    bot = Bot(0, Level.HARD, embedded("en"), Variant(), "en", seed=1)
    bot.adopt(bot.plan(state), now=0.0)
    assert bot.plan_ is not None and bot.plan_.theme_tried
    assert bot.plan_.target == state.round.player(0).grid
    wanted = bot.next_action(state, now=0.0)
    return wanted[1] if wanted else None


def test_a_bot_calls_the_final_mixmo_on_a_theme_of_the_players_own_that_no_list_judges() -> None:
    """Without a list the bot cannot know whether COW is on "Cars": like a player, it calls
    and leaves the judgment to the vote, instead of waiting for a word no one can name."""
    state = final_stage("Cars", None, COW_CAT, Phase.PLAYING)
    assert isinstance(wanted_at_the_final_stage(state), act.CallMixmo)


def test_a_bot_says_stuck_when_the_built_in_list_finds_no_theme_word_in_its_grid() -> None:
    state = final_stage("Music", "music", COW_CAT, Phase.PLAYING)
    assert isinstance(wanted_at_the_final_stage(state), act.SayStuck)


def test_on_a_theme_of_its_own_a_bot_claims_the_word_that_names_the_theme() -> None:
    state = final_stage("Cars", None, CARS_COW, Phase.CLAIMING)
    bot = Bot(0, Level.NORMAL, embedded("en"), Variant(), "en", seed=1)
    wanted = bot.next_action(state, now=0.0)
    assert wanted is not None and isinstance(wanted[1], act.ClaimThemeWords)
    assert wanted[1].words == ("CARS",)


def test_on_a_theme_no_word_of_its_grid_names_a_bot_claims_its_longest_word_for_the_vote() -> None:
    grid_text = """
        CAMEL
        O....
        W....
    """
    state = final_stage("Weather", None, grid_text, Phase.CLAIMING)
    bot = Bot(0, Level.NORMAL, embedded("en"), Variant(), "en", seed=1)
    wanted = bot.next_action(state, now=0.0)
    assert wanted is not None and isinstance(wanted[1], act.ClaimThemeWords)
    assert wanted[1].words == ("CAMEL",)


def test_with_a_built_in_list_a_bot_claims_only_the_words_on_it() -> None:
    state = final_stage("Animals", "animals", CARS_COW, Phase.CLAIMING)
    bot = Bot(0, Level.NORMAL, embedded("en"), Variant(), "en", seed=1)
    wanted = bot.next_action(state, now=0.0)
    assert wanted is not None and isinstance(wanted[1], act.ClaimThemeWords)
    assert wanted[1].words == ("COW",)


def test_bots_finish_a_round_on_a_theme_of_the_players_own(monkeypatch) -> None:
    """Whoever draws the Bandit names "Weather" (no built-in list): the round still ends
    with a final MIXMO, every bot claims a word, and the claims go to the vote."""
    monkeypatch.setattr(Bot, "_theme", lambda self, player: "Weather")
    for seed in range(20, 60):
        game = Game(bots_only(2, seed=seed), embedded("en"))
        bots: dict[int, Bot] = {}
        game = play_headless(game.options, Level.EXPERT, game=game, bots=bots)
        if any(isinstance(e, ev.ThemeSet) for e in game.events):
            break
    themes = [e for e in game.events if isinstance(e, ev.ThemeSet)]
    assert themes and all(e.theme == "Weather" and e.builtin is None for e in themes)
    finals = [e for e in game.events if isinstance(e, ev.FinalMixmo)]
    assert finals, "a bot called the final MIXMO"
    claimed = [e for e in game.events if isinstance(e, ev.ThemeClaimed)]
    assert claimed and all(len(e.words) >= 1 for e in claimed)
    assert any(isinstance(e, ev.ClaimJudged) for e in game.events)
    assert game.state.winner is not None


# --- the command ----------------------------------------------------------------------


def test_mixmo_play_headless_prints_the_result(mixmo, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    run = mixmo(
        "play", "--bots", "4", "--headless", "--seed", "7", "--level", "expert", "--points", "1"
    )
    assert run.code == 0, run.err
    assert "wins the match" in run.out and "Bot 1" in run.out


def test_mixmo_play_headless_json_ends_with_the_result(mixmo, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    run = mixmo("play", "--bots", "expert,hard", "--headless", "--seed", "9", "--points", "1",
                "--json")  # fmt: skip
    assert run.code == 0, run.err
    result = json.loads(run.out.strip().splitlines()[-1])
    assert result["seed"] == 9
    standings = result["standings"]
    assert {row["name"] for row in standings} == {"Bot 1", "Bot 2"}
    assert result["winner"] == standings[0]["name"]
    assert all({"points", "rounds_won"} <= set(row) for row in standings)
    assert [row["level"] for row in sorted(standings, key=lambda r: r["seat"])] == [
        "expert",
        "hard",
    ]
    assert Counter(row["rounds_won"] for row in standings)[1] <= 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "3", "--players", "2"], "--bots 3 is more than the 2 players"),
        (["--bots", "2", "--players", "3", "--headless"], "--headless needs a bot in every seat"),
        (["--bots", "2", "--level", "godlike"], "'godlike' is not one of"),
        (["--bots", "hard,godlike"], "godlike is not a bot level"),
        (["--bots", "7"], "at most 6 bots"),
        (["--bots", "2", "--json"], "--json goes with --headless"),
    ],
)
def test_bad_bot_options_exit_2(mixmo, args: list[str], message: str) -> None:
    run = mixmo("play", *args)
    assert run.code == 2 and message in run.err
