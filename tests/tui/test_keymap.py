"""keys.toml: a binding that cannot work is refused, naming its line; the rest still apply."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mixmo.tui.app import MixmoApp
from mixmo.tui.keys import COMMANDS, load_keymap, parse_keymap
from mixmo.tui.modals import NoticeScreen
from tests.tui.helpers import make_app, seed_where


@pytest.mark.parametrize(
    ("key", "why"),
    [
        ("shift+up", "'shift+up' is a fixed key of the board"),
        ("alt+1", "'alt+1' is a fixed key of the board"),
        ("ctrl+up", "'ctrl+up' is a fixed key of the board"),
        ("3", "'3' is a fixed key of the board"),
        ("fooo", "'fooo' is not a key (try names like f2, ctrl+e, alt+k, home)"),
        ("banana", "'banana' is not a key (try names like f2, ctrl+e, alt+k, home)"),
        ("ctrl+m", "'ctrl+m' reaches the game as Enter"),
        ("q", "'q' types tiles"),
    ],
)
def test_a_binding_on_a_fixed_key_or_no_real_key_is_refused_naming_its_line(key, why) -> None:
    keymap, problems = parse_keymap(f'# my keys\n[keys]\nstuck = "f2"\ntake_apart = "{key}"\n')
    assert problems == [f"keys.toml:4: take_apart: {why}; take_apart stays on f8"]
    assert keymap.take_apart == "f8", "the default is kept"
    assert keymap.stuck == "f2", "the good binding of the same file applies"


def test_a_key_of_another_command_is_refused_but_a_swap_is_fine() -> None:
    keymap, problems = parse_keymap('[keys]\nmixmo = "f6"\n')
    assert problems == ["keys.toml:2: mixmo: 'f6' is stuck's key; mixmo stays on f5"]
    keymap, problems = parse_keymap('[keys]\nmixmo = "f6"\nstuck = "f5"\n')
    assert problems == [] and (keymap.mixmo, keymap.stuck) == ("f6", "f5")


def test_unknown_commands_and_values_that_are_not_strings_are_named() -> None:
    _, problems = parse_keymap('[keys]\nmixmoo = "f2"\nhelp = 3\n')
    assert problems[0].startswith("keys.toml:2: 'mixmoo' is not a command")
    assert (
        problems[1] == 'keys.toml:3: help needs a key in quotes, e.g. "f2"; help stays on f1,ctrl+g'
    )


def test_a_deeply_nested_or_huge_keys_file_is_a_bad_file_not_a_crash(tmp_path) -> None:
    nested = tmp_path / "nested.toml"
    nested.write_text("keys = " + "[" * 20_000 + "]" * 20_000 + "\n")
    keymap, error = load_keymap(nested)
    assert keymap.mixmo == "f5" and error and "nested too deeply" in error
    inline = tmp_path / "inline.toml"
    inline.write_text("a = " + "{b = " * 5_000 + "1" + "}" * 5_000 + "\n")
    assert "nested too deeply" in (load_keymap(inline)[1] or "")
    huge = tmp_path / "huge.toml"
    huge.write_text("[keys]\n" + "# padding\n" * 1_000_000)
    keymap, error = load_keymap(huge)
    assert error and "too large" in error
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00[keys]")
    assert "cannot read the key bindings" in (load_keymap(binary)[1] or "")
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    assert "cannot read the key bindings" in (load_keymap(folder)[1] or "")


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=300))
def test_any_keys_file_gives_a_keymap(text: str) -> None:
    keymap, _ = parse_keymap(text)
    every = [k for value in keymap.bindings().values() for k in value.split(",") if k]
    assert len(every) == len(set(every)), "no key is bound twice"
    assert set(keymap.bindings()) == set(COMMANDS)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(sorted(COMMANDS)), st.text(max_size=20), max_size=6))
def test_any_bindings_give_a_keymap_with_every_key_once(bindings: dict[str, str]) -> None:
    text = "[keys]\n" + "".join(f"{c} = {v!r}\n".replace("'", '"') for c, v in bindings.items())
    keymap, _ = parse_keymap(text)
    every = [k for value in keymap.bindings().values() for k in value.split(",") if k]
    assert len(every) == len(set(every))


async def test_refused_bindings_are_shown_on_screen_and_the_defaults_work(tmp_path) -> None:
    path = tmp_path / "keys.toml"
    path.write_text('[keys]\nmixmo = "banana"\nstuck = "ctrl+e"\n')
    keymap, error = load_keymap(path)
    app, _ = make_app(2, seed=seed_where(2, bandit_first=False))
    app = MixmoApp(app.table, keymap=keymap, keymap_error=error)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NoticeScreen)
        shown = str(app.screen.query_one("#notice").render())
        assert f"{path}:2: mixmo: 'banana' is not a key" in shown
        await pilot.press("enter", "ctrl+e")
        await pilot.pause()
        assert app.table.round.player(0).stuck, "ctrl+e now says stuck"
        await pilot.press("f5")
        await pilot.pause()
        assert app.table.round.player(0).locked, "f5 still calls MIXMO"


def test_a_key_written_twice_for_one_command_is_bound_once(tmp_path) -> None:
    path = tmp_path / "keys.toml"
    path.write_text('[keys]\nundo = "ctrl+z,ctrl+z"\nmixmo = "f2,F2"\n')
    keymap, error = load_keymap(path)
    assert error is None
    assert (keymap.undo, keymap.mixmo) == ("ctrl+z", "f2")


def test_a_key_written_twice_that_is_another_commands_key_is_refused_naming_its_line() -> None:
    keymap, problems = parse_keymap('[keys]\nhint = "f2"\nmixmo = "f6,f6"\n')
    assert problems == ["keys.toml:3: mixmo: 'f6' is stuck's key; mixmo stays on f5"]
    assert (keymap.mixmo, keymap.hint) == ("f5", "f2")


_SOME_KEYS = ["f2", "F2", "f5", "f6", "ctrl+z", "ctrl+e", "alt+k", "home", " f2 ", "q", ""]


@settings(max_examples=80, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(sorted(COMMANDS)),
        st.lists(st.sampled_from(_SOME_KEYS), max_size=4).map(",".join),
        max_size=6,
    )
)
def test_bindings_that_repeat_and_share_keys_give_a_keymap_with_every_key_once(
    bindings: dict[str, str],
) -> None:
    text = "[keys]\n" + "".join(f'{c} = "{v}"\n' for c, v in bindings.items())
    keymap, _ = parse_keymap(text)
    every = [k for value in keymap.bindings().values() for k in value.split(",") if k]
    assert len(every) == len(set(every))


def test_a_keys_file_that_is_not_toml_is_named_with_its_line_and_column(tmp_path) -> None:
    path = tmp_path / "keys.toml"
    path.write_text('[keys]\nundo = "f2"\nundo = "f3"\n')
    keymap, error = load_keymap(path)
    assert error == (
        f"{path}:3:12: cannot read the key bindings (Cannot overwrite a value); using the defaults"
    )
    assert keymap.undo == "ctrl+z", "the defaults"
