"""Networked play: the server, its protocol, the clients and bots over the network."""
