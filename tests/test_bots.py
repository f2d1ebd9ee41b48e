"""Bots play through the same engine actions as humans; bots-only matches run headless."""

from __future__ import annotations

import pytest

from mixmo.engine import events as ev
from mixmo.engine.bot import PACES, Bot, Level
from mixmo.engine.game import Game
from mixmo.engine.headless import play_headless
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import Phase
from mixmo.engine.tiles import tiles_per_player


def bots_only(players: int, seed: int, **options: object) -> MatchOptions:
    return MatchOptions(players=tuple(f"Bot {n}" for n in range(1, players + 1)), seed=seed,
                        target=1, **options)  # type: ignore[arg-type]  # fmt: skip


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
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


def test_levels_go_from_slow_and_careless_to_fast_and_careful() -> None:
    paces = [PACES[level] for level in Level]
    assert [p.seconds_per_tile for p in paces] == sorted(
        (p.seconds_per_tile for p in paces), reverse=True
    )
    assert PACES[Level.EASY].hasty_calls > 0 and PACES[Level.EXPERT].hasty_calls == 0


def test_a_bot_places_its_tiles_one_at_a_time_at_its_pace() -> None:
    game = Game(bots_only(2, seed=3))
    bot = Bot(0, Level.NORMAL, game.lexicon, game.variant, "en", seed=3)
    if game.phase is Phase.CHOOSING_THEME:
        pytest.skip("this seed opens with the Bandit")
    bot.adopt(bot.plan(game.state), now=0.0)
    when, action = bot.next_action(game.state, now=0.0) or (0.0, None)
    assert action is not None and action.kind == "place"
    assert when >= PACES[Level.NORMAL].thinking * 0.6


def test_mixmo_play_headless_prints_the_result(mixmo, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    run = mixmo(
        "play", "--bots", "4", "--headless", "--seed", "7", "--level", "expert", "--points", "1"
    )
    assert run.code == 0, run.err
    assert "wins the match" in run.out and "Bot 1" in run.out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "3", "--players", "2"], "--bots 3 is more than the 2 players"),
        (["--bots", "2", "--players", "3", "--headless"], "--headless needs a bot in every seat"),
        (["--bots", "2", "--level", "godlike"], "'godlike' is not one of"),
    ],
)
def test_bad_bot_options_exit_2(mixmo, args: list[str], message: str) -> None:
    run = mixmo("play", *args)
    assert run.code == 2 and message in run.err


def test_low_level_bots_prefer_everyday_words() -> None:
    from mixmo.engine.lexicon import common_words, embedded
    from mixmo.engine.validation import validate

    everyday = common_words("en")
    assert everyday is not None and "CAT" in everyday and "QI" not in everyday
    game = Game(bots_only(2, seed=3), embedded("en"))
    if game.phase is Phase.CHOOSING_THEME:
        pytest.skip("this seed opens with the Bandit")
    easy = Bot(0, Level.EASY, game.lexicon, game.variant, "en", seed=1).plan(game.state)
    assert easy.solved
    words = validate(easy.target, game.lexicon, game.variant).words
    assert words and all(v.text in everyday for v in words)
