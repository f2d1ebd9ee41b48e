"""The interface's language: catalogues complete and compiled, chosen by --ui or the locale."""

from __future__ import annotations

import gettext
import os
import subprocess
import sys
from importlib import resources

import pytest
from babel.messages.pofile import read_po

from mixmo import i18n
from mixmo.cli import main
from mixmo.i18n import catalogues


def test_every_message_has_a_french_translation() -> None:
    missing = list(catalogues.untranslated("fr"))
    assert not missing, f"run `python -m mixmo.i18n.catalogues` and translate: {missing}"


def test_the_compiled_catalogue_says_what_the_po_file_says() -> None:
    with catalogues.po_path("fr").open("rb") as handle:
        catalog = read_po(handle, locale="fr")
    compiled = gettext.GNUTranslations(catalogues.mo_path("fr").open("rb"))
    for message in catalog:
        if message.id and isinstance(message.id, str) and message.string:
            assert compiled.gettext(message.id) == message.string, message.id


def test_the_installed_package_carries_the_french_catalogue() -> None:
    mo = resources.files("mixmo") / "locale" / "fr" / "LC_MESSAGES" / "mixmo.mo"
    assert mo.is_file()


@pytest.mark.parametrize(
    ("environment", "language"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "fr_CA"}, "fr"),
        ({"LC_ALL": "fr_BE.utf8", "LANG": "en_US.UTF-8"}, "fr"),
        ({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANGUAGE": "de:fr", "LANG": "de_DE.UTF-8"}, "fr"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_locale_chooses_the_interface_language(
    environment: dict[str, str], language: str
) -> None:
    assert i18n.language_from_environment(environment) == language


def run_mixmo(*args: str, **environment: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(environment)
    return subprocess.run(
        [sys.executable, "-m", "mixmo", *args], capture_output=True, text=True, env=env
    )


def test_a_french_locale_gets_french_help() -> None:
    result = run_mixmo("--help", LANG="fr_FR.UTF-8")
    assert result.returncode == 0
    assert "Utilisation :" in result.stdout
    assert "Jouer à Mixmo : de 2 à 6 joueurs sur un clavier." in result.stdout
    assert "Afficher ce message et quitter." in result.stdout


def test_ui_chooses_the_language_whatever_the_locale() -> None:
    french = run_mixmo("--ui", "fr", "--help", LANG="en_US.UTF-8")
    assert "Commandes" in french.stdout and "Commands" not in french.stdout
    english = run_mixmo("--ui", "en", "--help", LANG="fr_FR.UTF-8")
    assert "Commands" in english.stdout and "Commandes" not in english.stdout


def test_errors_are_one_line_in_the_interface_language() -> None:
    result = run_mixmo("--ui", "fr", "nope")
    assert result.returncode == 2
    assert result.stderr == "mixmo : erreur : Pas de commande 'nope'. (voir mixmo --help)\n"


def test_a_command_run_in_process_leaves_the_language_as_it_was(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    with pytest.raises(SystemExit):
        main(["--ui", "fr", "--help"])
    assert "Commandes" in capsys.readouterr().out
    assert "LANGUAGE" not in os.environ
    assert i18n._("Commands") == "Commands"
