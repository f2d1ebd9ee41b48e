"""The sentences of MixUp's screen that name a player, worded for who the player is.

A name cannot simply be put where a name goes in one sentence for everyone: in French
"À Vous (couleur) de jouer" and "Vous a lâché" read wrong. So each such sentence
has one message per kind of player: *you* (the person playing the computer), *the
computer*, a player *named* with ``--names``, and a player known only by their *side*
(two players without names). Every language then words each its own way: "À vous de
jouer (couleur)", "À l'ordinateur de jouer (forme)", "À Ann de jouer (couleur)", "Au
joueur couleur de jouer". Mixmo's news does the same for practice's "You"
(``mixmo.tui.news.is_you``); MixUp keeps its own, as it shares no module with Mixmo's.

The default names are saved untranslated (``YOU``, ``COMPUTER``, ``Colour``, ``Shape``),
so a game saved in one language reads right in the other; an older save holding a
translated default ("Vous", "Ordinateur", "Couleur") is still recognised in that language.
"""

from __future__ import annotations

from enum import Enum

from mixmo.i18n import N_, _
from mixmo.i18n.mixup import title, words
from mixmo.mixup.pieces import Side
from mixmo.mixup.save import Seating

YOU = N_("You")
"""The default name of the person playing the computer (saved as it is here)."""
COMPUTER = N_("Computer")
"""The computer's default name (saved as it is here)."""


class Person(Enum):
    """Who a player is, for the sentences that name them."""

    YOU = "you"
    COMPUTER = "computer"
    NAMED = "named"
    SIDE = "side"


def default_name(side: Side) -> str:
    """``Colour`` or ``Shape``: a player's name when two players give none (saved as is)."""
    return side.value.title()


def players_line(seating: Seating) -> str:
    """Who plays which side: "Colour: Ann   Shape: Computer". Two players known only by
    their sides are not named twice ("Colour: Colour"): "Colour against Shape"."""
    if all(person(seating, side) is Person.SIDE for side in (Side.COLOUR, Side.SHAPE)):
        return _("Colour against Shape")
    return _("Colour: {colour}   Shape: {shape}").format(
        colour=display_name(seating, Side.COLOUR), shape=display_name(seating, Side.SHAPE)
    )


def person(seating: Seating, side: Side) -> Person:
    """Which kind of player sits on ``side``, from the name the seating gives it."""
    name = seating.name(side)
    if name in (YOU, _(YOU)):
        return Person.YOU
    if name in (COMPUTER, _(COMPUTER)):
        return Person.COMPUTER
    if name in (default_name(side), title(side)):
        return Person.SIDE
    return Person.NAMED


def display_name(seating: Seating, side: Side) -> str:
    """The player's name in the interface language (a default name is translated)."""
    kind = person(seating, side)
    if kind is Person.YOU:
        return _(YOU)
    if kind is Person.COMPUTER:
        return _(COMPUTER)
    if kind is Person.SIDE:
        return title(side)
    return seating.name(side)


def who(seating: Seating, side: Side) -> str:
    """The player in a sentence worded alike for everyone ("Ann (colour): ..."): the name
    and the side, or the side alone when it is the player's only name."""
    if person(seating, side) is Person.SIDE:
        return title(side)
    return _("{name} ({side})").format(name=display_name(seating, side), side=words(side))


Messages = dict[Person, str]
"""One message per kind of player (msgids, translated when said)."""

TO_MOVE: Messages = {
    Person.YOU: N_("You ({side}) to move"),
    Person.COMPUTER: N_("Computer ({side}) to move"),
    Person.NAMED: N_("{name} ({side}) to move"),
    Person.SIDE: N_("{side} to move"),
}
THINKING: Messages = {
    **TO_MOVE,
    Person.COMPUTER: N_("Computer ({side}) to move: the computer is thinking…"),
}
TO_MOVE_BUT: Messages = {  # the rule's restriction inside the side's brackets: one sentence
    Person.YOU: N_("You ({side}, any shape but {shape}) to move"),
    Person.COMPUTER: N_("Computer ({side}, any shape but {shape}) to move"),
    Person.NAMED: N_("{name} ({side}, any shape but {shape}) to move"),
    Person.SIDE: N_("{side} to move (any shape but {shape})"),
}
THINKING_BUT: Messages = {
    **TO_MOVE_BUT,
    Person.COMPUTER: N_(
        "Computer ({side}, any shape but {shape}) to move: the computer is thinking…"
    ),
}
WON: Messages = {
    Person.YOU: N_("You ({side}) win! N starts a new game."),
    Person.COMPUTER: N_("The computer ({side}) wins! N starts a new game."),
    Person.NAMED: N_("{name} ({side}) wins! N starts a new game."),
    Person.SIDE: N_("{side} wins! N starts a new game."),
}
DROPPED: Messages = {
    Person.YOU: N_("You ({side}) dropped {piece} ({words}) into column {column}, row {row}."),
    Person.COMPUTER: N_(
        "The computer ({side}) dropped {piece} ({words}) into column {column}, row {row}."
    ),
    Person.NAMED: N_("{name} ({side}) dropped {piece} ({words}) into column {column}, row {row}."),
    Person.SIDE: N_("{side} dropped {piece} ({words}) into column {column}, row {row}."),
}
WINS_WITH: Messages = {
    Person.YOU: N_("You ({side}) win with {cells}!"),
    Person.COMPUTER: N_("The computer ({side}) wins with {cells}!"),
    Person.NAMED: N_("{name} ({side}) wins with {cells}!"),
    Person.SIDE: N_("{side} wins with {cells}!"),
}
RESUMED: Messages = {
    Person.YOU: N_("Resumed: you ({side}) played {piece} last."),
    Person.COMPUTER: N_("Resumed: the computer ({side}) played {piece} last."),
    Person.NAMED: N_("Resumed: {name} ({side}) played {piece} last."),
    Person.SIDE: N_("Resumed: {side} played {piece} last."),
}


def sentence(messages: Messages, seating: Seating, side: Side, **values: object) -> str:
    """``messages`` said of the player on ``side``, with ``values`` filled in."""
    text = _(messages[person(seating, side)]).format(
        name=display_name(seating, side), side=words(side), **values
    )
    return text[:1].upper() + text[1:]  # "colour wins!" starts a line: "Colour wins!"


def turn(seating: Seating, side: Side, *, thinking: bool, forbidden: str | None = None) -> str:
    """Whose turn it is ("À vous de jouer (couleur)"), and that the computer thinks.

    ``forbidden``: the shape the move may not have (the shape player's first move), said
    in the same brackets as the side, "À vous de jouer (forme, toute forme sauf lune)",
    not in a second pair after them."""
    to_move, thinks = (TO_MOVE, THINKING) if forbidden is None else (TO_MOVE_BUT, THINKING_BUT)
    values = {} if forbidden is None else {"shape": forbidden}
    if not thinking:
        return sentence(to_move, seating, side, **values)
    if person(seating, side) is Person.COMPUTER:
        return sentence(thinks, seating, side, **values)
    return sentence(to_move, seating, side, **values) + _(": the computer is thinking…")
