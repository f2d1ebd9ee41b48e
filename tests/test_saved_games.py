"""Saved games: the whole state to JSON and back; the log replays; damage is reported."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from mixmo.engine import actions as a
from mixmo.engine.game import Game
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.save import MAX_ACTIONS, DictionaryChangedError, GameFileError, dumps, loads
from mixmo.engine.state import Phase
from tests.game_helpers import lay_out, new_game, play_until_bag_is_empty, settle_theme


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


def test_a_match_of_n_rounds_to_play_is_saved_with_it() -> None:
    game = new_game(2, seed=21, scoring="rounds", rounds_to_play=3)
    assert json.loads(dumps(game))["options"]["rounds_to_play"] == 3
    assert loads(dumps(game), lexicon=AnyWord()).options.rounds_to_play == 3


def test_a_match_to_a_target_is_saved_as_before_rounds_to_play_existed() -> None:
    text = dumps(a_game_in_progress())
    assert "rounds_to_play" not in json.loads(text)["options"]
    assert loads(text, lexicon=AnyWord()).options.rounds_to_play == 0


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


# --- damaged saves are refused in one sentence, never a crash -----------------


def with_action_time(value: str) -> str:
    """A save whose first action happened at ``value`` (a JSON literal)."""
    text = dumps(a_game_in_progress())
    data = json.loads(text)
    data["actions"][0]["at"] = "AT"
    return json.dumps(data).replace('"AT"', value)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("Infinity", "Infinity is not a number a save can hold"),
        ("-Infinity", "-Infinity is not a number a save can hold"),
        ("NaN", "NaN is not a number a save can hold"),
        ("1e999", "1e999 is not a number a save can hold"),
        ("-3.5", "at is a negative time"),
    ],
)
def test_a_time_that_is_not_a_time_is_a_damaged_save(value: str, message: str) -> None:
    with pytest.raises(GameFileError, match=f"damaged saved game: {message}"):
        loads(with_action_time(value), lexicon=AnyWord())


def test_a_negative_draw_time_in_the_snapshot_is_a_damaged_save() -> None:
    text = damaged(lambda d: d["state"]["round"].update(last_draw_at=-1.0))
    with pytest.raises(GameFileError, match="last_draw_at is a negative time"):
        loads(text, lexicon=AnyWord())


@pytest.mark.parametrize("depth", [50, 100_000])
def test_deeply_nested_json_is_a_damaged_save(depth: int) -> None:
    text = '{"format": "mixmo-game", "version": 1, "options": ' + "[" * depth + "]" * depth + "}"
    with pytest.raises(GameFileError, match="nested deeper than a saved game is"):
        loads(text, lexicon=AnyWord())


def test_a_five_thousand_digit_seed_is_a_damaged_save() -> None:
    text = damaged(lambda d: d["options"].update(seed=0)).replace(
        '"seed": 0', '"seed": ' + "7" * 5000
    )
    with pytest.raises(GameFileError, match="a number of 5,000 digits"):
        loads(text, lexicon=AnyWord())


@pytest.mark.parametrize("device", ["/dev/zero", "/"])
def test_a_dictionary_that_is_not_a_word_list_file_is_a_damaged_save(device: str) -> None:
    text = damaged(lambda d: d["options"].update(dictionary=device))
    with pytest.raises(GameFileError, match=f"its dictionary {device} is not a word-list file"):
        loads(text)


def test_a_dictionary_that_no_longer_accepts_a_played_word_says_so(tmp_path) -> None:
    words = tmp_path / "words.txt"
    game = new_game(2, seed=5, dictionary=str(words))
    settle_theme(game)
    lay_out(game, 0)
    played = game.check_grid(0).words[0].text
    words.write_text(f"{played.lower()}\n")
    game.apply(a.CallMixmo(seat=0, at=10.0))
    call = len(game.log)
    settle_theme(game)
    lay_out(game, 0, at=11.0)
    text = dumps(game)
    assert loads(text).state == game.state  # the same dictionary replays it
    words.write_text("cat\n")  # the word list was edited since
    with pytest.raises(DictionaryChangedError) as caught:
        loads(text)
    assert str(caught.value) == (
        f"the dictionary changed since this game was saved: {words} no longer accepts "
        f"{played}, played by Ann (action {call})"
    )


def test_an_action_log_longer_than_any_match_is_a_damaged_save() -> None:
    text = damaged(lambda d: d["actions"].extend([d["actions"][0]] * MAX_ACTIONS))
    with pytest.raises(GameFileError, match=f"more than a match has \\({MAX_ACTIONS:,}\\)"):
        loads(text, lexicon=AnyWord())


# --- saves from before the rounds option's penalty became a won round taken away ---------


def with_sitting_out_fields(players: list[bool], later: list[int]) -> str:
    """A save as older versions wrote it: ``sitting_out`` per player, ``sit_out_next``."""
    data = json.loads(dumps(a_game_in_progress()))
    for player, out in zip(data["state"]["round"]["players"], players, strict=True):
        player["sitting_out"] = out
    data["state"]["sit_out_next"] = later
    return json.dumps(data)


def test_an_older_save_with_nobody_sitting_out_still_loads() -> None:
    game = a_game_in_progress()
    loaded = loads(with_sitting_out_fields([False, False, False], []), lexicon=AnyWord())
    assert loaded.state == game.state and loaded.log == game.log


@pytest.mark.parametrize(
    ("players", "later", "name"),
    [([False, True, False], [], "Bob"), ([False, False, False], [2], "Cid")],
)
def test_an_older_save_that_sits_a_player_out_is_refused_in_one_sentence(
    players: list[bool], later: list[int], name: str
) -> None:
    with pytest.raises(GameFileError) as refused:
        loads(with_sitting_out_fields(players, later), lexicon=AnyWord())
    message = str(refused.value)
    assert message.startswith(f"this saved game sits {name} out of a round")
    assert "cannot be resumed" in message and "\n" not in message


def test_a_sitting_out_flag_of_the_wrong_type_is_a_damaged_save() -> None:
    text = with_sitting_out_fields([False, False, False], [])
    data = json.loads(text)
    data["state"]["round"]["players"][0]["sitting_out"] = "yes"
    with pytest.raises(GameFileError, match=r"damaged saved game: .*sitting_out"):
        loads(json.dumps(data), lexicon=AnyWord())


def test_resuming_an_older_save_that_sits_a_player_out_is_one_line_and_exit_2(
    mixmo, tmp_path, monkeypatch
) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    (tmp_path / "autosave.json").write_text(with_sitting_out_fields([False, True, False], []))
    run = mixmo("play", "--resume")
    assert run.code == 2
    assert run.err.strip().splitlines() == [
        f"mixmo: error: {tmp_path / 'autosave.json'}: this saved game sits Bob out of a round, "
        "a rule mixmo no longer has (a wrong final MIXMO takes a won round away instead): "
        "it cannot be resumed"
    ]


# --- saves are written without pydantic, in the very same format ---------------

GOLDEN = Path(__file__).parent / "data" / "saved-game-v1.json"
"""A save written by mixmo when actions and options were pydantic models (and saves were
written by pydantic): 3 players, the bag emptied by Bob's MIXMOs, Cid's rack laid out."""


def test_a_save_written_by_pydantic_loads_and_is_written_back_byte_for_byte() -> None:
    text = GOLDEN.read_text(encoding="utf-8")
    game = loads(text, lexicon=AnyWord())
    assert len(game.log) == 96 and game.options.players == ("Ann", "Bob", "Cid")
    assert dumps(game) == text


def a_finished_round(**options: object):
    """A round played to its scores, with theme claims and a vote (every list in a save)."""
    game = new_game(3, **{"seed": 4, **options})
    at = play_until_bag_is_empty(game, caller=0)
    game.apply(a.SayStuck(seat=1, at=at + 0.0625))
    lay_out(game, 0, at)
    game.apply(a.CallMixmo(seat=0, at=at + 5.5))
    for seat in game.round.active_seats():
        if game.phase is Phase.CLAIMING:
            words = [v.text for v in game.check_grid(seat).words if v.valid][:1]
            game.apply(a.ClaimThemeWords(seat=seat, words=tuple(words), at=at + 6))
    if game.phase is Phase.VOTING:
        claimant = next(s for s, p in enumerate(game.round.players) if p.claims)
        word = game.round.player(claimant).claims[0]
        game.apply(a.Vote(seat=(claimant + 1) % 3, claimant=claimant, word=word, accept=False))
        game.apply(a.CloseVoting(seat=0, at=at + 7.25))
    return game


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"seed": "a seed in words", "mixmo_window": 2.5, "language": "fr"},
        {"seed": 2**70, "scoring": "rounds", "target": 3},  # past orjson's 64 bits
    ],
)
def test_the_json_written_without_pydantic_is_what_the_saved_game_model_writes(
    options: dict[str, object],
) -> None:
    from mixmo.engine.save_models import MatchModel, SavedGame

    for game in (a_game_in_progress(), a_finished_round(**options)):
        model = SavedGame(options=game.options, actions=game.log, state=MatchModel.of(game.state))
        assert dumps(game) == model.model_dump_json(indent=1, exclude={"bots"})  # people only
    assert game.round.votes and any(p.claims for p in game.round.players)
    assert loads(dumps(game), lexicon=AnyWord()).state == game.state


def test_a_name_with_accents_and_scripts_is_written_as_it_is() -> None:
    game = new_game(2, seed=3)
    named = Game(replace(game.options, players=("Zoë", "日本")), lexicon=AnyWord())
    text = dumps(named)
    assert '"Zoë"' in text and '"日本"' in text
    assert loads(text, lexicon=AnyWord()).options.players == ("Zoë", "日本")


def test_an_action_out_of_bounds_in_a_save_is_damage_at_its_place() -> None:
    text = damaged(lambda d: d["actions"][3].update(symbol="AB"))
    with pytest.raises(GameFileError, match=r"actions\.3\.place\.symbol: String should have"):
        loads(text, lexicon=AnyWord())
    text = damaged(lambda d: d["actions"][0].update(colour="red"))
    with pytest.raises(GameFileError, match=r"actions\.0\.place\.colour"):
        loads(text, lexicon=AnyWord())


# --- a save names the seats bots play, and their levels -----------------------------


def test_a_save_names_the_bot_seats_and_their_levels_and_loads_them_back() -> None:
    from mixmo.engine.levels import Level
    from mixmo.engine.save import load

    game = a_game_in_progress()
    text = dumps(game, {2: Level.EXPERT, 1: Level.EASY})
    assert json.loads(text)["bots"] == [
        {"seat": 1, "level": "easy"},
        {"seat": 2, "level": "expert"},
    ]
    assert dict(load(text, lexicon=AnyWord()).bots) == {1: Level.EASY, 2: Level.EXPERT}


def test_a_save_without_bots_is_a_game_of_people_and_keeps_its_bytes() -> None:
    from mixmo.engine.save import load

    text = GOLDEN.read_text(encoding="utf-8")
    loaded = load(text, lexicon=AnyWord())
    assert dict(loaded.bots) == {}
    assert dumps(loaded.game, loaded.bots) == text


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ([{"seat": 3, "level": "hard"}], "bots: seat 3 is not a seat of this 3-player game once"),
        (
            [{"seat": 1, "level": "hard"}, {"seat": 1, "level": "easy"}],
            "bots: seat 1 is not a seat of this 3-player game once",
        ),
        ([{"seat": s, "level": "hard"} for s in range(3)], "every seat is a bot's"),
        ([{"seat": 1, "level": "genius"}], "bots.0.level"),
    ],
)
def test_bot_seats_a_game_cannot_have_are_damage(bots: list, message: str) -> None:
    data = json.loads(dumps(a_game_in_progress()))
    data["bots"] = bots
    with pytest.raises(GameFileError, match="damaged saved game") as error:
        loads(json.dumps(data), lexicon=AnyWord())
    assert message in str(error.value)


def test_a_save_with_a_flip_replays_to_the_same_grid_and_the_same_undo_history() -> None:
    game = new_game(
        2, seed=next(s for s in range(100) if new_game(2, seed=s).phase is Phase.PLAYING)
    )
    rack = game.round.player(0).rack
    for col, tile in enumerate(rack[:3]):
        game.apply(a.PlaceTile(seat=0, row=0, col=col, symbol=tile.symbol, at=1.0 + col))
    game.apply(a.FlipTiles(seat=0, cells=((0, 0), (0, 1), (0, 2)), at=5.0))
    column = "".join(f"{t.symbol}\n" for t in rack[:3])
    assert game.round.player(0).grid.to_text() == column
    text = dumps(game)
    flip = json.loads(text)["actions"][-1]
    assert flip["kind"] == "flip" and flip["cells"] == [[0, 0], [0, 1], [0, 2]]
    loaded = loads(text, lexicon=AnyWord())
    assert loaded.state == game.state and loaded.log == game.log
    assert loaded.round.player(0).grid.to_text() == column
    loaded.apply(a.Undo(seat=0, at=6.0))  # the flip is one edit of the replayed history
    assert loaded.round.player(0).grid.to_text() == "".join(t.symbol for t in rack[:3]) + "\n"
