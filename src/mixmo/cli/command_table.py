"""The ``mixmo`` commands: each one's module, function and one-line help, and the
group's own help texts.

Read by the click group (:mod:`mixmo.cli.group`): its lazy subcommands, and the
list its help shows without importing any command.
"""

from __future__ import annotations

from mixmo.i18n import N_

#: name -> (module, function, one-line help), in the order ``--help`` lists them.
COMMANDS: dict[str, tuple[str, str, str]] = {
    "tutorial": ("mixmo.cli.tutorial", "tutorial", N_("Learn to play, one lesson at a time.")),
    "rules": ("mixmo.cli.rules", "rules", N_("The rules of Mixmo, as this program plays them.")),
    "play": ("mixmo.cli.play", "play", N_("Play Mixmo: 2 to 6 players at one keyboard.")),
    "practice": (
        "mixmo.cli.practice",
        "practice",
        N_("Practice alone against the clock, with hints."),
    ),
    "check": (
        "mixmo.cli.check",
        "check",
        N_("Check a grid: its words, jokers, problems and score."),
    ),
    "word": ("mixmo.cli.word", "word", N_("Settle a dispute: is each word in the dictionary?")),
    "solve": ("mixmo.cli.solve", "solve", N_("Complete a rack into a valid grid.")),
    "stats": (
        "mixmo.cli.stats",
        "stats",
        N_("Personal bests, recent results and progress over time."),
    ),
    "serve": (
        "mixmo.cli.serve",
        "serve",
        N_("Run a game server: every player on their own keyboard."),
    ),
    "join": (
        "mixmo.cli.join",
        "join",
        N_("Join a room of a mixmo server (or open one with --new)."),
    ),
    "rooms": ("mixmo.cli.rooms", "rooms", N_("List a server's open rooms.")),
    "replay": (
        "mixmo.cli.replay",
        "replay",
        N_("Step through a finished match: a server's archive or a saved game."),
    ),
    "top": ("mixmo.cli.top", "top", N_("A server's best rated players.")),
    "account": (
        "mixmo.cli.account",
        "account",
        N_("Your name of your own on a server; the operator's bans."),
    ),
    "web": ("mixmo.cli.web", "web", N_("Let players join a room from a web browser.")),
    "mixup": (
        "mixmo.cli.mixup",
        "mixup",
        N_("Play MixUp: colours against shapes, 2 players or vs the computer."),
    ),
}

GROUP_HELP = N_("Mixmo, the word-race tile game, in the terminal.")
VERSION_HELP = N_("Show the version and exit.")
UI_HELP = N_("Language of the interface (default: your locale).")
UI_LANGUAGES = ("en", "fr")
"""``--ui``'s choices (kept equal to :data:`mixmo.i18n.UI_LANGUAGES` by a test)."""
