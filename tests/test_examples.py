"""Every example grid in docs/examples/ does what its README table says."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"
ROW = re.compile(
    r"^\| \[(?P<file>[^\]]+)\]\([^)]*\) \| .* \| `(?P<command>mixmo [^`]+)` \| (?P<code>\d)"
)


def table_rows() -> list[tuple[str, list[str], int]]:
    rows = []
    for line in (EXAMPLES / "README.md").read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match:
            args = shlex.split(match["command"])[1:]
            rows.append((match["file"], args, int(match["code"])))
    return rows


def test_the_table_lists_every_example() -> None:
    listed = {file for file, _, _ in table_rows()}
    assert listed == {path.name for path in EXAMPLES.glob("*.txt")}


@pytest.mark.parametrize(("file", "args", "code"), table_rows(), ids=lambda v: str(v)[:30])
def test_each_example_exits_as_documented(mixmo, monkeypatch, file, args, code) -> None:
    monkeypatch.chdir(EXAMPLES.parents[1])
    run = mixmo(*args)
    assert run.code == code, run.out + run.err
