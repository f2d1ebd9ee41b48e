"""A whole networked match in real terminals: two people at 80x24, a watcher and a server bot.

Each person is driven as a fast player would be: the test reads the rack on their screen,
asks the solver for a grid that places every tile (kept where it can, so only the new
tiles are typed), types it with the board's keys (arrows and letters) and calls MIXMO
with F5. The server's bot plays at its own pace. Ann's terminal is killed while the table
waits for her theme (she drew the Bandit), and she comes back; Bob's is killed while the
table waits for the theme claims. The others finish the match, every pane showing every
tile of its grid all along, and Ann's Enter at the final scores starts a second match in
the same room.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from mixmo.engine.dictionary_spec import open_lexicon
from mixmo.engine.grid import Grid
from mixmo.engine.solver import solve
from tests.tui.tmux import (
    flat,
    join_in_terminal,
    kill,
    needs_tmux,
    screen_of,
    tmux,
    wait_for,
)

pytestmark = [needs_tmux, pytest.mark.slow]

LEXICON = open_lexicon(None, "en")
SEED = 5
"""A deal whose first tile, Ann's, is the Bandit: she holds the table's theme at once."""
WAIT = 8
"""The room's wait for a theme, claims, votes and scores (seconds)."""
SCREEN = (80, 24)


def own_rack(screen: str) -> str:
    """The tiles of one's own rack, as grid symbols ("" when every tile is placed): the
    "Rack" line of the wide pane, framed with ┃."""
    for line in screen.splitlines():
        if line.startswith("┃ Rack"):
            rack = line.split("┃")[1].strip()[len("Rack") :].strip()
            return "" if rack.startswith("empty") else rack.replace(" ", "")
    return ""


def playing(screen: str) -> bool:
    """The board has the keys (no dialog over it): the key bar offers MIXMO."""
    lines = screen.splitlines()
    return bool(lines) and "f5 MIXMO" in lines[-1] and "┃ Rack" in screen


class Person:
    """One player at a real terminal, typing the grids the solver finds."""

    def __init__(self, session: str, name: str, data: Path) -> None:
        self.session = session
        self.name = name
        self.data = data
        self.grid = Grid({})
        """What this person has placed, in board cells relative to where the cursor started."""
        self.cursor = (0, 0)
        self.stuck_with = ""
        self.mixmos = 0
        """The rack this person could not place (sorted), said with F6: wait for a draw."""

    def keys(self, *keys: str) -> None:
        tmux("send-keys", "-t", self.session, *keys)

    def screen(self) -> str:
        return screen_of(self.session)

    def _move_to(self, cell: tuple[int, int]) -> list[str]:
        drow, dcol = cell[0] - self.cursor[0], cell[1] - self.cursor[1]
        moves = (["Down"] * drow if drow > 0 else ["Up"] * -drow) + (
            ["Right"] * dcol if dcol > 0 else ["Left"] * -dcol
        )
        self.cursor = cell
        return moves

    def type_tiles(self, tiles: dict[tuple[int, int], str]) -> None:
        """Type each tile at its cell (rows top to bottom, each row left to right), in
        bursts of keys as a fast typist's."""
        keys: list[str] = []
        for cell in sorted(tiles):
            keys += self._move_to(cell)
            symbol = tiles[cell]
            keys.append("?" if symbol.islower() else symbol)
            self.cursor = (cell[0], cell[1] + 1)  # typing across moves the cursor right
        for start in range(0, len(keys), 40):
            self.keys(*keys[start : start + 40])

    def place_every_tile(self, rack: str) -> bool:
        """Add ``rack`` to the grid: the new tiles typed where the solver keeps the grid,
        or the grid taken apart (F8) and typed anew where it takes words back. False when
        the solver places only some of them (the best grid it found is typed)."""
        found = solve(rack, LEXICON, grid=self.grid if len(self.grid) else None, budget=5.0)
        shift = _alignment(self.grid, found.grid)
        if shift is None:
            if len(self.grid):  # the solver took words back: take the grid apart first
                self.keys("F8")
                _wait(self, lambda s: "Take all" in flat(s))
                self.keys("y")
                _wait(self, lambda s: "Take all" not in flat(s))
            top, left = found.grid.bounds()[0]
            new = found.grid.shifted(self.cursor[0] - top, self.cursor[1] - left)
            typed = dict(new.items())
        else:
            new = found.grid.shifted(*shift)
            typed = {cell: tile for cell, tile in new.items() if cell not in self.grid}
        self.type_tiles({cell: tile.symbol for cell, tile in typed.items()})
        self.grid = new
        return found.solved


def _wait(person: Person, predicate: Callable[[str], bool], timeout: float = 60) -> str:
    return wait_for(person.session, predicate, timeout)


def _alignment(old: Grid, new: Grid) -> tuple[int, int] | None:
    """The shift that puts ``new`` on ``old``'s cells when it holds the whole old grid
    as it was (None when it does not: words were taken back)."""
    if not len(old):
        return None
    (anchor, tile), *_ = old.items()
    for cell, candidate in new.items():
        if candidate.symbol != tile.symbol:
            continue
        shift = (anchor[0] - cell[0], anchor[1] - cell[1])
        moved = new.shifted(*shift)
        if all(moved.get(c) is not None and moved[c].symbol == t.symbol for c, t in old.items()):
            return shift
    return None


def pane_tiles(screen: str, title: str) -> int:
    """How many tiles the read-only pane titled ``title`` (e.g. "1. Ann") shows."""
    lines = screen.splitlines()
    top = next(i for i, line in enumerate(lines) if f"╭─ {title} " in line)
    left = lines[top].index(f"╭─ {title} ")
    right = lines[top].index("╮", left)
    count = 0
    for line in lines[top + 2 :]:
        inner = line[left + 1 : right]
        if inner.startswith("─") or "Rack" in inner:
            break
        count += len(re.findall(r"[A-Z?!]", inner))
    return count


def shown_whole(grid: Grid) -> Callable[[int], bool]:
    """Whether a pane's tile count shows every tile of ``grid``: one letter a tile, or,
    zoomed out to fit a small pane, one letter a block of 2x2 or 3x3 cells holding tiles."""
    (top, left), _ = grid.bounds()
    blocks = {
        len({((row - top) // scale, (col - left) // scale) for row, col in grid})
        for scale in (1, 2, 3)
    }
    return lambda count: count in blocks


def check_every_pane_shows(person: Person, others: list[str]) -> None:
    """Each of ``others`` (sessions: the other person's, the watcher's) shows ``person``'s
    grid whole in its pane, once it has caught up with the last keys."""
    title = {"Ann": "1. Ann", "Bob": "2. Bob"}[person.name]
    whole = shown_whole(person.grid)
    for session in others:
        wait_for(session, lambda s: title in s and whole(pane_tiles(s, title)), 30)


def test_two_people_a_watcher_and_a_bot_play_a_whole_match_and_a_rematch(
    tmp_path: Path, served: str
) -> None:
    url, tag = served, os.getpid()
    ann = Person(f"whole-ann-{tag}", "Ann", tmp_path / "ann")
    bob = Person(f"whole-bob-{tag}", "Bob", tmp_path / "bob")
    watcher = f"whole-watch-{tag}"
    try:
        new_room = f"--new --players 3 --bots 1 --rounds 1 --seed {SEED} --wait {WAIT} --name Ann"
        join_in_terminal(ann.session, ann.data, url, *new_room.split(), size=SCREEN)
        lobby = _wait(ann, lambda s: "room " in s and "2. free" in s)
        code = re.search(r"room ([A-Z]{6})", lobby)
        assert code is not None, lobby
        room = f"{url}/{code.group(1)}"
        join_in_terminal(watcher, tmp_path / "watch", room, "--watch", size=SCREEN)
        join_in_terminal(bob.session, bob.data, room, "--name", "Bob", size=SCREEN)

        _ann_leaves_while_the_table_waits_for_her_theme(ann, bob, room)
        _play_until_the_claims(ann, bob, watcher)
        _bob_leaves_while_the_table_waits_for_his_claims(ann, bob, watcher)
        _ann_plays_again_in_the_same_room(ann, watcher)
    finally:
        for session in (ann.session, bob.session, watcher):
            kill(session)


def _ann_leaves_while_the_table_waits_for_her_theme(ann: Person, bob: Person, room: str) -> None:
    """Ann drew the Bandit; her terminal dies before she names a theme. Bob's header
    counts down the wait, the theme is chosen for her, and she comes back to her seat."""
    _wait(ann, lambda s: "Ann drew the Bandit: choose a theme" in flat(s))
    _wait(bob, lambda s: re.search(r"waiting for Ann to choose a theme \(0:0\d\)", s) is not None)
    kill(ann.session)
    _wait(bob, lambda s: "Theme: " in s and playing(s), 3 * WAIT)
    join_in_terminal(ann.session, ann.data, room, size=SCREEN)
    _wait(ann, lambda s: playing(s) and len(own_rack(s)) == 6)


def _play_until_the_claims(ann: Person, bob: Person, watcher: str) -> None:
    """Both people place every tile they draw and call MIXMO, until the final MIXMO
    (theirs or the bot's) asks every grid for its theme words."""
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        for person, other in ((ann, bob), (bob, ann)):
            screen = person.screen()
            if "which of your words are on the theme" in flat(screen):
                # The people played for real: each called MIXMO, their panes checked then.
                assert ann.mixmos and bob.mixmos, (ann.mixmos, bob.mixmos)
                print(f"MIXMOs called: Ann {ann.mixmos}, Bob {bob.mixmos}")
                return
            if not playing(screen):
                continue  # a dialog over the board (the next draw, the bot's MIXMO)
            rack = own_rack(screen)
            if rack and sorted(rack) != sorted(person.stuck_with):
                placed = person.place_every_tile(rack)
                # A MIXMO elsewhere may deal 2 more meanwhile: the next turn types them.
                now = _wait(person, lambda s, was=rack: own_rack(s) != was or not playing(s))
                if not placed:  # stuck, as the rules let a player say: F6 (a draw ends it)
                    person.keys("F6")
                    person.stuck_with = own_rack(now)
            elif len(person.grid):
                check_every_pane_shows(person, [other.session, watcher])
                person.keys("F5")
                person.mixmos += 1
                _wait(person, lambda s: own_rack(s) != "" or not playing(s))
        time.sleep(0.3)
    raise AssertionError("the claims never came:\n" + screen_of(watcher))


def _bob_leaves_while_the_table_waits_for_his_claims(
    ann: Person, bob: Person, watcher: str
) -> None:
    """Bob's terminal dies at the claims; Ann claims hers, and the table goes on without
    him once the wait runs out: the match ends on Ann's screen and the watcher's."""
    _wait(bob, lambda s: "which of your words are on the theme" in flat(s))
    kill(bob.session)
    _wait(ann, lambda s: "which of your words are on the theme" in flat(s))
    ann.keys("Enter")
    _wait(ann, lambda s: re.search(r"waiting for [^(]*Bob[^(]* \(0:0\d\)", flat(s)) is not None)
    deadline = time.monotonic() + 10 * WAIT
    while time.monotonic() < deadline:
        screen = flat(ann.screen())
        if "Play again" in screen:
            break
        if "accept each claim" in screen:
            ann.keys("Enter")  # the bot's claims: accepted as ticked
        time.sleep(0.5)
    else:
        raise AssertionError("the match never ended:\n" + ann.screen())
    wait_for(watcher, lambda s: "wins the match" in flat(s) or "no winner" in flat(s), 60)


def _ann_plays_again_in_the_same_room(ann: Person, watcher: str) -> None:
    """Enter at the final scores: a new match in the same room, on every screen."""
    ann.keys("Enter")
    screen = _wait(ann, lambda s: playing(s) and len(own_rack(s)) == 6)
    assert "round 1" in flat(screen) or "00:0" in screen
    wait_for(watcher, lambda s: s.count("Rack 6 tiles, hidden") == 3, 60)
