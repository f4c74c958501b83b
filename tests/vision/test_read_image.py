"""Image files read for the command line: the image, or what is wrong with the file."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.sources import read_image


def test_an_image_file_reads_as_opencv_reads_it(tmp_path: Path) -> None:
    picture = np.random.default_rng(3).integers(0, 256, (40, 60, 3), dtype=np.uint8)
    path = tmp_path / "frame.png"
    cv2.imwrite(str(path), picture)
    frame, problem = read_image(path)
    assert problem == "" and frame is not None
    assert np.array_equal(frame, cv2.imread(str(path)))


@pytest.mark.parametrize(
    ("name", "content", "problem"),
    [
        ("missing.jpg", None, "no such file"),
        ("", None, "not a file"),  # the folder itself
        ("notes.jpg", b"not an image", "not an image"),
        ("empty.png", b"", "not an image"),
    ],
)
def test_a_bad_file_says_what_is_wrong(
    tmp_path: Path, name: str, content: bytes | None, problem: str
) -> None:
    path = tmp_path / name
    if content is not None:
        path.write_bytes(content)
    frame, said = read_image(path)
    assert frame is None and said.startswith(problem)


def test_read_cards_names_the_problem_and_opencv_prints_nothing(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    from companion.cli import main

    assert main(["vision", "read-cards", str(tmp_path / "missing.jpg")]) == 0
    out, err = capfd.readouterr()
    assert '"error": "cannot read image: no such file"' in out
    assert err == ""
