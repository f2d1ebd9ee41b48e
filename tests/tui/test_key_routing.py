"""Keys reach the game by Textual's own routes: no app or screen reads them before Textual
routes them (``on_event``), and no module leans on Textual's private modules or on the
private attributes of Textual's or textual-serve's objects."""

from __future__ import annotations

import contextlib
import importlib
import inspect
import re
from pathlib import Path
from types import ModuleType

import textual
import textual_serve

SOURCE = Path(__file__).parents[2] / "src" / "mixmo"
PRIVATE = re.compile(r"\btextual(\.\w+)*\._\w+|\bfrom textual(\.\w+)* import .*\b_[a-z]")


def test_no_module_imports_textual_s_private_modules() -> None:
    found = [
        f"{path.relative_to(SOURCE)}:{number}: {line.strip()}"
        for path in sorted(SOURCE.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if PRIVATE.search(line)
    ]
    assert not found, found


def test_no_app_or_screen_of_the_interface_intercepts_events() -> None:
    found = [
        str(path.relative_to(SOURCE))
        for path in sorted((SOURCE / "tui").rglob("*.py"))
        if "def on_event(" in path.read_text(encoding="utf-8")
    ]
    assert not found, found


def _private_names(source: str) -> set[str]:
    """The private attributes a class's source gives its objects (``self._x =``, ``def _x``)."""
    assigned = re.findall(r"self\.(_[a-z]\w*)\s*[:=]", source)
    defined = re.findall(r"^\s+(?:async )?def (_[a-z]\w*)\(", source, re.MULTILINE)
    return {*assigned, *defined}


def _library_classes_private_names(cls: type) -> set[str]:
    """The private names of the Textual and textual-serve classes ``cls`` is made of."""
    names: set[str] = set()
    for base in cls.__mro__:
        if base.__module__.split(".")[0] in ("textual", "textual_serve"):
            names |= {name for name in vars(base) if name.startswith("_") and name[1:2] != "_"}
            with contextlib.suppress(OSError, TypeError):
                names |= _private_names(inspect.getsource(base))
    return names


def _our_modules() -> list[ModuleType]:
    modules = []
    for path in sorted(SOURCE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "textual" in text and "__main__" not in path.name:
            name = ".".join(("mixmo", *path.relative_to(SOURCE).with_suffix("").parts))
            modules.append(importlib.import_module(name.removesuffix(".__init__")))
    return modules


def test_no_class_of_ours_touches_a_private_name_of_its_textual_bases() -> None:
    """No ``self._x`` of a Textual (or textual-serve) base read, written or overridden."""
    found = []
    for module in _our_modules():
        for cls in vars(module).values():
            if not isinstance(cls, type) or cls.__module__ != module.__name__:
                continue
            theirs = _library_classes_private_names(cls)
            mine = inspect.getsource(cls)
            used = set(re.findall(r"self\.(_[a-z]\w*)\b", mine)) | _private_names(mine)
            found += [f"{cls.__qualname__}.{name}" for name in sorted(used & theirs)]
    assert found == [], found


def test_no_module_reaches_into_another_object_s_textual_privates() -> None:
    """No ``node._bindings``: another object's private Textual attribute."""
    theirs: set[str] = set()
    for package in (textual, textual_serve):
        for path in Path(package.__file__).parent.rglob("*.py"):
            theirs |= _private_names(path.read_text(encoding="utf-8"))
    found = [
        f"{path.relative_to(SOURCE)}:{number}: {line.strip()}"
        for path in sorted(SOURCE.rglob("*.py"))
        if "textual" in (text := path.read_text(encoding="utf-8"))
        for number, line in enumerate(text.splitlines(), 1)
        for name in re.findall(r"\b(?!self\b|cls\b)\w+\.(_[a-z]\w*)\b", line)
        if name in theirs
    ]
    assert not found, found


def test_the_check_knows_the_private_names_once_used() -> None:
    from textual.app import App
    from textual.widgets import SelectionList
    from textual_serve.app_service import AppService

    assert {"_bindings", "_exit"} <= _library_classes_private_names(App)
    assert "_selected" in _library_classes_private_names(SelectionList)
    assert {"_build_environment", "_open_app_process"} <= _library_classes_private_names(AppService)


def test_a_dialog_s_own_key_replaces_its_base_s_in_every_language() -> None:
    """Escape over the match's end leaves (its own binding), not the quit question its base
    dialog binds Escape to: the translated class merges bindings as Textual does."""
    from mixmo.tui.labels import declared_bindings
    from mixmo.tui.round_dialogs import MatchOverScreen

    escapes = [b.action for b in declared_bindings(MatchOverScreen) if b.key == "escape"]
    assert escapes == ["leave"]
