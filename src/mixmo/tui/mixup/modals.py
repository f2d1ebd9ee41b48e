"""MixUp's dialogs: the help screen and a yes/no question (taking a move back, a new game)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

KEYS = (
    ("Left / Right, 1-7", "choose the column"),
    ("Up / Down", "choose the piece in the pool"),
    ("Enter / Space", "drop the piece into the column"),
    ("U", "take the last move back (the other player agrees)"),
    ("N", "new game (an unfinished one is kept)"),
    ("F1 / ?", "this help"),
    ("Q / Ctrl+Q", "quit (the game is saved after every move)"),
)

RULES = """\
Colour moves first. Each turn, take any piece from the pool and drop it into a
column: it falls to the lowest free cell and never moves again.
Colour wins with four in a row (across, up or diagonal) or a 2x2 square of one
colour; Shape with four in a row or a 2x2 square of one shape.
Shape's first piece may not have the shape of the piece already on the board.
A piece that makes a line for both players wins for the one who played it;
a line made for the other player wins for them. A full board is a draw.
Pieces: R red, G green, B blue; ☾ moon, ϟ bolt, ♦ drop."""


class _Dialog(ModalScreen[bool]):
    DEFAULT_CSS = """
    _Dialog { align: center middle; }
    _Dialog > Vertical {
        width: 80; height: auto; max-height: 90%;
        border: thick $accent; background: $surface; padding: 1 2;
    }
    """


class HelpScreen(_Dialog):
    """Every key and the rules in short."""

    BINDINGS = [Binding("escape,f1,q,question_mark", "close", "Close", priority=True)]

    def compose(self) -> ComposeResult:
        keys = "\n".join(f"{key:<20} {meaning}" for key, meaning in KEYS)
        with Vertical():
            yield Static("MixUp: keys", id="help-title")
            yield Static(keys, id="help-keys")
            yield Static("\nRules\n" + RULES, id="help-rules")
            yield Static("\nEsc closes this screen.")

    def action_close(self) -> None:
        self.dismiss(False)


class ConfirmScreen(_Dialog):
    """A question for a player, answered with Y or N (Esc is no)."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", priority=True),
        Binding("n,escape", "answer(False)", "No", priority=True),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, id="question")
            yield Static("Y yes, N no")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
