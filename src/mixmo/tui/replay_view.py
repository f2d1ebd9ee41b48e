"""What a replay shows at one step, in the player's words: the step's line, each
player's points, grid and rack, and at a MIXMO the solver's grid. `mixmo replay --at N`
prints it and the replay screen draws it, so both say the same."""

from __future__ import annotations

from dataclasses import dataclass

from mixmo.engine.actions import Action, CallMixmo
from mixmo.engine.game import Game
from mixmo.engine.grid import Grid
from mixmo.engine.replay import Replay, solver_grid
from mixmo.i18n import _


@dataclass(frozen=True, slots=True)
class Step:
    """The match after action ``step`` of ``total`` (0: as dealt): the game then, and the
    action that led there."""

    game: Game
    action: Action | None
    step: int
    total: int

    @property
    def is_mixmo(self) -> bool:
        return isinstance(self.action, CallMixmo)


@dataclass(frozen=True, slots=True)
class PlayerBlock:
    title: str
    grid: str
    rack: str


def step_of(found: Replay, step: int) -> Step:
    """The match after its first ``step`` actions (GameRuleError: the log diverges from
    the rules here, as with a word list that changed since)."""
    return looked_at(found, step, solver=False)[0]


def looked_at(found: Replay, step: int, *, solver: bool) -> tuple[Step, tuple[Grid, bool] | None]:
    """The match after its first ``step`` actions and, with ``solver`` at a MIXMO, the grid
    the solver builds from the caller's tiles just before the call (and whether it
    placed them all): one replay of the log for both."""
    game = found.game_after(step - 1 if step else 0)
    action = found.actions[step - 1] if step else None
    suggestion = None
    if solver and isinstance(action, CallMixmo):
        suggestion = solver_grid(game, action.seat)
    if action is not None:
        game.apply(action)
    return Step(game, action, step, len(found.actions)), suggestion


def step_line(step: Step) -> str:
    if step.action is None:
        return _("As dealt ({total} actions follow)").format(total=step.total)
    return _("After action {step} of {total}: {kind} by {player}").format(
        step=step.step,
        total=step.total,
        kind=step.action.kind,
        player=step.game.name(step.action.seat),
    )


def player_blocks(game: Game) -> list[PlayerBlock]:
    """Each player's title (place in the seats, name, points), grid and rack."""
    blocks = []
    for seat, player in enumerate(game.round.players):
        points = _("{points} points").format(points=game.state.totals[seat])
        grid = player.grid.to_text().rstrip("\n")
        rack = " ".join(tile.symbol for tile in player.rack)
        blocks.append(
            PlayerBlock(
                title=f"{seat + 1}. {player.name} · {points}",
                grid=grid or _("(no tile placed)"),
                rack=_("Rack: {tiles}").format(tiles=rack or _("empty")),
            )
        )
    return blocks


def solver_heading(step: Step, whole: bool) -> str:
    assert step.action is not None
    said = (
        _("The solver, with {player}'s tiles:")
        if whole
        else _("The solver, with {player}'s tiles (not all placed):")
    )
    return said.format(player=step.game.name(step.action.seat))
