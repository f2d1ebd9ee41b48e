"""The table's banner at the final MIXMO (rulebook: End of the Game): no draw is announced
when the bag is empty."""

from __future__ import annotations

from mixmo.engine.state import Phase
from mixmo.tui.round_dialogs import ThemeScreen
from tests.tui.helpers import keys_for_rack, make_app, seed_where

SIZE = (100, 30)


def header_of(app) -> str:
    return str(app.query_one("#header").render())


async def test_the_final_mixmo_banner_does_not_say_everyone_draws_2_with_the_bag_empty() -> None:
    app, clock = make_app(2, seed=seed_where(2, bandit_first=False), target=10_000)
    async with app.run_test(size=SIZE) as pilot:
        while len(app.table.round.bag) or app.table.phase is not Phase.PLAYING:
            if isinstance(app.screen, ThemeScreen):
                await pilot.press(*"wheels", "enter")
                await pilot.pause()
                continue
            clock.now += 5
            await pilot.press(*keys_for_rack(app, 0), "f5")
            await pilot.pause()
            header = header_of(app)
            assert "everyone draws 2" in header or "BANDIT" in header, "a MIXMO that draws says so"
        clock.now += 5
        app.clear_notifications()
        await pilot.press(*keys_for_rack(app, 0), "f5")  # the bag is empty: the final MIXMO
        await pilot.pause()
        assert app.table.round.final_caller == 0
        header = header_of(app)
        assert "everyone draws 2" not in header
        assert "Final MIXMO by Ann" in header
        toasts = [str(notification.message) for notification in app._notifications]
        assert not [toast for toast in toasts if "draws 2" in toast]
