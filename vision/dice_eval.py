"""Score the dice reader against a labelled folder (`manifest.json` as in the shared data).

Detections are matched to labels greedily by centre distance: a pair matches when the
centres are closer than half the larger of the two box sizes. Centre matching (not IoU)
is used because one source labels only the pip pattern of the top face, not the die.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from vision.dice import read_dice
from vision.dice_types import DiceReading, Die
from vision.manifest import load_manifest
from vision.palette import Palette
from vision.sources import read_image

DiceReader = Callable[[np.ndarray, Palette | None], DiceReading]  # `read_dice`'s shape

GAME_BODIES = {"red", "black", "white"}
GAME_PIPS = {"white", "black"}
# A die read this surely with a value other than its label's is listed (`Misread`): on the
# shared photos, three such dice show a face other than their label's (a 3 labelled 2).
SURE_MISREAD = 0.9


@dataclass
class Tally:
    """Counts for one group of labelled dice."""

    labels: int = 0
    matched: int = 0
    value_right: int = 0
    color_right: int = 0

    def add(self, die: Die | None, label: dict) -> None:
        self.labels += 1
        if die is not None:
            self.matched += 1
            self.value_right += die.value == label["value"]
            self.color_right += die.color == label.get("color")


@dataclass(frozen=True)
class Misread:
    """A die matched to its label whose value the reader gave otherwise, at a confidence of
    at least SURE_MISREAD: a mistake the reader is sure of, or a label to check by eye. The
    photos were labelled by hand, and a reader's sure disagreements are where a wrong label
    shows (docs/vision-dice.md, "Labels the reader is sure are wrong")."""

    file: str
    center: tuple[float, float]  # the die's centre as read, frame px
    label_color: str  # the label's body colour
    label: int
    value: int
    confidence: float

    def as_text(self) -> str:
        x, y = self.center
        return (
            f"{self.file} at ({x:.0f}, {y:.0f}): {self.label_color} die labelled {self.label}, "
            f"read {self.value} at {self.confidence:.3f}"
        )


@dataclass
class DiceScore:
    """Everything `companion vision eval-dice` prints."""

    images: int = 0
    detections: int = 0
    all_dice: Tally = field(default_factory=Tally)
    game_dice: Tally = field(default_factory=Tally)
    by_color: dict[str, Tally] = field(default_factory=dict)
    ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    sure_misreads: list[Misread] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return ratio(self.all_dice.matched, self.all_dice.labels)

    @property
    def precision(self) -> float:
        return ratio(self.all_dice.matched, self.detections)

    def as_dict(self) -> dict[str, object]:
        """Plain numbers, for `--json` and for tests."""
        ms = sorted(self.ms) or [0.0]
        return {
            "images": self.images,
            "labels": self.all_dice.labels,
            "detections": self.detections,
            "recall": self.recall,
            "precision": self.precision,
            "value_accuracy": ratio(self.all_dice.value_right, self.all_dice.matched),
            "game_dice": {
                "labels": self.game_dice.labels,
                "recall": ratio(self.game_dice.matched, self.game_dice.labels),
                "value_accuracy": ratio(self.game_dice.value_right, self.game_dice.matched),
            },
            "color_accuracy": {
                c: ratio(t.color_right, t.matched) for c, t in sorted(self.by_color.items())
            },
            "median_ms": statistics.median(ms),
            "p95_ms": ms[min(len(ms) - 1, int(0.95 * len(ms)))],
            "errors": self.errors,
            "sure_misreads": [asdict(m) for m in self.sure_misreads],
        }

    def as_text(self) -> str:
        """A short human-readable summary."""
        d = self.as_dict()
        g = d["game_dice"]
        assert isinstance(g, dict)
        lines = [
            f"images {d['images']}, labelled dice {d['labels']}, detections {d['detections']}",
            f"recall {d['recall']:.3f}  precision {d['precision']:.3f}  "
            f"value accuracy {d['value_accuracy']:.3f}",
            f"game dice ({g['labels']}): recall {g['recall']:.3f}  "
            f"value accuracy {g['value_accuracy']:.3f}",
            "colour accuracy: "
            + "  ".join(
                f"{c} {v:.3f} ({self.by_color[c].matched})"
                for c, v in d["color_accuracy"].items()  # type: ignore[union-attr]
            ),
            f"ms per frame: median {d['median_ms']:.2f}  p95 {d['p95_ms']:.2f}",
        ]
        lines += [f"error: {e}" for e in self.errors]
        return "\n".join(lines) + "\n"


def is_game_die(label: dict) -> bool:
    """Whether a labelled die is of the kind Kwingto and Qwixx Duel use: a red, black or
    white body with white or black pips (the issue's "game dice")."""
    return label.get("color") in GAME_BODIES and label.get("pip_color") in GAME_PIPS


def ratio(a: int, b: int) -> float:
    return a / b if b else 0.0


def match(dice: Sequence[Die], labels: Sequence[dict]) -> list[Die | None]:
    """For each label, the detection matched to it (or None); each detection used once."""
    pairs = []
    for i, label in enumerate(labels):
        x, y, w, h = label["bbox"]
        for j, die in enumerate(dice):
            dist = float(np.hypot(die.center[0] - x - w / 2, die.center[1] - y - h / 2))
            if dist <= 0.5 * max(w, h, die.bbox[2]):
                pairs.append((dist, i, j))
    found: list[Die | None] = [None] * len(labels)
    used = set()
    for _, i, j in sorted(pairs):
        if found[i] is None and j not in used:
            found[i] = dice[j]
            used.add(j)
    return found


def whole_roll(dice: Sequence[Die], labels: Sequence[dict]) -> bool:
    """Whether a reading is the whole roll: every labelled die found with its value, and no
    die more. A tray reports rolls, and one die missed, misread or added spoils the roll."""
    found = match(dice, labels)
    right = all(
        d is not None and d.value == lab["value"] for d, lab in zip(found, labels, strict=True)
    )
    return right and len(dice) == len(labels)


def score_folder(
    folder: Path,
    palette: Palette | None = None,
    files: Iterable[str] | None = None,
    read: DiceReader = read_dice,
) -> DiceScore:
    """Read every image of `folder/manifest.json` (or just `files`) with `read` and score it."""
    entries = load_manifest(folder, "die")
    if files is not None:
        wanted = set(files)
        entries = [e for e in entries if e["file"] in wanted]
    score = DiceScore()
    for entry in entries:
        frame, problem = read_image(folder / entry["file"])
        if frame is None:
            score.errors.append(f"cannot read {entry['file']}: {problem}")
            continue
        start = time.perf_counter()
        reading = read(frame, palette)
        score.ms.append((time.perf_counter() - start) * 1000)
        score.images += 1
        score.detections += len(reading.dice)
        labels = [o for o in entry["objects"] if o.get("kind", "die") == "die"]
        for label, die in zip(labels, match(reading.dice, labels), strict=True):
            score.all_dice.add(die, label)
            score.by_color.setdefault(label.get("color", "?"), Tally()).add(die, label)
            if is_game_die(label):
                score.game_dice.add(die, label)
            if die is not None and die.value != label["value"] and die.confidence >= SURE_MISREAD:
                score.sure_misreads.append(
                    Misread(
                        entry["file"],
                        die.center,
                        label.get("color", "?"),
                        label["value"],
                        die.value,
                        die.confidence,
                    )
                )
    return score
