"""Every screen in French says nothing in English.

A French player walks the game's screens (the board, the help, the round's
dialogs, the tutorial, practice, MixUp, `mixmo stats`, `mixmo --help`) and
reads each word: any everyday English word that French does not share fails
the test, apart from the words both languages write the same (names, MIXMO,
the Bandit, key names...). Each screen is reached the way a player reaches
it, keys only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime
from functools import cache
from pathlib import Path

import pytest

from mixmo.engine.lexicon import AnyWord, common_words, embedded, fold
from mixmo.engine.options import ScoringMode
from mixmo.engine.state import Phase
from mixmo.mixup.game import MixUpGame
from mixmo.tui.lessons import LESSONS
from mixmo.tui.mixup.app import MixUpApp, Seating
from mixmo.tui.modals import HelpScreen
from mixmo.tui.practice import PracticeApp, PracticeResultScreen, practice_game
from mixmo.tui.round_dialogs import ClaimScreen, ScoresScreen, ThemeScreen, VoteScreen
from mixmo.tui.tutorial import TutorialApp
from tests.game_helpers import play_until_bag_is_empty
from tests.tui.helpers import (
    FakeClock,
    burst,
    keys_for_rack,
    make_app,
    screen_text,
    seed_where,
    settle,
    wrong_final_mixmo_then_bob_wins,
)

SIZE = (140, 45)

SAME_IN_BOTH = {
    # the players' names of these tests, the game's own words, what a keyboard says
    "ann", "bob", "cid", "dee", "eve", "fay",
    "mixmo", "mixup", "bandit", "joker", "jokers", "expert",
    "tab", "ctrl", "esc", "alt", "enter", "shift",
    "json", "enchant", "hunspell", "sqlite", "url", "docs", "md", "any",
    "ok", "stop", "sprint", "score", "scores", "top", "pts", "pt", "min", "max",
}  # fmt: skip
"""Words French writes as English does (or that a screen shows as names and keys)."""
ENGLISH_ONLY = {"the", "to", "no", "of", "and", "is", "by", "you", "your", "it", "with", "for"}
"""English words that French word lists also hold (thé, nô...) but a French sentence never writes."""


@cache
def _lists() -> tuple[object, object]:
    english = common_words("en")
    assert english is not None
    return english, embedded("fr")


def english_words(text: str, also_same: Iterable[str] = ()) -> set[str]:
    """The everyday English words of ``text`` that French does not have."""
    english, french = _lists()
    allowed = SAME_IN_BOTH | {word.lower() for word in also_same}
    found = set()
    for word in re.findall(r"[^\W\d_]{2,}", text):
        if word.lower() in allowed or word.isupper():
            continue  # tiles, metavars and flags in capitals are checked by their own tests
        key = fold(word).upper()
        if word.lower() in ENGLISH_ONLY or (key in english and key not in french):  # type: ignore[operator]
            found.add(word)
    return found


def test_the_english_word_finder_finds_english() -> None:
    """The finder would catch what a French player reported."""
    assert english_words("Bob : INDIGO (no list)") == {"no", "list"}
    assert english_words("manche 1 · sac 108 · to 200 pts") == {"to"}
    assert english_words("maj+tab Préc. · Mélanger · la partie est nulle") == set()


async def test_the_board_help_and_round_dialogs_are_french(french_screen: None) -> None:
    app, clock = make_app(
        2,
        lexicon=AnyWord(language="fr"),
        language="fr",
        seed=seed_where(2, bandit_first=False),
        target=10_000,
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seen = [screen_text(app)]
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        seen.append(screen_text(app))
        await pilot.press("escape")
        await pilot.press("tab", *keys_for_rack(app, 1)[:2], "shift+tab")
        burst(app, *keys_for_rack(app, 0), "f5")
        await settle(pilot)
        seen.append(screen_text(app))
        while app.table.phase in (Phase.PLAYING, Phase.CHOOSING_THEME):
            if isinstance(app.screen, ThemeScreen):
                seen.append(screen_text(app))
                await pilot.press(*"roues", "enter")
                await pilot.pause()
                continue
            clock.now += 5
            await pilot.press(*keys_for_rack(app, 0), "f5")
            await pilot.pause()
        assert isinstance(app.screen, ClaimScreen)
        seen.append(screen_text(app))
        for _ in range(2):
            await pilot.press("space", "enter")
            await pilot.pause()
        assert isinstance(app.screen, VoteScreen)
        seen.append(screen_text(app))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ScoresScreen)
        seen.append(screen_text(app))
    for text in seen:
        assert english_words(text) == set(), text


async def test_a_wrong_final_mixmo_and_the_rounds_option_are_french(french_screen: None) -> None:
    app, clock = make_app(
        2,
        lexicon=AnyWord(language="fr"),
        language="fr",
        seed=10,
        scoring=ScoringMode.ROUNDS,
        target=3,
        variant="free-spirit",
    )
    at = play_until_bag_is_empty(app.table.game, caller=1)
    async with app.run_test(size=SIZE) as pilot:
        await wrong_final_mixmo_then_bob_wins(pilot, app, clock, at)
        assert isinstance(app.screen, ScoresScreen)
        text = screen_text(app)
    assert english_words(text) == set(), text


@pytest.mark.parametrize("lesson", [each.key for each in LESSONS])
async def test_each_tutorial_lesson_is_french(
    french_screen: None, tmp_path: Path, lesson: str
) -> None:
    app = TutorialApp(
        embedded("fr"),
        "fr",
        progress_path=tmp_path / "tutorial.json",
        lesson=[each.key for each in LESSONS].index(lesson),
        clock=FakeClock(),
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(app)
    assert english_words(text) == set(), text


async def test_practice_and_its_result_are_french(
    french_screen: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    game = practice_game(6, AnyWord(language="fr"), seed=5, language="fr", expert=False)
    clock = FakeClock()
    app = PracticeApp(game, clock=clock, now=lambda: datetime(2026, 11, 29, 10, 0))
    seen = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seen.append(screen_text(app))
        while game.phase is Phase.PLAYING:
            clock.now += 20
            await pilot.press(*keys_for_rack(app, 0), "f5")
            await pilot.pause()
            seen.append(screen_text(app))
        await settle(pilot)
        assert isinstance(app.screen, PracticeResultScreen)
        seen.append(screen_text(app))
    for text in seen:
        assert english_words(text) == set(), text


async def test_mixup_is_french(french_screen: None, tmp_path: Path) -> None:
    app = MixUpApp(
        MixUpGame(),
        Seating(colour="Ann", shape="Bob"),
        save_path=tmp_path / "mixup-autosave.json",
        frame_seconds=0.01,
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        seen = [screen_text(app)]  # type: ignore[arg-type]
        await pilot.press("f1")
        await settle(pilot)
        seen.append(screen_text(app))  # type: ignore[arg-type]
    for text in seen:
        assert english_words(text) == set(), text


def test_mixmo_stats_is_french(mixmo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    from mixmo.data.records import Run, record

    record(
        Run("practice", "2026-11-29T10:00:00", "You", "fr", 6, "classic", "5", 95.0, 20, won=True)
    )
    record(Run("game", "2026-11-29T11:00:00", "Player 1", "fr", 2, "classic", "7", 300.0, 60))
    shown = mixmo("--ui", "fr", "stats")
    assert shown.code == 0, shown.err
    assert english_words(shown.out) == set(), shown.out
    assert "You" not in shown.out and "Player 1" not in shown.out


COMMANDS = ("tutorial", "play", "practice", "check", "word", "solve", "stats", "serve", "join",
            "web", "mixup", "rooms", "rules", "account", "top",
            "create", "list", "forget", "ban", "unban", "replay")  # fmt: skip


def prose(help_text: str) -> str:
    """A command's help without what is typed as it is: commands, options and their
    choices (``[easy|normal]``, and a choice given as a default), examples in backquotes,
    paths and addresses."""
    choices = {
        word for listed in re.findall(r"\[([\w|]+)\]", help_text) for word in listed.split("|")
    }
    text = re.sub(r"`[^`]*`|\S+/\S*|-{1,2}[\w-]+", " ", help_text)
    return " ".join(word for word in re.split(r"(\W+)", text) if word not in {*choices, *COMMANDS})


@pytest.mark.parametrize(
    "command",
    [(), ("play",), ("practice",), ("check",), ("word",), ("solve",), ("stats",), ("serve",),
     ("join",), ("web",), ("mixup",), ("tutorial",), ("mixup", "check"), ("rooms",),
     ("rules",), ("top",), ("account",), ("account", "create"), ("account", "forget"),
     ("account", "ban"), ("replay",)],
)  # fmt: skip
def test_mixmo_help_is_french_with_a_space_before_its_colons(mixmo, command: tuple[str]) -> None:
    shown = mixmo("--ui", "fr", *command, "--help")
    assert shown.code == 0, shown.err
    assert english_words(prose(shown.out)) == set(), shown.out
    for english in ("COMMAND", "INTEGER", "TEXT", "FILE", "LETTERS", "SECONDS", "Options:"):
        assert not re.search(rf"\b{english}(?!\w)", shown.out), english
    headings = [line for line in shown.out.splitlines() if re.fullmatch(r"\S.*:", line)]
    assert headings and all(line.endswith(" :") for line in headings), headings
    glued = re.findall(r"\S+[;:?!](?=\s|$)", prose(shown.out))  # "défaut : 2.0 ; 0.01<=x"
    assert [word for word in glued if not re.fullmatch(r"[;:?!]", word)] == [], glued


async def test_a_mixmo_of_vous_reads_vous_avez_annonce_and_a_draw_has_no_missing_subject(
    french_screen: None, tmp_path: Path
) -> None:
    """The tutorial's MIXMO lesson: the learner lays out the rack and presses F5."""
    from tests.tui.test_tutorial import answer, type_grid

    app = TutorialApp(
        embedded("fr"),
        "fr",
        progress_path=tmp_path / "tutorial.json",
        lesson=[each.key for each in LESSONS].index("mixmo"),
        clock=FakeClock(),
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await type_grid(app, pilot, answer(app))
        await pilot.press("f5")
        await settle(pilot)
        header = str(app.query_one("#header").render())
        news = str(app.query_one("#news-0").render())
    assert "Vous avez annoncé MIXMO !" in header and "Vous a annoncé" not in header
    assert news.startswith("tuiles piochées : "), news


def test_the_tutorial_s_teacher_is_named_so_that_sentences_read(french_screen: None) -> None:
    from mixmo.engine import events as ev
    from mixmo.i18n import _
    from mixmo.tui.news import news_for

    names = (_("You"), _("Teacher"))
    said = news_for(ev.MixmoCalled(1, at=5.0), lambda seat: names[seat])[0].text
    assert said == "MIXMO ! Professeur Tuile a annoncé : chacun pioche 2"
    said = news_for(ev.SimultaneousMixmo(0), lambda seat: names[seat])[0].text
    assert said == "Vous avez annoncé MIXMO en même temps : pas de tuiles en plus"


async def test_the_footer_names_keys_as_the_help_does(french_screen: None) -> None:
    from textual.widgets._footer import FooterKey

    app, _clock = make_app(2, seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=(200, 30)) as pilot:
        await pilot.pause()
        keys = {str(key.key_display) for key in app.screen.query(FooterKey)}
    assert "maj+tab" in keys and "shift+tab" not in keys, keys


async def test_the_lobby_and_its_start_question_are_french(
    french_screen: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio

    from mixmo.net.client import GameClient, SeatTokens
    from mixmo.net.protocol import RoomSettings
    from mixmo.net.remote_table import RemoteTable
    from mixmo.tui.app import MixmoApp
    from mixmo.tui.lobby import LobbyScreen, StartScreen
    from tests.net.helpers import running_server, url_of

    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "data"))
    async with running_server() as server:
        url = url_of(server)
        client = GameClient(url, tokens=SeatTokens(tmp_path / "ann.json"))
        await client.connect()
        code = await client.create(RoomSettings(players=3, seed=3))
        await client.join(code, "Ann")
        app = MixmoApp(RemoteTable(client), lobby=f"{url}/{code}")
        async with app.run_test(size=SIZE) as pilot:
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 20
            while not isinstance(app.screen_stack[0], LobbyScreen) or "libre" not in screen_text(
                app
            ):
                assert loop.time() < deadline, "the lobby never showed its seats"
                await pilot.pause(0.05)
            seen = [screen_text(app)]
            await pilot.press("s")  # start now: the question about the free seats
            while not isinstance(app.screen, StartScreen):
                assert loop.time() < deadline, "the start question never showed"
                await pilot.pause(0.05)
            seen.append(screen_text(app))
    for text in seen:  # (the command to pass on, "mixmo join ... --name NOM", is typed as is)
        assert english_words(prose(text)) == set(), text


async def test_the_replay_screen_is_french(french_screen: None) -> None:
    from mixmo.tui.replay_app import ReplayApp
    from tests.tui.test_replay_screen import ann_calls_mixmo

    app = ReplayApp(ann_calls_mixmo(), "Partie sauvegardée partie.json", step=0)
    seen = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seen.append(screen_text(app))
        await pilot.press("m")
        await app.workers.wait_for_complete()
        await pilot.pause()
        seen.append(screen_text(app))
    assert "Le solveur, avec les tuiles de Ann :" in seen[-1]
    for text in seen:
        assert english_words(text) == set(), text
