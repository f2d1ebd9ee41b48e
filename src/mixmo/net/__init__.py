"""Networked play: a game server, its protocol, and the clients (people and bots).

``protocol`` is plain data; ``views`` says what each seat may see; ``rooms``
and ``store`` hold the server's authority and its log; ``server`` and
``client`` speak WebSockets; ``table`` is the one interface a game screen
needs, local or remote; ``botrunner`` and ``botclient`` play seats with bots.
"""
