"""Shared fixtures: the embedded lexicons and a way to run the `mixmo` command."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from io import StringIO
from pathlib import Path
from textwrap import dedent

import pytest

from mixmo.cli import main
from mixmo.engine.grid import Grid
from mixmo.engine.lexicon import WordList, embedded
from mixmo.i18n import restore_ui_language, set_ui_language


@pytest.fixture(scope="session", autouse=True)
def _english_interface() -> Iterator[None]:
    """The tests read English messages: a developer's French locale must not change them.

    Tests of the French interface pass ``--ui fr`` or give a subprocess its own
    environment."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("LANGUAGE", "en")
        yield


@pytest.fixture(autouse=True)
def _own_data_folders(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each test saves, records and locks in folders of its own, never the player's: a
    game the developer has open (its autosave's lock) or another test cannot change what
    a test sees. A test that names its folders sets these again."""
    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    monkeypatch.setenv("MIXMO_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))


@pytest.fixture(scope="session")
def english() -> WordList:
    return embedded("en")


@pytest.fixture(scope="session")
def french() -> WordList:
    return embedded("fr")


@pytest.fixture
def french_screen() -> Iterator[None]:
    """The interface in French (``--ui fr``) for one test, English again after it."""
    saved = set_ui_language("fr")
    yield
    restore_ui_language(saved)


def grid(text: str) -> Grid:
    """A grid from an indented triple-quoted block."""
    return Grid.parse(dedent(text))


@dataclass
class Run:
    code: int
    out: str
    err: str


@pytest.fixture
def mixmo(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch):
    """Run `mixmo ARGS...` in-process, with optional standard input; returns code, out, err."""

    def run(*args: str, stdin: str = "") -> Run:
        monkeypatch.setattr(sys, "stdin", _Stdin(stdin))
        monkeypatch.setenv("COLUMNS", "100")
        try:
            main(list(args))
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 1
        else:  # pragma: no cover - main always exits
            code = 0
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run


class _Stdin(StringIO):
    """A text standard input that also has the .buffer of a real one."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        from io import BytesIO

        self.buffer = BytesIO(text.encode("utf-8"))


def lines(text: Sequence[str] | str) -> list[str]:
    return [line.rstrip() for line in (text.splitlines() if isinstance(text, str) else text)]


def _enchant_missing() -> str | None:
    """Why Enchant tests cannot run here, or None when they can."""
    from mixmo.engine.enchant_lexicon import EnchantLexicon
    from mixmo.engine.lexicon import LexiconError

    try:
        EnchantLexicon.open("en_US")
        EnchantLexicon.open("fr_FR")
    except LexiconError as error:
        return str(error)
    return None


TESTS = Path(__file__).parent
FOLDER_KINDS = {"web": "browser", "net": "network", "community": "community"}
"""The kind of every test in a folder: the browser's drive Chromium, the network's a server,
the community's PostgreSQL and Redis (and HAProxy)."""


def _kinds(item: pytest.Item) -> list[str]:
    """What a test needs besides Python, read from where it lives and what its module uses.

    A module that uses the tmux helpers (tests/tui/tmux.py) runs real terminals, one that
    uses subprocess runs `mixmo` as a process: both are slower than an in-process test."""
    kinds = []
    folder = item.path.relative_to(TESTS).parts[0]
    if folder in FOLDER_KINDS:
        kinds.append(FOLDER_KINDS[folder])
    module = getattr(item, "module", None)
    used = list(vars(module).values()) if module is not None else []
    if any(getattr(value, "__module__", None) == "tests.tui.tmux" for value in used):
        kinds.append("tmux")
    elif any(
        value is subprocess or getattr(value, "__module__", None) == "subprocess" for value in used
    ):
        kinds.append("subprocess")
    return kinds


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each test with its kinds (the quick run leaves the slow kinds out, README), and
    skip the Enchant tests on a machine without Enchant, except in CI, which installs it."""
    import os

    for item in items:
        for kind in _kinds(item):
            item.add_marker(kind)
    needing = [item for item in items if "enchant" in item.keywords]
    if not needing:
        return
    reason = _enchant_missing()
    if reason is None or os.environ.get("CI"):
        return
    for item in needing:
        item.add_marker(pytest.mark.skip(reason=f"Enchant unavailable: {reason}"))
