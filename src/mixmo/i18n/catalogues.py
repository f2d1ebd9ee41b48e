"""Maintain the translation catalogues with Babel: ``python -m mixmo.i18n.catalogues``.

``extract`` collects every marked string of ``src/mixmo`` into
``locale/mixmo.pot``; ``update`` merges it into each language's ``.po`` (new
strings arrive untranslated, for a translator to fill in); ``compile`` writes
the ``.mo`` files that ship in the wheel; ``check`` lists every message that
has no translation (CI runs it through the tests). With no argument: extract,
update, compile, check.

Babel is a development tool (the ``test`` and ``dev`` extras): the game itself
reads the compiled catalogues with the standard library's gettext.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from mixmo.i18n import DOMAIN, LOCALE_DIR, UI_LANGUAGES

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

SOURCE_DIR = Path(__file__).parent.parent
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "Kind": (2,),
    "Plural": (2, 3),
    "english": None,
}
"""The engine's templates (mixmo.engine.messages) are extracted with the edges' strings."""
TRANSLATED_LANGUAGES = tuple(lang for lang in UI_LANGUAGES if lang != "en")

#: Strings of the libraries mixmo shows (click's help and usage lines), listed
#: here so that they are extracted with ours and can be translated.
LIBRARY_MESSAGES = (
    "Usage:",
    "Options",
    "Commands",
    "Show this message and exit.",
    "Show the version and exit.",
    "default: {default}",
    "Aborted!",
    "Missing command.",
    "No such command {name!r}.",
    "No such option {name!r}.",
    "Missing argument",
    "Missing option",
    "Invalid value for {param_hint}: {message}",
    "Did you mean {possibility}?",
    "%(prog)s, version %(version)s",
    "{value} is not in the range {range}.",
    "{value!r} is not a valid {number_type}.",
    ("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
)


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


def extracted() -> Catalog:
    """A Babel catalogue of every marked string in the source, with its places."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project="mixmo", domain=DOMAIN, charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
        str(SOURCE_DIR), method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    for message in LIBRARY_MESSAGES:
        catalog.add(message, None, [("click", 0)])
    return catalog


def extract() -> None:
    from babel.messages.pofile import write_po

    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    with TEMPLATE.open("wb") as handle:
        write_po(handle, extracted(), width=100, omit_header=False, sort_output=True)


def update() -> None:
    from babel.messages.pofile import read_po, write_po

    with TEMPLATE.open("rb") as handle:
        template = read_po(handle)
    for language in TRANSLATED_LANGUAGES:
        path = po_path(language)
        if path.exists():
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=language)
            catalog.update(template, no_fuzzy_matching=True)
        else:
            from babel.messages.catalog import Catalog

            catalog = Catalog(locale=language, domain=DOMAIN, project="mixmo")
            catalog.update(template, no_fuzzy_matching=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            write_po(handle, catalog, width=100, ignore_obsolete=True, sort_output=True)


def compile_catalogues() -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for language in TRANSLATED_LANGUAGES:
        with po_path(language).open("rb") as handle:
            catalog = read_po(handle, locale=language)
        with mo_path(language).open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)


def untranslated(language: str) -> Iterator[str]:
    """Every message of the source that ``language``'s catalogue does not translate."""
    from babel.messages.pofile import read_po

    with po_path(language).open("rb") as handle:
        catalog = read_po(handle, locale=language)
    for message in extracted():
        if not message.id:
            continue
        known = catalog.get(message.id)
        strings = known.string if known is not None else None
        texts = strings if isinstance(strings, tuple) else (strings,)
        if known is None or known.fuzzy or not all(texts):
            yield message.id if isinstance(message.id, str) else message.id[0]


def main(argv: Sequence[str]) -> int:
    steps = list(argv) or ["extract", "update", "compile", "check"]
    for step in steps:
        if step == "extract":
            extract()
        elif step == "update":
            update()
        elif step == "compile":
            compile_catalogues()
        elif step == "check":
            missing = {lang: list(untranslated(lang)) for lang in TRANSLATED_LANGUAGES}
            for language, messages in missing.items():
                for message in messages:
                    print(f"{po_path(language)}: no translation for {message!r}")
            if any(missing.values()):
                return 1
        else:
            print(f"unknown step {step!r}: extract, update, compile or check", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
