"""A networked seat shows its own grid edits before the server answers, by the server's
own rules: what it predicts is what the server's game makes of the same edits."""

from __future__ import annotations

import pytest

from mixmo.engine import actions as a
from mixmo.net.remote_table import PREDICTED, _OwnEdits
from tests.game_helpers import new_game


def placed_row(game, seat: int, count: int) -> None:
    for col, tile in enumerate(game.round.player(seat).rack[:count]):
        game.apply(a.PlaceTile(seat=seat, row=0, col=col, symbol=tile.symbol))


@pytest.mark.parametrize(
    "edit",
    [
        a.FlipTiles(seat=0, cells=((0, 0), (0, 1), (0, 2))),
        a.MoveTiles(seat=0, cells=((0, 0), (0, 1)), drow=2, dcol=1),
        a.TakeBack(seat=0, cells=((0, 1),)),
        a.TakeApart(seat=0),
    ],
    ids=lambda edit: edit.kind,
)
def test_every_grid_edit_is_shown_at_once_as_the_server_will_make_it(edit: a.Action) -> None:
    """A flip (ctrl+r) too: it is one grid edit, predicted like a move."""
    assert isinstance(edit, PREDICTED)
    game = new_game(2)
    placed_row(game, 0, 3)
    predicted = _OwnEdits(game.options).predict(game.state, [edit], 0)
    game.apply(edit)
    assert predicted.round.player(0) == game.round.player(0)
