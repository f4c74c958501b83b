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
AGAINST = 0.52  # die edges from a card's side to the centre of a die pushed against it


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


def cards_alone(seed: int, width: int = 1280, height: int = 720) -> GameTable:
    """1–3 cards and no die, through the camera: the tables of `dice_against_cards` and
    `dice_on_cards` before their dice are thrown, where a reader must see no die."""
    rng, _, img, labels = _cards_alone(seed, width, height)
    return _thrown(img, rng, [], labels)


def dice_against_cards(
    seed: int, width: int = 1280, height: int = 720, off: float = AGAINST
) -> GameTable:
    """1–3 cards with up to two game dice pushed against each, 30–60 px each: a die against
    one of a card's sides, somewhere along its middle half (docs/vision-dice.md, "Dice
    against a card"). A die that would overlap another or leave the frame is not drawn.
    `off` is how far the die's centre lies outside the side, in die edges: AGAINST, or 0
    for a die lying half on the card, across its outline."""
    rng, die, img, labels = _cards_alone(seed, width, height)
    dice: list[SynthDie] = []
    for label in labels:
        quad = np.array(label["quad"], np.float64)
        for _ in range(2):
            side = int(rng.integers(0, 4))
            a, b = quad[side], quad[(side + 1) % 4]
            along = a + rng.uniform(0.25, 0.75) * (b - a)
            normal = np.array([a[1] - b[1], b[0] - a[0]]) / np.linalg.norm(b - a)
            if np.dot(along - quad.mean(axis=0), normal) < 0:
                normal = -normal
            x, y = along + normal * die * off
            clear = all(np.hypot(x - d.center[0], y - d.center[1]) > 1.2 * die for d in dice)
            if clear and die < x < width - die and die < y < height - die:
                value, angle = int(rng.integers(1, 7)), float(rng.uniform(0, 90))
                colour = GAME_DICE[len(dice) % len(GAME_DICE)]
                dice.append(SynthDie(value, colour, (float(x), float(y)), die, angle))
    return _thrown(img, rng, dice, labels)


def dice_on_cards(
    seed: int, width: int = 1280, height: int = 720, table: str | None = None
) -> GameTable:
    """1–3 cards with a red or black die lying on each, 30–60 px each, near the card's
    middle (docs/vision-dice.md, "Dice on a card"). Cards may overlap, and their dice with
    them; a die that would overlap another is not drawn. `table` is the kind of table
    (`synth.table`), or a tray, wood or felt as the seed draws it."""
    rng, die, img, labels = _cards_alone(seed, width, height, table)
    dice: list[SynthDie] = []
    for label in labels:
        quad = np.array(label["quad"], np.float64)
        across, along = quad[1] - quad[0], quad[3] - quad[0]
        x, y = (
            quad.mean(axis=0) + rng.uniform(-0.15, 0.15) * across + rng.uniform(-0.2, 0.2) * along
        )
        value, angle = int(rng.integers(1, 7)), float(rng.uniform(0, 90))
        colour = str(rng.choice(GAME_DICE))
        if all(np.hypot(x - d.center[0], y - d.center[1]) > 1.2 * die for d in dice):
            dice.append(SynthDie(value, colour, (float(x), float(y)), die, angle))
    return _thrown(img, rng, dice, labels)


def _cards_alone(
    seed: int, width: int, height: int, table: str | None = None
) -> tuple[np.random.Generator, float, np.ndarray, tuple[dict, ...]]:
    """A seeded table with 1–3 cards on it: the generator, the die size, the image, the
    cards' labels. The table's kind is drawn from the seed even where `table` is given,
    so every seed renders without it as it did before the option."""
    rng = np.random.default_rng(seed)
    die = float(rng.uniform(30, 60)) * width / 1280
    drawn = str(rng.choice(["tray", "wood", "felt"]))
    img = synth.table(rng, width, height, table or drawn)
    return rng, die, img, lay_cards(img, rng, int(rng.integers(1, 4)), die)


def _thrown(
    img: np.ndarray, rng: np.random.Generator, dice: list[SynthDie], cards: tuple[dict, ...]
) -> GameTable:
    """The table with `dice` drawn on it, through the camera."""
    for d in dice:
        draw_die(img, d, rng)
    return GameTable(synth.camera(img, rng, synth.random_camera(rng)), tuple(dice), cards)
