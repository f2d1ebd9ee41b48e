"""One Textual app, then (with the argument ``fail``) an error line and exit code 2, as
`mixmo join` ends when the server is gone for good: `mixmo web` must keep the page open
after the app's end until the process's error line has reached it.

The app shows "First app: press n" and ends on the key n.
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

    if Shows("First app: press n").run() and sys.argv[1:] == ["fail"]:
        print("mixmo: error: ws://127.0.0.1:9: the server is gone", file=sys.stderr)
        sys.exit(2)
