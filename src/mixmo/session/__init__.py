"""The session layer: a match as a screen or a bot plays it, local or remote.

Between the rules engine and its users (the terminal interface, the server, the
bots): :mod:`mixmo.session.table` is the one interface a player's side needs (the
state as a seat may see it, ``submit``, ``subscribe``, and what the table can do);
:mod:`mixmo.session.core` is the match every table over a game in this process
plays (a local table's, a server room's: the game on its clock);
:mod:`mixmo.session.local` plays it on a game in this process (hot-seat play);
:mod:`mixmo.session.bots` runs bot seats over any table. Nothing here knows about
sockets: ``mixmo.net`` adapts the same interface to a server (the remote table) and
to one seat of a room, and hot-seat play imports nothing from it.
"""
