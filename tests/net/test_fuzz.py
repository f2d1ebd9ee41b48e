"""Whatever a client sends, the server answers with a message or one clear error, never a crash."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mixmo.net.protocol import RoomSettings, SendAction
from mixmo.net.server import Connection, GameServer, Limits
from tests.net.helpers import said


class _Socket:
    async def close(self, code: int, reason: str) -> None:  # pragma: no cover - never full
        pass


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5)
    ),
    max_leaves=12,
)
KEYS = st.sampled_from(["v", "type", "room", "name", "seat", "token", "ref", "action", "settings",
                        "kind", "row", "col", "symbol", "cells", "players", "fill_with_bots"])  # fmt: skip
TYPES = st.sampled_from(["create", "join", "reconnect", "watch", "start", "action", "teleport"])
MESSAGES = st.fixed_dictionaries(
    {"v": st.sampled_from([1, 1, 1, 2, "1", None]), "type": TYPES},
    optional={"room": st.text(max_size=8), "ref": JSON, "action": JSON, "settings": JSON},
).flatmap(lambda base: st.dictionaries(KEYS, JSON, max_size=3).map(lambda extra: {**extra, **base}))


SERVER = GameServer()


def _answer(server: GameServer, text: str) -> tuple[Any, list[dict[str, Any]]]:
    conn = Connection(_Socket(), Limits(outbox=10_000))  # type: ignore[arg-type]
    message = server._parse(conn, text)
    return message, [json.loads(data) for data, _arrival, _room in conn.queue]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(JSON.map(json.dumps), MESSAGES.map(json.dumps), st.text(max_size=200)))
@example('{"v":1,"":"","ref":-1}')  # a bad message whose ref is no Ref: nothing to echo back
def test_any_text_is_a_message_or_exactly_one_clear_error(text: str) -> None:
    message, sent = _answer(SERVER, text)
    if message is None:
        assert len(sent) == 1 and sent[0]["type"] == "error"
        assert sent[0]["code"] in {"bad-json", "bad-message", "version"} and said(sent[0])
    else:
        assert sent == [] and message.v == 1


SMALL = st.integers(-3, 3)
CELLS = st.lists(st.tuples(SMALL, SMALL), min_size=1, max_size=3)
ACTIONS = st.one_of(
    st.fixed_dictionaries({"kind": st.just("place"), "row": SMALL, "col": SMALL,
                           "symbol": st.sampled_from(list("AEIRSTZ?!e"))}),
    st.fixed_dictionaries({"kind": st.just("move"), "cells": CELLS, "drow": SMALL, "dcol": SMALL}),
    st.fixed_dictionaries({"kind": st.sampled_from(["take-back", "flip"]), "cells": CELLS}),
    st.fixed_dictionaries({"kind": st.sampled_from(["take-apart", "undo", "redo", "mixmo",
                                                    "close-voting", "next-round"])}),
    st.fixed_dictionaries({"kind": st.just("stuck"), "stuck": st.booleans()}),
    st.fixed_dictionaries({"kind": st.just("theme"), "theme": st.text(min_size=1, max_size=8)}),
    st.fixed_dictionaries({"kind": st.just("sprint"), "word_cells": st.lists(st.tuples(SMALL, SMALL))}),
    st.fixed_dictionaries({"kind": st.just("claim"), "words": st.lists(st.text(max_size=6))}),
    st.fixed_dictionaries({"kind": st.just("vote"), "claimant": st.integers(0, 2),
                           "word": st.text(max_size=6), "accept": st.booleans()}),
).map(lambda action: {**action, "seat": 0})  # fmt: skip


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ACTIONS, min_size=1, max_size=12))
def test_any_actions_of_a_seated_player_get_events_or_a_refusal(actions: list[Any]) -> None:
    server = GameServer()
    room = server.rooms.create(RoomSettings(players=2, seed=3))
    for seat, name in enumerate(("Ann", "Bob")):
        room.join(name)
        assert room.seats[seat].name == name
    conn = Connection(_Socket(), Limits(outbox=10_000))  # type: ignore[arg-type]
    conn.room, conn.seat = room, 0
    server.listeners[room.code] = {conn}
    for ref, action in enumerate(actions):
        before = room.game.state if room.game else None
        server._dispatch(conn, SendAction.model_validate({"ref": ref, "action": action}), 0.0)
        answer = json.loads(conn.queue.pop(0)[0])
        assert answer["ref"] == ref and answer["type"] in ("events", "error")
        if answer["type"] == "error":
            assert room.game is not None and room.game.state is before
