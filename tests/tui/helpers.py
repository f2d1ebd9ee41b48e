"""Driving the app the way a player does: keys and clicks only."""

from __future__ import annotations

import io

from rich.console import Console

from mixmo.engine.game import Game
from mixmo.engine.lexicon import AnyWord, Lexicon, embedded
from mixmo.engine.options import MatchOptions
from mixmo.engine.state import Phase
from mixmo.engine.tiles import BANDIT
from mixmo.tui.app import MixmoApp


def rendered_text(renderable: object, width: int = 120) -> str:
    """What Rich prints for ``renderable`` (a table, a Text...) ``width`` columns wide."""
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


KEY_NAMES = {"?": "question_mark", "!": "exclamation_mark"}


class FakeClock:
    """Game time that moves only when a test says so."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def make_app(players: int = 2, *, lexicon: Lexicon | None = None, seed: int = 3, **options: object):
    names = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")[:players]
    save_path = options.pop("save_path", None)
    game = Game(
        MatchOptions(players=names, seed=seed, **options),  # type: ignore[arg-type]
        lexicon or AnyWord(language="en"),
    )
    clock = FakeClock()
    return MixmoApp(game, clock=clock, save_path=save_path), clock  # type: ignore[arg-type]


def keys_for_rack(app: MixmoApp, seat: int) -> list[str]:
    """The keys that type every tile of a rack, in order."""
    return [KEY_NAMES.get(t.symbol, t.symbol.lower()) for t in app.table.round.player(seat).rack]


def seed_where(players: int, *, bandit_first: bool) -> int:
    for seed in range(500):
        game = Game(MatchOptions(players=("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")[:players], seed=seed),
                    AnyWord())  # fmt: skip
        has_bandit = any(BANDIT in p.rack for p in game.round.players)
        if has_bandit == bandit_first and (bandit_first or game.phase is Phase.PLAYING):
            return seed
    raise AssertionError("no such seed")


def english() -> Lexicon:
    return embedded("en")


def burst(app: MixmoApp, *keys: str) -> None:
    """Keys arriving together, as from a fast typist or over SSH: all queued before any is handled.

    (``pilot.press`` waits for each key to be handled before sending the next.)
    """
    from textual import events

    for key in keys:
        char = {"question_mark": "?", "exclamation_mark": "!", "space": " "}.get(key)
        if char is None and len(key) == 1:
            char = key
        app.post_message(events.Key(key, char))


async def settle(pilot, rounds: int = 4) -> None:
    """Let every queued key and message be handled."""
    for _ in range(rounds):
        await pilot.pause()


async def handled(app: MixmoApp, seconds: float = 30.0) -> None:
    """Wait until the app has handled every message queued for it so far: keys posted by
    :func:`burst`, and what a table told it from outside a key (news and redraws wait their
    turn among the app's messages, ``call_later``). The app's queue is first in, first out,
    so a callback queued now runs after all of them: no guess at how long that takes, as
    with a sleep or :func:`settle`'s idle CPU, which a loaded machine can fool."""
    import asyncio

    await asyncio.sleep(0)  # callbacks already due (an answer's) run first and queue theirs
    done = asyncio.Event()
    app.call_later(done.set)
    async with asyncio.timeout(seconds):
        await done.wait()


async def play_to_the_end(app: MixmoApp, pilot, clock: FakeClock) -> None:
    """Ann lays out her rack and calls MIXMO until the final MIXMO (theme: a built-in list)."""
    from mixmo.tui.round_dialogs import ThemeScreen

    while app.table.phase in (Phase.PLAYING, Phase.CHOOSING_THEME):
        if isinstance(app.screen, ThemeScreen):
            await pilot.press(*"wheels", "enter")
            await pilot.pause()
            continue
        clock.now += 5
        await pilot.press(*keys_for_rack(app, 0), "f5")
        await pilot.pause()


def screen_text(app: MixmoApp) -> str:
    """What the terminal shows, line by line (the current screen, dialogs included)."""
    return "\n".join(
        "".join(segment.text for segment in strip)
        for strip in app.screen._compositor.render_strips()
    )


async def wrong_final_mixmo_then_bob_wins(pilot, app: MixmoApp, clock, at: float) -> None:
    """With keys on the game's screen, the bag empty since ``at``: Ann calls the final
    MIXMO with tiles still on her rack (a wrong one), then Bob, his grid laid out, calls
    his (a valid one): the round's scores come up."""
    from tests.game_helpers import lay_out

    clock.now = at + 1
    await pilot.press("f5")  # Ann: tiles still on her rack, a wrong final MIXMO
    await settle(pilot)
    lay_out(app.table.game, 1, at)
    clock.now = at + 2
    await pilot.press("tab", "f5")  # Bob's final MIXMO, a valid grid
    await settle(pilot)


def known_players(folder) -> None:
    """A data folder where the players' names were given before (``mixmo play`` asks them
    once, on a terminal): a test that starts a game meets the game, not the question."""
    import json
    from pathlib import Path

    path = Path(folder) / "players.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        path.write_text(json.dumps({"version": 1, "names": ["Player 1", "Player 2", "Player 3",
                                                             "Player 4", "Player 5", "Player 6"]}))  # fmt: skip
