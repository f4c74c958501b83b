"""Frames without cards must give no cards: empty tables, blank paper, a hand."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import synth
from vision.card_reader import read_cards


@pytest.mark.parametrize("kind", synth.TABLE_KINDS)
def test_empty_table_has_no_cards(kind: str) -> None:
    rng = np.random.default_rng(3)
    frame = synth.camera(synth.table(rng, 640, 480, kind), rng, synth.random_camera(rng))
    assert read_cards(frame).cards == ()


def test_blank_paper_is_not_a_card() -> None:
    rng = np.random.default_rng(4)
    img = synth.table(rng, 640, 480, "felt")
    box = np.array([[200, 150], [300, 150], [300, 300], [200, 300]], np.int32)
    cv2.fillPoly(img, [box], (245, 245, 245))
    assert read_cards(synth.camera(img, rng, synth.Camera())).cards == ()


def test_hand_is_not_a_card() -> None:
    rng = np.random.default_rng(5)
    img = synth.table(rng, 640, 480, "wood")
    synth.draw_hand(img, rng)
    assert read_cards(synth.camera(img, rng, synth.Camera())).cards == ()
