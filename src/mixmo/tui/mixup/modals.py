"""MixUp's dialogs: the help screen and a yes/no question (taking a move back, a new game)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from mixmo.i18n import N_, _
from mixmo.i18n.mixup import initial, words
from mixmo.mixup.pieces import Colour, Shape
from mixmo.tui.labels import TranslatedBindings

KEYS = (
    (N_("Left / Right, 1-7"), N_("choose the column")),
    (N_("Up / Down"), N_("choose the piece in the pool")),
    (N_("Enter / Space"), N_("drop the piece into the column")),
    ("U", N_("take the last move back (the other player agrees)")),
    ("N", N_("new game (an unfinished one is kept)")),
    ("F1 / ?", N_("this help")),
    (
        N_("Q / Ctrl+Q"),
        N_("quit (the game is saved after every move; if saving fails, Q asks first)"),
    ),
)
"""Marked for the catalogues; translated when the help opens (the language is known then)."""

RULES = (
    N_(
        "Colour moves first. Each turn, take any piece from the pool and drop it into a "
        "column: it falls to the lowest free cell and never moves again."
    ),
    N_(
        "Colour wins with four in a row (across, up or diagonal) or a 2x2 square of one "
        "colour; Shape with four in a row or a 2x2 square of one shape."
    ),
    N_("Shape's first piece may not have the shape of the piece already on the board."),
    N_(
        "A piece that makes a line for both players wins for the one who played it; "
        "a line made for the other player wins for them. A full board is a draw."
    ),
)
"""One paragraph a rule; the dialog wraps them to its width."""


def legend() -> str:
    """``Pieces: R red, G green, B blue; ☾ moon, ϟ bolt, ♦ drop.`` in the interface language
    (the letters are the ones the screen shows: R, V, B in French)."""
    colours = ", ".join(f"{initial(c)} {words(c)}" for c in Colour)
    shapes = ", ".join(f"{s.glyph} {words(s)}" for s in Shape)
    return _("Pieces: {colours}; {shapes}.").format(colours=colours, shapes=shapes)


class _Dialog(TranslatedBindings, ModalScreen[bool]):
    DEFAULT_CSS = """
    _Dialog { align: center middle; }
    _Dialog > Vertical {
        width: 80; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 2;
    }
    """


class HelpScreen(_Dialog):
    """Every key and the rules in short."""

    BINDINGS = [Binding("escape,f1,q,question_mark", "close", N_("Close"), priority=True)]

    def __init__(self) -> None:
        super().__init__()

    def compose(self) -> ComposeResult:
        keys = "\n".join(f"{_(key):<20} {_(meaning)}" for key, meaning in KEYS)
        with Vertical():
            yield Static(_("MixUp: keys"), id="help-title")
            yield Static(keys, id="help-keys")
            rules = "\n".join(("", _("Rules"), *(_(rule) for rule in RULES), legend()))
            yield Static(rules, id="help-rules")
            yield Static(_("Esc closes this screen."))

    def action_close(self) -> None:
        self.dismiss(False)


class ConfirmScreen(_Dialog):
    """A question for a player, answered with Y or N (Esc is no)."""

    BINDINGS = [
        # Not priority: the answer is taken in order with the keys typed before it (Q, U, N)
        Binding("y,o", "answer(True)", N_("Yes")),  # o: oui
        Binding("n,escape", "answer(False)", N_("No")),
    ]

    def __init__(self, question: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, id="question")
            yield Static(_("Y yes, N no"), id="answers")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
