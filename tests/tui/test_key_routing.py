"""Keys reach the game by Textual's own routes: no app or screen reads them before Textual
routes them (``on_event``), and no module leans on Textual's private modules."""

from __future__ import annotations

import re
from pathlib import Path

SOURCE = Path(__file__).parents[2] / "src" / "mixmo"
PRIVATE = re.compile(r"\btextual(\.\w+)*\._\w+|\bfrom textual(\.\w+)* import .*\b_[a-z]")


def test_no_module_imports_textual_s_private_modules() -> None:
    found = [
        f"{path.relative_to(SOURCE)}:{number}: {line.strip()}"
        for path in sorted(SOURCE.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if PRIVATE.search(line)
    ]
    assert not found, found


def test_no_app_or_screen_of_the_interface_intercepts_events() -> None:
    found = [
        str(path.relative_to(SOURCE))
        for path in sorted((SOURCE / "tui").rglob("*.py"))
        if "def on_event(" in path.read_text(encoding="utf-8")
    ]
    assert not found, found
