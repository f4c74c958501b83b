"""Dice against a card: a die that touches a card joins its blob, which is then no card's
shape, and the card's depth set the die size (docs/vision-dice.md, "Dice against a card")."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import cv2
import numpy as np
import pytest
from test_dice_glare import lamp_roll

from vision.dice import read_dice
from vision.dice_eval import Tally, match
from vision.dice_find import (
    Blobs,
    card_with_dice,
    cards_cut,
    find_blobs,
    find_candidates,
    foreground_score,
    object_mask,
)
from vision.dice_types import DiceReading
from vision.synth_table import GameTable, dice_against_cards

TABLE = (70, 110, 60)  # BGR: green felt
PAPER = (235, 238, 240)
RED = (40, 40, 200)
SKIN = (120, 150, 220)

Shape = tuple  # centre, size, angle, BGR colour, and optionally True for an ellipse


def drawn(*shapes: Shape) -> np.ndarray:
    """A 640×360 working image (a 1280×720 frame's) of rotated rectangles (centre, size,
    angle, colour; an ellipse in that rectangle where a fifth item is true) on felt, drawn
    in order."""
    small = np.zeros((360, 640, 3), np.uint8)
    small[:] = TABLE
    for centre, size, angle, colour, *rounded in shapes:
        if rounded:
            cv2.ellipse(small, (centre, size, angle), colour, -1)
            continue
        corners = np.round(cv2.boxPoints((centre, size, angle))).astype(np.int32)
        cv2.fillConvexPoly(small, corners, colour)
    return small


def blobs_of(small: np.ndarray) -> Blobs:
    """The mask's blobs of a drawn working image, as the reader finds them."""
    return find_blobs(object_mask(foreground_score(small)))


def tables_read(
    render: Callable[[int], GameTable],
    seeds: Iterable[int],
    read: Callable[[GameTable], DiceReading] = lambda table: read_dice(table.image),
) -> tuple[Tally, int]:
    """The dice of the tables `render` draws for `seeds`, as `read` reads them: the tally
    of the labelled dice, and how many dice were read where none lies."""
    tally, false = Tally(), 0
    for seed in seeds:
        table = render(seed)
        labels = [{"value": d.value, "bbox": list(d.bbox)} for d in table.dice]
        reading = read(table)
        found = match(reading.dice, labels)
        for die, label in zip(found, labels, strict=True):
            tally.add(die, label)
        false += len(reading.dice) - sum(d is not None for d in found)
    return tally, false


CARD = ((150.0, 120.0), (40.0, 60.0), 20.0, PAPER)  # a die is 0.36 of a mini card's width
DICE = [((123.2, 110.2), (17.0, 17.0), 20.0, RED), ((176.8, 129.8), (17.0, 17.0), 20.0, RED)]


def test_a_card_is_cut_apart_from_the_dice_against_it() -> None:
    """A card with a red die against each long side: the cut leaves the card and each die a
    blob of its own, and the point it marks lies in the card's blob."""
    small = drawn(CARD, *DICE)
    blobs = blobs_of(small)
    cut = cards_cut(small, blobs)
    assert cut is not None
    assert len(np.unique(blobs.labels)) == 2  # the table and one blob: card and dice
    after = find_blobs(cut.mask)
    (card,) = np.unique(after.labels[cut.cards])
    die_labels = {int(after.labels[round(y), round(x)]) for (x, y), *_ in DICE}
    assert card > 0 and card not in die_labels and 0 not in die_labels
    assert len(die_labels) == 2


def test_a_card_with_a_black_die_is_one_too() -> None:
    """A black die is a body by its darkness, as a red one is by its colour."""
    small = drawn(CARD, (*DICE[0][:3], (30, 30, 30)))
    blobs = blobs_of(small)
    assert card_with_dice(small, blobs, int(np.argmax(blobs.depth))) is not None


@pytest.mark.parametrize(
    "why, shapes",
    [
        ("a palm is skin, not paper", [(*CARD[:3], SKIN), DICE[0]]),
        ("a white die is paper to the test", [CARD, (*DICE[0][:3], PAPER)]),
        ("a round coaster fills too little of its rectangle", [(*CARD, True), DICE[0]]),
        ("a square of paper is no card", [((150.0, 120.0), (40.0, 40.0), 20.0, PAPER), DICE[0]]),
        (
            "a die nearly as wide as the card, against its end, is no die beside a mini card",
            [CARD, ((166.4, 74.9), (36.0, 36.0), 20.0, RED)],
        ),
    ],
)
def test_no_card_with_dice_where_one_thing_is_not(why: str, shapes: list[Shape]) -> None:
    """The card with a die against it, with one thing changed, is no card with dice: the
    card's colour, shape or proportions, the die's colour or size (deeper than the largest
    die beside a mini card). Each case is turned away by the test it names, and passes
    without it (`card_with_dice` is asked directly, so the area a blob must cover to be
    asked at all does not turn any away first)."""
    small = drawn(*shapes)
    blobs = blobs_of(small)
    assert card_with_dice(small, blobs, int(np.argmax(blobs.depth))) is None, why


def test_a_pile_is_not_cut() -> None:
    """A card half under another with a die against the top one: the reader asks the pile,
    finds the top card's rectangle, and leaves the pile whole, as the under card sticks out
    as paper."""
    small = drawn(((160.0, 150.0), (40.0, 60.0), 20.0, PAPER), CARD, DICE[0])
    assert cards_cut(small, blobs_of(small)) is None


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
    tally, false = tables_read(dice_against_cards, range(30))
    assert tally.matched >= 59
    assert tally.value_right >= 55
    assert false <= 4


def test_dice_against_a_card_keep_their_depth_beside_lamp_light() -> None:
    """A roll under lamp light on the left half of a 1280×480 frame (`lamp_roll`), the card
    with a red die against each long side on the right: the dice against the card are as
    deep as with plain felt on the left. When the cut was made in the first mask, the die
    in the light was cut out of it a second time and the blobs were found without the kept
    distances: the two dice measured 5.1 and 4.7 working px deep instead of 9.4 and 8.6."""
    depths = []
    for left in (lamp_roll(5005, 1.0)[0], None):
        frame = np.zeros((480, 1280, 3), np.uint8)
        frame[:] = TABLE
        if left is not None:
            frame[:, :640] = left
        for centre, size, angle, colour in [CARD, *DICE]:
            scaled = ((840 + 2 * centre[0], 2 * centre[1]), (2 * size[0], 2 * size[1]), angle)
            cv2.fillConvexPoly(frame, np.round(cv2.boxPoints(scaled)).astype(np.int32), colour)
        blobs = find_candidates(frame).blobs
        assert blobs is not None
        at = [blobs.labels[round(y), round(420 + x)] for (x, y), *_ in DICE]
        card = blobs.labels[round(CARD[0][1]), round(420 + CARD[0][0])]
        assert card not in at  # cut apart from its dice
        depths.append([float(blobs.depth[label]) for label in at])
    assert depths[0] == pytest.approx(depths[1])
    assert min(depths[0]) >= 8.0
