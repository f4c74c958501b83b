"""`companion bench`: the one entry point for benchmarks, kept out of the test run.

Every capability adds a section module to `SECTIONS`; a section is a function
`run(quick: bool) -> list[Figure]`. `--quick` shrinks the workloads (for a smoke test).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

SECTIONS: tuple[str, ...] = (
    "companion.kwingto.bench",
    "vision.bench_dice",
    "companion.bots.bench",
    "hardware.bench",
    "vision.bench_cards",
    "display.bench",
)


@dataclass(frozen=True)
class Figure:
    """One measured number, e.g. ("engine", "legal placements", 81234.0, "per s")."""

    section: str
    name: str
    value: float
    unit: str


def rate(fn: Callable[[], object], min_seconds: float, min_calls: int = 3) -> float:
    """Calls of `fn` per second, repeating until `min_seconds` have passed."""
    calls = 0
    start = time.perf_counter()
    elapsed = 0.0
    while calls < min_calls or elapsed < min_seconds:
        fn()
        calls += 1
        elapsed = time.perf_counter() - start
    return calls / elapsed


def machine(pinned: bool = False) -> str:
    """A one-line description of where the figures were taken."""
    where = ", run pinned to one core" if pinned else ""
    return f"{platform.machine()} {platform.processor() or ''} {os.cpu_count()} cores, " + (
        f"Python {platform.python_version()}{where}"
    )


def run_sections(names: tuple[str, ...], quick: bool) -> list[Figure]:
    """Run the named sections in order and gather their figures."""
    figures: list[Figure] = []
    for name in names:
        figures.extend(importlib.import_module(name).run(quick))
    return figures


def format_table(figures: list[Figure]) -> str:
    """A plain-text table, one figure a line, grouped by section."""
    width = max((len(f.name) for f in figures), default=10)
    lines: list[str] = []
    section = None
    for f in figures:
        if f.section != section:
            section = f.section
            lines.append(f"\n[{section}]")
        lines.append(f"  {f.name:<{width}}  {f.value:>12.2f}  {f.unit}")
    return "\n".join(lines).lstrip("\n")


def pin_to_one_core() -> bool:
    """Run the rest of the process on one CPU, so "ms on one core" is what is measured
    even where numpy's BLAS would start threads of its own. Only threads started later
    follow the pin, so this runs before any section imports numpy or OpenCV. Linux only;
    elsewhere, or where the sandbox refuses, the figures are as the OS schedules them."""
    if not hasattr(os, "sched_setaffinity"):
        return False
    try:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    except OSError:
        return False
    return True


def _handle(args: argparse.Namespace) -> int:
    """`companion bench`: run the chosen sections and print their figures."""
    pinned = pin_to_one_core()
    names = SECTIONS
    if args.only:
        names = tuple(n for n in SECTIONS if any(key in n for key in args.only))
    figures = run_sections(names, args.quick)
    if args.json:
        doc: dict[str, Any] = {
            "machine": machine(pinned),
            "figures": [asdict(f) for f in figures],
        }
        print(json.dumps(doc))
    else:
        print(f"machine: {machine(pinned)}")
        print(format_table(figures))
    return 0


def register(sub: Any) -> None:
    """Add `companion bench` to the command line."""
    p = sub.add_parser("bench", help="run the benchmarks and print a table")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.add_argument("--quick", action="store_true", help="small workloads (smoke test)")
    p.add_argument(
        "--only", nargs="*", default=[], help="run only sections whose module name has KEY"
    )
    p.set_defaults(handler=_handle)
