"""A relay pane's title with no word yet reads "0 pts · built 0:07": one space, not two."""

from __future__ import annotations

from mixmo.tui.relay import PAUSE_SECONDS
from tests.tui.test_relay import SIZE, later, relay_app, title


async def test_a_relay_pane_with_no_word_yet_has_single_spaces_in_its_title() -> None:
    app, clock = relay_app(relay=20)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for seconds in (PAUSE_SECONDS, 20, PAUSE_SECONDS, 7):
            await later(pilot, clock, seconds)
        text = title(app, 1)
        assert "built 0:07" in text
        assert "  " not in text, text
        assert "0 pts · built 0:07" in text
