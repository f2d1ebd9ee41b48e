"""French screens agree their words: "0 point" and "1 invalide"
(French plurals start at 2), "Vous avez pioché" for the tutorial's and practice's
player "Vous", and the tutorial's footer key in French."""

from __future__ import annotations

from pathlib import Path

from textual.widgets._footer import FooterKey

from mixmo.engine import events as ev
from mixmo.engine.lexicon import WordList, embedded
from mixmo.i18n import _
from mixmo.tui.lessons import LESSONS
from mixmo.tui.news import news_for
from mixmo.tui.tutorial import TutorialApp
from tests.tui.helpers import FakeClock, burst, keys_for_rack, make_app, seed_where, settle

SIZE = (120, 34)


def french_tutorial(tmp_path: Path, lesson: str) -> TutorialApp:
    return TutorialApp(
        embedded("fr"),
        "fr",
        progress_path=tmp_path / "tutorial.json",
        lesson=[each.key for each in LESSONS].index(lesson),
        clock=FakeClock(),
    )


async def test_the_scoring_lesson_says_0_point_in_the_singular(
    tmp_path: Path, french_screen: None
) -> None:
    app = french_tutorial(tmp_path, "scoring")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lesson = str(app.query_one("#lesson").render())
        assert "Votre grille rapporterait maintenant 0 point." in lesson


async def test_the_tutorial_footer_says_next_lesson_in_french(
    tmp_path: Path, french_screen: None
) -> None:
    app = french_tutorial(tmp_path, "place")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        labels = [key.description for key in app.screen.query(FooterKey)]
        assert "Leçon suivante" in labels and "Next lesson" not in labels


async def test_one_invalid_word_is_1_invalide_in_the_pane(french_screen: None) -> None:
    nothing_short = WordList(["ZYGOMATIQUES"], language="en")  # two letters are never a word
    app, _clock = make_app(2, lexicon=nothing_short, seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=(160, 40)) as pilot:
        burst(app, *keys_for_rack(app, 0)[:2], "f4")
        await settle(pilot)
        assert str(app.query_one("#title-0").render()) == "▶ 0 pts 1 mot, 1 invalide"


def test_the_bandit_drawn_by_vous_reads_vous_avez_pioche(french_screen: None) -> None:
    drawn = ev.BanditDrawn(seat=0)
    said = news_for(drawn, lambda seat: _("You"))
    assert [n.text for n in said] == ["BANDIT ! Vous avez pioché le sacré Bandit"]
    said = news_for(drawn, lambda seat: "Ann")
    assert [n.text for n in said] == ["BANDIT ! Ann a pioché le sacré Bandit"]


async def test_the_theme_dialog_says_vous_avez_pioche_to_the_tutorial_s_player(
    french_screen: None,
) -> None:
    """The tutorial's player is "Vous": the Bandit's dialog is what the lesson shows."""
    from textual.app import App
    from textual.widgets import Static

    from mixmo.tui.round_dialogs import ThemeScreen

    class Host(App[None]):
        def __init__(self, drawer: str) -> None:
            super().__init__()
            self.drawer = drawer

        def on_mount(self) -> None:
            self.push_screen(ThemeScreen(self.drawer, []))

    headings: list[str] = []
    for drawer in (_("You"), "Ann"):
        app = Host(drawer)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            headings.append(str(app.screen.query_one(".heading", Static).render()))
    assert headings == [
        "BANDIT ! Vous avez pioché le sacré Bandit : choisissez un thème.",
        "BANDIT ! Ann a pioché le sacré Bandit : choisissez un thème.",
    ]
