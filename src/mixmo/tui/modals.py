"""The dialog every question of the game is (its keys, scrolling, fitting the screen), and
the questions outside a round: confirmations, notices, help. The round's own dialogs are
in :mod:`mixmo.tui.round_dialogs`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.segment import Segment
from rich.table import Table
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.widgets import Button, Checkbox, Input, OptionList, SelectionList, Static
from textual.widgets.option_list import OptionDoesNotExist

from mixmo.i18n import N_, _
from mixmo.tui.board_layout import TOO_SMALL_NOTE
from mixmo.tui.key_routing import KeyTaker, RoutedKeys
from mixmo.tui.labels import TranslatedBindings, label_key


class TickList(RoutedKeys, SelectionList[Any]):
    """A selection list whose ticks read without colour (NO_COLOR): ✓ ticked, blank not."""

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        segments = list(strip)
        try:
            selection = self.get_option_at_index(self.scroll_offset.y + y)
        except OptionDoesNotExist:
            return strip
        if len(segments) > 1 and segments[1].text == Checkbox.BUTTON_INNER:
            mark = "✓" if selection.value in self.selected else " "
            segments[1] = Segment(mark, segments[1].style)
            return Strip(segments, strip.cell_length)
        return strip

    def action_select(self) -> None:
        """Space (or a click) ticks the highlighted word now: SelectionList does it on a
        message of its own, after which an Enter typed at once would confirm without it."""
        if self.highlighted is not None:
            self.toggle(self.get_option_at_index(self.highlighted))


class DialogInput(RoutedKeys, Input):
    """A dialog's box: its keys, typing included, take the app's route (key_routing)."""


class DialogOptions(RoutedKeys, OptionList):
    """A dialog's list: its keys take the app's route."""


class DialogButton(RoutedKeys, Button):
    """A dialog's button: its keys take the app's route."""


class DialogScroll(RoutedKeys, VerticalScroll):
    """A dialog's scrolling text: its keys take the app's route."""


def key_clock() -> float:
    """Now, on the clock Textual stamps its messages with (a key event's ``time``)."""
    return Message().time


class _Dialog(TranslatedBindings, RoutedKeys, ModalScreen[object]):
    """A dialog that plays its keys one at a time, in the order they come.

    Textual would send a bound key (Backspace, Space, Enter) on a longer route than
    a typed letter, so that in a burst of keys an Enter could answer the dialog
    before the Backspace typed ahead of it, and the keys after it land in the box.
    Its widgets hand every key to the app's one route instead (mixmo.tui.key_routing),
    which gives it to :meth:`take_key`: handled in full before the next is read.
    Its bindings run from there only, never ahead of the keys typed before them
    (:meth:`check_action`).
    """

    stops_for_quit: ClassVar[bool] = False
    """The quit command and help work over this dialog (the app reads their keys first):
    the table may stop at it, and resuming the game opens it again."""

    def __init__(self) -> None:
        super().__init__()
        self._playing = False
        """True while :meth:`take_key` plays a key: the dialog's bindings may run."""
        self.answered: Callable[[Any], object] | None = None
        """Called with the answer as the dialog closes, before the key after it is played."""

    def dismiss(self, result: Any = None) -> AwaitComplete:
        """Close with ``result``, and play the answer now: a callback given to
        ``push_screen`` would run at its requester's next message, after keys already
        typed for what comes next (a tile after the theme's Enter)."""
        answered, self.answered = self.answered, None
        closing = super().dismiss(result)
        if answered is not None:
            answered(result)
        return closing

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Textual would run a priority binding as the key arrives, ahead of the keys still
        # on their way to the box: in an app that routes its keys, only take_key runs them.
        return self._playing or not isinstance(self.app, KeyTaker)

    async def take_key(self, event: events.Key) -> bool:
        """Handle one key now, as Textual would (the dialog's bindings, priority ones first,
        then from the focused widget up; a printable key types in a box). The app's own
        keys do nothing over a dialog, but quit and help (``stops_for_quit``).
        A key that comes before the dialog is drawn waits its turn in the dialog's own
        queue, behind the keys typed before it."""
        if not self.is_mounted:
            copy = events.Key(event.key, event.character)
            copy.time = event.time  # when it was typed, not when it was passed on
            self.post_message(copy)
            return True
        self._playing = True
        try:
            active = self.active_bindings.get(event.key)
            if active is not None and active.enabled:
                await self.app.run_action(active.binding.action, active.node)
                return True
        finally:
            self._playing = False
        if event.is_printable and event.character:
            self.type_text(event.character)
        return True

    def type_text(self, text: str) -> None:
        """Type ``text`` in the focused box now (a key, or a paste's first line): the box
        refuses it whole past its ``max_length``, as Textual's Input does."""
        box = self.focused
        if isinstance(box, Input) and text:
            selection = box.selection
            if selection.is_empty:
                box.insert_text_at_cursor(text)
            else:
                box.replace(text, *selection)

    SCOPED_CSS = False  # its rules start from the app (its too-small class), not the dialog
    DEFAULT_CSS = """
    _Dialog, ThemeScreen, ClaimScreen, VoteScreen, ScoresScreen, MatchOverScreen,
    ConfirmScreen, HelpScreen, SprintScreen, NoticeScreen, LastScoresScreen {
        align: center middle;
    }
    .dialog { width: 72; max-width: 95%; height: auto; max-height: 95%;
              border: thick $accent; background: $surface; padding: 1 2; }
    .dialog .heading { text-style: bold; margin-bottom: 1; }
    .dialog Button { margin-top: 1; }
    /* What can grow (a list of words, a score sheet, the help) scrolls inside the box
       once the box would not fit the screen (-fill, set by _Dialog.fit_box): the
       question, the keys and the buttons under it stay on screen. */
    .dialog > TickList, .dialog > DialogScroll, .dialog > OptionList { height: auto; }
    .dialog.-fill { height: 95%; }
    .dialog.-fill > TickList, .dialog.-fill > DialogScroll, .dialog.-fill > OptionList {
        height: 1fr; max-height: 100%;
    }
    .dialog > .buttons { height: auto; }
    .dialog > .buttons Button { margin-right: 2; }
    /* Too small a terminal (the app's class): the dialog gives way to the request to
       enlarge it, as the board does, rather than be drawn cut off and answered blind. */
    .too-small-note { display: none; width: 1fr; height: 1fr; background: $background;
                      content-align: center middle; text-style: bold; }
    App.too-small _Dialog > * { display: none; }
    App.too-small _Dialog > .too-small-note { display: block; }
    """

    def on_mount(self) -> None:
        # The app keeps the request's words up to date (its fit()); a dialog opened while
        # the terminal is too small starts with them. (A dialog the table moved past at
        # once is gone before it mounts: nothing to add then.)
        if not self.is_attached:
            return
        self.mount(Static(getattr(self.app, "too_small_text", ""), classes=TOO_SMALL_NOTE))
        self.call_after_refresh(self.fit_box)

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_box)

    def fit_box(self) -> None:
        """Let the box take its natural height, then, where that is more than the screen
        gives it, fill the screen's height and let its list or text scroll (``-fill``)."""
        boxes = list(self.query(".dialog"))
        for box in boxes:
            box.remove_class("-fill")

        def fill_where_cut() -> None:
            for box in boxes:
                if box.is_attached and box.virtual_size.height > box.content_region.height:
                    box.add_class("-fill")

        self.call_after_refresh(fill_where_cut)


def unsaved_quit_question(where: str) -> str:
    """The quit question while saving fails (``where``: the save file and why), so that
    the player can answer No, free the disk or fix the folder, and play on."""
    return _(
        "Quit? The last moves could not be saved ({where}): they will be lost if you quit. "
        "Answer No to play on: saving is tried again after every move, and when you quit."
    ).format(where=where)


class ConfirmScreen(_Dialog):
    """A yes/no question (quitting, ending a stuck match).

    Each answer's key is the letter its button shows, translated with it (English
    "Yes (y)", French "Oui (o)"), bound in the class made for that language (:func:`label_key`);
    y stays a yes in every language, for a player with English habits, unless the
    translation gives y to No. Escape is always no."""

    BINDINGS = [Binding("escape", "answer(False)", N_("No"), priority=True)]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question
        self.yes_label, self.no_label = _("Yes (y)"), _("No (n)")

    @classmethod
    def language_bindings(cls) -> list[Binding]:
        yes, no = label_key(_("Yes (y)")), label_key(_("No (n)"))
        if yes == no:  # a translation that gives both answers one letter
            yes, no = "y", "n"
        bindings = [
            Binding(yes, "answer(True)", _("Yes"), priority=True),
            Binding(no, "answer(False)", _("No"), priority=True),
        ]
        if "y" not in (yes, no):
            bindings.append(Binding("y", "answer(True)", _("Yes"), show=False, priority=True))
        return bindings

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="heading")
            yield DialogButton(self.yes_label, id="yes", variant="error")
            yield DialogButton(self.no_label, id="no", variant="primary")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class NoticeScreen(_Dialog):
    """Something the players must read before play (a key binding refused): Enter closes it."""

    BINDINGS = [Binding("enter,escape", "close", N_("OK"), priority=True)]

    def __init__(self, heading: str, lines: Sequence[str]) -> None:
        super().__init__()
        self.heading = heading
        self.lines = list(lines)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.heading, classes="heading")
            with DialogScroll():
                yield Static(Text("\n".join(self.lines)), id="notice")
            yield Static("\n" + _("Enter closes this message."), classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)


RULES_SUMMARY = N_(
    "Build one connected crossword grid from all your tiles. Words read left to right "
    "and top to bottom. When your rack is empty and your grid is valid, call MIXMO: "
    "everyone draws 2 more tiles. A wrong call keeps the draw and locks you until the "
    "next MIXMO. ? is a joker (any letter), ! the Bandit (K, W, X, Y or Z): whoever "
    "draws it names a theme, and every final grid needs a word on it. When the bag is "
    "empty, the next MIXMO is final: theme words are claimed and judged, the winner's "
    "grid is checked, and everyone scores (all the rules: run mixmo rules)."
)
"""One paragraph: it wraps to the width of the help screen."""

HELP_KEYS = N_("↑ ↓ PgUp PgDn: scroll · Esc: close")


class HelpScreen(_Dialog):
    """Every key, and the rules in short."""

    BINDINGS = [Binding("escape,f1,q", "close", N_("Close"), priority=True)]

    def __init__(self, keys: Sequence[tuple[str, str]]) -> None:
        super().__init__()
        self.keys = keys

    def compose(self) -> ComposeResult:
        table = Table(show_header=False, box=None, expand=True)
        table.add_column(style="bold cyan", no_wrap=True)
        table.add_column()
        for key, meaning in self.keys:
            table.add_row(key, meaning)
        with Vertical(classes="dialog"):
            with DialogScroll(id="help-text"):
                yield Static(_("Keys"), classes="heading")
                yield Static(table)
                yield Static("\n" + _("Rules in short"), classes="heading")
                yield Static(Text(_(RULES_SUMMARY)))
            # Under the scrolling text, always in view: how to read on, and to leave.
            yield Static(_(HELP_KEYS), classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)
