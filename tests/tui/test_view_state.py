"""The view file (autosave.view.json): what it keeps reads back the same, and a file
this version did not write is refused field by field (the game then shows the defaults)."""

from __future__ import annotations

import json

import pytest

from mixmo.engine.grid import Direction
from mixmo.tui.view_state import PaneView, ViewFileError, ViewState, view_from_json

SAVED = ViewState(
    match='["7", ["Ann", "Bob"]]',
    live_check=True,
    active=1,
    panes=[
        PaneView(cursor=(-2, 3), direction=Direction.DOWN, rack="EA?!", built=12.5),
        PaneView(),
    ],
    relay_turn=4.0,
)


def test_a_view_reads_back_as_it_was_written() -> None:
    assert view_from_json(SAVED.to_json()) == SAVED


def test_a_view_is_one_line_of_json_with_every_field_named() -> None:
    text = SAVED.to_json()
    assert "\n" not in text
    assert json.loads(text)["panes"][0] == {
        "cursor": [-2, 3],
        "direction": "down",
        "rack": "EA?!",
        "built": 12.5,
    }


def test_a_view_written_before_the_relay_reads_with_no_relay_time() -> None:
    old = (
        '{"match":"m","live_check":false,"active":0,'
        '"panes":[{"cursor":[0,0],"direction":"across","rack":""}]}'
    )
    view = view_from_json(old)
    assert view.relay_turn == 0.0 and view.panes[0].built == 0.0


def test_a_view_written_when_it_kept_a_hint_s_cost_reads_without_it() -> None:
    old = (
        '{"match":"m","live_check":false,"active":0,"panes":[{"cursor":[1,2],'
        '"direction":"across","rack":"AB","built":0.0,"hint_wait":25.0}],"relay_turn":0.0}'
    )
    view = view_from_json(old)
    assert view.panes == [PaneView(cursor=(1, 2), rack="AB")]
    assert "hint_wait" not in view.to_json(), "the match keeps the hint, not the view"


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"colour": "red"}, "view: unknown fields ['colour']"),
        ({"match": 7}, "view.match"),
        ({"live_check": "yes"}, "view.live_check"),
        ({"active": True}, "view.active"),
        ({"active": 1.5}, "view.active"),
        ({"relay_turn": -1}, "view.relay_turn"),
        ({"relay_turn": 10**8}, "view.relay_turn"),
        ({"panes": [{}] * 7}, "view.panes"),
        ({"panes": [{"cursor": [1]}]}, "view.panes[0].cursor"),
        ({"panes": [{"cursor": [1, "2"]}]}, "view.panes[0].cursor"),
        ({"panes": [{"direction": "sideways"}]}, "view.panes[0].direction"),
        ({"panes": [{"rack": "A" * 201}]}, "view.panes[0].rack"),
        ({"panes": [{"built": float("nan")}]}, "view.panes[0].built"),
        ({"panes": [{"shape": 1}]}, "view.panes[0]: unknown fields ['shape']"),
        ({"panes": ["pane"]}, "view.panes[0]: not an object"),
    ],
)
def test_a_view_field_out_of_its_bounds_is_refused_by_name(
    change: dict[str, object], named: str
) -> None:
    data = {**json.loads(SAVED.to_json()), **change}
    with pytest.raises(ViewFileError, match=named.replace("[", r"\[").replace("]", r"\]")):
        view_from_json(json.dumps(data))


def test_a_view_file_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(ViewFileError, match="view: not an object"):
        view_from_json("[1, 2]")
