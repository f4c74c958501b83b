"""What both readers take: an 8-bit colour frame of any size, or a clear error."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from vision.card_reader import read_cards
from vision.dice import read_dice

READERS: dict[str, Callable[[np.ndarray], object]] = {
    "dice": lambda f: read_dice(f).dice,
    "cards": lambda f: read_cards(f).cards,
}


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize(
    "frame",
    [
        np.zeros((48, 64), np.uint8),
        np.zeros((48, 64, 4), np.uint8),
        np.zeros((48, 64, 3)),
        None,
        [[[0, 0, 0]]],
    ],
    ids=["grey", "bgra", "float", "none", "list"],
)
def test_a_frame_of_the_wrong_kind_is_a_clear_error(reader: str, frame: np.ndarray) -> None:
    with pytest.raises(ValueError, match=r"colour \(BGR, 8-bit\) frame, got"):
        READERS[reader](frame)


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("shape", [(1, 1000), (1000, 1), (0, 10), (1, 1), (7, 640)])
def test_a_frame_too_thin_for_a_die_or_card_reads_as_empty(
    reader: str, shape: tuple[int, int]
) -> None:
    """A frame a pixel thin could not be shrunk (OpenCV refuses a side of 0) and ended the
    command line's run with a trace; it holds nothing to read."""
    frame = np.random.default_rng(0).integers(0, 256, (*shape, 3), dtype=np.uint8)
    assert READERS[reader](frame) == ()
