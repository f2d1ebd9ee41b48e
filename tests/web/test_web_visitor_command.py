"""What textual-serve runs for a visitor: their own data folder in the environment, and
standard error kept in a file for the page (a name with shell characters stays one word)."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from mixmo.web.front import visitor_command

pytestmark = pytest.mark.skipif(os.name != "posix", reason="a POSIX shell runs the command")


def test_the_visitor_s_process_sees_its_data_folder_and_its_errors_are_kept(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "a folder; $(touch oops)"
    errors = tmp_path / "stderr.txt"
    script = "import os, sys; print(os.environ['MIXMO_DATA_DIR']); sys.exit('it went wrong')"
    command = "exec " + shlex.join([sys.executable, "-c", script])
    run = subprocess.run(
        visitor_command(command, {"MIXMO_DATA_DIR": str(folder)}, errors),
        shell=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert run.stdout == f"{folder}\n"
    assert run.stderr == ""
    assert errors.read_text() == "it went wrong\n"
    assert run.returncode == 1
    assert not (tmp_path / "oops").exists()
