"""`companion vision read-cards` and `eval-cards`: the exact output contracts."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from vision.synth_cards import render_scene


@pytest.fixture()
def scene_dir(tmp_path: Path) -> Path:
    rng = np.random.default_rng(5)
    entries = []
    for k in range(2):
        frame, labels = render_scene(rng, 640, 480, 2)
        cv2.imwrite(str(tmp_path / f"s{k}.png"), frame)
        entries.append({"file": f"s{k}.png", "size": [640, 480], "objects": labels})
    (tmp_path / "manifest.json").write_text(json.dumps(entries))
    return tmp_path


def test_read_cards_prints_one_line_per_image_and_survives_bad_files(
    scene_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = scene_dir / "broken.jpg"
    bad.write_bytes(b"not an image")
    status = main(["vision", "read-cards", str(scene_dir / "s0.png"), str(bad)])
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert status == 0
    assert len(lines) == 2
    ok, err = lines
    assert set(ok) == {"file", "cards", "ms"}
    for card in ok["cards"]:
        assert set(card) == {"card", "center", "quad", "confidence"}
        assert len(card["quad"]) == 4 and len(card["center"]) == 2
        assert 0.0 <= card["confidence"] <= 1.0
    assert err["file"] == str(bad) and "error" in err


def test_eval_cards_reports_the_headline_figures(
    scene_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["vision", "eval-cards", str(scene_dir), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["labelled"] == 4
    for key in (
        "recall",
        "accuracy_wide",
        "unknown_rate",
        "confident_wrong",
        "false_positives",
        "median_ms",
        "p95_ms",
    ):
        assert key in report


def test_eval_cards_without_manifest_is_a_usage_error(tmp_path: Path) -> None:
    assert main(["vision", "eval-cards", str(tmp_path)]) == 2


@pytest.mark.parametrize("command", ["read-cards", "eval-cards"])
def test_a_missing_or_damaged_taught_deck_is_named_not_ignored_or_traced(
    scene_dir: Path, tmp_path: Path, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    target = str(scene_dir / "s0.png") if command == "read-cards" else str(scene_dir)
    missing = tmp_path / "nowhere.npz"
    assert main(["vision", command, "--taught", str(missing), target]) == 2
    assert f"no taught deck at {missing}" in capsys.readouterr().err
    damaged = tmp_path / "damaged.npz"
    lone_array = tmp_path / "array.npz"
    with lone_array.open("wb") as f:
        np.save(f, np.zeros(3))  # an .npy under an .npz name
    damaged.write_bytes(b"PK\x03\x04 cut short")
    for bad in (damaged, lone_array):
        assert main(["vision", command, "--taught", str(bad), target]) == 2
        err = capsys.readouterr().err
        assert f"cannot read card templates from {bad}" in err
        assert "teach the deck again" in err
