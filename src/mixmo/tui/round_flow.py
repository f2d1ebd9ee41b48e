"""The dialogs that each phase of a round calls for: the Bandit's theme, Expert's
sprint, theme claims, the table's votes, the scores and the end of the match."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from mixmo.engine import actions as act
from mixmo.engine.options import ScoringMode
from mixmo.engine.state import Phase
from mixmo.engine.validation import validate
from mixmo.i18n import _
from mixmo.session.table import rematching
from mixmo.tui.pane_summary import rounds_standing

if TYPE_CHECKING:
    from rich.table import Table as RichTable

    from mixmo.engine import events as ev
    from mixmo.engine.grid import Cell
    from mixmo.session.table import Table
    from mixmo.tui.modals import _Dialog

# The dialogs (mixmo.tui.modals: Textual's inputs and lists), the themes and the sprint's
# choices are imported when a round first needs one: the first frame of a game needs none.


class FlowHost(Protocol):
    """What the round's dialogs need from the app (the app imports this module, not back)."""

    table: Table
    bot_seats: list[int]
    shows_scores: bool
    clock: Callable[[], float]

    @property
    def unrecorded(self) -> tuple[str, ...]: ...

    def apply(self, action: act.Action, *, quiet: bool = False) -> bool: ...
    def push_screen(self, screen: Any, callback: Any = None) -> Any: ...
    def exit(self, result: Any = None, return_code: int = 0, message: Any = None) -> None: ...
    def start_match(self, table: Table) -> None: ...
    def announce(self, text: str, *, seconds: float = ...) -> None: ...


class RoundFlow:
    """Opens, one at a time, the dialog the round's phase needs, and turns its answer into actions.

    The dialogs are for the seats this screen plays: every person at one
    keyboard, or the one seat of a screen at a server (where the other seats
    answer on their own screens, and a dialog the table moved past closes).
    """

    def __init__(self, app: FlowHost) -> None:
        self.app = app
        self._modal_open = False
        self._open_for: tuple[int, Phase] | None = None
        self._screen: _Dialog | None = None
        self._dropped = False
        self._no_claims_sent: set[tuple[int, int]] = set()
        """(round, seat) of the OUT players whose empty claim this screen has sent."""
        self._last_sheet: tuple[ev.RoundScored, str, RichTable] | None = None
        self._rematch_asked = False
        """This seat asked its server's room to play again: the finished match's dialog stays
        closed until the new match comes."""
        """The latest scores this screen showed: the round's event, heading and sheets."""

    def human(self, seat: int) -> bool:
        """A person this screen plays (bots answer their own dialogs, on the app's bot driver)."""
        return seat in self.app.table.playable_seats and seat not in self.app.bot_seats

    def whole_table(self) -> bool:
        """Whether every seat plays at this screen (then it may close a vote for the table)."""
        return len(self.app.table.playable_seats) == len(self.app.table.options.players)

    def sync(self) -> None:
        """Open the dialog the round's phase calls for, if none is open; close one that the
        table moved past (another screen answered it)."""
        round_ = self.app.table.round
        if round_.phase is not Phase.CLAIMING:
            self._no_claims_sent.clear()
        if round_.phase is not Phase.MATCH_OVER:
            self._rematch_asked = False
        if self._modal_open:
            if self._open_for is not None and self._open_for != (round_.number, round_.phase):
                self._drop()
            return
        phase = round_.phase
        if (
            phase is Phase.CHOOSING_THEME
            and round_.bandit_seat is not None
            and self.human(round_.bandit_seat)
        ):
            from mixmo.engine.themes import builtin_themes
            from mixmo.tui.round_dialogs import ThemeScreen

            seat = round_.bandit_seat
            lists = [
                (t.id, t.title) for t in builtin_themes(self.app.table.options.language).values()
            ]
            self._open(
                ThemeScreen(self.app.table.name(seat), lists),
                lambda theme: self.app.apply(
                    act.ChooseTheme(seat=seat, theme=str(theme), at=self.app.clock())
                ),
            )
        elif phase is Phase.SPRINT:
            self._open_sprint()
        elif phase is Phase.CLAIMING:
            self._open_claims()
        elif phase is Phase.VOTING:
            self._open_votes()
        elif phase is Phase.SCORED and self.app.shows_scores:
            self._open_scores(final=False)
        elif phase is Phase.MATCH_OVER and self.app.shows_scores and not self._rematch_asked:
            self._open_scores(final=True)

    def _open(self, screen: _Dialog, then: Callable[[Any], object]) -> None:
        self._modal_open = True
        round_ = self.app.table.round
        self._open_for = (round_.number, round_.phase)
        self._screen = screen

        def done(result: object) -> None:
            # The answer may take several actions (one vote per voter): the dialog stays
            # "open" until they are all in, or each action would open it once more.
            dropped, self._dropped = self._dropped, False
            self._open_for = self._screen = None  # answered: nothing left to drop
            if not dropped:
                then(result)
            self._modal_open = False
            self.sync()

        screen.answered = done  # (a _Dialog: the answer is played as it closes)
        self.app.push_screen(screen)

    def drop_if_passed(self) -> None:
        """Close the open dialog if the table moved past it while another screen (help,
        the quit question) was over it: a key comes, and it must not answer a dead question."""
        round_ = self.app.table.round
        if self._modal_open and self._open_for not in (None, (round_.number, round_.phase)):
            self._drop()

    def _drop(self) -> None:
        """Close the open dialog without its answer: the table has moved on."""
        screen = self._screen
        if screen is None or not screen.is_active:
            return  # under another dialog (help): it goes at the next key (drop_if_passed)
        self._dropped = True
        screen.dismiss(None)

    def _open_sprint(self) -> None:
        from mixmo.tui.round_dialogs import SprintScreen
        from mixmo.tui.sprint_choices import sprint_choices

        round_ = self.app.table.round
        waiting = [
            s
            for s in round_.active_seats()
            if s != round_.final_caller
            and not round_.player(s).out
            and not round_.player(s).sprint_done
            and self.human(s)
        ]
        if not waiting:
            return
        seat = waiting[0]
        grid = round_.player(seat).grid
        words = grid.words()
        game = self.app.table
        report = validate(grid, game.lexicon, game.variant)
        choices = sprint_choices(grid, report, game.lexicon, game.variant)

        def finish(cells: tuple[Cell, ...] | None) -> None:
            self.app.apply(act.FinishSprint(seat=seat, word_cells=cells or (), at=self.app.clock()))

        self._open(SprintScreen(self.app.table.name(seat), choices, len(words)), finish)

    def _open_claims(self) -> None:
        from mixmo.engine.themes import builtin_themes
        from mixmo.tui.round_dialogs import ClaimScreen

        round_ = self.app.table.round
        waiting = [
            s for s in round_.active_seats() if round_.player(s).claims is None and self.human(s)
        ]
        for seat in waiting:
            # A player out of the round (a wrong final MIXMO) scores the penalty and nothing
            # else, no theme bonus (docs/rules.md, "The verdict"): nothing they claim can
            # count, so they are not asked. The table still waits for every seat's claims:
            # an empty one closes theirs, sent once (a server confirms it a moment later).
            if round_.player(seat).out and (round_.number, seat) not in self._no_claims_sent:
                self._no_claims_sent.add((round_.number, seat))
                self.app.apply(
                    act.ClaimThemeWords(seat=seat, words=(), at=self.app.clock()), quiet=True
                )
                return  # the table's change redraws the screen, which opens what comes next
        waiting = [s for s in waiting if not round_.player(s).out]
        if not waiting:
            return
        seat = waiting[0]
        report = validate(round_.player(seat).grid, self.app.table.lexicon, self.app.table.variant)
        words = list(dict.fromkeys(v.text for v in report.words if v.valid))
        theme_list = builtin_themes(self.app.table.options.language).get(round_.theme_list or "")
        suggested = [w for w in words if theme_list and theme_list.judge(w)]

        def claim(claimed: tuple[str, ...] | None) -> None:
            self.app.apply(act.ClaimThemeWords(seat=seat, words=claimed or (), at=self.app.clock()))

        self._open(
            ClaimScreen(self.app.table.name(seat), round_.theme or "", words, suggested), claim
        )

    def _open_votes(self) -> None:
        from mixmo.engine.themes import builtin_themes
        from mixmo.tui.round_dialogs import ClaimToJudge, VoteScreen

        round_ = self.app.table.round
        theme_list = builtin_themes(self.app.table.options.language).get(round_.theme_list or "")
        claims = [
            ClaimToJudge(
                seat,
                self.app.table.name(seat),
                word,
                theme_list.judge(word) if theme_list else None,
            )
            for seat in round_.active_seats()
            for word in round_.player(seat).claims or ()
            if any(self.human(voter) for voter in round_.active_seats() if voter != seat)
        ]
        if not claims:
            return  # only bots can judge these claims: they vote on their own

        def judged(verdicts: object) -> None:
            for claim, accept in zip(claims, verdicts, strict=True):  # type: ignore[call-overload]
                for voter in filter(self.human, round_.active_seats()):
                    if voter != claim.claimant and self.app.table.phase is Phase.VOTING:
                        self.app.apply(
                            act.Vote(
                                seat=voter,
                                claimant=claim.claimant,
                                word=claim.word,
                                accept=bool(accept),
                                at=self.app.clock(),
                            )
                        )
            if self.app.table.phase is Phase.VOTING and self.whole_table():
                self.app.apply(act.CloseVoting(seat=0, at=self.app.clock()))

        self._open(VoteScreen(round_.theme or "", claims), judged)

    def _open_scores(self, *, final: bool) -> None:
        from mixmo.tui.round_dialogs import MatchOverScreen, ScoresScreen

        scored = self.app.table.last_scored
        if scored is None:
            return
        names = self.app.table.options.players
        winner, table = self._sheet(scored, self._why_invalid(scored))
        self._last_sheet = (scored, winner, table)
        if not final:
            players = [s for s in self.app.table.playable_seats if self.human(s)]

            def next_round(_answer: object) -> None:
                if players and self.app.table.phase is Phase.SCORED:
                    self.app.apply(act.NextRound(seat=players[0], at=self.app.clock()))

            self._open(ScoresScreen(winner, table, _("Next round (Enter)")), next_round)
            return
        match_winner = self.app.table.state.winner
        ending = (  # no winner: a stuck match ended with a tie at the top (tui.stuck_match)
            _("{name} wins the match!").format(name=names[match_winner])
            if match_winner is not None
            else _("The match ends with no winner.")
        )
        heading = winner + ". " + ending
        if not self.app.table.capabilities.rematch:  # a server's room ends with its match
            self._open(ScoresScreen(heading, table, _("Leave (Enter)")), self._after_match)
            return
        self._open(MatchOverScreen(heading, table, ""), self._after_match)

    def _sheet(
        self, scored: ev.RoundScored, why_invalid: dict[int, list[str]] | None
    ) -> tuple[str, RichTable]:
        """The heading (who won the round) and the score sheets of round ``scored``."""
        from mixmo.tui.round_dialogs import scores_table

        names = self.app.table.options.players
        options = self.app.table.options
        rounds = None
        if options.scoring is ScoringMode.ROUNDS:  # the table plays for rounds won
            rounds = rounds_standing(self.app.table.state, options.target, options.rounds_to_play)
        table = scores_table(names, scored.scores, self.app.table.state.totals, why_invalid, rounds)
        winner = (
            _("{name} wins round {number}").format(name=names[scored.winner], number=scored.round)
            if scored.winner is not None
            else _("Round {number} ends with no winner").format(number=scored.round)
        )
        return winner, table

    def show_last_scores(self) -> bool:
        """Open the latest round's scores again, to read (the scores key): the table saw
        them at the round's end, but may want them once the next round is dealt. The
        sheet this screen showed then (with why a grid was invalid), or, in a game resumed
        since, one made again from the scores (the grids of that round are gone). False
        when no round has been scored yet."""
        from mixmo.tui.round_dialogs import LastScoresScreen

        scored = self.app.table.last_scored
        if scored is None:
            return False
        if self._last_sheet is not None and self._last_sheet[0] is scored:
            _scored, heading, table = self._last_sheet
        else:
            heading, table = self._sheet(scored, None)
        self.app.push_screen(LastScoresScreen(heading, table))
        return True

    def _why_invalid(self, scored: ev.RoundScored) -> dict[int, list[str]]:
        """The first problems of each invalid grid, worded as `mixmo check` words them but
        with places a player finds on the board (:mod:`mixmo.tui.call_reasons`)."""
        from mixmo.tui.call_reasons import board_problems

        game = self.app.table
        round_ = game.round
        reasons: dict[int, list[str]] = {}
        for sheet in scored.scores:
            player = round_.player(sheet.seat)
            if sheet.valid or sheet.seat in round_.final_penalties:
                continue
            problems = board_problems(  # places as the board shows them
                player.grid,
                game.lexicon,
                game.variant,
                theme=round_.theme if game.variant.themes else None,
                theme_words=round_.accepted.get(sheet.seat, ()),
            )
            reasons[sheet.seat] = problems[:2] or (["empty grid"] if not len(player.grid) else [])
        return reasons

    def _after_match(self, again: object) -> None:
        if not again:
            if self.app.unrecorded:  # records the disk refused: said again in the shell
                from rich.text import Text

                self.app.exit(return_code=1, message=Text("\n".join(self.app.unrecorded)))
            else:
                self.app.exit()
            return
        table = rematching(self.app.table)
        if table is None:  # a table that cannot play again
            self.app.exit()
            return
        again_table = table.rematch()
        if again_table is self.app.table:  # a server's room: its new match comes when it starts
            self._rematch_asked = True
            self.app.announce(_("a new match starts when the host or every player asks"))
            return
        self.app.start_match(again_table)
