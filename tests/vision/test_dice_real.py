"""The reader on the real photos the model never saw (vision/dice_holdout.json), and on
the card scenes it was not trained on. Thresholds sit a little under the measured figures
in docs/vision-dice.md, so a real regression fails here."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from vision.dice import read_dice
from vision.dice_cli import HOLDOUT_PATH
from vision.dice_eval import DiceScore, score_folder

# Measured on the held-out photos (docs/vision-dice.md), minus a small margin.
RECALL = 0.97
PRECISION = 0.97
VALUE_ACCURACY = 0.9
GAME_RECALL = 0.96
GAME_VALUE_ACCURACY = 0.94
COLOR_ACCURACY = {"red": 0.95, "black": 0.96, "white": 0.98}
CARD_FALSE_DICE = 0  # measured 0 false dice over 75 card scenes (the target)


@pytest.fixture(scope="module")
def held_out(shared_data: Path) -> DiceScore:
    cv2.setNumThreads(1)
    files = json.loads(HOLDOUT_PATH.read_text())
    return score_folder(shared_data / "real" / "dice", None, files)


def test_holdout_is_a_real_share_of_the_photos(shared_data: Path) -> None:
    manifest = json.loads((shared_data / "real" / "dice" / "manifest.json").read_text())
    names = {e["file"] for e in manifest}
    held = json.loads(HOLDOUT_PATH.read_text())
    assert set(held) <= names
    assert 0.3 * len(names) <= len(held) <= 0.45 * len(names)
    assert any(f.startswith("matteop65") for f in held) and any(f.startswith("byler") for f in held)


def test_finds_the_dice(held_out: DiceScore) -> None:
    assert held_out.errors == []
    assert held_out.recall >= RECALL
    assert held_out.precision >= PRECISION


def test_reads_the_values(held_out: DiceScore) -> None:
    d = held_out.as_dict()
    assert d["value_accuracy"] >= VALUE_ACCURACY


def test_game_dice(held_out: DiceScore) -> None:
    g = held_out.as_dict()["game_dice"]
    assert isinstance(g, dict) and g["labels"] >= 100
    assert g["recall"] >= GAME_RECALL
    assert g["value_accuracy"] >= GAME_VALUE_ACCURACY


def test_body_colours(held_out: DiceScore) -> None:
    colors = held_out.as_dict()["color_accuracy"]
    assert isinstance(colors, dict)
    for name in ("red", "black", "white"):
        assert colors[name] >= COLOR_ACCURACY[name], name


@pytest.mark.parametrize("scenes", [slice(1, None, 2), slice(0, None, 2)], ids=["odd", "even"])
def test_card_scenes_have_no_false_dice(shared_data: Path, scenes: slice) -> None:
    """Odd-numbered card scenes were never used in training (it took the even ones as
    "no die"); the even ones are checked too, as a card frame with a die on it is wrong
    whatever the nets saw. A soft glare spot beside two cards on a dark table (even
    scene_0120) read as a purple 1 until pips had to have sharp edges (`fade_width`)."""
    folder = shared_data / "cards_scenes"
    entries = json.loads((folder / "manifest.json").read_text())[scenes]
    seen = {e["file"]: len(read_dice(cv2.imread(str(folder / e["file"]))).dice) for e in entries}
    assert sum(seen.values()) <= CARD_FALSE_DICE, {k: v for k, v in seen.items() if v}
