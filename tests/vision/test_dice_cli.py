"""`companion vision read-dice` and `eval-dice`: the exact output contracts."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from vision.dice_eval import SURE_MISREAD, DiceReader, score_folder
from vision.dice_types import DiceReading, Die
from vision.palette import Palette
from vision.synth import Camera
from vision.synth_dice import SynthDie, render_dice

DICE = [SynthDie(4, "red", (200, 200), 48, 20), SynthDie(1, "white", (420, 260), 48, 50)]


def labelled(dice: Sequence[SynthDie]) -> list[dict[str, object]]:
    """Manifest labels of drawn dice (white pips)."""
    return [
        {
            "kind": "die",
            "value": d.value,
            "color": d.color,
            "pip_color": "white",
            "bbox": list(d.bbox),
        }
        for d in dice
    ]


@pytest.fixture()
def scene_png(tmp_path: Path) -> Path:
    path = tmp_path / "roll.png"
    cv2.imwrite(str(path), render_dice(DICE, seed=1, cam=Camera(noise=2, jpeg=0)).image)
    return path


def test_read_dice_prints_one_json_line_per_image(
    scene_png: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"not an image")
    assert main(["vision", "read-dice", str(scene_png), str(broken), str(scene_png)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["file"] for line in lines] == [str(scene_png), str(broken), str(scene_png)]
    assert "error" in lines[1] and "dice" not in lines[1]
    first = lines[0]
    assert set(first) == {"file", "dice", "ms"} and first["ms"] >= 0
    dice = sorted(first["dice"], key=lambda d: d["center"][0])
    assert [(d["value"], d["color"]) for d in dice] == [(4, "red"), (1, "white")]
    for d, truth in zip(dice, DICE, strict=True):
        assert set(d) == {"value", "color", "center", "bbox", "confidence"}
        assert (
            abs(d["center"][0] - truth.center[0]) < 8 and abs(d["center"][1] - truth.center[1]) < 8
        )
        x, y, w, h = d["bbox"]
        assert x < truth.center[0] < x + w and y < truth.center[1] < y + h
        assert 0 <= d["confidence"] <= 1


def test_eval_dice_scores_a_labelled_folder(
    scene_png: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    labels = labelled(DICE)
    labels[1]["value"] = 6  # one wrong label: value accuracy must drop to 1/2
    manifest = [{"file": scene_png.name, "objects": labels}]
    (scene_png.parent / "manifest.json").write_text(json.dumps(manifest))
    assert main(["vision", "eval-dice", str(scene_png.parent), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["recall"] == 1.0 and report["precision"] == 1.0
    assert report["value_accuracy"] == 0.5
    assert report["color_accuracy"] == {"red": 1.0, "white": 1.0}
    assert report["median_ms"] > 0
    [misread] = report["sure_misreads"]  # the wrong label: a die the reader is sure of
    assert (misread["label"], misread["value"], misread["label_color"]) == (6, 1, "white")
    assert misread["confidence"] >= 0.9 and misread["file"] == scene_png.name
    assert main(["vision", "eval-dice", str(scene_png.parent)]) == 0
    text = capsys.readouterr().out
    assert "recall 1.000" in text and "median" in text and "misread" not in text
    assert main(["vision", "eval-dice", str(scene_png.parent), "--misreads"]) == 0
    listed = capsys.readouterr().out.splitlines()[-2:]
    assert listed[0] == "sure misreads (1):"
    assert listed[1].startswith(f"  {scene_png.name} at (4")  # the die drawn at (420, 260)
    assert listed[1].endswith(f"white die labelled 6, read 1 at {misread['confidence']:.3f}")


def test_only_sure_misreads_are_listed(scene_png: Path) -> None:
    """A die read wrong at a confidence under SURE_MISREAD is the reader's doubt, not a label
    to check; one read wrong at it or over is listed, and a die read right never is."""
    labels = labelled(DICE)
    (scene_png.parent / "manifest.json").write_text(
        json.dumps([{"file": scene_png.name, "objects": labels}])
    )

    def read(confidences: tuple[float, float], values: tuple[int, int]) -> DiceReader:
        def reader(frame: np.ndarray, palette: Palette | None) -> DiceReading:
            dice = tuple(
                Die(v, d.color, d.center, d.bbox, c)
                for d, v, c in zip(DICE, values, confidences, strict=True)
            )
            return DiceReading(dice, 48.0)

        return reader

    wrong = (DICE[0].value + 1, DICE[1].value + 1)
    unsure = score_folder(scene_png.parent, read=read((0.89, 0.5), wrong))
    assert unsure.sure_misreads == [] and unsure.all_dice.value_right == 0
    sure = score_folder(scene_png.parent, read=read((SURE_MISREAD, 1.0), wrong))
    assert [(m.label, m.value) for m in sure.sure_misreads] == [(4, 5), (1, 2)]
    right = score_folder(scene_png.parent, read=read((1.0, 1.0), (4, 1)))
    assert right.sure_misreads == [] and right.all_dice.value_right == 2


def test_eval_dice_without_manifest_is_a_usage_error(tmp_path: Path) -> None:
    assert main(["vision", "eval-dice", str(tmp_path)]) == 2


def test_calibrate_dice_saves_the_palette(
    scene_png: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "palette.json"
    assert (
        main(
            ["vision", "calibrate-dice", str(scene_png), "1 red, 1 white", "--palette", str(target)]
        )
        == 0
    )
    assert str(target) in capsys.readouterr().out
    names = [c["name"] for c in json.loads(target.read_text())["colors"]]
    assert names.count("red") == 1 and names.count("white") == 1
    assert (
        main(["vision", "calibrate-dice", str(scene_png), "3 red", "--palette", str(target)]) == 2
    )


def test_a_missing_or_damaged_palette_is_named_not_ignored_or_traced(
    scene_png: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nowhere.json"
    assert main(["vision", "read-dice", "--palette", str(missing), str(scene_png)]) == 2
    assert f"no palette at {missing}" in capsys.readouterr().err
    damaged = tmp_path / "damaged.json"
    for text in ('{"colors": [{"name": "red", "lab": [1, 2', "[1, 2]", '{"colors": []}'):
        damaged.write_text(text, encoding="utf-8")
        assert main(["vision", "read-dice", "--palette", str(damaged), str(scene_png)]) == 2
        err = capsys.readouterr().err
        assert f"cannot read the dice colours in {damaged}" in err, text
        assert "calibrate again" in err
        # Calibrating, as the message advises, starts from the default colours and mends it.
        shown = [str(scene_png), "1 red, 1 white", "--palette", str(damaged)]
        assert main(["vision", "calibrate-dice", *shown]) == 0
        assert "calibrating from the default colours" in capsys.readouterr().err
        assert main(["vision", "read-dice", "--palette", str(damaged), str(scene_png)]) == 0
        capsys.readouterr()


def test_a_palette_that_cannot_be_saved_is_named(
    scene_png: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "a folder"
    folder.mkdir()
    assert (
        main(
            ["vision", "calibrate-dice", str(scene_png), "1 red, 1 white", "--palette", str(folder)]
        )
        == 2
    )
    assert f"cannot save the palette to {folder}" in capsys.readouterr().err


def test_among_cards_reads_the_dice_thrown_against_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--among-cards` reads the cards first, as the companion reads a settled roll: three
    red dice against cards, none of them found by the dice reader alone."""
    from vision.synth_table import dice_against_cards

    table = dice_against_cards(5002)
    image = tmp_path / "table.png"
    cv2.imwrite(str(image), table.image)
    assert main(["vision", "read-dice", str(image)]) == 0
    assert json.loads(capsys.readouterr().out)["dice"] == []
    assert main(["vision", "read-dice", "--among-cards", str(image)]) == 0
    line = json.loads(capsys.readouterr().out)
    assert set(line) == {"file", "dice", "ms"}
    assert sorted(d["value"] for d in line["dice"]) == sorted(d.value for d in table.dice)
    labels = labelled(table.dice)
    (tmp_path / "manifest.json").write_text(json.dumps([{"file": image.name, "objects": labels}]))
    scores = []
    for flags in ([], ["--among-cards"]):
        assert main(["vision", "eval-dice", str(tmp_path), "--json", *flags]) == 0
        scores.append(json.loads(capsys.readouterr().out)["recall"])
    assert scores == [0.0, 1.0]
