"""The errors of opening a lexicon, apart from the lexicons themselves, so that the
modules that check and compile the embedded lists can raise them without importing
:mod:`mixmo.engine.lexicon`, which imports them."""

from __future__ import annotations

from mixmo.engine.messages import CodedError, Kind


class LexiconError(CodedError):
    """A lexicon could not be opened: a missing file, library or language."""


class DamagedDictionaryError(LexiconError):
    """An embedded list is not the file mixmo was built with (truncated, emptied,
    replaced): raised with :data:`DICTIONARY_CHANGED` or :data:`DICTIONARY_UNLISTED`."""


DICTIONARY_CHANGED = Kind(
    "damaged-dictionary", "the embedded dictionary {name} is damaged: reinstall mixmo"
)
DICTIONARY_UNLISTED = Kind(
    "unlisted-dictionary",
    "the embedded dictionary {name} is not in this installation's SHA256SUMS: reinstall mixmo",
)
