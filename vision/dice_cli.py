"""The work behind `companion vision read-dice` and `eval-dice` (kept out of vision/cli.py
so that building the parser imports no OpenCV)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import cv2

from vision.dice import read_dice
from vision.dice_cards import read_dice_among_cards
from vision.dice_eval import DiceReader, DiceScore, score_folder
from vision.palette import load_palette
from vision.sources import read_image

HOLDOUT_PATH = Path(__file__).with_name("dice_holdout.json")


def dice_reader(among_cards: bool) -> DiceReader:
    """The dice reader alone, or with the card reader's cards (`vision.dice_cards`)."""
    return read_dice_among_cards if among_cards else read_dice


def read_dice_lines(
    paths: Sequence[str], palette_file: Path | None, among_cards: bool = False
) -> Iterator[dict[str, object]]:
    """One JSON-ready dict per image; an unreadable image yields an "error" line."""
    cv2.setNumThreads(1)
    palette = load_palette(palette_file)
    read = dice_reader(among_cards)
    for path in paths:
        frame, problem = read_image(path)
        if frame is None:
            yield {"file": path, "error": f"cannot read image: {problem}"}
            continue
        start = time.perf_counter()
        reading = read(frame, palette)
        ms = (time.perf_counter() - start) * 1000
        yield {"file": path, "dice": [d.as_dict() for d in reading.dice], "ms": round(ms, 2)}


def eval_dice_report(
    folder: Path, palette_file: Path | None, held_out: bool, among_cards: bool = False
) -> DiceScore:
    """Score a labelled folder; with `held_out`, only the photos the model never saw."""
    cv2.setNumThreads(1)
    files = json.loads(HOLDOUT_PATH.read_text(encoding="utf-8")) if held_out else None
    return score_folder(folder, load_palette(palette_file), files, dice_reader(among_cards))
