"""The game's screens in French (``mixmo play --lang fr``): what a French table reads.

Each test plays the way a player does (keys only) with the interface in French,
as ``mixmo play --lang fr`` chooses it before the app starts, and checks the
words on screen: the rulebook's own terms (chevalet, pioche, manche, sacré
Bandit, MIXMO par erreur).
"""

from __future__ import annotations

from datetime import datetime

from textual.widgets import Button, Static
from textual.widgets._footer import FooterKey

from mixmo.engine.game_errors import (
    CannotMoveThereError,
    EmptyCellError,
    MixmoNotNowError,
    phase_words,
)
from mixmo.engine.grid import Grid
from mixmo.engine.lexicon import AnyWord
from mixmo.engine.state import Phase
from mixmo.engine.validation import validate
from mixmo.tui.keys import parse_keymap
from mixmo.tui.modals import HelpScreen
from mixmo.tui.news import refusal_text
from mixmo.tui.practice import PracticeApp, PracticeResultScreen, practice_game
from mixmo.tui.round_dialogs import ClaimScreen, ScoresScreen, ThemeScreen, VoteScreen
from tests.tui.helpers import (
    FakeClock,
    burst,
    keys_for_rack,
    make_app,
    rendered_text,
    seed_where,
    settle,
)

SIZE = (120, 30)


def text_of(app, selector: str) -> str:
    return str(app.query_one(selector).render())


def dialog_text(app) -> str:
    """Every line the open dialog shows (text, tables and buttons)."""
    texts = [rendered_text(widget.content) for widget in app.screen.query(Static)]
    texts += [str(button.label) for button in app.screen.query(Button)]
    return "\n".join(texts)


def footer_labels(app) -> list[str]:
    return [key.description for key in app.screen.query(FooterKey)]


async def test_the_header_says_round_bag_theme_and_goal_in_french(french_screen: None) -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        header = text_of(app, "#header")
        assert header.startswith(
            "MIXMO manche 1 · sac 108 · thème — · à 200 pts · Classique · vérif non · 00:00"
        )
        await pilot.press("f4")
        await settle(pilot)
        assert "· vérif oui ·" in text_of(app, "#header")


async def test_the_footer_labels_and_the_header_are_french_and_fit_80_columns(
    french_screen: None,
) -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        labels = footer_labels(app)
        for label in ("MIXMO !", "Coincé", "Aide", "Indice", "Suivant", "Quitter"):
            assert label in labels
        assert "Help" not in labels and "Stuck" not in labels
        assert all(len(label) <= 8 for label in labels), "short enough for the footer"
        assert len(text_of(app, "#header")) <= 78, "the header, clock included, fits 80 columns"


async def test_the_panes_say_chevalet_points_and_how_to_start(french_screen: None) -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        assert text_of(app, "#rack-0").startswith("Chevalet ")
        assert "0 pts" in text_of(app, "#title-0")
        news = text_of(app, "#news-0")
        assert "tapez des lettres pour poser des tuiles" in news and "F5 : MIXMO" in news
        burst(app, *keys_for_rack(app, 0)[:2], "f4")
        await settle(pilot)
        assert text_of(app, "#title-0") == "▶ 0 pts 1 mot, valide"


async def test_the_help_screen_and_its_rules_in_short_are_french(french_screen: None) -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        text = dialog_text(app)
        assert "Touches" in text and "La règle en bref" in text
        assert "annoncer MIXMO : votre chevalet est vide et votre grille est valide" in text
        assert "flèches" in text and "déplacer le curseur" in text
        assert "sacré Bandit" in text and "MIXMO par erreur" in text
        assert "Échap : fermer" in text
        assert "Rules in short" not in text and "move the cursor" not in text


async def test_a_hasty_call_is_told_in_french_and_locks_the_player(french_screen: None) -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f5")  # a full rack: MIXMO par erreur
        await settle(pilot)
        assert "MIXMO par erreur ! Ann est bloqué jusqu'au MIXMO suivant" in text_of(app, "#header")
        assert text_of(app, "#news-0").startswith("✗ MIXMO par erreur : ")
        assert "BLOQUÉ" in text_of(app, "#title-0")


async def test_the_bandit_asks_for_a_theme_in_french(french_screen: None) -> None:
    app, _ = make_app(2, seed=seed_where(2, bandit_first=True))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ThemeScreen)
        text = dialog_text(app)
        assert "a pioché le sacré Bandit : choisissez un thème." in text
        assert "Chaque grille finale devra contenir un mot sur ce thème." in text
        await pilot.press(*"animaux", "enter")
        await settle(pilot)
        assert "Thème : animaux" in text_of(app, "#header")


async def test_the_end_of_a_round_claims_judges_and_scores_in_french(french_screen: None) -> None:
    app, clock = make_app(2, seed=seed_where(2, bandit_first=False), target=10_000)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("tab", *keys_for_rack(app, 1)[:2], "shift+tab")
        while app.table.phase in (Phase.PLAYING, Phase.CHOOSING_THEME):
            if isinstance(app.screen, ThemeScreen):
                await pilot.press(*"roues", "enter")
                await pilot.pause()
                continue
            clock.now += 5
            await pilot.press(*keys_for_rack(app, 0), "f5")
            await pilot.pause()
        assert isinstance(app.screen, ClaimScreen)
        text = dialog_text(app)
        assert "lesquels de vos mots sont sur le thème « roues » ?" in text
        assert "Revendiquer ces mots" in text
        for _ in range(2):
            await pilot.press("space", "enter")
            await pilot.pause()
        assert isinstance(app.screen, VoteScreen)
        assert "accepter chaque mot proposé ?" in dialog_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ScoresScreen)
        text = dialog_text(app)
        assert "Ann gagne la manche 1" in text
        for column in ("joueur", "cette manche", "points", "total"):
            assert column in text
        assert "Manche suivante (Entrée)" in text
        assert "this round" not in text and "Next round" not in text


def test_a_refused_key_binding_is_explained_in_french(french_screen: None) -> None:
    _, problems = parse_keymap('[keys]\nmixmo = "a"\nhelp = "f5"\n', "keys.toml")
    assert problems == [
        "keys.toml:2 : mixmo : 'a' pose des tuiles ; mixmo reste sur f5",
        "keys.toml:3 : help : 'f5' est la touche de mixmo ; help reste sur f1,ctrl+g",
    ]


async def test_a_practice_run_speaks_french_to_its_result(
    french_screen: None, tmp_path, monkeypatch
) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    game = practice_game(6, AnyWord(language="fr"), seed=5, language="fr", expert=False)
    clock = FakeClock()
    app = PracticeApp(game, clock=clock, now=lambda: datetime(2026, 11, 29, 10, 0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.table.name(0) == "Vous"
        header = text_of(app, "#header")
        assert header.startswith("ENTRAÎNEMENT part de 6 joueurs : 0 posées, ")
        await pilot.press("f5")  # too soon: tiles are left on the rack
        await settle(pilot)
        assert text_of(app, "#news-0").startswith("✗ pas encore (+15 s) : tuiles non posées : ")
        while game.phase is Phase.PLAYING:
            clock.now += 20
            await pilot.press(*keys_for_rack(app, 0), "f5")
            await pilot.pause()
        await settle(pilot)
        assert isinstance(app.screen, PracticeResultScreen)
        text = dialog_text(app)
        assert "Entraînement terminé" in text and "temps intermédiaires" in text
        assert "MIXMO trop tôt" in text and "Votre grille" in text
        assert "Fini (Entrée)" in text


def test_a_refusal_names_no_internal_coordinates_in_french(french_screen: None) -> None:
    said = refusal_text(CannotMoveThereError(row=-6, col=3).message)
    assert said == "les tuiles ne peuvent pas aller là : cette case est prise"
    assert refusal_text(EmptyCellError(row=0, col=2).message) == "cette case n'a pas de tuile"
    not_now = MixmoNotNowError(phase=phase_words("choosing-theme"))
    assert refusal_text(not_now.message).endswith("(qui a pioché le sacré Bandit choisit un thème)")
    problem = validate(Grid.parse("EJ"), AnyWord(refuse=["EJ"])).problems[0]
    word = "EJ (horizontal en ligne 1, colonne 1) est absent de "
    assert refusal_text(problem.message).startswith(word), "a word's place from the top-left stays"
