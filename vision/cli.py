"""`companion vision ...`: the camera readers on the command line.

One `vision` group holds every reader's subcommands. Each reader adds one
`_register_<thing>(vsub)` function below and one line in `register`, so dice and cards can
grow side by side without touching each other's code. OpenCV and the models are imported
inside the handlers: building the parser must stay cheap for every other command.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def register(sub: Any) -> None:
    """Add the `companion vision` group and every reader's subcommands."""
    group = sub.add_parser("vision", help="read dice and cards from camera images")
    vsub = group.add_subparsers(dest="vision_command", metavar="SUBCOMMAND", required=True)
    _register_dice(vsub)
    _register_cards(vsub)


def _register_dice(vsub: Any) -> None:
    p = vsub.add_parser("read-dice", help="read the dice in images; one JSON line per image")
    p.add_argument("images", nargs="+", metavar="IMAGE")
    p.add_argument("--palette", type=Path, default=None, help="palette JSON (default: config)")
    _among_cards_option(p)
    p.set_defaults(handler=_read_dice)

    p = vsub.add_parser("eval-dice", help="score the dice reader on a labelled folder")
    p.add_argument("dir", type=Path, metavar="DIR", help="folder with manifest.json")
    p.add_argument("--palette", type=Path, default=None, help="palette JSON (default: config)")
    p.add_argument("--json", action="store_true", help="print the scores as one JSON object")
    p.add_argument(
        "--held-out",
        action="store_true",
        help="score only the photos held out from training (vision/dice_holdout.json)",
    )
    p.add_argument(
        "--misreads",
        action="store_true",
        help="also list the dice read surely (confidence at least 0.9) as another value "
        "than their label's: the reader's sure mistakes, or labels to check by eye",
    )
    _among_cards_option(p)
    p.set_defaults(handler=_eval_dice)

    p = vsub.add_parser("calibrate-dice", help="learn the dice colours from one photo")
    p.add_argument("image", type=Path, metavar="IMAGE", help="a photo of the dice only")
    p.add_argument("shown", metavar="SHOWN", help='what is in it, e.g. "3 red, 3 black"')
    p.add_argument("--palette", type=Path, default=None, help="palette JSON (default: config)")
    p.set_defaults(handler=_calibrate_dice)


def _among_cards_option(p: Any) -> None:
    p.add_argument(
        "--among-cards",
        action="store_true",
        help="read the cards first (no taught deck) and the dice among the ones named "
        "(slower; as the companion reads a table at rest)",
    )


def _read_dice(args: argparse.Namespace) -> int:
    from vision.dice_cli import read_dice_lines

    _check_palette(args.palette)
    for line in read_dice_lines([str(p) for p in args.images], args.palette, args.among_cards):
        print(json.dumps(line), flush=True)
    return 0


def _check_palette(path: Path | None) -> None:
    """A palette named on the command line must exist (reading and scoring would otherwise
    quietly use the default colours: a typo in the path) and be readable; the saved one may
    be absent."""
    from vision.palette import load_palette

    _check_readable(path, "no palette", load_palette)


def _check_readable(path: Path | None, missing: str, load: Any) -> None:
    """UsageError, in one line, for a file named on the command line that is not there
    (`missing` at path) or that `load(path)` cannot read; `load(None)` checks the saved
    default. The loaders raise ValueError subclasses naming the file and what to do."""
    from companion.cli import UsageError

    try:
        if path is not None and not path.is_file():
            raise UsageError(f"{missing} at {path}")
        load(path)
    except (ValueError, OSError) as exc:
        raise UsageError(str(exc)) from exc


def _calibrate_dice(args: argparse.Namespace) -> int:
    from companion.cli import UsageError
    from vision.dice import calibrate
    from vision.palette import (
        PaletteError,
        default_palette,
        load_palette,
        parse_counts,
        save_palette,
    )
    from vision.sources import read_image

    frame, problem = read_image(args.image)
    if frame is None:
        raise UsageError(f"cannot read image {args.image}: {problem}")
    try:
        start = load_palette(args.palette)
    except PaletteError as exc:
        # Calibrating is what the message advises, and it writes the file anew.
        print(f"{exc}; calibrating from the default colours", file=sys.stderr)
        start = default_palette()
    try:
        palette = calibrate(frame, parse_counts(args.shown), start)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    try:
        saved = save_palette(palette, args.palette)
    except OSError as exc:
        raise UsageError(f"cannot save the palette to {exc.filename}: {exc.strerror}") from exc
    print(f"saved {saved}")
    return 0


def _eval_dice(args: argparse.Namespace) -> int:
    from companion.cli import UsageError
    from vision.dice_cli import eval_dice_report
    from vision.manifest import ManifestError

    manifest = args.dir / "manifest.json"
    if not manifest.is_file():
        raise UsageError(f"{manifest} not found")
    _check_palette(args.palette)
    try:
        report = eval_dice_report(args.dir, args.palette, args.held_out, args.among_cards)
    except ManifestError as exc:
        raise UsageError(str(exc)) from exc
    if args.json:
        print(json.dumps(report.as_dict()))
    else:
        sys.stdout.write(report.as_text())
        if args.misreads:
            print(f"sure misreads ({len(report.sure_misreads)}):")
            for misread in report.sure_misreads:
                print(f"  {misread.as_text()}")
    return 0


def _register_cards(vsub: Any) -> None:
    p = vsub.add_parser("read-cards", help="read the cards in images; one JSON line per image")
    p.add_argument("images", nargs="+", metavar="IMAGE")
    p.add_argument("--taught", type=Path, default=None, help="taught deck templates (.npz)")
    p.set_defaults(handler=_read_cards)

    p = vsub.add_parser("eval-cards", help="score the card reader on a labelled folder")
    p.add_argument("dir", type=Path, metavar="DIR", help="folder with manifest.json")
    p.add_argument("--taught", type=Path, default=None, help="taught deck templates (.npz)")
    p.add_argument("--json", action="store_true", help="print the scores as one JSON object")
    p.set_defaults(handler=_eval_cards)


def _read_cards(args: argparse.Namespace) -> int:
    from vision.card_cli import read_cards_lines

    _check_taught(args.taught)
    for line in read_cards_lines([str(p) for p in args.images], args.taught):
        print(json.dumps(line), flush=True)
    return 0


def _check_taught(taught: Path | None) -> None:
    """A taught deck named on the command line must exist and be readable: the reader
    would otherwise quietly use the shipped templates alone (a typo in the path), or
    stop with a trace from numpy (a damaged file)."""
    from vision.card_models import load_models

    if taught is not None:
        _check_readable(taught, "no taught deck", load_models)


def _eval_cards(args: argparse.Namespace) -> int:
    from companion.cli import UsageError
    from vision.card_cli import eval_cards_report
    from vision.manifest import ManifestError

    manifest = args.dir / "manifest.json"
    if not manifest.is_file():
        raise UsageError(f"{manifest} not found")
    _check_taught(args.taught)
    try:
        report = eval_cards_report(args.dir, args.taught)
    except ManifestError as exc:
        raise UsageError(str(exc)) from exc
    if args.json:
        print(json.dumps(report.as_dict()))
    else:
        sys.stdout.write(report.as_text())
    return 0
