"""A labelled folder's manifest that is not quite right stops `eval-dice` and `eval-cards`
with one line naming the image and what is wrong, not a trace from deep in the scoring."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from vision.manifest import load_manifest

DIE = {"kind": "die", "value": 3, "bbox": [1, 2, 30, 30]}
CARD = {"kind": "card", "rank": "10", "suit": "H", "quad": [[0, 0], [40, 0], [40, 60], [0, 60]]}


def image(*labels: dict[str, Any]) -> str:
    """A manifest of one image, a.png, with these labels."""
    return json.dumps([{"file": "a.png", "objects": list(labels)}])


BAD = [
    ("", "is not valid JSON (Expecting value, line 1 column 1)"),
    ("[" * 100_000, "is nested too deeply to be a manifest"),
    ('[{"file": "a\\nb.png", "objects": 1}]', "image 1 ('a\\nb.png'): needs an \"objects\""),
    ('{"file": "a.png"}', "must hold a list of labelled images, not an object"),
    ("[3]", 'image 1: expected an object with "file" and "objects", not a number'),
    ('[{"objects": []}]', 'image 1: needs a "file" name'),
    ('[{"file": "a.png"}]', 'image 1 (a.png): needs an "objects" list of labels'),
]
BAD_DIE = [
    (image(DIE, {"bbox": [1, 2, 3, 4]}), 'image 1 (a.png): label 2: "value" must be a whole'),
    (image({**DIE, "value": 7}), '"value" must be a whole number 1-6, not 7'),
    (image({**DIE, "value": True}), '"value" must be a whole number 1-6, not True'),
    (image({**DIE, "bbox": [1, 2]}), '"bbox" must be [x, y, width, height] with width and'),
    (image({**DIE, "bbox": [1, 2, 0, 5]}), "width and height over 0, not [1, 2, 0, 5]"),
    # JSON admits these: an infinite box matched every reading, a long number overflowed.
    (image({**DIE, "bbox": [1, 2, float("inf"), 5]}), "not [1, 2, inf, 5]"),
    (image({**DIE, "bbox": [1, 2, 10**400, 5]}), '"bbox" must be'),
    (image({**DIE, "bbox": [float("nan"), 2, 3, 5]}), "not [nan, 2, 3, 5]"),
]
BAD_CARD = [
    (image({**CARD, "rank": "11"}), '"rank" and "suit" must be one of A 2 3 4 5 6 7 8 9 10 J Q K'),
    (image({**CARD, "quad": [[0, 0]]}), '"quad" must be four [x, y] corners, not [[0, 0]]'),
    (image({**CARD, "quad": [[0, 0], [1, 0], [1, 1], [0, "1"]]}), '"quad" must be four [x, y]'),
]


@pytest.mark.parametrize(
    ("command", "text", "message"),
    [(c, t, m) for c in ("eval-dice", "eval-cards") for t, m in BAD]
    + [("eval-dice", t, m) for t, m in BAD_DIE]
    + [("eval-cards", t, m) for t, m in BAD_CARD],
)
def test_a_malformed_manifest_is_one_clear_line(
    tmp_path: Path, command: str, text: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "manifest.json").write_text(text)
    assert main(["vision", command, str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert message in err and str(tmp_path / "manifest.json") in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_labels_of_the_other_kind_are_not_checked(tmp_path: Path) -> None:
    """A folder may hold dice and cards; each evaluation checks only its own labels."""
    (tmp_path / "manifest.json").write_text(image(DIE, CARD, {"kind": "card"}))
    assert len(load_manifest(tmp_path, "die")) == 1
    (tmp_path / "manifest.json").write_text(image(DIE, CARD, {"kind": "die"}))
    assert len(load_manifest(tmp_path, "card")) == 1


def test_a_manifest_saved_with_a_byte_order_mark_reads(tmp_path: Path) -> None:
    """Some editors on Windows write UTF-8 with a byte order mark."""
    (tmp_path / "manifest.json").write_text(image(DIE), encoding="utf-8-sig")
    assert len(load_manifest(tmp_path, "die")) == 1


@pytest.mark.parametrize("command", ["eval-dice", "eval-cards"])
def test_an_image_that_cannot_be_read_is_named_and_left_out(
    tmp_path: Path, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "manifest.json").write_text(image(DIE, CARD))
    assert main(["vision", command, str(tmp_path)]) == 0
    out = capsys.readouterr()
    assert "error: cannot read a.png: no such file" in out.out and "WARN" not in out.err
