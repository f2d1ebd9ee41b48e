"""The moments that stop play: the Bandit's theme, theme claims and votes, scores, help."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.segment import Segment
from rich.table import Table
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.widgets import Button, Checkbox, Input, OptionList, SelectionList, Static
from textual.widgets.option_list import Option, OptionDoesNotExist

from mixmo.engine.actions import THEME
from mixmo.engine.events import PlayerScore
from mixmo.engine.scoring import WRONG_FINAL
from mixmo.i18n import N_, _
from mixmo.i18n.messages import say
from mixmo.tui.board_layout import TOO_SMALL_NOTE
from mixmo.tui.key_routing import KeyTaker, RoutedKeys
from mixmo.tui.labels import TranslatedBindings, label_key
from mixmo.tui.news import is_you
from mixmo.tui.pane_summary import RoundsStanding, rounds_change_text, rounds_goal_text


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


ESCAPE_HINT = N_("Esc: quit (asks first)")
"""The round's dialogs all say what Esc does, the same way (it answers none of them)."""


def hint_line(*keys: str) -> Static:
    """A round dialog's keys, then Esc's: one line under its question."""
    return Static(" · ".join([*keys, _(ESCAPE_HINT)]), classes="hint")


class _RoundDialog(_Dialog):
    """A question the round asks (the Bandit's theme, the sprint, claims, votes, scores).

    Two rules keep a player from answering a question they have not seen (a player once
    answered three questions with "three Enters in a burst"):

    - It takes only the keys typed after it opened. A key typed before, in a burst
      (Enter Enter Enter at the claims, a word being typed as the Bandit comes),
      was meant for what was on screen then: it answers nothing here and goes.
    - Esc answers none of them: every one of them decides something for the round
      (a theme, tiles taken back, claims, votes, dealing the next round), so Esc
      asks the quit question instead, as the quit command does; No comes back to
      the dialog as it was (the ticks kept), Yes saves the game with the question
      still open, and resuming asks it again.
    """

    stops_for_quit = True
    lets_quit: ClassVar[bool] = True
    """The app's quit command (and Esc) works over this dialog: the table may stop at it."""

    BINDINGS = [Binding("escape", "quit_game", N_("Quit"), priority=True)]

    def __init__(self) -> None:
        super().__init__()
        self.opened_at = key_clock()
        """When it opened, on the clock of Textual's key events (their ``time``)."""

    async def take_key(self, event: events.Key) -> bool:
        if event.time < self.opened_at:
            return True  # typed before this question opened: not its answer, and gone
        return await super().take_key(event)

    async def action_quit_game(self) -> None:
        """Esc: the app's quit question (it answers nothing here)."""
        await self.app.run_action("quit_game")


class ThemeScreen(_RoundDialog):
    """BANDIT! Its drawer names a theme: typed, or picked from the built-in lists."""

    BINDINGS = [Binding("enter", "choose", N_("Choose"), show=False, priority=True)]

    def __init__(self, name: str, builtin: Sequence[tuple[str, str]]) -> None:
        super().__init__()
        self.drawer = name
        self.builtin = builtin

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            heading = _("BANDIT! {name} drew the Bandit: choose a theme.").format(name=self.drawer)
            if is_you(self.drawer):  # the tutorial's and practice's player: "Vous avez pioché"
                heading = _("BANDIT! You drew the Bandit: choose a theme.")
            yield Static(heading, classes="heading")
            yield Static(
                _(
                    "Every final grid must hold a word on it. Type one, or Tab to the lists "
                    "(arrows, then Enter):"
                )
            )
            # No longer than the engine takes: the box refuses the character past it.
            yield DialogInput(
                placeholder=_("a theme, e.g. animals"),
                id="theme-input",
                max_length=THEME.max_length or 0,
            )
            yield DialogOptions(
                *[Option(title, id=theme_id) for theme_id, title in self.builtin], id="theme-list"
            )
            yield hint_line(_("Enter: choose"))

    def action_choose(self) -> None:
        """Enter: the theme typed, or the list highlighted (at once: the keys after it
        are the board's)."""
        lists = self.query_one("#theme-list", OptionList)
        if self.focused is lists:
            if lists.highlighted is not None:
                self.dismiss(str(lists.get_option_at_index(lists.highlighted).prompt))
            return
        theme = self.query_one("#theme-input", Input).value.strip()
        if theme:
            self.dismiss(theme)

    @on(OptionList.OptionSelected)
    def picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(str(event.option.prompt))


class ClaimScreen(_RoundDialog):
    """A player ticks the words of their grid that are on the theme."""

    BINDINGS = [Binding("enter", "done", N_("Done"), priority=True)]

    def __init__(
        self, name: str, theme: str, words: Sequence[str], suggested: Sequence[str]
    ) -> None:
        super().__init__()
        self.player = name
        self.theme = theme
        self.words = list(words)
        self.suggested = set(suggested)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(
                _("{name}: which of your words are on the theme “{theme}”?").format(
                    name=self.player, theme=self.theme
                ),
                classes="heading",
            )
            if self.words:
                yield TickList(
                    *[(word, word, word in self.suggested) for word in self.words], id="claims"
                )
            else:
                yield Static(_("Your grid holds no valid word."))
            yield hint_line(_("Space: tick a word"), _("Enter: confirm"))
            yield DialogButton(_("Claim these words"), id="done", variant="primary")

    def action_done(self) -> None:
        selected = self.query(SelectionList)
        words = list(selected.first().selected) if selected else []
        self.dismiss(tuple(words))

    @on(Button.Pressed, "#done")
    def pressed(self) -> None:
        self.action_done()


class SprintScreen(_RoundDialog):
    """The final sprint: take back the tiles of one unfinished word (or part of it), or nothing."""

    BINDINGS = [Binding("enter", "choose", N_("Choose"), show=False, priority=True)]

    def __init__(
        self, name: str, choices: Sequence[tuple[str, tuple[tuple[int, int], ...]]], words: int
    ) -> None:
        super().__init__()
        self.player = name
        self.choices = list(choices)
        self.words = words

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(
                _("Final sprint: {name}, take back one unfinished word?").format(name=self.player),
                classes="heading",
            )
            yield Static(_("Its tiles go back to your rack (tiles shared with other words stay)."))
            yield DialogOptions(
                *[Option(label, id=str(i)) for i, (label, _) in enumerate(self.choices)]
            )
            yield hint_line(_("Arrows, then Enter: choose"))

    def action_choose(self) -> None:
        """Enter: the highlighted choice, at once (the keys after it are the board's)."""
        options = self.query_one(OptionList)
        if options.highlighted is not None:
            self.dismiss(self.choices[options.highlighted][1])

    @on(OptionList.OptionSelected)
    def picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choices[int(event.option.id or 0)][1])


@dataclass(frozen=True)
class ClaimToJudge:
    claimant: int
    name: str
    word: str
    on_list: bool | None


class VoteScreen(_RoundDialog):
    """The table judges every claim: ticked claims are accepted by the other players."""

    BINDINGS = [Binding("enter", "done", N_("Done"), priority=True)]

    def __init__(self, theme: str, claims: Sequence[ClaimToJudge]) -> None:
        super().__init__()
        self.theme = theme
        self.claims = list(claims)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(
                _("Theme “{theme}”: accept each claim? (the other players decide)").format(
                    theme=self.theme
                ),
                classes="heading",
            )
            yield TickList(
                *[
                    (self._label(claim), index, claim.on_list is not False)
                    for index, claim in enumerate(self.claims)
                ],
                id="votes",
            )
            yield Static(_("The list's verdict is ticked."))
            yield hint_line(_("Space: accept or reject"), _("Enter: confirm"))
            yield DialogButton(_("Judge"), id="done", variant="primary")

    @staticmethod
    def _label(claim: ClaimToJudge) -> str:
        verdict = {True: _("on the list"), False: _("not on the list"), None: _("no list")}
        return _("{name}: {word} ({verdict})").format(  # French: "Ann : ROUE (sur la liste)"
            name=claim.name, word=claim.word, verdict=verdict[claim.on_list]
        )

    def action_done(self) -> None:
        accepted = set(self.query_one(SelectionList).selected)
        self.dismiss(tuple(index in accepted for index in range(len(self.claims))))

    @on(Button.Pressed, "#done")
    def pressed(self) -> None:
        self.action_done()


def scores_table(
    names: Sequence[str],
    scores: Sequence[PlayerScore],
    totals: Sequence[int],
    why_invalid: Mapping[int, Sequence[str]] | None = None,
    rounds: RoundsStanding | None = None,
) -> Table:
    """The round's score sheets; an invalid grid says why (its first problems).

    With the rounds option (``rounds``) the table plays for rounds won: a last column
    gives them with what this round changed ("+1 round", the penalty "-1 round"), the
    caption gives the goal, and the points stay as secondary information."""
    table = Table(expand=True)
    table.add_column(_("player"))
    table.add_column(_("this round"), justify="left")
    table.add_column(_("points"), justify="right")
    table.add_column(_("total"), justify="right")
    if rounds is not None:
        table.add_column(_("rounds won"), justify="right")
        table.caption = rounds_goal_text(rounds.target, rounds.rounds_to_play)
    for sheet in scores:
        # One message joins a label to its figure, so that French puts its space before
        # the colon ("MIXMO final avec une grille invalide : -1 manche"), as `mixmo stats` does.
        detail = "\n".join(
            _("{why}: {change}").format(why=say(label), change=f"{points:+d}")
            for label, points in sheet.lines
        )
        if rounds is not None and sheet.seat in rounds.penalized:
            detail = _("{why}: {change}").format(
                why=say(WRONG_FINAL()), change=rounds_change_text(-1)
            )
        reasons = (why_invalid or {}).get(sheet.seat, ())
        if reasons:
            detail += "\n" + "\n".join(f"✗ {reason}" for reason in reasons)
        mark = "" if sheet.valid else " ✗ " + _("invalid")
        row = [names[sheet.seat] + mark, detail, str(sheet.total), str(totals[sheet.seat])]
        if rounds is not None:
            change = rounds.change[sheet.seat]
            won = str(rounds.won[sheet.seat])
            row.append(f"{won} ({rounds_change_text(change)})" if change else won)
        table.add_row(*row)
    return table


class ScoresScreen(_RoundDialog):
    """The round's scores, with every bonus.

    A table may stop here, between rounds: the quit command (ctrl+q, ctrl+c) and
    Esc ask the usual quit question; the game is saved with the round scored,
    and resuming it brings this sheet back. Only Enter typed once it is open
    deals the next round: the table reads the scores first.
    """

    BINDINGS = [Binding("enter", "close", N_("Next"), priority=True)]

    def __init__(self, heading: str, table: Table, button: str) -> None:
        super().__init__()
        self.heading = heading
        self.table = table
        self.button = button

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.heading, classes="heading")
            with DialogScroll():
                yield Static(self.table)
            yield DialogButton(self.button, id="close", variant="primary")
            yield hint_line()

    def action_close(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#close")
    def pressed(self) -> None:
        self.dismiss(True)


class LastScoresScreen(_Dialog):
    """The last round's scores again, on the scores key, while the next round is played:
    a sheet to read, which answers nothing (Enter or Esc closes it)."""

    BINDINGS = [Binding("enter,escape", "close", N_("Close"), priority=True)]

    def __init__(self, heading: str, table: Table) -> None:
        super().__init__()
        self.heading = heading
        self.table = table

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.heading, classes="heading")
            with DialogScroll():
                yield Static(self.table)
            yield Static(_("Enter or Esc closes this sheet."), classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)


class MatchOverScreen(ScoresScreen):
    """The match's end: standings, then play again or quit."""

    BINDINGS = [
        Binding("enter", "again", N_("Play again"), priority=True),
        Binding("escape", "leave", N_("Quit"), priority=True),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.heading, classes="heading")
            with DialogScroll():
                yield Static(self.table)
            with Horizontal(classes="buttons"):  # side by side: the sheet keeps the height
                yield DialogButton(_("Play again (Enter)"), id="again", variant="primary")
                yield DialogButton(_("Quit (Esc)"), id="leave")

    def action_again(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)

    @on(Button.Pressed, "#again")
    def again(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#leave")
    def leave(self) -> None:
        self.dismiss(False)


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
