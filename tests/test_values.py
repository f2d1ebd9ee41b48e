"""``@value``: the engine's frozen dataclasses, made in one step, behave as dataclasses do."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from dataclasses import FrozenInstanceError, field, replace

import pytest
from pydantic import TypeAdapter, ValidationError

from mixmo.engine import events as ev
from mixmo.engine.state import PlayerState
from mixmo.engine.values import value


@value
class Point:
    """A cell."""

    row: int
    col: int = 0


@value(kw_only=True)
class Move(Point):
    """A cell and where it goes, with a checked step."""

    step: int = 1
    trail: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.step == 0:
            raise ValueError("a move goes somewhere")


def test_a_value_is_built_compared_and_hashed_by_its_fields() -> None:
    assert Point(1, 2) == Point(row=1, col=2) and Point(1) == Point(1, 0)
    assert Point(1, 2) != Point(2, 1) and Point(1, 2) != (1, 2)
    assert len({Point(1, 2), Point(1, 2), Point(2, 1)}) == 2
    assert repr(Point(1, 2)) == "Point(row=1, col=2)"
    assert dataclasses.is_dataclass(Point) and [f.name for f in dataclasses.fields(Point)] == [
        "row",
        "col",
    ]


def test_a_value_is_frozen() -> None:
    point = Point(1, 2)
    with pytest.raises(FrozenInstanceError):
        point.row = 3  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del point.col  # type: ignore[misc]
    with pytest.raises(AttributeError):
        point.other = 1  # type: ignore[attr-defined]  # slots: no other attribute


def test_keyword_fields_defaults_factories_and_post_init() -> None:
    move = Move(1, 2, step=3)
    assert (move.row, move.col, move.step, move.trail) == (1, 2, 3, [])
    assert Move(0).trail is not Move(0).trail  # a fresh list each time
    with pytest.raises(TypeError):
        Move(1, 2, 3)  # type: ignore[misc]  # step is a keyword
    with pytest.raises(ValueError, match="goes somewhere"):
        Move(1, step=0)
    assert replace(move, step=5) == Move(1, 2, step=5)
    with pytest.raises(ValueError, match="goes somewhere"):
        replace(move, step=0)  # replace builds anew: the check runs again


def test_a_value_copies_pickles_and_matches() -> None:
    move = Move(4, 5, step=2, trail=[1])
    assert pickle.loads(pickle.dumps(move)) == move
    assert copy.copy(move) == move and copy.deepcopy(move) == move
    match move:
        case Point(4, col):
            assert col == 5
        case _:
            pytest.fail("a value matches its positional fields")


def test_pydantic_validates_a_value_and_runs_its_checks() -> None:
    adapter = TypeAdapter(Move)
    assert adapter.validate_python({"row": 1, "step": 2, "trail": [3]}) == Move(
        1, step=2, trail=[3]
    )
    with pytest.raises(ValidationError, match="goes somewhere"):
        adapter.validate_python({"row": 1, "step": 0})
    assert adapter.dump_python(Move(1)) == {"row": 1, "col": 0, "step": 1, "trail": []}


def test_field_options_it_does_not_make_are_refused() -> None:
    with pytest.raises(TypeError, match="does not support"):

        @value
        class Hidden:
            secret: str = field(default="", repr=False)


def test_the_engines_events_and_states_are_values() -> None:
    drawn = ev.TilesDrawn(0, (), 100)
    assert drawn == ev.TilesDrawn(seat=0, tiles=(), bag_left=100) and hash(drawn)
    assert ev.DeadlockDraw() == ev.DeadlockDraw() and ev.DeadlockDraw() != ev.SprintStarted()
    ann = PlayerState(name="Ann")
    assert ann.with_(stuck=True) == PlayerState(name="Ann", stuck=True) != ann


def test_replace_makes_a_new_value_as_dataclasses_replace_does() -> None:
    from mixmo.engine.values import replace as replace_value

    move = Move(1, 2, step=3, trail=[4])
    assert replace_value(move, col=5) == replace(move, col=5) == Move(1, 5, step=3, trail=[4])
    assert replace_value(Point(1), row=2) == Point(2)
    with pytest.raises(ValueError, match="goes somewhere"):
        replace_value(move, step=0)  # made by __init__: checked again
    with pytest.raises(TypeError):
        replace_value(move, colour="red")


def test_init_is_compiled_when_the_first_value_is_made_whichever_class_comes_first() -> None:
    @value
    class Base:
        a: int

    @value(kw_only=True)
    class Child(Base):
        b: int = 2

    placeholder = Base.__init__
    assert Child(1, b=3) == Child(1, b=3) and (Child(1).a, Child(1).b) == (1, 2)
    assert Base.__init__ is placeholder  # the child's own __init__ was compiled, not this
    assert Base(5).a == 5 and Base.__init__ is not placeholder
    with pytest.raises(TypeError):
        Base()  # type: ignore[call-arg]
