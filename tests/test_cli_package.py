"""The ``mixmo`` command as a package of lazily imported commands."""

from __future__ import annotations

import subprocess
import sys

from mixmo.cli import COMMANDS, LazyGroup, cli
from mixmo.cli.common import LANGUAGES
from mixmo.engine.lexicon import EMBEDDED_LANGUAGES


def test_the_language_option_offers_every_embedded_list() -> None:
    assert LANGUAGES == EMBEDDED_LANGUAGES


def test_every_listed_command_loads_under_its_own_name() -> None:
    assert isinstance(cli, LazyGroup)
    for name in COMMANDS:
        command = cli.get_command(None, name)  # type: ignore[arg-type]
        assert command is not None and command.name == name


def test_help_lists_the_commands_without_importing_them() -> None:
    code = (
        "import sys; from mixmo.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "print('LOADED' if any(m.startswith(('mixmo.cli.play', 'textual', 'rich')) "
        "for m in sys.modules) else 'LIGHT')"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    for name in COMMANDS:
        assert f"  {name} " in out.stdout
    assert out.stdout.strip().endswith("LIGHT")
