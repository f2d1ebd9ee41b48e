"""`mixmo check` lists a declared joker in its "Jokers" table.

Rulebook: a joker stands for any letter; a player may declare it (the grid
format writes it as the lower-case letter, ``s``). It is still one of the set's
two jokers, so the check's "Jokers" table, which lists the open jokers and the
Bandit, lists it too, with the letter it stands for, in text and in ``--json``.
"""

from __future__ import annotations

import json

DECLARED = "# HOUSE with its S a joker declared as S\nHOUsE\nA...A\nTIGER\n"
ALL_KINDS = "# an open joker, the Bandit and a declared joker\nC?T\n.!.\n.aX\n"


def jokers_table(out: str) -> list[str]:
    """The rows of the "Jokers" table as printed (header and rule left out)."""
    lines = out.splitlines()
    start = lines.index("Jokers") + 3
    end = lines.index("", start)
    return [" ".join(part.strip() for part in line.split("│")) for line in lines[start:end]]


def test_a_declared_joker_is_listed_with_the_letter_it_stands_for(mixmo, tmp_path) -> None:
    path = tmp_path / "house.txt"
    path.write_text(DECLARED)
    run = mixmo("check", str(path))
    assert run.code == 0
    assert jokers_table(run.out) == ["declared joker 1 4 S -"]


def test_open_jokers_the_bandit_and_declared_jokers_are_listed_in_reading_order(
    mixmo, tmp_path
) -> None:
    path = tmp_path / "all.txt"
    path.write_text(ALL_KINDS)
    run = mixmo("check", str(path))
    assert run.code == 0
    assert jokers_table(run.out) == [
        "joker 1 2 A O",
        "Bandit 2 2 W K",
        "declared joker 3 2 A -",
    ]


def test_json_lists_a_declared_joker_and_says_it_is_declared(mixmo, tmp_path) -> None:
    path = tmp_path / "all.txt"
    path.write_text(ALL_KINDS)
    run = mixmo("check", str(path), "--json")
    assert run.code == 0
    jokers = json.loads(run.out)["jokers"]
    assert jokers == [
        {"row": 1, "col": 2, "tile": "joker", "letter": "A", "options": "AO", "declared": False},
        {"row": 2, "col": 2, "tile": "bandit", "letter": "W", "options": "KW", "declared": False},
        {"row": 3, "col": 2, "tile": "joker", "letter": "A", "options": "A", "declared": True},
    ]


def test_a_grid_whose_only_joker_is_declared_still_has_a_jokers_table_in_french(
    mixmo, tmp_path
) -> None:
    path = tmp_path / "maison.txt"
    path.write_text("MAIsON\n")
    run = mixmo("--ui", "fr", "check", str(path), "--lang", "fr")
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    table = lines[lines.index("Les jokers") + 3]
    assert [part.strip() for part in table.split("│")] == ["joker déclaré", "1", "4", "S", "-"]
