"""Score the card reader on a labelled folder (`manifest.json` in the shared-data format).

A reading matches a labelled card when its centre falls inside the labelled outline (each
label and each reading used once, nearest centres first). From the matches come recall,
accuracy (overall and on cards at least 80 px wide, where the reader must be right), the
unknown rate, confident-wrong answers (a wrong card named, the one unforgivable error),
and readings that match nothing (false positives).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from vision.card_reader import CardsReading
from vision.manifest import load_manifest
from vision.sources import read_image

WIDE_PX = 80.0


@dataclass(frozen=True)
class CardScores:
    """The headline numbers of one evaluation run."""

    images: int
    labelled: int
    matched: int
    recall: float
    accuracy: float
    accuracy_wide: float
    wide_matched: int
    unknown_rate: float
    confident_wrong: int
    confident_wrong_rate: float
    false_positives: int
    median_ms: float
    p95_ms: float
    errors: tuple[str, ...] = ()  # images that could not be read, and why: left out

    def as_dict(self) -> dict[str, object]:
        """Plain numbers for JSON."""
        return asdict(self)

    def as_text(self) -> str:
        """One `name: value` line per figure."""
        lines = [
            f"images: {self.images}",
            f"labelled cards: {self.labelled}",
            f"recall: {self.recall:.3f} ({self.matched}/{self.labelled})",
            f"accuracy (all matched): {self.accuracy:.3f}",
            f"accuracy (>= {WIDE_PX:.0f} px wide): {self.accuracy_wide:.3f} of {self.wide_matched}",
            f"unknown rate: {self.unknown_rate:.3f}",
            f"confident wrong: {self.confident_wrong} ({self.confident_wrong_rate:.3%})",
            f"false positives: {self.false_positives}",
            f"median ms: {self.median_ms:.1f}",
            f"p95 ms: {self.p95_ms:.1f}",
        ]
        lines += [f"error: {e}" for e in self.errors]
        return "\n".join(lines) + "\n"


def card_width(quad: np.ndarray) -> float:
    """Short side of a labelled outline (TL, TR, BR, BL)."""
    return float((np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / 2.0)


def _inside(point: np.ndarray, quad: np.ndarray) -> bool:
    import cv2

    contour = quad.astype(np.float32).reshape(-1, 1, 2)
    return cv2.pointPolygonTest(contour, (float(point[0]), float(point[1])), False) >= 0


def match(labels: list[dict], reading: CardsReading) -> tuple[list[tuple[dict, str | None]], int]:
    """(label, read card) pairs for matched labels, and the number of unmatched readings."""
    pairs = []
    for li, lab in enumerate(labels):
        quad = np.array(lab["quad"], np.float64)
        for ri, card in enumerate(reading.cards):
            centre = np.array(card.center)
            if _inside(centre, quad):
                pairs.append((float(np.linalg.norm(centre - quad.mean(axis=0))), li, ri))
    pairs.sort()
    used_l: set[int] = set()
    used_r: set[int] = set()
    matched = []
    for _, li, ri in pairs:
        if li in used_l or ri in used_r:
            continue
        used_l.add(li)
        used_r.add(ri)
        matched.append((labels[li], reading.cards[ri].card))
    return matched, len(reading.cards) - len(used_r)


def evaluate(folder: Path, reader: Callable[[np.ndarray], CardsReading]) -> CardScores:
    """Run `reader` on every image of a labelled folder and score it; an image that cannot
    be read is left out and named in `errors`."""
    entries = load_manifest(folder, "card")
    labelled = matched_n = correct = wide_n = wide_ok = unknown = wrong = fps = 0
    times = []
    errors = []
    for entry in entries:
        frame, problem = read_image(folder / entry["file"])
        if frame is None:
            errors.append(f"cannot read {entry['file']}: {problem}")
            continue
        t0 = time.perf_counter()
        reading = reader(frame)
        times.append((time.perf_counter() - t0) * 1000.0)
        labels = [o for o in entry["objects"] if o.get("kind") == "card"]
        pairs, unmatched = match(labels, reading)
        labelled += len(labels)
        fps += unmatched
        for lab, card in pairs:
            truth = lab["rank"] + lab["suit"]
            matched_n += 1
            ok = card == truth
            correct += ok
            unknown += card is None
            wrong += card is not None and not ok
            if card_width(np.array(lab["quad"])) >= WIDE_PX:
                wide_n += 1
                wide_ok += ok
    return CardScores(
        images=len(times),
        labelled=labelled,
        matched=matched_n,
        recall=matched_n / max(1, labelled),
        accuracy=correct / max(1, matched_n),
        accuracy_wide=wide_ok / max(1, wide_n),
        wide_matched=wide_n,
        unknown_rate=unknown / max(1, matched_n),
        confident_wrong=wrong,
        confident_wrong_rate=wrong / max(1, matched_n),
        false_positives=fps,
        median_ms=float(np.median(times)) if times else 0.0,
        p95_ms=float(np.percentile(times, 95)) if times else 0.0,
        errors=tuple(errors),
    )


def deck_frames(
    deck_dir: Path, seed: int = 0, width: float = 100.0
) -> Iterator[tuple[np.ndarray, str]]:
    """Each face PNG of a deck folder (`<CARD>.png`) on a table, about `width` px wide, at a
    random rotation and position, seen through a mild camera: (frame, card text)."""
    import cv2

    from vision import synth
    from vision.synth_cards import card_quad, place_card

    rng = np.random.default_rng(seed)
    for png in sorted(deck_dir.glob("*.png")):
        rgba = cv2.imread(str(png), cv2.IMREAD_UNCHANGED)
        if rgba is None or rgba.ndim != 3:
            continue
        face = rgba[..., :3]
        if rgba.shape[2] == 4:
            alpha = rgba[..., 3:].astype(np.float32) / 255.0
            face = (face * alpha + 255 * (1 - alpha)).astype(np.uint8)
        img = synth.table(rng, 480, 360)
        quad = card_quad(
            (float(rng.uniform(180, 300)), float(rng.uniform(150, 210))),
            width * rng.uniform(0.9, 1.1),
            face.shape[0] / face.shape[1],
            float(rng.uniform(0, 2 * np.pi)),
            float(rng.uniform(0, 0.04)),
        )
        place_card(img, face, quad, 0.25)
        cam = synth.Camera(gradient=0.15, blur=0.5, noise=2.0, jpeg=90)
        yield synth.camera(img, rng, cam), png.stem


def deck_accuracy(
    frames: Iterable[tuple[np.ndarray, str]], reader: Callable[[np.ndarray], CardsReading]
) -> float:
    """Fraction of single-card frames read as exactly their own card and nothing else."""
    right = total = 0
    for frame, text in frames:
        cards = reader(frame).cards
        total += 1
        right += len(cards) == 1 and cards[0].card == text
    return right / max(1, total)
