"""The engine's values (events, actions, states) are standard frozen dataclasses."""

from __future__ import annotations

import pickle
from dataclasses import FrozenInstanceError, replace

import pytest

from mixmo.engine import events as ev
from mixmo.engine.state import PlayerState


def test_the_engines_events_and_states_are_frozen_values() -> None:
    drawn = ev.TilesDrawn(0, (), 100)
    assert drawn == ev.TilesDrawn(seat=0, tiles=(), bag_left=100) and hash(drawn)
    assert ev.DeadlockDraw() == ev.DeadlockDraw() and ev.DeadlockDraw() != ev.SprintStarted()
    with pytest.raises(FrozenInstanceError):
        drawn.seat = 1  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(drawn)) == drawn
    ann = PlayerState(name="Ann")
    assert ann.with_(stuck=True) == PlayerState(name="Ann", stuck=True) == replace(ann, stuck=True)
    assert ann.with_(stuck=True) != ann
