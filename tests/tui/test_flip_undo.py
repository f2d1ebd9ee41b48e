"""A flip (ctrl+r) is one edit of the player's grid: one ctrl+z takes the whole flip back
(docs/play.md: "ctrl+z takes back your last edit of your own grid"), one ctrl+y makes it again."""

from __future__ import annotations

from mixmo.tui.grid_view import GridView
from tests.tui.helpers import burst, keys_for_rack, make_app, seed_where, settle

SIZE = (100, 30)


def rows_on_screen(app, seat: int = 0) -> list[str]:
    """The rows of the player's grid as drawn, letters only (empty cells and spacers dropped)."""
    view = app.query_one(f"#grid-{seat}", GridView)
    lines = ("".join(s.text for s in view.render_line(y)) for y in range(view.size.height))
    letters = ("".join(ch for ch in line if ch.isalpha()) for line in lines)
    return [row for row in letters if row]


async def test_one_ctrl_z_takes_back_a_whole_flip_and_one_ctrl_y_flips_again() -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        rack = app.table.round.player(0).rack
        word = "".join(t.symbol for t in rack[:3])
        # One burst, as a player types it: a word across, back to its start, select it
        # (shift+arrows), flip it down (ctrl+r), and take the flip back (ctrl+z).
        burst(app, *keys_for_rack(app, 0)[:3], "left", "left", "left")
        burst(app, "shift+right", "shift+right", "ctrl+r", "ctrl+z")
        await settle(pilot)
        player = app.table.round.player(0)
        assert player.grid.to_text() == word + "\n", "the word across, as before the flip"
        assert player.rack == rack[3:], "no tile went back to the rack"
        assert rows_on_screen(app) == [word]
        burst(app, "ctrl+y")
        await settle(pilot)
        assert app.table.round.player(0).grid.to_text() == "".join(f"{ch}\n" for ch in word)
        assert rows_on_screen(app) == list(word), "the word down again, whole"
        burst(app, "ctrl+z", "ctrl+z")  # the flip, then the last letter typed
        await settle(pilot)
        assert rows_on_screen(app) == [word[:2]]
        assert [type(action).__name__ for action in app.table.game.log[3:5]] == [
            "FlipTiles",
            "Undo",
        ]


async def test_a_flip_onto_another_tile_is_refused_and_the_grid_stays() -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        keys = keys_for_rack(app, 0)
        # A word across, one letter under its first: the flip would put a tile there.
        burst(app, *keys[:3], "left", "left", "left", "down", keys[3], "up", "left")
        burst(app, "shift+right", "shift+right", "ctrl+r")
        await settle(pilot)
        before = app.table.round.player(0).grid.to_text()
        assert before.count("\n") == 2 and rows_on_screen(app) == before.replace(".", "").split()
        assert app.panes[0].message == "✗ cannot flip: a tile is in the way"
        assert [type(action).__name__ for action in app.table.game.log] == ["PlaceTile"] * 4
