"""What every part of the ``mixmo`` command agrees on and nothing else: the exit
codes and the languages of the embedded word lists. Both :mod:`mixmo.cli.common`
(no click) and :mod:`mixmo.cli.options` (click) read them from here."""

from __future__ import annotations

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2

#: The embedded word lists (kept equal to ``mixmo.engine.lexicon.EMBEDDED_LANGUAGES``
#: by a test, so that the options need not import the engine).
LANGUAGES = ("en", "fr")
