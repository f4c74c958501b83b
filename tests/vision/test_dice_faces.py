"""A die face's layout of pips (`vision.dice_faces`), which says what a bodiless black
die shows where the value net cannot."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from vision.dice_faces import LAYOUTS, fits_layout

DIE = 40.0
OFFSET = 0.27 * DIE  # the renderer's corner pips lie 0.27 of an edge from the centre


def face(count: int, turn: float, offset: float = OFFSET, at=(200.0, 150.0)) -> np.ndarray:
    """The pip centres of a face showing `count`, turned by `turn` radians."""
    layout = np.array(LAYOUTS[count], np.float64) * offset
    c, s = np.cos(turn), np.sin(turn)
    return layout @ np.array([[c, s], [-s, c]]) + np.array(at)


@given(
    count=st.sampled_from(sorted(LAYOUTS)),
    turn=st.floats(0.0, 2 * np.pi),
    scale=st.floats(0.75, 1.4),
    x=st.floats(0.0, 600.0),
    y=st.floats(0.0, 400.0),
    order=st.randoms(use_true_random=False),
)
def test_every_face_fits_its_own_layout_turned_moved_and_sized(
    count: int, turn: float, scale: float, x: float, y: float, order
) -> None:
    """Any turn, any place, and the pips in any order; the die measured from 0.75 to 1.4
    times its size (the reader's die runs 0.9–1.3 times the drawn one)."""
    pips = face(count, turn, OFFSET * scale, (x, y))
    assert fits_layout(pips[order.sample(range(count), count)], DIE)


@pytest.mark.parametrize("count", sorted(LAYOUTS))
def test_a_pip_out_of_place_is_no_face(count: int) -> None:
    """One pip moved by half the pip offset (5.4 px on a 40 px die) breaks the layout; by
    0.1 (a pixel) it does not."""
    for shift, fits in ((0.1, True), (0.5, False)):
        pips = face(count, 0.3)
        pips[0] += shift * OFFSET * np.array([0.6, 0.8])
        assert fits_layout(pips, DIE) == fits


@pytest.mark.parametrize(
    ("pips", "why"),
    [
        (face(3, 0.2) + np.array([[0, 0], [6, -6], [0, 0]]), "a 3 bent at its middle"),
        (face(4, 0.0)[:3], "three corners of a 4"),
        (
            np.array([[0.0, 0.0], [10.0, 0.0], [20.0, 0.0], [30.0, 0.0], [40.0, 0.0]]),
            "five in a row",
        ),
        (face(5, 0.4, 0.6 * DIE), "a 5 too wide for the die"),
        (face(6, 0.4, 0.1 * DIE), "a 6 too small for the die"),
    ],
)
def test_what_is_no_face_does_not_fit(pips: np.ndarray, why: str) -> None:
    assert not fits_layout(pips, DIE), why


@pytest.mark.parametrize("count", [0, 1, 2, 7])
def test_counts_without_a_layout_to_check_do_not_fit(count: int) -> None:
    """One pip is any speck and two are any diagonal: they are read by the net alone."""
    pips = np.arange(2 * count, dtype=np.float64).reshape(count, 2) * 9.0
    assert not fits_layout(pips, DIE)
