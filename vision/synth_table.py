"""Seeded Kwingto tables: mini playing cards and a roll of dice under one camera.

The game lays cards (44 mm wide) and throws 3 red and 3 black dice (16 mm) on the same
table, so the dice reader must read the dice with cards in view, at the dice's scale and
not the cards'. The cards lie on one side of the frame, overlapping as a played pile
does; the dice land on the other. Faces come from `synth_cards`, dice from `synth_dice`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from vision import synth
from vision.card_shapes import RANKS, SUITS
from vision.synth_cards import card_quad, draw_face, place_card
from vision.synth_dice import SynthDie, draw_die, place_dice

CARD_PER_DIE = 44 / 16  # a mini card's width in die edges
GAME_DICE = ("red",) * 3 + ("black",) * 3
CARD_SIDE = 0.45  # the cards lie within this fraction of the frame's width


@dataclass(frozen=True)
class GameTable:
    """A rendered frame, the dice in it and the cards (manifest-style labels)."""

    image: np.ndarray
    dice: tuple[SynthDie, ...]
    cards: tuple[dict[str, object], ...]


def render_game_table(
    seed: int, width: int = 1280, height: int = 720, cards: int | None = None
) -> GameTable:
    """A random table: 1–5 cards (or `cards`) beside the six Kwingto dice, 30–60 px each."""
    rng = np.random.default_rng(seed)
    die = float(rng.uniform(30, 60)) * width / 1280
    img = synth.table(rng, width, height, str(rng.choice(["tray", "wood", "felt"])))
    labels = lay_cards(img, rng, int(rng.integers(1, 6)) if cards is None else cards, die)
    placed = place_dice(rng, GAME_DICE, width // 2, height, die, touching=0.3)
    dice = tuple(
        dataclasses.replace(d, center=(d.center[0] + width - width // 2, d.center[1]))
        for d in placed
    )
    for d in dice:
        draw_die(img, d, rng)
    return GameTable(synth.camera(img, rng, synth.random_camera(rng)), dice, labels)


def lay_cards(
    img: np.ndarray, rng: np.random.Generator, count: int, die: float
) -> tuple[dict, ...]:
    """Draw `count` distinct cards on the left of `img` in place, as a loose pile."""
    height = img.shape[0]
    card_w = die * CARD_PER_DIE
    deck = [rank + suit for rank in RANKS for suit in SUITS]
    labels: list[dict[str, object]] = []
    for k in rng.choice(len(deck), size=count, replace=False):
        rank, suit = deck[int(k)][:-1], deck[int(k)][-1]
        face = draw_face(rank, suit, rng)
        aspect = face.shape[0] / face.shape[1]
        reach = card_w * aspect / 2
        centre = (
            float(rng.uniform(reach, img.shape[1] * CARD_SIDE - reach)),
            float(rng.uniform(reach, height - reach)),
        )
        quad = card_quad(centre, card_w, aspect, float(rng.uniform(0, 2 * np.pi)), 0.02)
        place_card(img, face, quad, float(rng.uniform(0.1, 0.4)))
        labels.append({"kind": "card", "rank": rank, "suit": suit, "quad": quad.round(1).tolist()})
    return tuple(labels)
