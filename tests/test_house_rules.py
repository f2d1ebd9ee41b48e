"""The developers' guide's house rules that a machine can check on the source.

Functions stay short enough to read at once (at most 80 lines), and comments say why
in plain words: history (which report found a bug, which issue asked for a change, on
which day) lives in git, not in the code.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "mixmo"

LONGEST_FUNCTION = 80

# Functions over the limit today in the parts other people are still reshaping, with
# their current length: the list may only shrink. A new long function anywhere fails.
LONG_FUNCTIONS_TO_SHRINK: dict[str, int] = {}

# Comments and docstrings citing a report, an issue or a day, per file, in the parts
# other people are still reshaping: the counts may only go down.
CITATIONS_TO_REMOVE: dict[str, int] = {}

_CITATION = re.compile(
    r"\bQA\b"  # a quality report cited by name
    r"|\bG\d{1,2}\b"  # its G-numbered findings
    r"|\bF(?:1[3-9]|[2-9]\d)\b"  # its F-numbered findings past the function keys F1-F12
    r"|\b[Ii]ssues? #?\d+"  # an issue by its number
    r"|(?<![\w&])#\d+\b"  # a number after a hash
    # an ISO date, but not one inside a file name (a backup's name shows its format)
    r"|(?<![\w.])(?:19|20)\d\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?![\w-])"
    # a date in words, month first or day first
    r"|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?,? "
    r"(?:19|20)\d\d\b"
    r"|\b\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? (?:19|20)\d\d\b"
)


def _sources() -> Iterator[tuple[str, str]]:
    for path in sorted(SRC.rglob("*.py")):
        yield path.relative_to(SRC).as_posix(), path.read_text(encoding="utf-8")


def function_lengths(source: str) -> Iterator[tuple[str, int]]:
    """Every function's qualified name (``Class.method``, ``outer.inner``) and length,
    from its ``def`` line to its last line."""

    def walk(node: ast.AST, prefix: str) -> Iterator[tuple[str, int]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                assert child.end_lineno is not None
                yield prefix + child.name, child.end_lineno - child.lineno + 1
                yield from walk(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.ClassDef):
                yield from walk(child, f"{prefix}{child.name}.")
            else:
                yield from walk(child, prefix)

    yield from walk(ast.parse(source), "")


def comments_and_docstrings(source: str) -> Iterator[tuple[int, str]]:
    """Every comment and docstring with its first line."""
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    for node in ast.walk(ast.parse(source)):
        # A string standing alone as a statement is a docstring, of a module, a class, a
        # function or (by convention) of the attribute above it.
        if (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            yield node.lineno, node.value.value


def citations(source: str) -> list[tuple[int, str]]:
    """Where a comment or docstring cites a report, an issue or a date, and what it says."""
    found = []
    for line, text in comments_and_docstrings(source):
        for match in _CITATION.finditer(text):
            found.append((line, match.group()))
    return sorted(found, key=lambda place: place[0])


def test_no_function_is_longer_than_80_lines() -> None:
    too_long = {}
    for name, source in _sources():
        for function, length in function_lengths(source):
            key = f"{name}:{function}"
            if length > LONG_FUNCTIONS_TO_SHRINK.get(key, LONGEST_FUNCTION):
                too_long[key] = length
    assert too_long == {}, f"split these functions into named helpers: {too_long}"


def test_the_long_functions_still_listed_are_long_and_being_reshaped() -> None:
    lengths = {
        f"{name}:{function}": length
        for name, source in _sources()
        for function, length in function_lengths(source)
    }
    stale = {
        key: lengths.get(key)
        for key in LONG_FUNCTIONS_TO_SHRINK
        if lengths.get(key, 0) <= LONGEST_FUNCTION
    }
    assert stale == {}, f"short enough now (or gone): drop them from the list: {stale}"
    assert all(key.startswith(("net/", "tui/")) for key in LONG_FUNCTIONS_TO_SHRINK)


def test_no_comment_cites_a_report_an_issue_or_a_date() -> None:
    cited = {}
    for name, source in _sources():
        found = citations(source)
        if len(found) > CITATIONS_TO_REMOVE.get(name, 0):
            cited[name] = found
    assert cited == {}, f"say why in plain words, history lives in git: {cited}"


def test_the_citations_still_listed_are_there_and_being_reshaped() -> None:
    counts = {name: len(citations(source)) for name, source in _sources()}
    fewer = {
        name: counts.get(name, 0)
        for name, allowed in CITATIONS_TO_REMOVE.items()
        if counts.get(name, 0) < allowed
    }
    assert fewer == {}, f"fewer citations now: lower (or drop) their counts: {fewer}"
    assert all(name.startswith(("net/", "tui/")) for name in CITATIONS_TO_REMOVE)


def test_the_citation_check_tells_a_citation_from_ordinary_words() -> None:
    cited = '''
# kept apart for the QA report 2, G7
# issue 14 asked for this
# see #12
# found on 2026-11-30
"""A QA F15 finding, fixed on March 3, 2026."""
'''
    assert [text for _, text in citations(cited)] == [
        "QA", "G7", "issue 14", "#12", "2026-11-30", "QA", "F15", "March 3, 2026",
    ]  # fmt: skip
    ordinary = """
# F5 calls MIXMO, F3 asks for a hint, F12 is free
# a QAT or QATS word, the AQUA rows, a G and a F
# the backup is named autosave.previous.2026-11-30-1847.json
x = "QA"  # strings that are not docstrings are data
"""
    assert citations(ordinary) == []


def test_the_length_check_measures_methods_and_nested_functions() -> None:
    body = "".join(f"        x{n} = {n}\n" for n in range(80))
    source = f"class Board:\n    def place(self):\n        def inner():\n            pass\n{body}"
    assert dict(function_lengths(source)) == {"Board.place": 83, "Board.place.inner": 2}
