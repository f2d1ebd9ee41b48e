"""Before a new `mixmo play`: never overwrite an unfinished saved game without asking.

When the autosave holds a match that is not over, the player chooses: resume
it, start anew (the old save is kept beside it as a backup), or quit (nothing
is touched). A finished match is simply replaced. A save that cannot be read
is never deleted either: starting anew keeps it as the backup.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import click

from mixmo.cli.common import fail
from mixmo.engine.game import Game
from mixmo.engine.save import GameFileError, LoadedGame
from mixmo.engine.state import Phase
from mixmo.i18n import _, ngettext

RESUME, NEW, QUIT = "r", "n", "q"


def backup_path(path: Path) -> Path:
    """Where a replaced save is kept: ``autosave.previous.json`` beside ``autosave.json``."""
    return path.with_name(f"{path.stem}.previous{path.suffix}")


@dataclass(frozen=True)
class SavedGameFound:
    """What the autosave holds: a game still in play, or a file that cannot be resumed."""

    game: Game | None
    problem: str | None = None
    saved: LoadedGame | None = None
    """The game with its bots, when it can be resumed."""


def unfinished_save(path: Path) -> SavedGameFound | None:
    """The unfinished game saved at ``path``; None when there is none (or it is over)."""
    from mixmo.storage import load_saved

    if not path.exists():
        return None
    try:
        saved = load_saved(path)
    except GameFileError as error:
        return SavedGameFound(None, str(error))
    if saved.game.phase is Phase.MATCH_OVER:
        return None
    return SavedGameFound(saved.game, saved=saved)


def describe(game: Game) -> str:
    """One line on a saved match: round, names and scores, and its actions."""
    scores = ", ".join(
        f"{name} {total}"
        for name, total in zip(game.options.players, game.state.totals, strict=True)
    )
    moves = ngettext("{count} move", "{count} moves", len(game.log)).format(count=len(game.log))
    return _("round {number}, {scores} ({moves})").format(
        number=game.round.number, scores=scores, moves=moves
    )


def ask_about_saved_game(path: Path) -> LoadedGame | None:
    """Ask what to do with an unfinished saved game; the game to resume (with its bots),
    or None to start anew.

    Quitting exits at once, leaving the save as it was.
    """
    found = unfinished_save(path)
    if found is None:
        return None
    backup = backup_path(path)
    if found.game is not None:
        click.echo(_("An unfinished game is saved: {game}.").format(game=describe(found.game)))
        choices = [RESUME, NEW, QUIT]
        question = _(
            "[r] resume it, [n] start a new game (the old one is kept as {backup}), [q] quit"
        ).format(backup=backup.name)
    else:
        click.echo(_("A saved game cannot be resumed: {problem}").format(problem=found.problem))
        choices = [NEW, QUIT]
        question = _("[n] start a new game (the old file is kept as {backup}), [q] quit").format(
            backup=backup.name
        )
    try:
        answer = click.prompt(
            question,
            type=click.Choice(choices, case_sensitive=False),
            default=choices[0],
            show_choices=False,
        )
    except click.Abort:
        fail(_("no answer: the saved game is left as it was"))
    answer = answer.lower()
    if answer == QUIT:
        click.echo(
            _(
                "The saved game is left as it was: `mixmo play --resume` picks it up ({path})."
            ).format(path=path)
        )
        raise SystemExit(0)
    if answer == RESUME:
        return found.saved
    from mixmo.tui.view_state import view_path

    try:
        os.replace(path, backup)
        if view_path(path).exists():
            os.replace(view_path(path), view_path(backup))
    except OSError as error:
        fail(
            _("cannot keep the old save as {backup} ({error}); it is left as it was").format(
                backup=backup, error=error
            )
        )
    click.echo(_("The old game is kept as {backup}.").format(backup=backup))
    return None
