"""What the engine says: every refusal a stable code and typed fields with an English str(),
the same message rebuilt from its code and fields, and no translation in the engine."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from mixmo.engine import game_errors
from mixmo.engine.game_calls import TILES_NOT_PLACED_COUNTED
from mixmo.engine.game_errors import (
    CannotFlipThereError,
    GameRuleError,
    GridLockedError,
    NotOnRackError,
    cells_listed,
)
from mixmo.engine.messages import (
    KINDS,
    Kind,
    Message,
    MessageDataError,
    message_from_data,
)
from mixmo.engine.tiles import JOKER_NAME
from mixmo.i18n import restore_ui_language, set_ui_language
from mixmo.i18n.messages import say

ENGINE = Path(__file__).resolve().parents[1] / "src" / "mixmo" / "engine"


def _refusals() -> Iterator[type[GameRuleError]]:
    for member in vars(game_errors).values():
        if isinstance(member, type) and issubclass(member, GameRuleError) and member.kind:
            yield member


def test_every_refusal_of_the_rules_has_its_own_kebab_case_code() -> None:
    codes = [refusal.kind.code for refusal in _refusals()]  # type: ignore[union-attr]
    assert len(codes) == len(set(codes)) > 20
    assert all(code == code.lower() and " " not in code and "_" not in code for code in codes)


def test_a_refusal_is_raised_with_its_typed_fields_and_reads_in_english() -> None:
    refusal = NotOnRackError(player="Ann", tile=JOKER_NAME())
    assert (refusal.code, refusal.player) == ("not-on-rack", "Ann")  # type: ignore[attr-defined]
    assert str(refusal) == "Ann has no joker on their rack"
    with pytest.raises(TypeError, match="player"):
        NotOnRackError(player="Ann")  # a field missing is a programming error


def test_a_count_chooses_the_plural_in_english_and_in_french() -> None:
    one = CannotFlipThereError(cells=cells_listed([(1, 2)]), count=1)
    two = CannotFlipThereError(cells=cells_listed([(1, 2), (3, 0)]), count=2)
    assert str(one) == "the tiles cannot flip there: row 1, column 2 is taken"
    assert str(two) == "the tiles cannot flip there: row 1, column 2; row 3, column 0 are taken"
    saved = set_ui_language("fr")
    try:
        assert say(TILES_NOT_PLACED_COUNTED(count=2)) == "2 tuiles non posées"
    finally:
        restore_ui_language(saved)


def test_a_message_is_rebuilt_from_its_code_and_fields_alone() -> None:
    from mixmo.engine.game_base import why_locked
    from mixmo.engine.state import PlayerState

    refusal = GridLockedError(player="Bob", why=why_locked(PlayerState(name="Bob", out=True)))
    data = refusal.message.to_data()
    assert "sentence" not in str(data) and data["code"] == "grid-locked"
    rebuilt = message_from_data(data)
    assert rebuilt == refusal.message
    assert (
        str(rebuilt)
        == "Bob may not act on their grid (out of this round after a wrong final MIXMO)"
    )


@pytest.mark.parametrize(
    "data",
    [
        {"code": "no-such-code", "fields": {}},
        {"code": "not-on-rack", "fields": {"player": "Ann"}},  # a field missing
        {"code": "not-on-rack", "fields": {"player": "Ann", "tile": [1, 2]}},
        "not-on-rack",
    ],
)
def test_data_that_is_no_message_is_refused(data: object) -> None:
    with pytest.raises(MessageDataError):
        message_from_data(data)


def test_two_kinds_cannot_share_a_code() -> None:
    with pytest.raises(ValueError, match="not-on-rack"):
        Kind("not-on-rack", "something else")
    assert isinstance(KINDS["not-on-rack"](player="A", tile="B"), Message)


def test_the_engine_imports_no_translation() -> None:
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any(n == "gettext" or n.startswith("mixmo.i18n") for n in names), path
