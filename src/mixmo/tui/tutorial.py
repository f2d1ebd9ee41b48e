"""``mixmo tutorial``: the lessons of :mod:`mixmo.tui.lessons`, played on the real board.

The tutorial is the game's own screen (the learner's pane, the same keys)
with a lesson panel above it. After each action the engine judges the
lesson; once it is learnt, the progress is saved and Enter deals the next
lesson on the same screen. Quitting keeps what was learnt: ``mixmo tutorial``
starts again at the first lesson not yet learnt. Where the data folder cannot be
written (read-only, a file in its place, a full disk), the tutorial still runs,
and says from the start, and again when the learner leaves, that what is learnt
now will not be remembered.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from mixmo.data.storage import atomic_write_text, why_not_written
from mixmo.engine import actions as act
from mixmo.engine.lexicon import Lexicon
from mixmo.i18n import N_, _, ngettext
from mixmo.tui import lessons
from mixmo.tui.app import MixmoApp
from mixmo.tui.lessons import LEARNER, LESSONS, Progress
from mixmo.tui.modals import ConfirmScreen
from mixmo.tui.named_actions import SWITCHING

PANEL_HEIGHT = 8
"""Rows of the lesson panel (border included): the board gets the rest."""
TEACHER_DELAY = 2.5
"""Seconds the teacher waits before acting, so the learner sees what happened."""
UNKEPT_NOTE = N_("Your progress is not kept: {reason}.")
"""Said in the header at the start and kept under the lesson panel while the progress
cannot be written (short: the header is one line)."""


def progress_refused(path: Path) -> str | None:
    """Why the progress cannot be kept at ``path``, in the player's words, or None when it
    can: the folder is made if needed and a nameless file is opened in it and dropped
    (nothing is left behind), which is the one sure test (a read-only mount, a file where
    the folder should be, permissions, a full quota all answer it)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path.parent):
            pass
    except OSError as error:
        return why_not_written(error)
    return None


class TutorialApp(MixmoApp):
    """The tutorial: one lesson at a time, judged by the engine."""

    BINDINGS = [Binding("enter", "next_lesson", N_("Next lesson"), priority=True)]
    CSS = f"#lesson {{ height: {PANEL_HEIGHT}; border: round $accent; padding: 0 1; }}"
    shows_scores = False
    shows_goal = False

    def __init__(
        self,
        lexicon: Lexicon,
        language: str,
        *,
        progress_path: Path | None,
        progress: Progress | None = None,
        lesson: int | None = None,
        teacher_delay: float = TEACHER_DELAY,
        clock: Callable[[], float] | None = None,
        **kwargs: Any,
    ) -> None:
        self.lexicon = lexicon
        self.language = language
        self.progress_path = progress_path
        self.progress = progress or Progress()
        start = lesson if lesson is not None else self.progress.next_lesson
        self.index = 0 if start is None else start
        self.teacher_delay = teacher_delay
        self.learnt = False
        self.finished = False
        self.unkept = progress_refused(progress_path) if progress_path is not None else None
        """Why the progress cannot be written (None: it can), found at the start and when a
        save fails: what the learner is told, and what the quit question says."""
        if self.unkept is not None:
            kwargs.setdefault("welcome", _(UNKEPT_NOTE).format(reason=self.unkept))
        self.game = LESSONS[self.index].new_game(lexicon, language)
        """The lesson's match: the tutorial sets it up, so it reads it to judge the lesson."""
        super().__init__(self.game, save_path=None, clock=clock, live_check=True, **kwargs)

    @property
    def lesson(self) -> lessons.Lesson:
        return LESSONS[self.index]

    # --- layout ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        self.panel = Static(id="lesson")
        yield self.panel
        yield from super().compose()

    def on_mount(self) -> None:
        self.show_lesson()

    def visible_seats(self) -> list[int]:
        return [LEARNER]

    def grid_rows(self, width: int, height: int) -> int:
        return super().grid_rows(width, height - PANEL_HEIGHT)

    def show_lesson(self) -> None:
        """The panel: which lesson, what the rules say, the task, and how it is going."""
        lesson = self.lesson
        text = Text()
        text.append(
            _("Lesson {number} of {total}: {title}").format(
                number=self.index + 1, total=len(LESSONS), title=_(lesson.title)
            ),
            style="bold",
        )
        text.append("\n" + _(lesson.lesson) + "\n")
        text.append("▶ " + _(lesson.task), style="bold")
        self.panel.border_subtitle = (
            None if self.unkept is None else _(UNKEPT_NOTE).format(reason=self.unkept)
        )
        if lesson.key == "scoring" and not self.learnt:
            points = lessons.current_score(self.game)
            would = ngettext(  # French: "0 point", "1 point", "2 points"
                "Your grid would score {points} point now.",
                "Your grid would score {points} points now.",
                points,
            )
            text.append("\n" + would.format(points=points))
        if self.learnt:
            if self.index + 1 < len(LESSONS):
                following = _(LESSONS[self.index + 1].title)
                status = _("✓ Learnt! Enter: next lesson ({title}).").format(title=following)
            else:
                status = _("✓ Learnt! That was the last lesson: Enter to finish.")
            text.append("\n" + status, style="bold green")
        self.panel.update(text)

    # --- the lesson ----------------------------------------------------------------------

    def apply(self, action: act.Action, *, quiet: bool = False) -> bool:
        applied = super().apply(action, quiet=quiet)
        if applied and action.seat == LEARNER:
            # The teacher answers after a pause (working out its moves then), or at once
            # for a MIXMO called at the same time.
            if self.lesson.teacher_at_once:
                self.teacher_acts()
            elif self.lesson.has_teacher:
                self.set_timer(self.teacher_delay, self.teacher_acts)
            self.judge()
        return applied

    def teacher_acts(self) -> None:
        moves = lessons.teacher_moves(self.lesson, self.game, self.clock())
        if moves:
            self.announce(_(self.lesson.teacher_news), seconds=6)
        for move in moves:
            super().apply(move, quiet=True)
        self.judge()

    def judge(self) -> None:
        """Ask the engine whether the lesson is learnt; save the progress once it is."""
        if not self.learnt and self.lesson.learnt(self.game):
            self.learnt = True
            self.progress = self.progress.with_learnt(self.lesson.key)
            self.save_progress()
            self.bell()
        if self.is_running:
            self.show_lesson()

    def save_progress(self) -> None:
        """Write what was learnt; a refusal is told at once, and remembered for the quit
        question (a later success, the folder mended meanwhile, forgets it)."""
        if self.progress_path is None:
            return
        try:
            atomic_write_text(self.progress_path, self.progress.to_json(), durable=False)
        except OSError as error:
            self.unkept = why_not_written(error)
            self.notify(
                _("Your progress could not be saved to {path}: {error}").format(
                    path=self.progress_path, error=error.strerror or error
                ),
                severity="error",
            )
        else:
            self.unkept = None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_lesson":
            return self.screen is self.screen_stack[0]
        if action in SWITCHING:
            return False  # one pane: no other player to switch to, nor offered in the footer
        return super().check_action(action, parameters)

    def action_next_lesson(self) -> None:
        if not self.learnt:
            self.tell(LEARNER, _("Not yet: {task}").format(task=_(self.lesson.task)))
            return
        if self.index + 1 >= len(LESSONS):
            self.finished = True
            self.exit(message=_("You have learnt every lesson: `mixmo play` for a real game!"))
            return
        self.index += 1
        self.learnt = False
        self.headline = None  # the last lesson's news is not this one's
        self.game = self.lesson.new_game(self.lexicon, self.language)
        self.start_match(self.game)
        self.show_lesson()

    def action_quit_game(self) -> None:
        def answer(yes: object) -> None:
            if yes:
                self.exit()

        self.push_screen(ConfirmScreen(self.quit_question_text()), answer)

    def quit_question_text(self) -> str:
        """The quit question, true to what is kept: the progress, or nothing."""
        if self.progress_path is None:
            return _("Leave the tutorial? Your progress is not kept.")
        if self.unkept is None:
            return _("Leave the tutorial? `mixmo tutorial` picks up where you stopped.")
        return _(
            "Leave the tutorial? Your progress cannot be kept in {folder} ({reason}): "
            "`mixmo tutorial` will not remember the lessons learnt this time."
        ).format(folder=self.progress_path.parent, reason=self.unkept)
