"""`companion bench --only cards`: ms per 1280×720 frame, ours beside the classic baseline.

Both readers run on the same seeded synthetic frames (1 and 6 cards) in one process with
OpenCV held to one thread, and the medians are reported with each reader's share of
cards read right on those frames, so speed is never quoted without accuracy.
"""

from __future__ import annotations

import time

import numpy as np

from companion.bench import Figure

SECTION = "cards"


def _frames(cards: int, count: int) -> list[tuple[np.ndarray, list[dict]]]:
    from vision.synth_cards import render_scene

    rng = np.random.default_rng(1000 + cards)
    return [render_scene(rng, 1280, 720, cards) for _ in range(count)]


def _measure(reader, frames) -> tuple[float, float]:
    """(median ms per frame, fraction of labelled cards read right)."""
    from vision.card_eval import match

    times, right, total = [], 0, 0
    for frame, labels in frames:
        t0 = time.perf_counter()
        reading = reader(frame)
        times.append((time.perf_counter() - t0) * 1000.0)
        pairs, _ = match(labels, reading)
        total += len(labels)
        right += sum(card == lab["rank"] + lab["suit"] for lab, card in pairs)
    return float(np.median(times)), right / max(1, total)


def run(quick: bool) -> list[Figure]:
    """Median ms per frame and accuracy for both readers, 1 and 6 cards."""
    import cv2

    from vision.card_baseline import read_cards_baseline
    from vision.card_models import load_models
    from vision.card_reader import read_cards

    cv2.setNumThreads(1)
    load_models()
    count = 3 if quick else 20
    figures = []
    for cards in (1, 6):
        frames = _frames(cards, count)
        for name, reader in (("ours", read_cards), ("baseline", read_cards_baseline)):
            reader(frames[0][0])
            ms, acc = _measure(reader, frames)
            figures.append(Figure(SECTION, f"{name} {cards} card(s) ms/frame", ms, "ms"))
            figures.append(Figure(SECTION, f"{name} {cards} card(s) read right", acc * 100, "%"))
    return figures
