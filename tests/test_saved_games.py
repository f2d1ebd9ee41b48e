"""Saved games: the whole state to JSON and back; the log replays; damage is reported."""

from __future__ import annotations

import json

import pytest

from mixmo.engine import actions as a
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.save import GameFileError, dumps, loads
from tests.game_helpers import lay_out, new_game, play_until_bag_is_empty


def a_game_in_progress():
    game = new_game(3, seed=21)
    play_until_bag_is_empty(game, caller=1)
    lay_out(game, 2)
    return game


def test_a_saved_game_loads_to_the_identical_state() -> None:
    game = a_game_in_progress()
    loaded = loads(dumps(game), lexicon=AnyWord())
    assert loaded.state == game.state
    assert loaded.log == game.log
    assert loaded.options == game.options


def test_a_loaded_game_plays_on() -> None:
    game = a_game_in_progress()
    loaded = loads(dumps(game), lexicon=AnyWord())
    for g in (game, loaded):
        g.apply(a.CallMixmo(seat=2, at=999.0))
    assert loaded.state == game.state


def test_the_action_log_replays_from_the_seed() -> None:
    game = a_game_in_progress()
    replayed = new_game(3, seed=21)
    for action in game.log:
        replayed.apply(action)
    assert replayed.state == game.state


def damaged(mutate) -> str:
    data = json.loads(dumps(a_game_in_progress()))
    mutate(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "invalid JSON at line 1, column 1"),
        ("{not json", "invalid JSON"),
        ("[1, 2]", "not a mixmo saved game"),
        ('{"format": "chess"}', "not a mixmo saved game"),
        ('{"format": "mixmo-game", "version": 99}', "version 99"),
        (
            damaged(lambda d: d["state"]["round"]["players"][0].update(rack="ZZZ")),
            "does not match its action log",
        ),
        (damaged(lambda d: d["actions"].insert(0, {"kind": "mixmo", "seat": 9})), "action 1"),
        (damaged(lambda d: d["options"].update(players=["Solo"])), "options.players"),
        (damaged(lambda d: d["state"]["round"]["players"][0].update(grid=[[0, 0, "#"]])), "#"),
        (damaged(lambda d: d.pop("state")), "state: Field required"),
    ],
)
def test_a_damaged_or_foreign_file_is_a_clear_error(text: str, message: str) -> None:
    with pytest.raises(GameFileError, match=message.replace("(", r"\(")):
        loads(text, lexicon=AnyWord())
