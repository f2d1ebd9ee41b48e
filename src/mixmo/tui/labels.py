"""Footer labels in the interface language.

Textual builds a class's bindings when the class is defined, before the
language is chosen, so their labels are marked with ``N_`` (or written as
plain English) and translated here, once per widget, when it is created.
"""

from __future__ import annotations

import re
from dataclasses import replace

from textual.dom import DOMNode

from mixmo.i18n import _


def translate_bindings(node: DOMNode) -> None:
    """Give ``node``'s own bindings their labels in the interface language."""
    bindings = node._bindings.key_to_bindings
    for key, listed in bindings.items():
        bindings[key] = [
            replace(binding, description=_(binding.description)) if binding.description else binding
            for binding in listed
        ]


def label_key(label: str) -> str:
    """The key a button's label names in its last brackets ("... (B)" -> "b").

    The key is written in the label, and translated with it, so that each language
    picks the letter of its own word (French "robots": R, "sans": S, "oui": O)."""
    match = re.search(r"\((\w)\)\s*$", label)
    if match is None:
        raise ValueError(f"{label!r} names no key in brackets at its end")
    return match.group(1).lower()
