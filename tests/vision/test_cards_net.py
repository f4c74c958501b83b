"""The corner-reading network: its numpy forward pass, and its reading of drawn corners it
was not trained on (a seed the trainer never uses)."""

from __future__ import annotations

import numpy as np

from vision.build_card_models import _weight, rank_glyphs
from vision.card_net import (
    IN_H,
    IN_W,
    RANK_LABELS,
    SUIT_LABELS,
    forward,
    load_weights,
    net_input,
    percentiles,
)
from vision.card_shapes import RANKS, SUITS, draw_suit
from vision.card_train import camera_patch, draw_corner


def test_shipped_weights_give_probabilities() -> None:
    weights = load_weights()
    assert weights is not None
    batch = np.random.default_rng(0).random((3, 2, IN_H, IN_W)).astype(np.float32)
    rank, suit = forward(batch, weights)
    assert rank.shape == (3, len(RANK_LABELS))
    assert suit.shape == (3, len(SUIT_LABELS))
    assert np.allclose(rank.sum(axis=1), 1.0, atol=1e-4)
    assert np.allclose(suit.sum(axis=1), 1.0, atol=1e-4)


def test_percentiles_are_numpys_to_the_bit() -> None:
    """`net_input`'s percentiles give np.percentile's very numbers and types on its inputs."""
    rng = np.random.default_rng(7)
    for top in (1, 2, 40, 256):
        dark = rng.integers(0, top, IN_H * IN_W).astype(np.float32)
        pixels = rng.integers(0, top, (IN_H * IN_W, 3)).astype(np.float32)
        ours, numpys = percentiles(dark, (85, 1)), np.percentile(dark, (85, 1))
        assert ours.dtype == numpys.dtype and np.array_equal(ours, numpys)
        white = percentiles(pixels, (90,))[0].astype(np.float32)
        assert np.array_equal(white, np.percentile(pixels, 90, axis=0))


def test_drawn_corners_are_read_and_bare_corners_hold_no_index() -> None:
    weights = load_weights()
    assert weights is not None
    rng = np.random.default_rng(424242)
    glyphs = list(rank_glyphs(rng))[::7]
    suits = {s: [draw_suit(s, 64, rng).astype(np.float32) / 255.0 for _ in range(5)] for s in SUITS}
    inputs, truth = [], []
    for k in range(160):
        rank, ink = glyphs[k % len(glyphs)]
        suit = SUITS[k % 4]
        shown = k % 5 != 0
        clean = draw_corner(_weight(ink, rng) if shown else None, suit, suits, rng)
        x = net_input(camera_patch(clean, rng))
        if x is not None:
            inputs.append(x)
            truth.append((rank, suit) if shown else ("", ""))
    rank_p, suit_p = forward(np.stack(inputs), weights)
    said = [
        (RANK_LABELS[int(np.argmax(r))], SUIT_LABELS[int(np.argmax(s))])
        for r, s in zip(rank_p, suit_p, strict=True)
    ]
    cards = [(s, t) for s, t in zip(said, truth, strict=True) if t[0] in RANKS]
    bare = [(s, t) for s, t in zip(said, truth, strict=True) if t[0] == ""]
    assert len(cards) > 100
    assert sum(s == t for s, t in cards) >= 0.75 * len(cards)  # held out in training: 0.81
    assert sum(s[0] == "" for s, _ in bare) >= 0.85 * len(bare)
