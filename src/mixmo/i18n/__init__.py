"""The interface's language: gettext catalogues, compiled by Babel, shipped in the wheel.

Every string a player reads goes through :func:`_` (or :func:`ngettext` when
it counts something), so that it can be extracted into the catalogues
(``python -m mixmo.i18n.catalogues``) and read in French. Strings that must be
defined before the language is known (option help, command lists) are marked
with :func:`N_` and translated where they are shown.

The language is chosen once, at start: ``--ui`` if given, else the game's
``--lang``, else the user's locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``, the order gettext itself reads them in). The choice is also put in
``LANGUAGE`` so that the libraries that use gettext's global domain (click's
"Usage:" and "Options") speak the same language.

A catalogue is opened when a first string is translated, not when the language
is chosen: every command chooses it at start, and ``restore_ui_language`` again
at its end, but many print little or nothing. English, the language the strings
are written in, has no catalogue and opens none (``gettext.translation`` would
look for one, with the ``locale`` and ``copy`` modules, in every command).
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from pathlib import Path

DOMAIN = "mixmo"
_LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(__file__)), "locale")
"""The catalogues' folder as a string: every command starts here, and
``pathlib`` (with the modules it imports) is a tenth of ``mixmo word``."""
UI_LANGUAGES = ("en", "fr")
"""The interface languages (English is the source language, the others have a catalogue)."""
DEFAULT_UI_LANGUAGE = "en"
SOURCE_LANGUAGE = "en"
"""The language the strings are written in: its translation is the strings themselves."""

_ENVIRONMENT_ORDER = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_translation: _gettext.NullTranslations | None = _gettext.NullTranslations()
"""The open catalogue of :data:`_language`; None until a first string is translated."""
_language = DEFAULT_UI_LANGUAGE


def __getattr__(name: str) -> Path:
    """``LOCALE_DIR``, the catalogues' folder as a ``Path``, built when first asked for."""
    if name == "LOCALE_DIR":
        from pathlib import Path

        return Path(_LOCALE_DIR)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The interface language the user's locale asks for, or English.

    ``fr_FR.UTF-8``, ``fr_CA`` and ``fr`` all give ``fr``; ``C``, ``POSIX`` and
    languages without a catalogue give English. ``LANGUAGE`` may list several
    (``de:fr``): the first with a catalogue wins.
    """
    environ = os.environ if environ is None else environ
    for variable in _ENVIRONMENT_ORDER:
        value = environ.get(variable, "")
        if not value:
            continue
        for candidate in value.split(":"):
            code = candidate.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in UI_LANGUAGES:
                return code
        if variable != "LANGUAGE":
            # The first locale variable that is set decides, as in gettext.
            return DEFAULT_UI_LANGUAGE
    return DEFAULT_UI_LANGUAGE


class SavedLanguage(NamedTuple):
    """What :func:`set_ui_language` changed, for :func:`restore_ui_language`."""

    language: str
    environment: str | None
    domain: str


def set_ui_language(language: str | None) -> SavedLanguage:
    """Speak ``language`` (None: the user's locale) from now on; what was before."""
    global _translation, _language
    saved = SavedLanguage(_language, os.environ.get("LANGUAGE"), _gettext.textdomain())
    chosen = language if language in UI_LANGUAGES else language_from_environment()
    _translation = None  # opened by the first string translated
    _language = chosen
    os.environ["LANGUAGE"] = chosen
    _gettext.bindtextdomain(DOMAIN, _LOCALE_DIR)
    _gettext.textdomain(DOMAIN)
    return saved


def restore_ui_language(saved: SavedLanguage) -> None:
    """Undo :func:`set_ui_language` (a command run in-process leaves no trace)."""
    global _translation, _language
    if saved.environment is None:
        os.environ.pop("LANGUAGE", None)
    else:
        os.environ["LANGUAGE"] = saved.environment
    _gettext.textdomain(saved.domain)
    _language = saved.language
    _translation = None


def ui_language() -> str:
    """The interface language in use."""
    return _language


def _catalogue() -> _gettext.NullTranslations:
    """The interface language's catalogue, opened on first use."""
    global _translation
    if _translation is None:
        if _language == SOURCE_LANGUAGE:
            _translation = _gettext.NullTranslations()
        else:
            _translation = _gettext.translation(
                DOMAIN, localedir=_LOCALE_DIR, languages=[_language], fallback=True
            )
    return _translation


def _(message: str) -> str:
    """``message`` in the interface language."""
    return (_translation or _catalogue()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for ``count``, in the interface language."""
    return (_translation or _catalogue()).ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogues without translating it yet."""
    return message


WORD_LANGUAGES = {"en": N_("English"), "fr": N_("French")}
"""The name of each language a room's words may be in, to translate (``_``): the room
lists and the lobby say it alike."""
