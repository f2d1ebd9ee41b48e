"""Small helpers shared by the benchmark scripts: statistics, tables, subprocesses."""

from __future__ import annotations

import json
import math
import os
import platform
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
if str(SRC) not in sys.path:
    sys.path.insert(0, str(SRC))


def child_env(pycache_prefix: str | None = None) -> dict[str, str]:
    """The environment for a fresh ``python`` that imports mixmo from this checkout.

    With ``pycache_prefix``, bytecode is cached in that folder (outside the
    source tree) even when ``PYTHONDONTWRITEBYTECODE`` is set here, as it is
    for an installed package; without it, the caller's environment decides.
    """
    env = dict(os.environ)
    if pycache_prefix is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = pycache_prefix
    env["PYTHONPATH"] = str(SRC) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.setdefault("COLUMNS", "100")
    return env


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile (``fraction`` in 0..1) of ``values``.

    With fewer than 20 values the 95th percentile is the maximum.
    """
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def summary(values: Sequence[float]) -> dict[str, float]:
    """min, median, p95, max and the number of runs."""
    return {
        "runs": len(values),
        "min": min(values),
        "median": statistics.median(values),
        "p95": percentile(values, 0.95),
        "max": max(values),
    }


def ms(seconds: float) -> str:
    """Seconds shown as milliseconds with a sensible number of digits."""
    value = seconds * 1000
    if value >= 100:
        return f"{value:.0f}"
    if value >= 10:
        return f"{value:.1f}"
    if value >= 1:
        return f"{value:.2f}"
    return f"{value:.3f}"


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A plain-text table, first column left-aligned, the others right-aligned."""
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]

    def line(row: Sequence[str]) -> str:
        return "  ".join(
            cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i]) for i, cell in enumerate(row)
        ).rstrip()

    out = [line(cells[0]), "  ".join("-" * w for w in widths)]
    out += [line(row) for row in cells[1:]]
    return "\n".join(out)


def machine() -> dict[str, Any]:
    """What the figures were measured on (the parts Python can see)."""
    info: dict[str, Any] = {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
    }
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                info["cpu"] = line.split(":", 1)[1].strip()
                break
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                info["memory_kib"] = int(line.split()[1])
                break
    except OSError:
        pass
    return info


def emit_json(payload: dict[str, Any]) -> None:
    payload = {"machine": machine(), **payload}
    print(json.dumps(payload, indent=2))
