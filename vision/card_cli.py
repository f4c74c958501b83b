"""The card commands' work, kept out of `vision.cli` so building the parser stays cheap."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from vision.card_eval import CardScores, evaluate


def read_cards_lines(paths: list[str], taught: Path | None = None) -> Iterator[dict[str, Any]]:
    """One JSON-ready dict per image; an unreadable file gives an "error" line, not a stop."""
    from vision.card_models import load_models
    from vision.card_reader import read_cards
    from vision.sources import read_image

    load_models(taught)  # load once before the clock starts, not inside the first image's time
    for path in paths:
        frame, problem = read_image(path)
        if frame is None:
            yield {"file": path, "error": f"cannot read image: {problem}"}
            continue
        t0 = time.perf_counter()
        reading = read_cards(frame, taught=taught)
        ms = (time.perf_counter() - t0) * 1000.0
        cards = [
            {
                "card": c.card,
                "center": [round(c.center[0], 1), round(c.center[1], 1)],
                "quad": [[round(x, 1), round(y, 1)] for x, y in c.quad],
                "confidence": round(c.confidence, 3),
            }
            for c in reading.cards
        ]
        yield {"file": path, "cards": cards, "ms": round(ms, 2)}


def eval_cards_report(folder: Path, taught: Path | None = None) -> CardScores:
    """Scores of the card reader on a labelled folder."""
    from vision.card_reader import read_cards

    return evaluate(folder, lambda frame: read_cards(frame, taught=taught))
