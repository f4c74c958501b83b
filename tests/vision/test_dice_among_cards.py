"""Dice read among the card reader's cards: its named cards' outlines replace the dice
reader's own guess of where cards lie (docs/vision-dice.md, "Dice among the card reader's
cards")."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import pytest
from test_dice_beside_cards import tables_read

from vision.card_reader import CardRead, CardsReading, read_cards
from vision.dice import read_dice
from vision.dice_cards import named_outlines, read_dice_among_cards
from vision.dice_types import DiceReading
from vision.synth_dice import random_dice_scene
from vision.synth_table import (
    GameTable,
    cards_alone,
    dice_against_cards,
    dice_on_cards,
    render_game_table,
)

NO_CARDS = np.zeros((0, 4, 2))


def thrown(table: GameTable) -> list[tuple[int, str]]:
    """The table's dice as (value, colour), sorted."""
    return sorted((d.value, d.color) for d in table.dice)


def read_as(reading: DiceReading) -> list[tuple[int, str]]:
    """The dice read, as `thrown` gives them."""
    return sorted((d.value, d.color) for d in reading.dice)


def with_the_drawn_cards(table: GameTable) -> DiceReading:
    """The table's dice read with the renderer's own card outlines (the most the card
    reader could give)."""
    return read_dice(table.image, cards=np.array([c["quad"] for c in table.cards], float))


def test_the_cards_outlines_find_the_dice_against_and_on_them() -> None:
    """Seeds 0-19 of each renderer (1280×720): against cards, 37 of 64 dice read right by
    the dice reader alone, 58 with the cards' outlines (60 found, 1 false); on cards, 17
    of 36 (1 false) alone, 29 (none false) with them."""
    against, against_false = tables_read(dice_against_cards, range(20), with_the_drawn_cards)
    on, on_false = tables_read(dice_on_cards, range(20), with_the_drawn_cards)
    assert against.value_right >= 56 and against_false <= 2
    assert on.value_right >= 27 and on_false <= 1


@pytest.mark.parametrize("seed", [5002, 5013, 5052])
def test_a_roll_against_cards_is_read_with_the_card_readers_cards(seed: int) -> None:
    """Three red dice, each against a card: the dice reader alone found none of them (the
    cards set the die size), and with the cards the card reader names, all three."""
    table = dice_against_cards(seed)
    assert len(table.dice) == 3 and not read_dice(table.image).dice
    assert read_as(read_dice_among_cards(table.image)) == thrown(table)


def test_no_card_named_means_no_card_cut() -> None:
    """Twelve dice, light ones in blocks, and no card: the dice reader's own cut took a
    block of white dice with a red one sticking out for a card with a die against it, and
    the frame read no die. Told that no card lies in view, it reads them."""
    scene = random_dice_scene(9019, 1280, 720)
    assert len(scene.dice) == 12 and not read_dice(scene.image).dice
    assert len(read_dice(scene.image, cards=NO_CARDS).dice) >= 11


@pytest.mark.parametrize("cards", [np.zeros((2, 3, 2)), np.full((1, 4, 2), np.nan), [[1, 2]]])
def test_cards_that_are_not_outlines_are_refused(cards: object) -> None:
    """A caller's bug (three corners, NaN) says so, rather than cutting nonsense or failing
    deep inside with numpy's words."""
    frame = random_dice_scene(1, 320, 240).image
    with pytest.raises(ValueError, match="4 finite"):
        read_dice(frame, cards=cards)


def test_only_named_cards_are_given() -> None:
    """Unknown cards are left out: on pale dice the card reader reports unknown ones."""
    quad = ((10.0, 10.0), (54.0, 10.0), (54.0, 77.0), (10.0, 77.0))
    named = CardRead("10H", quad, (32.0, 43.5), 1.0)
    unknown = CardRead(None, tuple((x + 100, y) for x, y in quad), (132.0, 43.5), 0.0)
    outlines = named_outlines(CardsReading((unknown, named)))
    assert outlines.shape == (1, 4, 2) and np.array_equal(outlines[0], np.array(quad))
    assert named_outlines(CardsReading(())).shape == (0, 4, 2)


@pytest.mark.parametrize("scenes", [slice(1, None, 2), slice(0, None, 2)], ids=["odd", "even"])
def test_card_scenes_have_no_false_dice_among_cards(shared_data: Path, scenes: slice) -> None:
    """The shared photographic card scenes read no die among their named cards either.
    Before a die on a card had to show a pip (`dice_find.ON_PIP`), scene_0149's big
    heart of an ace and scene_0123's red block of a king's art read as red dice."""
    folder = shared_data / "cards_scenes"
    entries = json.loads((folder / "manifest.json").read_text())[scenes]
    seen = {
        e["file"]: len(read_dice_among_cards(cv2.imread(str(folder / e["file"]))).dice)
        for e in entries
    }
    assert sum(seen.values()) == 0, {k: v for k, v in seen.items() if v}


@pytest.mark.parametrize(
    "render, seed",
    [
        (render_game_table, 3),
        (render_game_table, 20),
        (render_game_table, 23),
        (render_game_table, 27),
        (dice_against_cards, 1),
        (dice_against_cards, 29),
    ],
)
def test_dice_are_measured_against_the_cards_own_width(
    render: Callable[[int], GameTable], seed: int
) -> None:
    """Every die read, and none on the cards (Kwingto tables 20 and 23 read a white die on a
    card's print as shipped). Whether the size was measured on cards, and which dice are
    small enough beside them, is judged against the named cards' own width: judged against
    their card-like pieces (an index corner cut off by its print is one), table 27 read a
    die short and two false, and dice against cards 1 and 29 lost dice; with both judged so,
    tables 3, 20 and 23 read no die at all."""
    table = render(seed)
    reading = read_dice_among_cards(table.image)
    assert read_as(reading) == thrown(table)


@pytest.mark.parametrize(
    "render, seed",
    [(render_game_table, 125009), (dice_against_cards, 125079), (dice_against_cards, 125173)],
)
def test_small_dice_beside_named_cards_are_measured_on_their_own_blobs(
    render: Callable[[int, int, int], GameTable], seed: int
) -> None:
    """640×480 frames of 16–23 px dice beside cards the card reader names: the mask grows
    every blob by the texture's reach, so these dice's blobs are deeper than a die can be
    beside a card of that width, the frame was judged measured on the cards, and with no
    blob shallow enough left it read no die at all (`dice_find.grown_beside_cards`)."""
    table = render(seed, 640, 480)
    assert read_as(read_dice_among_cards(table.image)) == thrown(table)


@pytest.mark.parametrize("seed", [129066, 129111])
def test_a_patterned_tables_ripples_beside_small_cards_are_no_dice(seed: int) -> None:
    """Cards alone on a marbled table at 640×480: measured again beside the cards with the
    mask's growth taken in, the table's ripples were as deep as a grown die and read as a
    yellow 6; their edges are soft, a die's are not."""
    assert read_dice_among_cards(cards_alone(seed, 640, 480).image).dice == ()


@pytest.mark.parametrize("seed", [2, 10, 70, 95, 5015])
def test_dice_on_a_card_are_read_where_the_mask_holds_the_card_in_part(seed: int) -> None:
    """Dice on named cards are looked for in the card's whole outline. A pale card on a pale
    table is in the mask only where it is printed, and there the die and the print were
    more body than paper: "two dice", not a card with a die on it, and tables 2, 70 and 95
    read no die. A black die cut out of a card, its box's corners the card's white paper,
    looked like a lone pip to `pip_cores`, which then measured the frame by it: tables 10
    and 5015 read none either."""
    table = dice_on_cards(seed)
    reading = read_dice_among_cards(table.image)
    assert read_as(reading) == thrown(table)


@pytest.mark.parametrize("seed", [5, 8, 12])
def test_a_black_die_on_a_card_on_a_dark_mat_is_read(seed: int) -> None:
    """A black die on a card on a dark mat is no part of the mask: found in the card's
    outline, it is put back into the cut mask. Left out, only its pips were blobs, as deep
    as its body, and they set the die size (these three tables lost their dice; on seeds
    0-39 it gains four exact readings, 5, 8, 12 and 39, and loses one, 37's black 1 read
    purple)."""
    table = dice_on_cards(seed, table="dark")
    reading = read_dice_among_cards(table.image)
    assert read_as(reading) == thrown(table)


@pytest.mark.parametrize("seed", [75, 97, 109, 119, 174])
def test_a_die_joined_to_print_or_dice_of_another_colour_is_read(seed: int) -> None:
    """A die on a card that touches the card's art of another colour, or a die of the
    other colour, is one piece of body with it, two-coloured, and was lost with it: each of
    these tables lost one die or two. The piece is looked into again colour by colour."""
    table = dice_on_cards(seed)
    reading = read_dice_among_cards(table.image)
    assert read_as(reading) == thrown(table)


@pytest.mark.parametrize("seed", [80002, 80005, 80017])
def test_a_die_across_a_cards_outline_is_read(seed: int) -> None:
    """Dice lying half on a card, across its outline: cut in two along the outline, a
    die's half on the card was card and its half off it a sliver, and each of these tables
    lost two dice or more (on development seeds 80000-80099, 197 of 341 were read right
    among the cards; 278 now). They are looked for across the outline and cut out whole."""
    table = dice_against_cards(seed, off=0.0)
    assert read_as(read_dice_among_cards(table.image)) == thrown(table)


@pytest.mark.parametrize(
    "table",
    [lambda: dice_on_cards(80065), lambda: dice_against_cards(80044, off=0.2)],
    ids=["on a card", "a fifth of a die off a card"],
)
def test_a_pip_of_a_die_cut_out_of_a_card_founds_no_loose_die(
    table: Callable[[], GameTable],
) -> None:
    """The cut rounds a die's corners off and a ring is cut round it, so a corner pip can
    lie outside the die cut out of a card. There it proposed a die the mask did not see, which
    founded the die and lost it by the loose dice's rules: each of these tables lost a die or
    two. Such a pip proposes none (`dice_find.CUT_REACH`)."""
    drawn = table()
    assert read_as(read_dice_among_cards(drawn.image)) == thrown(drawn)


def test_dice_cut_out_of_cards_set_the_die_size() -> None:
    """Three dice on cards on a textured table: once they are cut out of their cards, the
    table's specks outweighed them in the die-size vote, the frame was read at 33 px where
    its dice are 59, and all three were misread (`dice_find.die_depth`)."""
    table = dice_on_cards(80028)
    assert read_as(read_dice_among_cards(table.image)) == thrown(table)


@pytest.mark.parametrize(
    "table",
    [
        lambda: dice_on_cards(110014),
        lambda: dice_against_cards(110067),
        lambda: dice_against_cards(110162, 640, 480),
        lambda: dice_against_cards(110026, 640, 480, off=0.0),
    ],
    ids=["on, 1280", "against, 1280", "against, 640", "across, 640"],
)
def test_dice_on_and_against_a_card_left_unnamed_are_read(
    table: Callable[[], GameTable],
) -> None:
    """Beside a card the card reader names lies one it does not name (unknown, or not
    found), with dice on it or against it. Cut along the named cards alone, the unnamed
    card kept its dice in its blob: each of these development tables lost a die, or all of
    them as the frame's die size went with them. The reader's own cut finds such a card,
    and it is cut as a named one (`dice_find.own_cards`)."""
    drawn = table()
    assert 0 < len(named_outlines(read_cards(drawn.image))) < len(drawn.cards)
    assert read_as(read_dice_among_cards(drawn.image)) == thrown(drawn)


@pytest.mark.parametrize(
    "table",
    [lambda: dice_against_cards(110140), lambda: dice_on_cards(110000, 640, 480)],
    ids=["against, 1280", "on, 640"],
)
def test_cards_found_and_none_named_are_cut_by_the_dice_readers_own_guess(
    table: Callable[[], GameTable],
) -> None:
    """The card reader finds the cards but names none. Told that no card lies in view, the
    dice reader left the dice against and on them in the cards' blobs and read none; it
    now guesses where those cards lie itself, as it does alone."""
    drawn = table()
    cards = read_cards(drawn.image)
    assert cards.cards and named_outlines(cards).size == 0
    assert read_as(read_dice_among_cards(drawn.image)) == thrown(drawn)


def test_a_frame_where_the_card_reader_finds_no_card_gets_no_cut() -> None:
    """Where the card reader finds no card at all, the dice reader is told that none lies
    in view, and reads the blocks of dice that its own cut takes for a card (seed 9019, as
    `test_no_card_named_means_no_card_cut`); only where it finds cards and names none is
    the own cut made."""
    scene = random_dice_scene(9019, 1280, 720)
    assert not read_cards(scene.image).cards
    assert len(read_dice_among_cards(scene.image).dice) >= 11


def test_a_die_the_own_cut_finds_on_an_unnamed_card_is_kept() -> None:
    """A red 2 on a king the card reader leaves unknown, touching the king's black letter.
    The own cut finds the card and the die on it; cut as a named card (the named card's
    width, every card's paper), the die was lost with the letter. The die the own cut found
    is kept. (The black 3 on the queen beside the named card is still missed: that card
    lies within the named card's reach, where the own cut is not made.)"""
    table = dice_on_cards(121139, 640, 480)
    assert thrown(table) == [(2, "red"), (3, "black"), (5, "black")]
    assert read_as(read_dice_among_cards(table.image)) == [(2, "red"), (5, "black")]
