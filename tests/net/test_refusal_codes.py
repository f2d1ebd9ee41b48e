"""Refusals on the wire: the engine's code and fields, never a sentence, so a server speaks
the same whatever its locale and each client says it in its player's language; and what a
wrong MIXMO tells the other seats: how many tiles were left, never which."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect

from mixmo.i18n import restore_ui_language, set_ui_language
from mixmo.i18n.messages import say
from mixmo.net.protocol import SERVER_MESSAGE, ErrorMessage
from mixmo.tui.news import refusal_text
from tests.net.helpers import TIMEOUT, rack_of, running_server, two_seated
from tests.ports import free_port


def _serve(data: Path, lang: str) -> tuple[subprocess.Popen[str], str]:
    """``mixmo serve`` in a process of its own, under the locale ``lang``."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env["LANG"] = lang
    server = subprocess.Popen(
        [sys.executable, "-m", "mixmo", "serve", "--port", str(port), "--data", str(data)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env,
    )  # fmt: skip
    assert server.stdout is not None
    assert server.stdout.readline().strip() == f"mixmo server on ws://127.0.0.1:{port}"
    return server, f"ws://127.0.0.1:{port}"


async def _send(ws: ClientConnection, message: dict[str, Any]) -> None:
    await ws.send(json.dumps({"v": 1, **message}))


async def _until(ws: ClientConnection, kind: str) -> str:
    """The raw text of the next frame of type ``kind``."""
    async with asyncio.timeout(TIMEOUT):
        while True:
            frame = await ws.recv()
            assert isinstance(frame, str)
            if json.loads(frame)["type"] == kind:
                return frame


async def _refusals(url: str) -> list[str]:
    """The frames of three refused actions in a two-player room of seed 7: a tile not on
    the rack, the next round before this one is scored, a tile placed once locked."""
    async with connect(url) as ann, connect(url) as bob:
        await _send(ann, {"type": "create", "settings": {"players": 2, "seed": 7}})
        room = json.loads(await _until(ann, "created"))["room"]
        await _send(ann, {"type": "join", "room": room, "name": "Ann"})
        await _until(ann, "welcome")
        await _send(bob, {"type": "join", "room": room, "name": "Bob"})
        rack = rack_of(json.loads(await _until(ann, "snapshot")), 0)
        missing = next(letter for letter in "ZQXJKWVYBCFGHMP" if letter not in rack)
        place = {"kind": "place", "seat": 0, "row": 0, "col": 0, "symbol": missing}
        frames = []
        await _send(ann, {"type": "action", "ref": 1, "action": place})
        frames.append(await _until(ann, "error"))
        await _send(ann, {"type": "action", "ref": 2, "action": {"kind": "next-round", "seat": 0}})
        frames.append(await _until(ann, "error"))
        await _send(ann, {"type": "action", "ref": 3, "action": {"kind": "mixmo", "seat": 0}})
        await _until(ann, "events")  # a hasty call: Ann is locked
        place = {**place, "symbol": rack[0]}
        await _send(ann, {"type": "action", "ref": 4, "action": place})
        frames.append(await _until(ann, "error"))
        return frames


async def _server_refusals(url: str) -> tuple[list[str], str]:
    """The frames of the server's own refusals (no rule of the game involved): an unknown room
    code, a started room's every seat taken, an action for another seat, a second seat for
    one connection, a wrong seat token, a frame that is not JSON, one of another protocol
    version and a binary one; and the code of the started room."""
    async with connect(url) as ann, connect(url) as bob, connect(url) as cid:
        frames = []
        await _send(cid, {"type": "join", "room": "ACDEFG", "name": "Cid"})
        frames.append(await _until(cid, "error"))
        await _send(ann, {"type": "create", "settings": {"players": 2, "seed": 7}})
        room = json.loads(await _until(ann, "created"))["room"]
        await _send(ann, {"type": "join", "room": room, "name": "Ann"})
        await _until(ann, "welcome")
        await _send(bob, {"type": "join", "room": room, "name": "Bob"})
        await _until(ann, "snapshot")
        await _send(cid, {"type": "join", "room": room, "name": "Cid"})
        frames.append(await _until(cid, "error"))
        action = {"kind": "next-round", "seat": 1}
        await _send(ann, {"type": "action", "ref": 1, "action": action})
        frames.append(await _until(ann, "error"))
        await _send(ann, {"type": "join", "room": room, "name": "Ann"})
        frames.append(await _until(ann, "error"))
        await _send(cid, {"type": "reconnect", "room": room, "seat": 0, "token": "0" * 32})
        frames.append(await _until(cid, "error"))
        await cid.send("nonsense")
        frames.append(await _until(cid, "error"))
        await cid.send(json.dumps({"v": 2, "type": "watch", "room": room}))
        frames.append(await _until(cid, "error"))
        await cid.send(b"\x00")
        frames.append(await _until(cid, "error"))
        return frames, room


SERVER_REFUSALS = [
    ("unknown-room", {}, "aucune salle avec ce code sur ce serveur"),
    ("already-started", {"reason": {"code": "started-seats-taken", "fields": {}}},
     "la partie a commencé : toutes les places sont prises"),
    ("not-your-seat", {"seat": 0, "action_seat": 1},
     "la place 0 ne peut pas jouer pour la place 1"),
    ("refused", {"reason": {"code": "seat-held", "fields": {}}},
     "cette connexion occupe déjà une place"),
    ("bad-token", {"reason": {"code": "token-not-seat", "fields": {}}},
     "ce jeton ne correspond pas à cette place"),
    ("bad-json", {}, "ce message n'est pas du JSON"),
    ("version", {"version": 1}, "ce serveur parle la version 1 du protocole (champ v)"),
    ("text-only", {}, "les messages sont du JSON dans des trames texte"),
]  # fmt: skip
"""Each server refusal of :func:`_server_refusals`: its code, its typed fields, and what a
French player reads."""

ENDED_ROOM_REFUSALS = [
    ("seat-taken", {}, "une autre fenêtre a pris cette place : celle-ci s'arrête (jouez dans l'autre)"),
    ("match-over", {"reason": {"code": "final-standings", "fields": {"standings": {
        "items": [{"code": "standing", "fields": {"place": 1, "name": "Ann", "count": 12}},
                  {"code": "standing", "fields": {"place": 2, "name": "Bob", "count": 1}}],
        "joined": "semicolon"}}}},
     "la partie de cette salle est terminée ; classement final : 1. Ann : 12 points ; "
     "2. Bob : 1 point"),
    ("match-over", {"reason": {"code": "room-expired", "fields": {"count": 24}}},
     "cette salle est fermée : personne n'y a été connecté depuis 24 heures"),
]  # fmt: skip
"""What a displaced window, and a finished or expired room's code, are told."""


@pytest.mark.slow
async def test_a_french_server_and_an_english_one_refuse_a_room_in_the_same_bytes(
    tmp_path: Path,
) -> None:
    """The server's own refusals (a room, a seat, a frame) are codes and fields as the
    engine's are: the same bytes whatever the server's locale, and no sentence in them; a
    French `mixmo join` says the server's refusal in French."""
    said: dict[str, list[str]] = {}
    for lang in ("fr_FR.UTF-8", "C"):
        server, url = _serve(tmp_path / lang, lang)
        try:
            said[lang], room = await _server_refusals(url)
            if lang == "C":
                joined = _french_join(f"{url}/{room}", tmp_path / "player")
        finally:
            server.terminate()
            server.wait()
    assert said["fr_FR.UTF-8"] == said["C"], "byte for byte, whatever the server's locale"
    frames = [json.loads(frame) for frame in said["C"]]
    assert [(f["code"], f["fields"]) for f in frames] == [(c, f) for c, f, _ in SERVER_REFUSALS]
    assert all(frame["message"] == "" for frame in frames), "never a sentence"
    assert joined.returncode == 2
    assert joined.stderr.endswith(
        f"{url}/{room}: la partie a commencé : toutes les places sont prises "
        "(une place ne se reprend que depuis l'ordinateur qui l'a prise, avec le même --name : "
        "sa clé est dans le seats.json de cet ordinateur)\n"
    )


def _french_join(url: str, data: Path) -> subprocess.CompletedProcess[str]:
    """`mixmo join URL --bot easy` as a French player runs it (LANG=fr_FR.UTF-8)."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(LANG="fr_FR.UTF-8", MIXMO_DATA_DIR=str(data))
    command = [sys.executable, "-m", "mixmo", "join", url, "--bot", "easy", "--name", "Cid"]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=60)


@pytest.fixture
def french() -> Iterator[None]:
    saved = set_ui_language("fr")
    yield
    restore_ui_language(saved)


@pytest.mark.slow
async def test_a_french_server_and_an_english_one_send_the_same_refusals(tmp_path: Path) -> None:
    said: dict[str, list[str]] = {}
    for lang in ("fr_FR.UTF-8", "C"):
        server, url = _serve(tmp_path / lang, lang)
        try:
            said[lang] = await _refusals(url)
        finally:
            server.terminate()
            server.wait()
    assert said["fr_FR.UTF-8"] == said["C"], "byte for byte, whatever the server's locale"
    codes = [json.loads(frame)["code"] for frame in said["C"]]
    assert codes == ["not-on-rack", "round-not-scored", "grid-locked"]
    assert all(json.loads(frame)["message"] == "" for frame in said["C"]), "never a sentence"


async def test_a_french_client_says_the_servers_refusal_in_french(french: None) -> None:
    async with running_server() as server:
        _, ann, _bob = await two_seated(server)
        rack = rack_of(ann.seen[-1], 0)
        missing = next(letter for letter in "ZQXJKWVYBCFGHMP" if letter not in rack)
        action = {"kind": "place", "seat": 0, "row": 0, "col": 0, "symbol": missing}
        await ann.ws.send(json.dumps({"v": 1, "type": "action", "ref": 1, "action": action}))
        frame = await _until(ann.ws, "error")
    refusal = SERVER_MESSAGE.validate_json(frame)
    assert isinstance(refusal, ErrorMessage)
    assert say(refusal.said()) == f"Ann n'a pas de tuile {missing} sur son chevalet"
    assert refusal_text(refusal.said()) == f"Ann n'a pas de tuile {missing} sur son chevalet"


async def test_a_hasty_call_shows_the_other_seats_how_many_tiles_never_which() -> None:
    async with running_server() as server:
        _, ann, bob = await two_seated(server)
        rack = rack_of(ann.seen[-1], 0)
        await ann.send({"type": "action", "ref": 1, "action": {"kind": "mixmo", "seat": 0}})
        own = await ann.until("events")
        seen = await bob.until("events")
        frames = [json.dumps(message) for message in [seen, *await bob.quiet()]]
    hasty = next(e for e in own["events"] if e["type"] == "HastyCall")
    assert hasty["data"]["reasons"][0] == {"code": "tiles-not-placed", "fields": {"tiles": rack}}
    told = next(e for e in seen["events"] if e["type"] == "HastyCall")
    assert told["data"]["reasons"][0] == {
        "code": "tiles-not-placed-counted",
        "fields": {"count": 6},
    }
    assert not any(rack in frame for frame in frames), "Ann's rack is hers alone"


async def test_a_wrong_final_mixmo_shows_the_other_seats_how_many_tiles_never_which() -> None:
    from mixmo.engine import events as ev
    from mixmo.engine.game_calls import TILES_NOT_PLACED
    from mixmo.engine.validation import NO_TILE
    from mixmo.net.views import visible_event

    rejected = ev.FinalCallRejected(1, (TILES_NOT_PLACED(tiles="QUIZ"), NO_TILE()), -20)
    assert visible_event(rejected, 1) == rejected, "the caller sees their own tiles"
    for seat in (0, 2, None):
        seen = visible_event(rejected, seat)
        assert isinstance(seen, ev.FinalCallRejected)
        assert [str(reason) for reason in seen.reasons] == [
            "4 tiles not placed",
            "the grid holds no tile",
        ]


def test_the_rack_is_counted_in_french_for_the_others(french: None) -> None:
    from mixmo.engine.game_calls import TILES_NOT_PLACED_COUNTED

    assert say(TILES_NOT_PLACED_COUNTED(count=1)) == "1 tuile non posée"
    assert say(TILES_NOT_PLACED_COUNTED(count=6)) == "6 tuiles non posées"


async def test_a_french_screen_tells_the_servers_refusal_in_french(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, french: None
) -> None:
    """Bob, locked by a hasty call, calls MIXMO again: the server refuses it with a code and
    fields, and his French screen tells him in French why."""
    from mixmo.tui.app import MixmoApp
    from tests.net.test_remote_bursts import bob_at, news_on_pane
    from tests.net.test_remote_seat import SIZE, until

    monkeypatch.setenv("MIXMO_DATA_DIR", str(tmp_path / "data"))
    async with bob_at(tmp_path, 9) as (bob, refusals):
        app = MixmoApp(bob)
        async with app.run_test(size=SIZE) as pilot:
            told = news_on_pane(app, 1)
            await pilot.press("f5")  # six tiles on the rack: a hasty call, Bob is locked
            await until(lambda: bob.round.player(1).locked, pilot)
            await pilot.press("f5")
            await until(lambda: bool(refusals), pilot)
            await until(lambda: any("ne peut pas annoncer" in line for line in told), pilot)
    assert [getattr(r, "code", None) for r in refusals] == ["call-locked"]
    assert (
        "✗ Bob ne peut pas annoncer MIXMO (bloqué après un MIXMO par erreur jusqu'au suivant)"
        in told
    )


async def test_a_french_client_says_each_server_refusal_in_french(french: None) -> None:
    """Each server refusal, rebuilt from its code and fields alone, in the player's words."""
    for code, fields, french_words in SERVER_REFUSALS + ENDED_ROOM_REFUSALS:
        frame = json.dumps({"v": 1, "type": "error", "code": code, "fields": fields})
        refusal = SERVER_MESSAGE.validate_json(frame)
        assert isinstance(refusal, ErrorMessage)
        assert say(refusal.said()) == french_words


def test_a_french_client_says_its_own_answers_in_french(french: None) -> None:
    """What the client tells itself (an action the server never answered, a lost
    connection) is a code too, said in the player's language."""
    from mixmo.net.client_errors import (
        CONNECTION_LOST_TO,
        DISCONNECTED,
        NO_ANSWER_TO_ACTION,
        ClientError,
        stand_in,
    )

    unanswered = stand_in(DISCONNECTED, NO_ANSWER_TO_ACTION, 4)
    assert (unanswered.code, unanswered.ref, unanswered.message) == ("disconnected", 4, "")
    assert say(unanswered.said()) == "pas de réponse du serveur"
    lost = ClientError("unreachable", CONNECTION_LOST_TO(url="ws://127.0.0.1:9"))
    assert lost.code == "unreachable" and isinstance(lost, RuntimeError)
    assert str(lost) == "lost the connection to ws://127.0.0.1:9"
    assert say(lost) == "connexion perdue avec ws://127.0.0.1:9"


async def test_a_name_the_server_refuses_is_a_code_a_french_client_says_in_french(
    french: None,
) -> None:
    """A blank name sent anyway (a program that skipped the check): the server's refusal names
    the field and carries the name's own refusal as a code, never its sentence."""
    async with running_server() as server, connect(f"ws://127.0.0.1:{server.port}") as ws:
        await _send(ws, {"type": "join", "room": "CDEFGH", "name": "   "})
        frame = await _until(ws, "error")
    refusal = SERVER_MESSAGE.validate_json(frame)
    assert isinstance(refusal, ErrorMessage) and refusal.code == "bad-message"
    assert refusal.message == "" and "cannot be blank" not in frame
    assert refusal.fields == {
        "reason": {
            "code": "bad-field",
            "fields": {
                "where": "join.name",
                "problem": {
                    "code": "bad-name",
                    "fields": {"reason": {"code": "name-blank", "fields": {}}},
                },
            },
        }
    }
    assert say(refusal.said()) == "join.name : le nom d'un joueur ne peut pas être vide"
