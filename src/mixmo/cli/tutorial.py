"""`mixmo tutorial`: learn the rules by playing them, one lesson at a time."""

from __future__ import annotations

from pathlib import Path

import click

from mixmo.cli.common import LANGUAGES, fail, load_lexicon
from mixmo.cli.options import TranslatedCommand, light_option
from mixmo.i18n import N_, _


@click.command(
    cls=TranslatedCommand,
    name="tutorial",
    short_help=N_("Learn to play, one lesson at a time."),
    help=N_(
        """Learn Mixmo on the real board: placing tiles, MIXMO, a hasty call,
    jokers, the Bandit, scoring, the Expert variant, being stuck, MIXMO at
    the same time, a hint's cost, the final MIXMO with its -20 and the
    Expert final sprint. Each lesson is judged by the rules engine; what you
    learnt is kept, for each language, so `mixmo tutorial` picks up where
    you stopped."""
    ),
)
@click.option(
    "--lang",
    type=click.Choice(LANGUAGES),
    default=None,
    help=N_("Language of the lessons: their words and, unless --ui says otherwise, the screen."),
)
@click.option(
    "--lesson",
    type=click.IntRange(1, 13),
    default=None,
    help=N_("Start at this lesson (1-13) instead of the first one not yet learnt."),
)
@click.option(
    "--restart",
    is_flag=True,
    help=N_("Forget the lessons learnt in this language and start again."),
)
@light_option
def tutorial(lang: str | None, lesson: int | None, restart: bool, light: bool) -> None:
    """`mixmo tutorial`: the lessons (its help text is above, translated)."""
    from mixmo.data.storage import data_dir
    from mixmo.i18n import set_ui_language, ui_language
    from mixmo.tui.lessons import LESSONS, Progress, ProgressError, load_progress
    from mixmo.tui.tutorial import TutorialApp

    root = click.get_current_context().find_root()
    if (
        lang is not None
        and root.get_parameter_source("ui") is not click.core.ParameterSource.COMMANDLINE
    ):
        set_ui_language(lang)
    language = lang or ui_language()
    path = progress_path(data_dir(), language)
    if restart:
        progress = Progress()
    else:
        try:
            progress = load_progress(path)
        except ProgressError as error:
            fail(_("{error} (--restart starts the tutorial afresh)").format(error=error))
    if lesson is None and progress.next_lesson is None:
        click.echo(
            _(
                "You have learnt all {count} lessons. `mixmo tutorial --lesson N` plays one "
                "again; --restart starts afresh."
            ).format(count=len(LESSONS))
        )
        return
    from mixmo.cli.terminal import require_terminal

    require_terminal("mixmo tutorial")
    if restart:
        forget_progress(path)
    app = TutorialApp(
        load_lexicon(None, language),
        language,
        progress_path=path,
        progress=progress,
        lesson=lesson - 1 if lesson is not None else None,
        light=light,
    )
    app.run()


def progress_path(data: Path, language: str) -> Path:
    """Where the tutorial in ``language`` keeps its progress: one file per language, so
    that lessons learnt in English leave the French ones to learn. The one file of
    earlier versions, ``tutorial.json``, was the English tutorial's (the default)."""
    path = data / f"tutorial-{language}.json"
    legacy = data / "tutorial.json"
    if language == "en" and not path.exists() and legacy.exists():
        return legacy
    return path


def forget_progress(path: Path) -> None:
    """``--restart``: this language's lessons are to learn again, even if the learner
    leaves before learning one (the other languages' progress stays)."""
    from contextlib import suppress

    from mixmo.data.storage import atomic_write_text
    from mixmo.tui.lessons import Progress

    with suppress(OSError):  # the tutorial says so at its start: its own check of the folder
        atomic_write_text(path, Progress().to_json(), durable=False)
