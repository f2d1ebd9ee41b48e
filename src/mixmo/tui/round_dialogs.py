"""The round's dialogs: the Bandit's theme, the final sprint, theme claims and votes,
the scores and the match's end. Split from :mod:`mixmo.tui.modals`, which holds the
dialog every one of them is (keys, scrolling, fitting the screen) and the others."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.table import Table
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, OptionList, SelectionList, Static
from textual.widgets.option_list import Option

from mixmo.engine.actions import THEME
from mixmo.engine.events import PlayerScore
from mixmo.engine.scoring import WRONG_FINAL
from mixmo.i18n import N_, _
from mixmo.i18n.messages import say
from mixmo.tui.modals import (
    DialogButton,
    DialogInput,
    DialogOptions,
    DialogScroll,
    TickList,
    _Dialog,
    key_clock,
)
from mixmo.tui.news import is_you
from mixmo.tui.pane_summary import RoundsStanding, rounds_change_text, rounds_goal_text

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
