"""The command line in French: `mixmo --ui fr ...` or a French locale, as a player types it.

The verdicts, problems, score sheets, errors and help of `check`, `word`,
`solve`, `stats` and `practice` speak French, with the rulebook's words
(tuile, grille, manche, chevalet), and count in French as in English
(1 tuile, 2 tuiles). The English tests elsewhere run with ``LANGUAGE=en``
(tests/conftest.py).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def run_mixmo(*args: str, **environment: str) -> subprocess.CompletedProcess[str]:
    """`mixmo ARGS` in a fresh process with a locale of its own (no LANGUAGE, no LC_ALL)."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(environment)
    return subprocess.run(
        [sys.executable, "-m", "mixmo", *args], capture_output=True, text=True, env=env
    )


def test_a_valid_grid_is_judged_and_scored_in_french(mixmo, tmp_path) -> None:
    grid = write(tmp_path, "maison.txt", "MAISON\nE.....\nR\n")
    run = mixmo("--ui", "fr", "check", grid, "--lang", "fr", "--winner")
    assert run.code == 0, run.err
    assert "✓ VALIDE" in run.out
    assert "8 tuiles, 2 mots" in run.out
    assert "[la liste de mots française, Classique]" in run.out
    assert "Mots" in run.out and "horizontal" in run.out and "vertical" in run.out
    assert "Score (système de points)" in run.out
    assert "tuiles posées (8)" in run.out
    assert "manche gagnée" in run.out
    assert "VALID " not in run.out and "tiles placed" not in run.out


def test_an_invalid_grid_lists_its_problems_in_french(mixmo, tmp_path) -> None:
    grid = write(tmp_path, "bad.txt", "HOUSZ\nA...A\nTIGER\n\nJAZZ\n")
    run = mixmo("--ui", "fr", "check", grid)
    assert run.code == 1
    assert "✗ INVALIDE" in run.out
    assert "Problèmes" in run.out
    assert (
        "HOUSZ (horizontal en ligne 1, colonne 1) est absent de "
        "la liste de mots anglaise" in run.out
    )
    assert "les tuiles forment 2 groupes séparés, au lieu d'un seul" in run.out
    assert "la grille contient 3 tuiles Z mais le jeu n'en a que 1" in run.out
    assert "grille invalide" in run.out


def test_the_expert_mode_speaks_of_itself_in_french(mixmo, tmp_path) -> None:
    grid = write(tmp_path, "expert.txt", "CHAT\nA..E\nCHAT\n")
    run = mixmo("--ui", "fr", "check", grid, "--lang", "fr", "--expert")
    assert run.code == 1
    assert "CHAT apparaît 2 fois ; le mode Expert n'autorise chaque mot qu'une fois" in run.out


def test_a_missing_grid_file_is_one_french_line_and_exit_2(mixmo) -> None:
    run = mixmo("--ui", "fr", "check", "nofile")
    assert run.code == 2
    assert run.out == ""
    assert run.err == "mixmo : erreur : nofile : fichier introuvable\n"


def test_a_grid_with_a_bad_character_says_where_in_french(mixmo, tmp_path) -> None:
    grid = write(tmp_path, "typo.txt", "CHAT\nA*E\n")
    run = mixmo("--ui", "fr", "check", grid)
    assert run.code == 2
    assert run.err.endswith(
        "typo.txt:2:2: '*' n'est pas une case de grille (utilisez A-Z, a-z, ?, ! ou .)\n"
    )


@pytest.mark.parametrize(
    ("text", "english", "french"),
    [
        ("A\n", "1 tile, 0 words", "1 tuile, 0 mot"),
        ("QI\n", "2 tiles, 1 word", "2 tuiles, 1 mot"),
        ("QI\n..\nTO\n", "4 tiles, 2 words", "4 tuiles, 2 mots"),
    ],
)
def test_tiles_and_words_are_counted_in_both_languages(
    mixmo, tmp_path, text: str, english: str, french: str
) -> None:
    grid = write(tmp_path, "count.txt", text)
    assert english in mixmo("--ui", "en", "check", grid).out
    assert french in mixmo("--ui", "fr", "check", grid).out


def test_one_tile_apart_stands_apart_in_both_languages(mixmo, tmp_path) -> None:
    grid = write(tmp_path, "apart.txt", "HOUSE\n\nA\n")
    english = mixmo("--ui", "en", "check", grid).out
    assert "1 tile at row 3, column 1 stands apart from the largest group" in english
    french = mixmo("--ui", "fr", "check", grid).out
    assert "1 tuile en ligne 3, colonne 1 est à l'écart du plus grand groupe" in french


def test_a_french_locale_settles_a_word_dispute_in_french() -> None:
    result = run_mixmo("word", "qi", "zzz", LANG="fr_FR.UTF-8")
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "✓ QI  qi",
        "✗ ZZZ  absent de la liste de mots anglaise",
    ]


def test_ui_en_keeps_a_french_locale_in_english() -> None:
    result = run_mixmo("--ui", "en", "word", "zzz", LANG="fr_FR.UTF-8")
    assert result.stdout == "✗ ZZZ  not in the English word list\n"


def test_a_subcommands_help_is_french(mixmo) -> None:
    run = mixmo("--ui", "fr", "check", "--help")
    assert run.code == 0
    assert run.out.startswith("Utilisation : mixmo check [OPTIONS] GRILLE")
    text = " ".join(run.out.split())  # the help is wrapped to the terminal's width
    assert "Vérifier un fichier de grille (GRILLE, ou - pour l'entrée standard)" in text
    assert "Format de grille : une ligne par rangée" in text
    assert "Mode expert : mots de 3 lettres ou plus, aucun mot deux fois." in text
    assert "Compter la grille comme celle du vainqueur de la manche (+20)." in text
    assert "Afficher ce message et quitter." in text
    assert "Check a grid" not in text and "Expert rules" not in text


def test_a_subcommands_help_stays_english_in_english(mixmo) -> None:
    text = " ".join(mixmo("--ui", "en", "solve", "--help").out.split())
    assert "Find a valid grid that uses every tile of LETTERS" in text
    assert "Time budget in seconds, per rack." in text


def test_solve_reports_in_french_with_the_plural(mixmo) -> None:
    run = mixmo("--ui", "fr", "solve", "QI", "--time", "1")
    assert run.code == 0, run.err
    assert run.out.startswith("# QI : résolu en ")
    assert "2 tuiles posées" in run.out.splitlines()[0]


def test_stats_with_no_records_says_so_in_french(mixmo, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    run = mixmo("--ui", "fr", "stats")
    assert run.code == 0
    assert "Aucun résultat pour l'instant : terminez un entraînement" in run.out


def test_practice_speaks_the_language_of_its_word_list(mixmo) -> None:
    run = mixmo("practice", "--lang", "fr", "--daily", "--seed", "1")
    assert run.code == 2
    assert run.err == "mixmo : erreur : choisissez --daily ou --seed, pas les deux\n"


def test_ui_overrides_the_word_list_language_of_practice(mixmo) -> None:
    run = mixmo("--ui", "en", "practice", "--lang", "fr", "--daily", "--seed", "1")
    assert run.err == "mixmo: error: choose --daily or --seed, not both\n"


def test_play_speaks_the_language_of_its_word_list(mixmo) -> None:
    run = mixmo("play", "--lang", "fr", "--rounds", "2", "--points", "3")
    assert run.code == 2
    assert run.err == "mixmo : erreur : choisissez --rounds ou --points, pas les deux\n"


def test_ui_overrides_the_word_list_language_of_play(mixmo) -> None:
    run = mixmo("--ui", "en", "play", "--lang", "fr", "--rounds", "2", "--points", "3")
    assert run.err == "mixmo: error: choose --rounds or --points, not both\n"


def test_a_french_locale_plays_in_french_without_lang(mixmo, monkeypatch) -> None:
    monkeypatch.setenv("LANGUAGE", "fr")
    run = mixmo("play", "--names", "Ann")
    assert run.err == (
        "mixmo : erreur : --names demande de 2 à 6 noms, un par place, "
        "séparés par des virgules ; il en donne 1\n"
    )


def test_the_saved_game_question_is_asked_in_french(mixmo, tmp_path, monkeypatch) -> None:
    from mixmo.data.storage import save_game
    from mixmo.engine import actions as act
    from mixmo.engine.game import Game
    from mixmo.engine.options import MatchOptions

    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("MIXMO_CONFIG_DIR", str(tmp_path))
    game = next(
        game
        for seed in range(50)
        if (game := Game(MatchOptions(players=("Ann", "Bob"), seed=seed))).phase.value == "playing"
    )
    game.apply(act.PlaceTile(seat=0, row=0, col=0, symbol=game.round.player(0).rack[0].symbol))
    save_game(game, tmp_path / "autosave.json")
    run = mixmo("play", "--lang", "fr", "--seed", "1", stdin="q\n")
    assert run.code == 0
    assert "Une partie inachevée est sauvegardée : manche 1, Ann 0, Bob 0 (1 coup)." in run.out
    assert "[r] la reprendre, [n] commencer une nouvelle partie" in run.out
    assert "La partie sauvegardée reste telle quelle" in run.out


def test_the_tutorials_help_is_french(mixmo) -> None:
    text = " ".join(mixmo("--ui", "fr", "tutorial", "--help").out.split())
    assert "Apprendre Mixmo sur le vrai plateau" in text


def test_the_network_commands_help_and_errors_are_french(mixmo) -> None:
    text = " ".join(mixmo("--ui", "fr", "serve", "--help").out.split())
    assert "Faire tourner un serveur de jeu mixmo jusqu'à son interruption." in text
    assert "Port d'écoute (0 : n'importe quel port libre)." in text
    run = mixmo("--ui", "fr", "join", "http://example.org")
    assert run.code == 2
    assert run.err == (
        "mixmo : erreur : http://example.org : pas une adresse de serveur "
        "(ws://HÔTE:PORT ou wss://HÔTE, puis /CODE)\n"
    )


def test_a_bad_option_value_is_one_french_line(mixmo) -> None:
    run = mixmo("--ui", "fr", "check", "grid.txt", "--players", "9")
    assert run.code == 2
    assert run.err == (
        "mixmo check : erreur : Valeur invalide pour '--players' : "
        "9 n'est pas dans l'intervalle 2<=x<=6. (voir mixmo check --help)\n"
    )
    run = mixmo("--ui", "fr", "word", "qi", "--lang", "de")
    assert "'de' n'est pas parmi 'en', 'fr'." in run.err


def test_a_rack_with_a_tile_that_is_no_tile_is_one_french_line(mixmo) -> None:
    run = mixmo("--ui", "fr", "solve", "QI*")
    assert run.code == 2
    assert run.err == (
        "mixmo : erreur : '*' n'est pas une tuile (A-Z, a-z pour un joker déclaré, ? ou !)\n"
    )


def test_solve_explains_an_impossible_rack_in_french_and_in_english(mixmo) -> None:
    french = mixmo("--ui", "fr", "solve", "Q", "--time", "1")
    assert french.code == 1
    assert "# tuiles restantes : Q (1 tuile ne peut pas former un mot de 2 lettres)" in french.out
    assert "0 tuile posée" in french.out
    english = mixmo("--ui", "en", "solve", "Q", "--time", "1")
    assert "# tiles left: Q (1 tile cannot make a word of 2 letters)" in english.out
    assert "0 tiles placed" in english.out


def test_two_players_of_one_name_are_refused_in_french(mixmo) -> None:
    run = mixmo("play", "--lang", "fr", "--names", "Ann,ann")
    assert run.code == 2
    assert run.err == "mixmo : erreur : deux joueurs ne peuvent pas avoir le même nom\n"


def test_mixup_help_and_errors_are_french(mixmo) -> None:
    text = " ".join(mixmo("--ui", "fr", "mixup", "--help").out.split())
    assert "Jouer à MixUp : un joueur gagne avec quatre alignés" in text
    assert "check Vérifier un plateau de MixUp" in text
    run = mixmo("--ui", "fr", "mixup", "--json")
    assert run.code == 2
    assert run.err == "mixmo : erreur : --json va avec --headless\n"


def test_an_unknown_bot_level_is_refused_in_french(mixmo) -> None:
    run = mixmo("--ui", "fr", "play", "--bots", "hard,genius")
    assert run.code == 2
    assert "genius n'est pas un niveau de bot (easy, normal, hard, expert)" in run.err
