"""Actions and options are plain values: bad ones are refused when built here, and
untrusted ones (a save, a network message) are checked by pydantic with the same bounds."""

from __future__ import annotations

import json
from dataclasses import FrozenInstanceError

import pytest
from pydantic import ValidationError

from mixmo.engine import actions as a
from mixmo.engine.bounds import OutOfBoundsError
from mixmo.engine.options import MatchOptions, PlayerNamesError, ScoringMode
from mixmo.engine.save_models import ACTION_ADAPTER, ACTION_LOG_ADAPTER, OPTIONS_ADAPTER
from mixmo.engine.state_json import action_data
from mixmo.engine.variants import UnknownVariantError

EVERY_KIND = [
    a.PlaceTile(seat=0, row=1, col=-2, symbol="e", at=1.5),
    a.MoveTiles(seat=1, cells=((0, 0), (0, 1)), drow=1, dcol=0),
    a.FlipTiles(seat=1, cells=((0, 0), (0, 1), (1, 1))),
    a.TakeBack(seat=2, cells=((3, 4),)),
    a.TakeApart(seat=0),
    a.Undo(seat=0),
    a.Redo(seat=0),
    a.CallMixmo(seat=1, at=12.25),
    a.SayStuck(seat=1, stuck=False),
    a.ChooseTheme(seat=0, theme="things with wheels"),
    a.FinishSprint(seat=1, word_cells=((0, 5),)),
    a.ClaimThemeWords(seat=2, words=("CAR", "VAN")),
    a.Vote(seat=0, claimant=2, word="VAN", accept=False),
    a.CloseVoting(seat=0),
    a.NextRound(seat=0),
]


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: a.CallMixmo(seat=-1), "seat must be at least 0 (not -1)"),
        (lambda: a.CallMixmo(seat=0, at=-0.5), "at must be at least 0 (not -0.5)"),
        (lambda: a.CallMixmo(seat=0, at=float("nan")), "at must be at least 0 (not nan)"),
        (
            lambda: a.PlaceTile(seat=0, row=0, col=0, symbol="AB"),
            "symbol must have at most 1 character (it has 2)",
        ),
        (
            lambda: a.PlaceTile(seat=0, row=0, col=0, symbol=""),
            "symbol must have at least 1 character (it has 0)",
        ),
        (lambda: a.TakeBack(seat=0, cells=()), "cells must have at least 1 item (it has 0)"),
        (lambda: a.FlipTiles(seat=0, cells=()), "cells must have at least 1 item (it has 0)"),
        (
            lambda: a.MoveTiles(seat=0, cells=(), drow=0, dcol=1),
            "cells must have at least 1 item",
        ),
        (lambda: a.ChooseTheme(seat=0, theme=""), "theme must have at least 1 character"),
        (lambda: a.ChooseTheme(seat=0, theme="x" * 81), "theme must have at most 80 characters"),
        (
            lambda: a.Vote(seat=0, claimant=-2, word="CAR", accept=True),
            "claimant must be at least 0",
        ),
    ],
)
def test_an_action_out_of_bounds_is_refused_when_it_is_built(build, message: str) -> None:
    with pytest.raises(OutOfBoundsError) as refused:
        build()
    assert message in str(refused.value)


def test_an_action_is_a_frozen_value_with_its_time_as_a_float() -> None:
    action = a.CallMixmo(seat=1, at=3)
    assert action.at == 3.0 and type(action.at) is float
    with pytest.raises(FrozenInstanceError):
        action.seat = 2  # type: ignore[misc]
    assert action.stamped(4.5) == a.CallMixmo(seat=1, at=4.5)
    assert action == a.CallMixmo(seat=1, at=3.0) and len({action, a.CallMixmo(seat=1, at=3)}) == 1
    with pytest.raises(TypeError):
        a.CallMixmo(1)  # type: ignore[misc]  # keywords only, as ever


def test_every_action_reads_back_from_its_json() -> None:
    text = ACTION_LOG_ADAPTER.dump_json(EVERY_KIND)
    assert ACTION_LOG_ADAPTER.validate_json(text) == EVERY_KIND
    for action in EVERY_KIND:
        assert json.loads(ACTION_ADAPTER.dump_json(action)) == json.loads(
            json.dumps(action_data(action))
        )
        assert ACTION_ADAPTER.validate_json(ACTION_ADAPTER.dump_json(action)) == action


@pytest.mark.parametrize(
    ("data", "where", "message"),
    [
        ({"kind": "mixmo", "seat": -1}, ("mixmo", "seat"), "greater than or equal to 0"),
        ({"kind": "mixmo", "seat": 0, "at": -1}, ("mixmo", "at"), "greater than or equal to 0"),
        (
            {"kind": "place", "seat": 0, "row": 0, "col": 0, "symbol": "AB"},
            ("place", "symbol"),
            "String should have at most 1 character",
        ),
        ({"kind": "take-back", "seat": 0, "cells": []}, ("take-back", "cells"), "at least 1"),
        (
            {"kind": "place", "seat": 0, "row": int("9" * 4300), "col": 0, "symbol": "A"},
            ("place", "row"),
            "less than 1001",
        ),
        (
            {"kind": "move", "seat": 0, "cells": [[0, 0]], "drow": -2001, "dcol": 0},
            ("move", "drow"),
            "greater than or equal to -2000",
        ),
        (
            {"kind": "flip", "seat": 0, "cells": [[0, 1001]]},
            ("flip", "cells", 0, 1),
            "less than 1001",
        ),
        ({"kind": "mixmo", "seat": 0, "colour": "red"}, ("mixmo", "colour"), "Unexpected"),
        ({"kind": "mixmo", "seat": "zero"}, ("mixmo", "seat"), "valid integer"),
        ({"kind": "shout", "seat": 0}, (), "does not match any of the expected tags"),
        ({"seat": 0}, (), "Unable to extract tag using discriminator 'kind'"),
    ],
)
def test_an_untrusted_action_is_refused_by_pydantic_naming_the_field(
    data: dict[str, object], where: tuple[str, ...], message: str
) -> None:
    with pytest.raises(ValidationError) as refused:
        ACTION_ADAPTER.validate_python(data)
    first = refused.value.errors()[0]
    assert first["loc"] == where
    assert message in first["msg"]


def test_options_are_trimmed_and_given_the_rulebook_target() -> None:
    options = MatchOptions(players=[" Ann ", "Bob"], scoring="rounds", mixmo_window=2)  # type: ignore[arg-type]
    assert options.players == ("Ann", "Bob")
    assert options.scoring is ScoringMode.ROUNDS and options.target == 5
    assert type(options.mixmo_window) is float
    assert MatchOptions(players=("Ann", "Bob")).target == 200


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"players": ("Solo",)}, OutOfBoundsError, "players must have at least 2 items"),
        ({"players": tuple("ABCDEFG")}, OutOfBoundsError, "players must have at most 6 items"),
        ({"players": ("Ann", " ")}, PlayerNamesError, "a player's name cannot be blank"),
        ({"players": ("Ann", "ANN")}, PlayerNamesError, "two players cannot have the same name"),
        ({"players": ("A", "B"), "variant": "chess"}, UnknownVariantError, "no variant 'chess'"),
        ({"players": ("A", "B"), "target": -1}, OutOfBoundsError, "target must be at least 0"),
        ({"players": ("A", "B"), "mixmo_window": -1.0}, OutOfBoundsError, "mixmo_window"),
    ],
)
def test_bad_options_are_refused_naming_the_problem(
    options: dict[str, object], error: type[ValueError], message: str
) -> None:
    with pytest.raises(error, match=message):
        MatchOptions(**options)  # type: ignore[arg-type]
    with pytest.raises(ValidationError) as refused:  # the same, read from JSON
        OPTIONS_ADAPTER.validate_json(json.dumps(options))
    assert refused.value.error_count() == 1


def test_options_read_back_from_their_json() -> None:
    options = MatchOptions(players=("Zoë", "Bob"), seed="words", scoring=ScoringMode.ROUNDS)
    assert OPTIONS_ADAPTER.validate_json(OPTIONS_ADAPTER.dump_json(options)) == options
    with pytest.raises(ValidationError, match="Unexpected keyword argument"):
        OPTIONS_ADAPTER.validate_python({"players": ["A", "B"], "colour": "red"})
