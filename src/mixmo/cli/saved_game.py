"""Before a new `mixmo play`: never overwrite an unfinished saved game without asking.

When the autosave holds a match that is not over, the player chooses: resume
it, start anew (the old save is kept beside it as a backup, and a backup kept
before under a dated name; only the newest :data:`DATED_BACKUPS` dated ones stay,
so restarts do not pile them up), or quit (nothing is touched). A finished match,
or one where nobody has moved yet, is simply replaced: there is nothing to lose. A
save that cannot be read is never deleted: starting anew keeps it as the backup.
"""

from __future__ import annotations

import os
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from mixmo.cli.common import fail
from mixmo.engine.game import Game
from mixmo.engine.save import GameFileError, LoadedGame
from mixmo.engine.state import Phase
from mixmo.i18n import _, ngettext
from mixmo.i18n.messages import say
from mixmo.i18n.outside import harmless

RESUME, NEW, QUIT = "r", "n", "q"

DATED_BACKUPS = 2
"""Dated backups kept beside ``autosave.previous.json`` (older ones are removed)."""


def backup_path(path: Path) -> Path:
    """Where a replaced save is kept: ``autosave.previous.json`` beside ``autosave.json``."""
    return path.with_name(f"{path.stem}.previous{path.suffix}")


@dataclass(frozen=True, slots=True)
class SavedGameFound:
    """What the autosave holds: a game still in play, or a file that cannot be resumed."""

    game: Game | None
    problem: str | None = None
    saved: LoadedGame | None = None
    """The game with its bots, when it can be resumed."""


def unfinished_save(path: Path) -> SavedGameFound | None:
    """The unfinished game saved at ``path``; None when there is none (or it is over)."""
    from mixmo.data.storage import load_saved

    if not path.exists():
        return None
    try:
        saved = load_saved(path)
    except GameFileError as error:
        return SavedGameFound(None, say(error))
    if saved.game.phase is Phase.MATCH_OVER or not saved.game.log:
        return None  # over, or never played: nothing a new game would lose
    return SavedGameFound(saved.game, saved=saved)


def describe(game: Game) -> str:
    """One line on a saved match: round, names and scores, and its actions."""
    scores = ", ".join(
        f"{name} {total}"
        for name, total in zip(game.options.players, game.state.totals, strict=True)
    )
    moves = ngettext("{count} move", "{count} moves", len(game.log)).format(count=len(game.log))
    return _("round {number}, {scores} ({moves})").format(
        number=game.round.number,
        scores=harmless(scores),
        moves=moves,  # names from a file
    )


@dataclass(frozen=True, slots=True)
class Answer:
    """What the player chose: the game to resume, or a new game (``unsaved`` says why the new
    game cannot be saved, when the old save could not be moved aside)."""

    resume: LoadedGame | None = None
    unsaved: str | None = None


def dated_path(backup: Path) -> Path:
    """Where the game kept in ``backup`` goes when a newer one is kept: its name dated by
    when it was kept (``autosave.previous.2026-11-30-1847.json``), never over another."""
    stamp = datetime.fromtimestamp(backup.stat().st_mtime).strftime("%Y-%m-%d-%H%M")
    candidate = backup.with_name(f"{backup.stem}.{stamp}{backup.suffix}")
    number = 2
    while candidate.exists():
        candidate = backup.with_name(f"{backup.stem}.{stamp}-{number}{backup.suffix}")
        number += 1
    return candidate


def kept_note(backup: Path) -> str:
    """How starting anew keeps the old game, and the one kept before it, in the question."""
    if backup.exists():
        return _("the old one is kept as {backup}, the game kept there before as {dated}").format(
            backup=backup.name, dated=dated_path(backup).name
        )
    return _("the old one is kept as {backup}").format(backup=backup.name)


def claim_save(path: Path) -> None:
    """Hold the save at ``path`` for this `mixmo play`, or stop (one line, exit 2) when
    another one holds it: two games writing one file would each overwrite the other's."""
    from mixmo.data.storage import hold_save

    holder = hold_save(path)
    if holder is None:
        return
    if holder:
        message = _(
            "another mixmo play is running with this save (pid {pid}, {path}): quit it first, "
            "or play a separate game with MIXMO_DATA_DIR set to another folder"
        )
    else:
        message = _(
            "another mixmo play is running with this save ({path}): quit it first, "
            "or play a separate game with MIXMO_DATA_DIR set to another folder"
        )
    fail(message.format(pid=holder, path=path))


def ask_about_saved_game(path: Path) -> Answer:
    """Ask what to do with an unfinished saved game: resume it (with its bots) or start anew.

    Quitting exits at once, leaving the save as it was. Starting anew keeps the old save
    as ``autosave.previous.json`` and a game kept there before under a dated name: no kept
    game is ever deleted. When the old save cannot be moved aside (a read-only folder), the
    new game is played without saving, and the old save is left as it was.
    """
    found = unfinished_save(path)
    if found is None:
        return Answer()
    import click

    backup = backup_path(path)
    if found.game is not None:
        click.echo(_("An unfinished game is saved: {game}.").format(game=describe(found.game)))
        choices = [RESUME, NEW, QUIT]
        question = _("[r] resume it, [n] start a new game ({kept}), [q] quit").format(
            kept=kept_note(backup)
        )
    else:
        click.echo(
            _("A saved game cannot be resumed: {problem}").format(
                problem=harmless(found.problem or "")
            )
        )
        choices = [NEW, QUIT]
        question = _("[n] start a new game ({kept}), [q] quit").format(kept=kept_note(backup))
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
        return Answer(resume=found.saved)
    try:
        keep(path, backup)
    except OSError as error:
        from mixmo.data.storage import why_not_written

        unsaved = _(
            "The data folder {folder} cannot be written ({reason}): this new game is not "
            "saved, and the saved game is left as it was."
        ).format(folder=path.parent, reason=why_not_written(error))
        click.echo(unsaved)
        return Answer(unsaved=unsaved)
    click.echo(_("The old game is kept as {backup}.").format(backup=backup))
    return Answer()


def keep(path: Path, backup: Path) -> None:
    """Move the save at ``path`` (and its view) to ``backup``, the game kept there before to
    its dated name; an OSError leaves the save where it was."""
    from mixmo.tui.view_state import view_path

    if backup.exists():
        dated = dated_path(backup)
        os.replace(backup, dated)
        if view_path(backup).exists():
            with suppress(OSError):  # the view is a comfort, not the game
                os.replace(view_path(backup), view_path(dated))
        prune_dated(backup)
    os.replace(path, backup)
    if view_path(path).exists():
        with suppress(OSError):
            os.replace(view_path(path), view_path(backup))


def prune_dated(backup: Path) -> None:
    """Remove the dated backups of ``backup`` (and their views) beyond the newest
    :data:`DATED_BACKUPS`: a backup is there for the last games, not for every restart."""
    from mixmo.tui.view_state import view_path

    pattern = f"{backup.stem}.[0-9]*{backup.suffix}"
    dated = [p for p in backup.parent.glob(pattern) if not p.name.endswith(".view.json")]
    dated.sort(key=lambda p: (p.stat().st_mtime, p.name), reverse=True)
    for old in dated[DATED_BACKUPS:]:
        with suppress(OSError):  # a file that will not go is no reason to stop a game
            old.unlink()
            view_path(old).unlink(missing_ok=True)
