"""A word list is named as a player says it: "the English word list", not "embedded en"."""

from __future__ import annotations

from tests.tui.helpers import burst, english, keys_for_rack, make_app, seed_where, settle


def test_mixmo_word_says_a_word_is_not_in_the_english_word_list(mixmo) -> None:
    run = mixmo("word", "gemtv")
    assert run.out.splitlines() == ["✗ GEMTV  not in the English word list"]
    assert "embedded" not in run.out


async def test_a_hasty_call_s_reason_names_the_word_list_plainly() -> None:
    app, _ = make_app(2, lexicon=english(), seed=seed_where(2, bandit_first=False))
    async with app.run_test(size=(140, 45)) as pilot:
        rack = "".join(t.symbol for t in app.table.round.player(0).rack)
        burst(app, *keys_for_rack(app, 0), "f5")  # one line of six tiles: no English word
        await settle(pilot, 6)
        news = str(app.query_one("#news-0").render())
        assert f"{rack} (across" in news and "is not in the English word list" in news
        assert "embedded" not in news
