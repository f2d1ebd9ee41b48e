"""`mixmo word --why`: which rule of the lexicon rule and which sources decided a word."""

from __future__ import annotations

from typing import Any

from mixmo.engine.lexicon import Lexicon
from mixmo.engine.provenance import provenance
from mixmo.i18n import _
from mixmo.i18n.messages import say


def explain(lexicon: Lexicon, word: str, valid: bool) -> dict[str, Any]:
    """The record of ``word`` in the list ``lexicon`` is: the rule's code, whether
    it accepted the word, the sources, and a line to print."""
    name = getattr(lexicon, "name", "")
    language = getattr(lexicon, "language", None)
    found = (
        provenance(language, word, valid) if language and name == f"embedded {language}" else None
    )
    if found is None:
        text = _("why: the word list {name} decides alone (no record of its sources)").format(
            name=name or "?"
        )
        return {"rule": None, "accepted": valid, "sources": "", "text": text}
    from mixmo.engine.provenance import RULES

    verdict = _("accepted") if found.accepted else _("refused")
    text = _("why: {verdict}, {explanation} [{rule}] ({sources})").format(
        verdict=verdict,
        explanation=say(RULES[found.rule]()),
        rule=found.rule,
        sources=found.sources,
    )
    return {"rule": found.rule, "accepted": found.accepted, "sources": found.sources, "text": text}
