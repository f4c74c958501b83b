"""The `companion` command line.

Each area of the product registers its own subcommands, so adding one touches only its
module and the list below. Registration modules import nothing heavy (OpenCV, pygame) at
import time: `companion kwingto score` must start fast enough for batch use.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

COMMAND_MODULES: tuple[str, ...] = (
    "companion.kwingto.cli",
    "companion.bench",
    "companion.bots.cli",
    "vision.cli",
    "hardware.cli",
    "display.cli",
)


class UsageError(Exception):
    """A bad argument or input file; printed as one line and exit status 2."""


def build_parser() -> argparse.ArgumentParser:
    """Collect every area's subcommands into one parser."""
    parser = argparse.ArgumentParser(
        prog="companion", description="Raspberry Pi tabletop companion."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; its handler returns the exit status."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is for our output
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.handler(args)
    except UsageError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return status


if __name__ == "__main__":
    sys.exit(main())
