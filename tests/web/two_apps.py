"""Two Textual apps run one after the other by one process, as `mixmo join` runs its lobby
and then the match: `mixmo web` must show both in the same browser page.

The first app shows "First app" and ends on the key n; the second shows "Second app".
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
    if Shows("First app: press n").run():
        print("between the apps")  # a stray line on standard output
        Shows("Second app").run()
