"""Teach my deck: templates learned from one look per card are saved and asked first."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from vision import synth
from vision.card_models import load_models
from vision.card_reader import read_cards
from vision.card_shapes import RANKS, SUITS
from vision.card_teach import teach
from vision.synth_cards import card_quad, draw_face, place_card


def _shown(text: str, rng: np.random.Generator) -> np.ndarray:
    img = synth.table(rng, 480, 360, "felt")
    face = draw_face(text[:-1], text[-1], rng)
    quad = card_quad((240, 180), 110, face.shape[0] / face.shape[1], rng.uniform(0, 6.28), 0.0)
    place_card(img, face, quad, 0.2)
    return img


def test_teaching_saves_every_rank_and_suit_and_reader_uses_them(tmp_path: Path) -> None:
    rng = np.random.default_rng(8)
    cards = [rank + SUITS[k % 4] for k, rank in enumerate(RANKS)]
    path = teach(((_shown(c, rng), c) for c in cards), tmp_path / "taught.npz")
    models = load_models(path)
    assert set(models.taught_rank.labels) == set(RANKS)
    assert set(models.taught_suit.labels) == set(SUITS)
    frame = _shown("QH", np.random.default_rng(9))
    assert len(read_cards(frame, taught=path).cards) == 1
