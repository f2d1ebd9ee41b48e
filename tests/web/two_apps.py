"""Two Textual apps run one after the other by one process, as `mixmo join` runs its lobby
and then the match: `mixmo web` must show both in the same browser page.

The first app shows "First app" and ends on the key n; the second shows "Second app".
With the argument ``fail``, the process stops after the first app with an error line
and exit code 2 instead.
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Static


class Shows(App[bool]):
    BINDINGS = [("n", "next", "Next")]  # noqa: RUF012 - Textual declares bindings so

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(self.text)

    def action_next(self) -> None:
        self.exit(True)


if __name__ == "__main__":
    import sys

    if Shows("First app: press n").run():
        if sys.argv[1:] == ["fail"]:  # as mixmo join when the server is gone for good
            print("mixmo: error: ws://127.0.0.1:9: the server is gone", file=sys.stderr)
            sys.exit(2)
        print("between the apps")  # a stray line on standard output
        Shows("Second app").run()
