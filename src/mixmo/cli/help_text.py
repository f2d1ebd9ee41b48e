"""``mixmo --help`` without click: the group's help, laid out as click lays it out.

Importing click is about half of what ``mixmo --help`` costs (the interpreter
and the catalogues are the rest), and the group's help is always the same
few lines: a usage line, a sentence, the options and the commands. This
module writes them as click's ``HelpFormatter`` does (width from the
terminal, at most 78 columns and at least 50, definition lists with a first
column of at most 30, text wrapped by ``textwrap``), in the interface
language: click's own words (``Usage:``, ``Show this message and exit.``) are
read from the same catalogue click reads them from. A test renders the help
both ways in English and French at many widths and holds them equal.
"""

from __future__ import annotations

import gettext
import sys
import textwrap

from mixmo.cli.command_table import COMMANDS, GROUP_HELP, UI_HELP, UI_LANGUAGES, VERSION_HELP
from mixmo.i18n import _

USAGE_ARGS = "[OPTIONS] COMMAND [ARGS]..."
HELP_OPTIONS = "-h, --help"
FIRST_COLUMN_MAX, COLUMN_SPACING, INDENT = 30, 2, 2


def help_width() -> int:
    """click's help width: the terminal's, at most 80 - 2 and at least 50."""
    import shutil

    return max(min(shutil.get_terminal_size().columns, 80) - 2, 50)


def group_help(width: int) -> str:
    """The text click's ``mixmo --help`` prints, without its final newline."""
    click_ = gettext.gettext  # click's words come from the global domain, set to mixmo's
    prefix = f"{click_('Usage:')} mixmo "
    if width >= len(prefix) + 20:
        usage = _wrap(USAGE_ARGS, width, prefix, " " * len(prefix))
    else:  # (never: the width is at least 50; click's layout, for completeness)
        indent = " " * (len(click_("Usage:")) + 1 + 4)
        usage = prefix + "\n" + _wrap(USAGE_ARGS, width, indent, indent)
    out = [usage, "\n", "\n"]
    indent = " " * INDENT
    out += [_wrap(_(GROUP_HELP), width, indent, indent), "\n"]
    options = [
        ("--version", _(VERSION_HELP)),
        (f"--ui [{'|'.join(UI_LANGUAGES)}]", _(UI_HELP)),
        (HELP_OPTIONS, click_("Show this message and exit.")),
    ]
    commands = [(name, _(short_help)) for name, (_m, _f, short_help) in COMMANDS.items()]
    for heading, rows in ((_("Options"), options), (_("Commands"), commands)):
        out += ["\n", f"{heading}:\n", *_definition_list(rows, width)]
    return "".join(out).rstrip("\n")


def _wrap(text: str, width: int, first: str, later: str) -> str:
    """click's ``wrap_text`` for one paragraph (tabs expanded, whitespace kept)."""
    wrapper = textwrap.TextWrapper(
        width, initial_indent=first, subsequent_indent=later, replace_whitespace=False
    )
    return wrapper.fill(" ".join(line.strip() for line in text.expandtabs().splitlines()))


def _definition_list(rows: list[tuple[str, str]], width: int) -> list[str]:
    """click's ``HelpFormatter.write_dl`` at one level of indentation."""
    first_col = min(max(len(term) for term, _text in rows), FIRST_COLUMN_MAX) + COLUMN_SPACING
    out = []
    for term, text in rows:
        out.append(" " * INDENT + term)
        if not text:
            out.append("\n")
            continue
        if len(term) <= first_col - COLUMN_SPACING:
            out.append(" " * (first_col - len(term)))
        else:
            out.append("\n" + " " * (first_col + INDENT))
        lines = _wrap(text, max(width - first_col - 2, 10), "", "").splitlines()
        out.append(lines[0] + "\n")
        out += [" " * (first_col + INDENT) + line + "\n" for line in lines[1:]]
    return out


def show_group_help(exit_code: int) -> None:
    """Print the group's help and exit with ``exit_code``; return (print nothing)
    when standard output is not UTF-8 text, where click's echo has its own ways."""
    stream = sys.stdout
    encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "").replace("_", "")
    if stream is None or encoding != "utf8":
        return
    try:
        stream.write(group_help(help_width()) + "\n")
        stream.flush()
    except BrokenPipeError:
        sys.exit(0)
    sys.exit(exit_code)
