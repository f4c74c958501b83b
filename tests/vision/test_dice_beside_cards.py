"""Dice against a card: a die that touches a card joins its blob, which is then no card's
shape, and the card's depth set the die size (docs/vision-dice.md, "Dice against a card")."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.dice import read_dice
from vision.dice_eval import Tally, match
from vision.dice_find import cards_cut, find_blobs, foreground_score, object_mask
from vision.synth_table import dice_against_cards

TABLE = (70, 110, 60)  # BGR: green felt
PAPER = (235, 238, 240)
RED = (40, 40, 200)
SKIN = (120, 150, 220)


def drawn(*shapes: tuple):
    """A 640×360 working image (a 1280×720 frame's) of rotated rectangles (centre, size,
    angle, colour; an ellipse in that rectangle where a fifth item is true) on felt, drawn
    in order, and the cut `cards_cut` makes of it."""
    small = np.zeros((360, 640, 3), np.uint8)
    small[:] = TABLE
    for centre, size, angle, colour, *rounded in shapes:
        if rounded:
            cv2.ellipse(small, (centre, size, angle), colour, -1)
            continue
        corners = np.round(cv2.boxPoints((centre, size, angle))).astype(np.int32)
        cv2.fillConvexPoly(small, corners, colour)
    mask = object_mask(foreground_score(small))
    return small, mask, cards_cut(small, mask, find_blobs(mask))


CARD = ((150.0, 120.0), (40.0, 60.0), 20.0, PAPER)  # a die is 0.36 of a mini card's width
DICE = [((123.2, 110.2), (17.0, 17.0), 20.0, RED), ((176.8, 129.8), (17.0, 17.0), 20.0, RED)]


def test_a_card_is_cut_apart_from_the_dice_against_it() -> None:
    """A card with a red die against each long side: the cut leaves the card and each die a
    blob of its own, and the point it marks lies in the card's blob."""
    _, mask, cut = drawn(CARD, *DICE)
    assert cut is not None
    before = find_blobs(mask)
    after = find_blobs(cut.mask)
    assert len(np.unique(before.labels)) == 2  # the table and one blob: card and dice
    card = after.labels[cut.inside[0, 1], cut.inside[0, 0]]
    die_labels = {int(after.labels[round(y), round(x)]) for (x, y), *_ in DICE}
    assert card > 0 and card not in die_labels and 0 not in die_labels
    assert len(die_labels) == 2


@pytest.mark.parametrize(
    "why, shapes",
    [
        ("a palm is skin, not paper", [(*CARD[:3], SKIN)]),
        ("a white die is paper to the test", [CARD]),
        ("a round coaster fills too little of its rectangle", [(*CARD, True)]),
        ("a square of paper is no card", [((150.0, 120.0), (40.0, 40.0), 20.0, PAPER)]),
        (
            "a pile: the card under it sticks out as paper",
            [((175.0, 120.0), (40.0, 60.0), 70.0, PAPER), CARD],
        ),
    ],
)
def test_no_cut_where_what_sticks_out_is_not_dice(why: str, shapes: list) -> None:
    """The same blob with one thing changed is not cut: the card's colour, shape or
    proportions, the die's colour, a second card."""
    die = (*DICE[0][:3], PAPER if "white" in why else RED)
    assert drawn(*shapes, die)[2] is None, why


@pytest.mark.parametrize("seed", [6, 19, 23])
def test_every_die_against_a_card_is_read(seed: int) -> None:
    """Tables whose 4-6 dice all lie against cards: each is read with its value and
    colour. Before the cut none was found: the cards set the die size."""
    table = dice_against_cards(seed)
    reading = read_dice(table.image)
    assert sorted((d.value, d.color) for d in reading.dice) == sorted(
        (d.value, d.color) for d in table.dice
    )


def test_dice_against_cards_are_read() -> None:
    """30 seeded tables of 1-3 cards with up to two game dice against each
    (`dice_against_cards`, seeds 0-29, 1280×720): 62 of their 92 dice are found, 58 read
    right and 3 false, where the cards' depth set the die size before and 16 were found,
    13 read right, 3 false. What is left is mostly cards that touch each other (a pile is
    not cut) and cards the mask holds only in part on a light table."""
    tally, false = Tally(), 0
    for seed in range(30):
        table = dice_against_cards(seed)
        labels = [{"value": d.value, "bbox": list(d.bbox)} for d in table.dice]
        reading = read_dice(table.image)
        found = match(reading.dice, labels)
        for die, label in zip(found, labels, strict=True):
            tally.add(die, label)
        false += len(reading.dice) - sum(d is not None for d in found)
    assert tally.matched >= 59
    assert tally.value_right >= 55
    assert false <= 4
