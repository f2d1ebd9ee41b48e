"""The everyday commands import only what they use (issue 14: instant commands).

Not timing tests: what makes ``mixmo word``, ``mixmo check`` and ``mixmo
--help`` start fast is the modules they do *not* load (Rich, Textual,
pydantic, Enchant, the bots and the solver, ``pathlib``); these tests run the
real command as a fresh process under ``python -X importtime`` and read the
modules it imported. The figures themselves are in benchmarks/startup.py and
docs/performance.md.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mixmo.cli.common import console_for, writes_colours, writes_styles

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"

#: Modules no everyday command needs: each is a whole package (prefix match).
HEAVY = (
    "rich",
    "textual",
    "pydantic",
    "enchant",
    "mixmo.engine.bot",
    "mixmo.engine.solver",
    "mixmo.engine.game",
    "mixmo.tui",
    "mixmo.net",
    "pathlib",
    "importlib.metadata",
    "platformdirs",
)


def imported_by(*args: str, env: dict[str, str] | None = None) -> tuple[set[str], str]:
    """The modules ``python -m mixmo ARGS`` imports beyond what the bare
    interpreter imports (an environment's start-up hooks are not the command's
    doing), and what it printed."""
    modules, out = _imported(["-m", "mixmo", *args], env)
    return modules - _imported(["-c", "pass"], env)[0], out


def _imported(args: list[str], env: dict[str, str] | None) -> tuple[set[str], str]:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "100", **(env or {})},
        timeout=120,
    )
    modules = {
        line.rsplit("|", 1)[1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }
    return modules, done.stdout


def heavy_among(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


def test_settling_a_word_loads_no_heavy_module() -> None:
    modules, out = imported_by("word", "house", "ete")
    assert "✓ HOUSE" in out
    assert "mixmo.engine.lexicon" in modules  # (the list is read)
    assert heavy_among(modules) == []


def test_settling_a_french_word_loads_no_heavy_module() -> None:
    modules, out = imported_by("word", "ete", "--lang", "fr")
    assert "été" in out
    assert heavy_among(modules) == []


def test_checking_a_grid_as_json_loads_no_heavy_module() -> None:
    modules, out = imported_by("check", str(EXAMPLES / "house-en.txt"), "--json")
    assert '"valid": true' in out
    assert "mixmo.engine.validation" in modules
    assert heavy_among(modules) == []


@pytest.mark.parametrize("isatty", [True, False])
@pytest.mark.parametrize(
    "environment",
    [
        {},
        {"NO_COLOR": "1"},
        {"NO_COLOR": ""},
        {"FORCE_COLOR": "1"},
        {"FORCE_COLOR": ""},
        {"FORCE_COLOR": "1", "NO_COLOR": "1"},
        {"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"},
        {"TTY_COMPATIBLE": "1"},
        {"TERM": "dumb"},
        {"TERM": "unknown", "FORCE_COLOR": "1"},
        {"TERM": "xterm-256color"},
    ],
)
def test_styles_and_colours_are_decided_as_rich_decides(
    isatty: bool, environment: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "TERM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)

    class Stream(io.StringIO):
        def isatty(self) -> bool:
            return isatty

    stream = Stream()
    console = console_for(stream)
    rich_styles = console.color_system is not None
    rich_colours = console.is_terminal and not console.no_color and rich_styles
    assert writes_styles(stream) == rich_styles
    assert writes_colours(stream) == rich_colours
