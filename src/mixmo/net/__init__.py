"""Networked play: a game server, its protocol, and the clients (people and bots).

``protocol`` is plain data; ``views`` says what each seat may see; ``rooms``
and ``store`` hold the server's authority and its log; ``server`` and
``client`` speak WebSockets; ``remote_table`` adapts a server's seat to the
session layer's table interface (:mod:`mixmo.session.table`), and ``table`` one
seat of a local game as a server would show it; ``botrunner`` and ``botclient``
play seats with the session's bot runner.
"""
