"""`companion bench --only dice`: speed of the dice reader against the classic baseline.

Both readers run in the same process on the same frames with OpenCV on one thread:
seeded synthetic scenes at 640×480 and 1280×720 (each with 6–12 dice, touching dice,
glare, blur, noise and JPEG), and the real held-out photos when the shared data is there.
Accuracy on those same images is reported next to the speed (share of labelled dice read
with the right value, and precision). Seeded Kwingto tables (six dice beside 1–5 cards,
1280×720) are read by ours alone and among the card reader's cards, as the camera worker
reads a table come to rest.
"""

from __future__ import annotations

import json
import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

from companion.bench import Figure
from vision.dice import read_dice
from vision.dice_baseline import read_dice_baseline
from vision.dice_cards import read_dice_among_cards
from vision.dice_eval import match
from vision.dice_types import DiceReading
from vision.frame_change import FrameMemory
from vision.synth_dice import random_dice_scene
from vision.synth_table import render_game_table

SECTION = "dice"
HOLDOUT_PATH = Path(__file__).with_name("dice_holdout.json")
Reader = Callable[[np.ndarray], DiceReading]
Labelled = list[tuple[np.ndarray, list[dict]]]


def synthetic_frames(width: int, height: int, count: int) -> Labelled:
    """Seeded scenes with 6–12 dice of the game colours, labelled as in the manifest."""
    return [synthetic_frame(width, height, seed) for seed in range(count)]


def synthetic_frame(width: int, height: int, seed: int) -> tuple[np.ndarray, list[dict]]:
    """The `seed`th of `synthetic_frames`, alone."""
    rng = np.random.default_rng(seed)
    colors = [str(c) for c in rng.choice(["red", "black", "white"], int(rng.integers(6, 13)))]
    size = float(rng.uniform(0.06, 0.1) * height)
    scene = random_dice_scene(1000 + seed, width, height, colors=colors, size=size)
    return scene.image, [{"value": d.value, "bbox": list(d.bbox)} for d in scene.dice]


def game_tables(count: int) -> Labelled:
    """Seeded Kwingto tables: the six dice beside 1–5 cards, 1280×720."""
    tables = [render_game_table(seed) for seed in range(count)]
    return [(t.image, [{"value": d.value, "bbox": list(d.bbox)} for d in t.dice]) for t in tables]


def real_frames(limit: int) -> Labelled:
    """The held-out real photos (empty when the shared data is absent)."""
    env = os.environ.get("COMPANION_TEST_DATA")
    root = Path(env) if env else Path(__file__).resolve().parents[2] / "shared" / "data"
    folder = root / "real" / "dice"
    if not (folder / "manifest.json").is_file():
        return []
    held = set(json.loads(HOLDOUT_PATH.read_text(encoding="utf-8")))
    entries = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    chosen = [e for e in entries if e["file"] in held][:limit]
    return [(cv2.imread(str(folder / e["file"])), e["objects"]) for e in chosen]


def measure(reader: Reader, frames: Labelled, repeats: int) -> tuple[float, float, float]:
    """Median ms per frame, share of labels read with the right value, and precision."""
    times, right, labels, found, matched = [], 0, 0, 0, 0
    for frame, truth in frames:
        for _ in range(repeats):
            start = time.perf_counter()
            reading = reader(frame)
            times.append((time.perf_counter() - start) * 1000)
        pairs = match(reading.dice, truth)
        labels += len(truth)
        found += len(reading.dice)
        matched += sum(d is not None for d in pairs)
        right += sum(
            d is not None and d.value == t["value"] for d, t in zip(pairs, truth, strict=True)
        )
    return statistics.median(times), right / max(labels, 1), matched / max(found, 1)


def run(quick: bool) -> list[Figure]:
    """Speed and accuracy of ours and the baseline, from one run on the same frames."""
    cv2.setNumThreads(1)
    count, repeats = (4, 1) if quick else (30, 3)
    sets = {
        "640x480 synthetic": synthetic_frames(640, 480, count),
        "1280x720 synthetic": synthetic_frames(1280, 720, count),
        "real held-out": real_frames(8 if quick else 1000),
    }
    readers: dict[str, Reader] = {"ours": read_dice, "baseline": read_dice_baseline}
    figures = []
    for set_name, frames in sets.items():
        if not frames:
            continue
        for reader_name, reader in readers.items():
            figures += reader_figures(f"{set_name} {reader_name}", reader, frames, repeats)
    tables = game_tables(count)
    for reader_name, reader in (("ours", read_dice), ("ours among cards", read_dice_among_cards)):
        figures += reader_figures(f"1280x720 Kwingto tables {reader_name}", reader, tables, repeats)
    for set_name in ("640x480 synthetic", "1280x720 synthetic"):
        frames = [frame for frame, _ in sets[set_name]]
        figures.append(Figure(SECTION, f"{set_name}: still-frame check", still_check(frames), "ms"))
    return figures


def reader_figures(label: str, reader: Reader, frames: Labelled, repeats: int) -> list[Figure]:
    """One reader's median time, dice read right and precision on `frames`."""
    ms, right, precision = measure(reader, frames, repeats)
    return [
        Figure(SECTION, f"{label}: median time", ms, "ms/frame"),
        Figure(SECTION, f"{label}: dice read right", 100 * right, "% of labels"),
        Figure(SECTION, f"{label}: precision", 100 * precision, "%"),
    ]


def still_check(frames: list[np.ndarray]) -> float:
    """Median ms the camera worker spends on a frame that matches the last one read
    (`FrameMemory.changed`), which is all a still table costs it between readings."""
    memory = FrameMemory()
    memory.remember(frames[0])
    times = []
    for frame in frames:
        start = time.perf_counter()
        memory.changed(frame)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)
