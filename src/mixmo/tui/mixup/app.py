"""``MixUpApp``: MixUp at one keyboard, or against the computer.

The app owns the ``MixUpGame``; keys become actions, the engine's refusal
sentences go to the news line, the state goes down into the stand and pool
views. The game is saved after every move. The computer thinks on a thread
worker so the screen stays live.
"""

from __future__ import annotations

import random
from pathlib import Path

from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widgets import Static

from mixmo.data.storage import why_not_written
from mixmo.i18n import N_, _
from mixmo.i18n.mixup import say, words
from mixmo.mixup.board import COLUMNS, ROWS
from mixmo.mixup.errors import MixUpRuleError
from mixmo.mixup.game import DropPiece, GameWon, MixUpGame, Outcome
from mixmo.mixup.levels import ComputerPlayer
from mixmo.mixup.pieces import ALL_PIECES, Side
from mixmo.mixup.save import Seating
from mixmo.tui.labels import TranslatedBindings
from mixmo.tui.mixup.modals import ConfirmScreen, HelpScreen
from mixmo.tui.mixup.saves import keep_unfinished, save
from mixmo.tui.mixup.sentences import (
    DROPPED,
    RESUMED,
    WINS_WITH,
    WON,
    players_line,
    sentence,
    turn,
    who,
)
from mixmo.tui.mixup.views import PoolPicture, PoolView, StandPicture, StandView, piece_text

QUIT_QUESTION = "quit-question"
"""The id of the quit question's dialog (asked only while saving fails)."""
FRAME_SECONDS = 0.03
"""How long a falling piece shows in each row on its way down."""


class MixUpApp(TranslatedBindings, App[None]):
    """Two players (or one and the computer) at one keyboard."""

    TITLE = "MixUp"
    CSS = """
    Screen { align: center top; }
    #status { height: 2; padding: 0 1; text-style: bold; }
    #play { height: 12; }
    #play > Vertical { height: 12; width: 26; }
    StandView { margin: 0 2 0 1; }
    #news { height: auto; min-height: 2; max-height: 4; padding: 0 1; }
    #hint { height: 1; padding: 0 1; color: $text-muted; }
    """
    BINDINGS = [
        Binding("left", "column(-1)", N_("Column left"), show=False),
        Binding("right", "column(1)", N_("Column right"), show=False),
        *(Binding(str(n), f"goto({n})", show=False) for n in range(1, COLUMNS + 1)),
        Binding("up", "piece(-1)", N_("Previous piece"), show=False),
        Binding("down", "piece(1)", N_("Next piece"), show=False),
        Binding("enter,space", "drop", N_("Drop")),
        Binding("u", "take_back", N_("Take back")),
        Binding("n", "new_game", N_("New game")),
        Binding("f1,question_mark", "help", N_("Help")),
        Binding("q,ctrl+q", "quit", N_("Quit")),  # in order with the keys typed before it
    ]

    def __init__(
        self,
        game: MixUpGame,
        seating: Seating,
        *,
        save_path: Path | None = None,
        light: bool = False,
        animate_drops: bool = True,
        frame_seconds: float = FRAME_SECONDS,
    ) -> None:
        super().__init__()
        self.game = game
        self.seating = seating
        self.save_path = save_path
        self.light = light
        if light:
            self.theme = "textual-light"  # the whole screen, not only the pieces' inks
        self.animate_drops = animate_drops
        self.frame_seconds = frame_seconds
        self.cursor = 4
        self.selected = 0
        self.wanted = 0
        """The kind a person last chose: the rule that moves the pool's cursor off a kind the
        side to move may not play shows another for that turn only."""
        self.news = ""
        self.thinking = False
        self.save_error: str | None = None
        """Why the last save failed (None while saving works)."""
        self.save_failure: str | None = None
        """Where and why the last save failed (``path: the disk is full``), for the quit question."""
        self.falling: tuple[int, int] | None = None
        """(row now, row it lands on) while a piece falls."""
        self._fall_timer: Timer | None = None
        """The timer that moves the falling piece one row down next."""
        self.rng = random.Random(seating.seed + len(game.state.moves))
        self.computer = (
            ComputerPlayer(seating.bot_level, self.rng.randrange(2**31))
            if seating.bot_level is not None
            else None
        )

    # --- layout ------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="play"):
            yield StandView(self._stand_picture(), id="stand")
            with Vertical():
                yield PoolView(self._pool_picture(), id="pool")
        yield Static(id="news")
        yield Static(
            _("←/→ or 1-7 column · ↑/↓ piece · Enter drop · U take back · F1 help · Q quit"),
            id="hint",
        )

    def on_mount(self) -> None:
        if self.game.state.moves:
            last = self.game.state.moves[-1]
            self.news = sentence(RESUMED, self.seating, last.side, piece=piece_text(last.piece))
        if self.save_error is not None:
            self.news = self.save_error
        self._choose_a_legal_piece()
        self.refresh_views()
        self._maybe_bot()

    # --- what the players see ----------------------------------------------------------

    def _who(self, side: Side) -> str:
        return who(self.seating, side)

    def _stand_picture(self) -> StandPicture:
        state = self.game.state
        falling = None
        landing = None
        if self.falling is not None and state.moves:
            last = state.moves[-1]
            landing = (last.column, last.row)
            falling = (last.piece, (last.column, self.falling[0]))
        line = state.line if self.falling is None else ()
        return StandPicture(state.board, self.cursor, line, falling, landing, self.light)

    def _pool_picture(self) -> PoolPicture:
        return PoolPicture(self.game.state.pool, self.selected, self.light)

    def status_text(self) -> str:
        state = self.game.state
        head = players_line(self.seating)
        if state.outcome is Outcome.DRAW:
            return head + "\n" + _("A draw: the board is full. N starts a new game.")
        if state.over:
            winner = state.outcome.winner
            assert winner is not None
            return f"{head}\n{sentence(WON, self.seating, winner)}"
        forbidden = None if state.forbidden_shape is None else words(state.forbidden_shape)
        line = turn(self.seating, state.to_move, thinking=self.thinking, forbidden=forbidden)
        return f"{head}\n{line}"

    def refresh_views(self) -> None:
        self.query_one("#status", Static).update(self.status_text())
        self.query_one(StandView).show(self._stand_picture())
        self.query_one(PoolView).show(self._pool_picture())
        self.query_one("#news", Static).update(self.news)

    def say(self, message: str) -> None:
        self.news = message
        self.query_one("#news", Static).update(message)

    def autosave(self) -> None:
        """Save the game; if the disk refuses, play goes on and the players are told once."""
        if self.save_path is None:
            return
        try:
            save(self.game, self.seating, self.save_path)
        except OSError as error:
            reason = why_not_written(error)
            self.save_failure = f"{self.save_path}: {reason}"
            if self.save_error is None:
                self.save_error = _(
                    "Cannot save to {path} ({reason}): play goes on, unsaved."
                ).format(path=self.save_path, reason=reason)
                if self.is_running:
                    self.say(self.save_error)
        else:
            if self.save_error is not None and self.is_running:
                self.say(_("Saving works again: {path}.").format(path=self.save_path))
            self.save_error = None
            self.save_failure = None

    async def action_quit(self) -> None:
        """Q: quit at once while the game is saved. While saving fails, try once more (the
        player may have freed the disk), and if it still fails ask first, saying the moves
        since the last save will be lost; quitting anyway says so in the shell (exit 1)."""
        if isinstance(self.screen, ConfirmScreen) and self.screen.id == QUIT_QUESTION:
            return  # the question is open: Q again does not stack another
        if self.save_error is not None:
            self.autosave()
        where = self.save_failure
        if self.save_error is None or where is None:
            self.exit()
            return

        def answered(agreed: bool | None) -> None:
            if not agreed:
                return
            self.autosave()  # a last try: what is saved is not lost
            if self.save_error is None:
                self.exit()
                return
            message = _("The game could not be saved to {where}.").format(where=self.save_failure)
            self.exit(return_code=1, message=message)

        question = _(
            "Quit? The last moves could not be saved ({where}): they will be lost if you quit. "
            "Answer No to play on: saving is tried again after every move, and when you quit."
        ).format(where=where)
        self.push_screen(ConfirmScreen(question, id=QUIT_QUESTION), answered)

    def _choose_a_legal_piece(self) -> None:
        """Show the kind a person last chose if it can be played now, else the next one
        that can."""
        self.selected = self.wanted
        legal = self.game.state.legal_pieces()
        if not legal or ALL_PIECES[self.selected] in legal:
            return
        for step in range(1, len(ALL_PIECES)):
            index = (self.selected + step) % len(ALL_PIECES)
            if ALL_PIECES[index] in legal:
                self.selected = index
                return

    # --- keys --------------------------------------------------------------------------

    def action_column(self, step: int) -> None:
        self.cursor = (self.cursor - 1 + step) % COLUMNS + 1
        self.refresh_views()

    def action_goto(self, column: int) -> None:
        self.cursor = column
        self.refresh_views()

    def action_piece(self, step: int) -> None:
        self.selected = (self.selected + step) % len(ALL_PIECES)
        self.wanted = self.selected
        self.refresh_views()

    def _bot_to_move(self) -> bool:
        state = self.game.state
        return not state.over and self.seating.bot_side is state.to_move

    def action_drop(self) -> None:
        self._land_now()
        if self.thinking or self._bot_to_move():
            self.say(_("Wait: it is the computer's turn."))
            return
        self.play(DropPiece(ALL_PIECES[self.selected], self.cursor))

    def play(self, move: DropPiece) -> None:
        """Apply ``move``; a refusal is said in a sentence and changes nothing."""
        side = self.game.state.to_move
        try:
            events = self.game.apply(move)
        except MixUpRuleError as error:
            reason = say(error)
            self.say(
                _("{who}: {reason}.").format(
                    who=self._who(side), reason=reason[:1].upper() + reason[1:]
                )
            )
            return
        self.autosave()
        last = self.game.state.moves[-1]
        message = self.save_error + " " if self.save_error else ""
        message += sentence(
            DROPPED,
            self.seating,
            side,
            piece=piece_text(last.piece),
            words=words(last.piece),
            column=last.column,
            row=last.row,
        )
        for event in events:
            if isinstance(event, GameWon):
                cells = " ".join(f"({c},{r})" for c, r in event.line)
                message += " " + sentence(WINS_WITH, self.seating, event.side, cells=cells)
                if event.both:
                    message += " " + _("It made a line for both: the player who played it wins.")
        if self.game.state.outcome is Outcome.DRAW:
            message += " " + _("The board is full: a draw.")
        self.news = message
        self._choose_a_legal_piece()
        self._start_fall(last.row)

    def _start_fall(self, row: int) -> None:
        if not self.animate_drops or row == ROWS:
            self.falling = None
            self.refresh_views()
            self._maybe_bot()
            return
        self.falling = (ROWS, row)
        self.refresh_views()
        self._fall_timer = self.set_timer(self.frame_seconds, self._fall_step)

    def _fall_step(self) -> None:
        if self.falling is None:
            return
        now, target = self.falling
        if now - 1 <= target:
            self._land_now()
            return
        self.falling = (now - 1, target)
        self.refresh_views()
        self._fall_timer = self.set_timer(self.frame_seconds, self._fall_step)

    def _land_now(self) -> None:
        """The falling piece lands at once (the engine has placed it already: the fall is
        only shown). A key that plays (a drop, U, N) typed while a piece falls lands it
        first and is then played, in the order typed: a second drop typed during the fall
        used to be dropped without a word. Keys that only move the cursors act at once."""
        if self.falling is None:
            return
        self._stop_fall()
        self.refresh_views()
        self._maybe_bot()

    def _stop_fall(self) -> None:
        if self._fall_timer is not None:
            self._fall_timer.stop()
            self._fall_timer = None
        self.falling = None

    # --- the computer --------------------------------------------------------------------

    def _maybe_bot(self) -> None:
        if self._bot_to_move() and not self.thinking:
            self.thinking = True
            self.refresh_views()
            self._think(self.game.state)

    @work(thread=True, exclusive=True)
    def _think(self, state: object) -> None:
        from mixmo.mixup.game import MixUpState

        assert isinstance(state, MixUpState) and self.computer is not None
        move = self.computer.choose(state)
        self.call_from_thread(self._bot_played, state, move)

    def _bot_played(self, state: object, move: DropPiece) -> None:
        self.thinking = False
        if state is not self.game.state:  # taken back or a new game meanwhile
            self._maybe_bot()
            return
        self.play(move)

    # --- taking back, new game, help ---------------------------------------------------

    def action_take_back(self) -> None:
        if self.falling is not None:  # it lands first; the computer is not started on it:
            self._stop_fall()  # against the computer, U takes back the piece still falling
            self.refresh_views()
        state = self.game.state
        if self.thinking:
            self.say(_("Wait for the computer to move first."))
            return
        if not state.moves:
            self.say(_("No move has been played yet: there is nothing to take back."))
            return
        last = state.moves[-1]
        if self.seating.bot_side is not None:
            self._take_back_from_bot()
            return
        asker, other = last.side, last.side.other
        question = _(
            "{asker} asks to take back {piece} in column {column}.\n{other}, do you agree?"
        ).format(
            asker=self._who(asker),
            piece=piece_text(last.piece),
            column=last.column,
            other=self._who(other),
        )

        def answered(agreed: bool | None) -> None:
            if agreed:
                self.game.take_back()
                self.autosave()
                self._choose_a_legal_piece()
                self.say(
                    _("{other} agreed: {piece} is back in the pool; {asker} to move.").format(
                        other=self._who(other), piece=piece_text(last.piece), asker=self._who(asker)
                    )
                )
            else:
                self.say(
                    _("{other} did not agree: the move stands.").format(other=self._who(other))
                )
            self.refresh_views()

        self.push_screen(ConfirmScreen(question), answered)

    def _take_back_from_bot(self) -> None:
        """The computer always agrees; it takes back its reply too, so it is your turn again."""
        human = self.seating.bot_side.other if self.seating.bot_side else Side.COLOUR
        moves = self.game.state.moves
        if not any(m.side is human for m in moves):
            self.say(_("You have not moved yet: there is nothing of yours to take back."))
            return
        while self.game.state.moves and self.game.state.moves[-1].side is not human:
            self.game.take_back()
        self.game.take_back()
        self.autosave()
        self._choose_a_legal_piece()
        self.say(
            _("The computer agreed: your last move (and its reply) are taken back; your move.")
        )
        self._choose_a_legal_piece()
        self.refresh_views()

    def action_new_game(self) -> None:
        self._land_now()
        if self.thinking:
            self.say(_("Wait for the computer to move first."))
            return
        state = self.game.state
        if state.over or not state.moves:
            self._new_game()
            return

        def answered(agreed: bool | None) -> None:
            if agreed:
                kept = keep_unfinished(self.save_path) if self.save_path else None
                self._new_game()
                if kept is not None:
                    self.say(_("New game. The unfinished one is kept in {path}.").format(path=kept))

        question = _("Start a new game? This one is not finished (it will be kept).")
        self.push_screen(ConfirmScreen(question), answered)

    def _new_game(self) -> None:
        self.game = MixUpGame()
        self._stop_fall()
        self.news = _("New game: colour moves first.")
        self.autosave()
        self.refresh_views()
        self._maybe_bot()

    def action_help(self) -> None:
        self.push_screen(HelpScreen())
