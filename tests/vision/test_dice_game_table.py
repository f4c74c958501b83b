"""Dice read with cards in view: a Kwingto table holds both under one camera."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from test_dice_among_cards import read_as, thrown

from vision.dice import read_dice
from vision.dice_cards import read_dice_among_cards
from vision.dice_eval import match
from vision.dice_find import (
    MIN_SQUARES,
    beside_cards,
    commonest_depth,
    die_depth,
    find_blobs,
    measured_on_cards,
)
from vision.synth_table import render_game_table

READ_RIGHT = 0.85  # measured 0.94; measuring every blob read 0.49, at the cards' scale


def test_dice_beside_cards_are_read_at_their_own_size() -> None:
    """Six game dice beside one to five cards, 30–60 px each, seeded tables."""
    labels = right = 0
    for seed in range(12):
        table = render_game_table(seed)
        assert table.cards and len(table.dice) == 6
        truth = [{"value": d.value, "bbox": list(d.bbox)} for d in table.dice]
        found = match(read_dice(table.image).dice, truth)
        labels += len(truth)
        right += sum(
            die is not None and (die.value, die.color) == (d.value, d.color)
            for die, d in zip(found, table.dice, strict=True)
        )
    assert right / labels >= READ_RIGHT


@pytest.mark.parametrize("seed", range(8))
def test_the_game_table_keeps_dice_off_the_cards(seed: int) -> None:
    """Labels are the truth the reader is scored on: a die drawn over a card would be
    counted as a die the reader should find beside the cards."""
    table = render_game_table(seed, cards=5)
    assert len(table.cards) == 5
    card_right = max(x for card in table.cards for x, _ in card["quad"])
    dice_left = min(d.bbox[0] for d in table.dice)
    assert card_right < dice_left


def test_the_dice_set_outvotes_a_square_pile_of_cards() -> None:
    """Depths (working px) of blobs shaped like one die: four dice and a card pile."""
    assert commonest_depth(np.array([15.2, 47.8, 14.3, 16.1, 15.1])) == pytest.approx(15.15)


def test_a_tie_goes_to_the_smaller_set() -> None:
    """Two dice against two square card piles: specks never tie, they are too shallow."""
    assert commonest_depth(np.array([39.0, 12.8, 39.7, 12.9])) == pytest.approx(12.85)


def test_one_square_alone_measures_nothing() -> None:
    assert MIN_SQUARES == 2
    assert commonest_depth(np.array([12.0, 40.0])) == 0.0
    assert commonest_depth(np.zeros(0)) == 0.0


def _card(mask: np.ndarray, centre: tuple[int, int], angle: float, width: int = 40) -> None:
    box = cv2.boxPoints((centre, (width, width * 1.45), angle)).astype(np.int32)
    cv2.fillPoly(mask, [box], 1)


def test_a_die_size_measured_on_cards_means_no_dice() -> None:
    """Two lone cards and two overlapping ones (one blob, not card-shaped): the size
    comes from the cards, so the frame has no dice; three dice beside them set their
    own size and are looked for."""
    mask = np.zeros((240, 320), np.uint8)
    for centre, angle in (((50, 60), 10), ((150, 60), 70), ((240, 150), 20), ((265, 165), 50)):
        _card(mask, centre, angle)
    blobs = find_blobs(mask)
    assert measured_on_cards(blobs, die_depth(blobs))
    for x in (60, 100, 140):
        cv2.rectangle(mask, (x, 170), (x + 14, 184), 1, -1)
    blobs = find_blobs(mask)
    assert die_depth(blobs) == pytest.approx(7.5, abs=0.5)
    assert not measured_on_cards(blobs, die_depth(blobs))


def test_touching_dice_beside_cards_are_measured_without_the_cards() -> None:
    """A pair of touching dice and one lone die (too few squares to outvote the cards)."""
    mask = np.zeros((240, 320), np.uint8)
    for centre, angle in (((50, 60), 10), ((150, 60), 70), ((240, 150), 20), ((265, 165), 50)):
        _card(mask, centre, angle)
    cv2.rectangle(mask, (60, 170), (74, 184), 1, -1)
    cv2.rectangle(mask, (100, 170), (129, 184), 1, -1)
    blobs = find_blobs(mask)
    assert measured_on_cards(blobs, die_depth(blobs))
    assert beside_cards(blobs) == pytest.approx(7.5, abs=0.5)


@pytest.mark.parametrize("seed, size", [(110180, (1280, 720)), (110156, (640, 480))])
def test_a_kwingto_table_is_not_measured_on_card_pieces(seed: int, size: tuple[int, int]) -> None:
    """Development Kwingto tables among the card reader's cards: square card pieces set the
    die size (110180 at 1280×720 read 11 false dice, its pips, and none of its six; 110156
    at 640×480 read no die). Without their vote, all six dice are read."""
    table = render_game_table(seed, *size)
    assert read_as(read_dice_among_cards(table.image)) == thrown(table)


def test_a_kwingto_table_is_not_measured_on_an_unnamed_cards_pips() -> None:
    """Kwingto table 122113 among the card reader's cards: the pips of the two cards it does
    not name lie apart on a light table, square and 7.6 px deep, and outvoted the four dice
    that lie apart; the frame was read at 33 px where its dice are 60, and 18 of its pips
    as dice. Among named cards, squares shallower than the least die have no vote."""
    table = render_game_table(122113)
    assert read_as(read_dice_among_cards(table.image)) == thrown(table)
