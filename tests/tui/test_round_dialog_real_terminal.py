"""Three Enters in one burst at the theme claims, in a real terminal (tmux): one
``send-keys`` call is one burst. The round's scores must stay on screen until a key is
pressed while they show; before, the burst closed the claims, the votes and the scores,
and the next round was dealt with nobody having seen them."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from mixmo.data.storage import load_game
from mixmo.engine.lexicon import AnyWord
from tests.tui.helpers import handled, make_app, seed_where, settle
from tests.tui.test_round_dialog_keys import SIZE, to_the_claims
from tests.tui.tmux import flat, kill, needs_tmux, quit_the_game, tmux, wait_for

pytestmark = needs_tmux


async def saved_at_the_claims(path: Path) -> None:
    """Ann and Bob, the Bandit in the deal, played to the theme claims and saved there
    (``--dict any``: the resumed game judges the words as this one did)."""
    from textual import events

    seed = seed_where(2, bandit_first=True)
    app, clock = make_app(2, seed=seed, target=10_000, save_path=path, dictionary="any")
    async with app.run_test(size=SIZE) as pilot:
        await to_the_claims(app, pilot, clock)
        app.post_message(events.Key("ctrl+q", None))
        await handled(app)
        app.post_message(events.Key("y", "y"))
        await settle(pilot)
    assert app.return_code == 0


async def test_three_enters_in_one_send_keys_leave_the_round_s_scores_on_screen(
    tmp_path: Path,
) -> None:
    path = tmp_path / "autosave.json"
    await saved_at_the_claims(path)
    session = f"mixmo-round-dialogs-{os.getpid()}"
    env = f"MIXMO_DATA_DIR={tmp_path} MIXMO_CONFIG_DIR={tmp_path}"
    command = f"exec env -u COLUMNS -u LINES {env} {sys.executable} -m mixmo play --resume"
    tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "36", command)
    try:
        wait_for(session, lambda s: "Ann: which of your words" in flat(s), timeout=30)
        tmux("send-keys", "-t", session, "Space", "Enter", "Enter", "Enter")  # one burst
        wait_for(session, lambda s: "Bob: which of your words" in flat(s))
        tmux("send-keys", "-t", session, "Space", "Enter", "Enter", "Enter")
        wait_for(session, lambda s: "accept each claim?" in flat(s))
        tmux("send-keys", "-t", session, "Enter", "Enter", "Enter")
        screen = wait_for(session, lambda s: "wins round 1" in flat(s))
        assert "Next round (Enter)" in flat(screen)
        assert "round 2" not in flat(screen), "the next round waits for the table"
        tmux("send-keys", "-t", session, "Enter")  # pressed while the scores show
        wait_for(session, lambda s: "round 2" in flat(s) and "wins round 1" not in flat(s))
        quit_the_game(session)
    finally:
        kill(session)
    saved = load_game(path, lexicon=AnyWord())
    assert saved.round.number == 2
