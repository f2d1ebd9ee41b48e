"""Built-in theme lists: they judge theme claims and let bots pick themes.

``dictionaries/themes/LANG/ID.txt`` holds one word per line in the language's
spelling, after ``# title: ...`` and other comment lines. Claims are judged on
folded tile spellings. The players can always overrule a list by voting.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from mixmo.engine.lexicon import dictionary_path, fold


@dataclass(frozen=True, slots=True)
class ThemeList:
    """One built-in theme: its id, its title in its language, and its words (folded)."""

    id: str
    language: str
    title: str
    words: frozenset[str]

    def judge(self, word: str) -> bool:
        """True when ``word`` (any spelling, any case) is on the list."""
        return fold(word) in self.words


def parse_theme_file(text: str, *, theme_id: str, language: str) -> ThemeList:
    """Read a theme file: ``# title:`` header, comments, one word per line."""
    title = theme_id.replace("-", " ").capitalize()
    words = set()
    for line in text.splitlines():
        entry = line.strip()
        if entry.startswith("#"):
            key, _, value = entry.lstrip("# ").partition(":")
            if key.strip().lower() == "title" and value.strip():
                title = value.strip()
            continue
        if entry:
            words.add(fold(entry))
    return ThemeList(theme_id, language, title, frozenset(words))


@cache
def builtin_themes(language: str) -> dict[str, ThemeList]:
    """Every built-in theme of ``language`` by id (empty when there are none)."""
    folder = dictionary_path("themes", language)
    if folder is None or not folder.is_dir():
        return {}
    themes = {}
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".txt"):
            theme_id = entry.name.removesuffix(".txt")
            text = entry.read_text(encoding="utf-8")
            themes[theme_id] = parse_theme_file(text, theme_id=theme_id, language=language)
    return themes


def find_theme(name: str, language: str) -> ThemeList | None:
    """The built-in theme a player's announcement names, by id or title, if any.

    "Animals", "animal", "ANIMAUX" (in French) all find the animals list.
    """
    wanted = fold(name.strip())
    for theme in builtin_themes(language).values():
        for known in (fold(theme.id), fold(theme.title)):
            if wanted in (known, known.rstrip("S"), known + "S") or wanted.rstrip(
                "SX"
            ) == known.rstrip("SX"):
                return theme
    return None
