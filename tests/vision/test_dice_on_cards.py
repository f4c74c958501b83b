"""Dice on a card: a die that lies on a card is inside the card's blob, and a card gets no
grid points (docs/vision-dice.md, "Dice on a card")."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pytest
from test_dice_beside_cards import CARD, PAPER, RED, Shape, blobs_of, drawn, tables_read

from vision.dice import read_dice
from vision.dice_find import (
    MIN_DEPTH,
    ON_CARD,
    Blobs,
    apart_from_cards,
    card_with_dice,
    cards_cut,
    dice_on,
    die_depth,
    find_blobs,
    foreground_score,
    one_colour,
    own_cards,
    quads_cut,
)
from vision.synth_table import dice_on_cards

WHITE = (255, 255, 255)
BLACK = (30, 30, 30)
BLUE = (200, 60, 40)
ON = (150.0, 120.0)  # the card's centre: CARD is 40 px wide (its blob 49 with the mask's halo)
DIE = (ON, (17.0, 17.0), 20.0, RED)


def with_pips(
    small: np.ndarray, centre: tuple[float, float], offsets: list[tuple[int, int]], size: int
) -> np.ndarray:
    """`small` with white squares `size` px wide at `offsets` from `centre` (the pips of a
    die, or holes in something that is not one)."""
    for dx, dy in offsets:
        x, y = round(centre[0]) + dx, round(centre[1]) + dy
        small[y - size // 2 : y - size // 2 + size, x - size // 2 : x - size // 2 + size] = WHITE
    return small


def along(offset: float, size: tuple[float, float], colour: tuple[int, int, int]) -> Shape:
    """A rectangle on the card, turned with it, centred `offset` px from the card's centre
    along its long axis."""
    (x, y), _, angle, _ = CARD
    turn = np.radians(angle)
    return ((x - offset * np.sin(turn), y + offset * np.cos(turn)), size, angle, colour)


FIVE = [(-4, -4), (4, -4), (0, 0), (-4, 4), (4, 4)]


@pytest.mark.parametrize("colour", [RED, BLACK])
def test_a_die_on_a_card_is_cut_out_and_measured_on_its_body(colour: tuple[int, int, int]) -> None:
    """A red or black five on a card: the cut leaves the die a blob of its own, pips and
    all, as deep as half its edge; the card around it stays one blob, marked card-like."""
    small = with_pips(drawn(CARD, (*DIE[:3], colour)), ON, FIVE, 2)
    blobs = blobs_of(small)
    assert len(np.unique(blobs.labels)) == 2  # the table and the card, the die inside it
    after = apart_from_cards(foreground_score(small), blobs, cards_cut(small, blobs))
    die = after.labels[round(ON[1]), round(ON[0])]
    pip = after.labels[round(ON[1]) - 4, round(ON[0]) - 4]
    cut = cards_cut(small, blobs)
    assert cut is not None
    (card,) = np.unique(after.labels[cut.cards])
    assert die > 0 and pip == die and card not in (0, die)
    assert after.card_like[card] and not after.card_like[die]
    assert abs(after.depth[die] - 8.5) <= 1.5  # half of a 17 px die, not the card's 25


@pytest.mark.parametrize(
    "why, shapes, pips, size",
    [
        ("a card's pip is narrower than a die", [CARD, (ON, (8.0, 8.0), 20.0, RED)], [], 0),
        (
            "a die nearly as wide as the card is no die on a mini card",
            [CARD, (ON, (31.0, 31.0), 20.0, BLACK)],
            [],
            0,
        ),
        ("a band of art is no die's square", [CARD, (ON, (16.0, 34.0), 20.0, RED)], [], 0),
        (
            "a big letter's counter is no pip",
            [CARD, (ON, (18.0, 20.0), 20.0, RED, True)],
            [(0, 0)],
            7,
        ),
        (
            "a square more holes than body is no die",
            [CARD, DIE],
            [(x, y) for x in (-5, -1, 3, 7) for y in (-5, -1, 3, 7)],
            3,
        ),
        (
            "court art of two colours is no die's body",
            [CARD, DIE, ((ON[0] + 4, ON[1]), (9.0, 17.0), 20.0, BLUE)],
            [],
            0,
        ),
        (
            "court art of a colour and dark outlines is no die's body",
            [CARD, DIE, ((ON[0] + 4, ON[1]), (9.0, 17.0), 20.0, BLACK)],
            [],
            0,
        ),
        (
            "a card more print than paper is no card a die lies on",
            [
                CARD,
                along(-20, (40, 20), BLACK),
                along(-4, (40, 8), RED),
                along(18.5, (17, 17), RED),
            ],
            [],
            0,
        ),
    ],
)
def test_no_die_on_a_card_where_one_thing_is_not(
    why: str, shapes: list[Shape], pips: list[tuple[int, int]], size: int
) -> None:
    """A card with something on it that is no die: each is turned away by the limit it
    names, and passes without it (`card_with_dice` is asked directly)."""
    small = with_pips(drawn(*shapes), ON, pips, size)
    blobs = blobs_of(small)
    assert card_with_dice(small, blobs, int(np.argmax(blobs.depth))) is None, why


@pytest.mark.parametrize("pips, found", [(FIVE, True), ([], False)])
def test_a_die_on_a_named_card_shows_a_pip(pips: list[tuple[int, int]], found: bool) -> None:
    """On the card reader's cards (`quads_cut`) a die's body must show a pip: a square of
    print without one (an ace's big heart) is none. The reader's own cut does not ask it
    (blurred small dice lose their pips), and finds that square."""
    small = with_pips(drawn(CARD, DIE), ON, pips, 2)
    blobs = blobs_of(small)
    quad = cv2.boxPoints(CARD[:3])[None].astype(np.float64)
    given = quads_cut(small, blobs, quad)
    assert given is not None
    cut, half = given
    assert abs(half - 20) < 1  # half the card's 40 px width
    assert cut.cards[round(ON[1]), round(ON[0])] != found  # a die found is cut out of the card
    assert card_with_dice(small, blobs, int(np.argmax(blobs.depth))) is not None


def test_a_dark_translucent_red_die_is_one_colour() -> None:
    """A dark translucent red die (the shared photos' byler dice, 73-125 bright where the
    paper is about 200) is vivid red throughout, though half of it is darker than a black
    die's cut-off; its hues lie either side of OpenCV's 0/179 seam. A first version counted
    that half dark, and read 77 of the photos' 206 red dice as two colours."""
    hues = np.array([178, 179, 0, 1, 2] * 20)
    lights = np.repeat([80, 120], 50)
    hsv = np.stack([hues, np.full(100, 200), lights], axis=1).astype(np.uint8)
    assert one_colour(hsv, paper=220.0)


def test_a_pile_is_not_looked_into() -> None:
    """A die on the top card of a pile: the under card sticks out as paper, so the reader
    does not know the top card's edge, and the pile is left whole."""
    small = with_pips(drawn(((160.0, 150.0), (40.0, 60.0), 20.0, PAPER), CARD, DIE), ON, FIVE, 2)
    assert cards_cut(small, blobs_of(small)) is None


@pytest.mark.parametrize("seed", [6, 18, 21])
def test_every_die_on_a_card_is_read(seed: int) -> None:
    """Tables of 2-3 cards with a red or black die on each: each die is read with its value
    and colour. Before, none was found: the cards set the die size, and a card gets no grid
    points."""
    table = dice_on_cards(seed)
    reading = read_dice(table.image)
    assert sorted((d.value, d.color) for d in reading.dice) == sorted(
        (d.value, d.color) for d in table.dice
    )


def test_dice_on_cards_are_read() -> None:
    """40 seeded tables of 1-3 cards with a red or black die on each (`dice_on_cards`, seeds
    0-39, 1280×720): 39 of their 68 dice are found, 36 read right and 4 false (white dice on
    card print), where 10 were found before, 7 read right, and the same 4 false. What is
    left is mostly cards that touch each other (a pile is not looked into) and cards the
    mask holds only in part on a light table."""
    tally, false = tables_read(dice_on_cards, range(40))
    assert tally.matched >= 37
    assert tally.value_right >= 34
    assert false <= 5


def test_a_die_against_art_of_another_colour_is_cut_free_of_it() -> None:
    """A black die touching a block of red art on a named card: one piece of two colours,
    no die. Cut colour by colour, the die is one; the art is none, though the art's dark
    outline left a hole in it as big as a pip: a part's pips must be paper."""
    paper = 235
    small = np.full((120, 140, 3), paper, np.uint8)
    small[60:89, 70:99] = BLACK
    for pip in ((77, 67), (91, 81)):
        cv2.circle(small, pip, 3, (paper,) * 3, -1)
    small[55:84, 41:70] = (40, 40, 200)
    small[70:73, 64:67] = BLACK
    card = np.ones(small.shape[:2], np.uint8)
    dice = dice_on(card, cv2.cvtColor(small, cv2.COLOR_BGR2HSV), 40.0, paper, pipped=True)
    assert dice[60:89, 70:99].mean() > 0.7
    assert not dice[55:84, 41:64].any()


@pytest.mark.parametrize("offset, whole", [(30.0, True), (38.0, False)])
def test_a_die_across_a_named_cards_outline_is_cut_out_whole(offset: float, whole: bool) -> None:
    """A die lying half on a named card's end is looked for across the card's outline and
    cut out whole: cut along the outline, its half on the card was card and its half off it
    a sliver. A die against the card, a twentieth of it on the card, is left to the cut
    along the outline (ACROSS_SHARE)."""
    die = along(offset, (17.0, 17.0), RED)
    small = with_pips(drawn(CARD, die), die[0], FIVE, 2)
    quad = cv2.boxPoints(CARD[:3])[None].astype(np.float64)
    given = quads_cut(small, blobs_of(small), quad)
    assert given is not None
    square = middle(die, small.shape[:2])
    found = given[0].dice[square > 0]
    if whole:
        assert found.mean() > 0.9
        off_card = square & (1 - middle(CARD, small.shape[:2], 0))
        assert given[0].dice[off_card > 0].mean() > 0.9  # its half off the card too
    else:
        assert not found.any()


def middle(shape: Shape, size: tuple[int, ...], margin: float = 2.0) -> np.ndarray:
    """A uint8 0/1 mask of a drawn rectangle `shape`, `margin` px in from its sides."""
    (x, y), (w, h), angle, *_ = shape
    box = cv2.boxPoints(((x, y), (w - 2 * margin, h - 2 * margin), angle))
    return cv2.fillConvexPoly(np.zeros(size, np.uint8), np.round(box).astype(np.int32), 1)


@pytest.mark.parametrize("colour", [RED, BLACK], ids=["red", "black"])
def test_a_die_against_a_named_card_touching_a_die_on_it(colour: tuple[int, int, int]) -> None:
    """A red die on a card touching a die against the card. Looked for past the outline, a
    red one is one piece with the die on the card and neither is a die; the die on the
    card is still found on the card alone. A black one is a piece of its own, judged alone:
    mostly off the card, it is left to the cut along the outline (judged with the red die
    it touches, it passed as on the card)."""
    on, against = along(19.0, (17.0, 17.0), RED), along(36.5, (17.0, 17.0), colour)
    small = with_pips(with_pips(drawn(CARD, on, against), on[0], FIVE, 2), against[0], FIVE, 2)
    quad = cv2.boxPoints(CARD[:3])[None].astype(np.float64)
    given = quads_cut(small, blobs_of(small), quad)
    assert given is not None
    assert given[0].dice[middle(on, small.shape[:2]) > 0].mean() > 0.9
    off_card = middle(against, small.shape[:2]) & (1 - middle(CARD, small.shape[:2], 0))
    assert not given[0].dice[off_card > 0].any()


def rectangle_blobs(*rectangles: tuple[int, int, int, int]) -> Blobs:
    """The blobs of a 640×360 mask of rectangles (top, left, height, width)."""
    mask = np.zeros((360, 640), np.uint8)
    for top, left, height, width in rectangles:
        mask[top : top + height, left : left + width] = 1
    return find_blobs(mask)


def within(blobs: Blobs, rows: slice, columns: slice) -> np.ndarray:
    """Per label, whether its blob has a pixel in the window."""
    labels = np.unique(blobs.labels[rows, columns])
    chosen = np.zeros(len(blobs.depth), bool)
    chosen[labels[labels > 0]] = True
    return chosen


def test_dice_cut_out_of_cards_outvote_specks() -> None:
    """Three dice cut out of cards, 16 px deep, among 80 specks 4 px deep on a textured
    table: by depth-weighted median the specks set the die size (a frame of dice on cards
    read 33 px where its dice are 59). Where at least two dice cut out of cards agree and
    the median is shallower, theirs is taken."""
    specks = [(120 + 50 * (k // 20), 20 + 30 * (k % 20), 8, 8) for k in range(80)]
    blobs = rectangle_blobs(*[(40, x, 32, 32) for x in (100, 200, 300)], *specks)
    dice = within(blobs, slice(40, 72), slice(100, 332))
    assert die_depth(blobs) < 6
    assert 14 < die_depth(dataclasses.replace(blobs, cut_dice=dice)) < 18


def test_a_card_left_unnamed_beside_a_named_one_is_cut_as_one() -> None:
    """A card with a die on it that the card reader did not name, beside one it named: the
    reader's own cut finds it (`own_cards`) and it is cut along its outline like the named
    card, its die cut out of it. Cut along the named card alone, the die stayed in the
    unnamed card's blob, which gets no grid points."""
    named = ((450.0, 200.0), (40.0, 60.0), -10.0, PAPER)
    small = with_pips(drawn(CARD, DIE, named), ON, FIVE, 2)
    blobs = blobs_of(small)
    quad = cv2.boxPoints(named[:3])[None].astype(np.float64)
    assert len(own_cards(small, blobs, np.ones(len(blobs.depth), bool), 20.0)[0]) == 1
    given = quads_cut(small, blobs, quad)
    assert given is not None
    cut, half = given
    assert abs(half - 20) < 1  # the named card's half width still measures the dice
    assert cut.dice[round(ON[1]), round(ON[0])] and cut.mask[round(ON[1]), round(ON[0])]
    (px, py), *_ = along(20.0, (1.0, 1.0), PAPER)  # its paper, off the die: cut as a card
    assert cut.cards[round(py), round(px)]


def test_a_card_of_the_own_cut_narrower_than_the_named_ones_is_none() -> None:
    """Among named cards 70 px wide, a "card" 40 px wide is a block of dice (one two dice
    wide is 0.73 of a card): on development Kwingto tables, four red and black dice in a
    block were cut as a card with a die on it, and the frame measured its dice on the
    pieces. The own cut's cards measured 0.95-1.44 of the named cards' half width (the
    mask's halo widens them), such blocks 0.52-0.65 (`dice_find.NAMED_SHARE`)."""
    small = with_pips(drawn(CARD, DIE), ON, FIVE, 2)
    blobs = blobs_of(small)
    everything = np.ones(len(blobs.depth), bool)
    assert len(own_cards(small, blobs, everything, 20.0)[0]) == 1
    assert len(own_cards(small, blobs, everything, 35.0)[0]) == 0


def test_dice_cut_out_of_cards_win_a_tie_with_squares_of_print() -> None:
    """Two dice cut out of cards, 10.5 px deep, and two squares of print 7.6 deep beside a
    card: the squares tie, the shallower group was taken, and the dice cut out of cards
    were not taken over it, being less than SQUARE_MARGIN deeper (a development table of
    dice on cards read both dice wrong so). The surest dice win."""
    card, prints = (150, 40, 90, 60), [(40, x, 15, 15) for x in (140, 200)]
    blobs = rectangle_blobs(card, *prints, *[(40, x, 21, 21) for x in (300, 400)])
    dice = within(blobs, slice(40, 61), slice(300, 421))
    assert die_depth(blobs) < 8
    assert die_depth(dataclasses.replace(blobs, cut_dice=dice)) == pytest.approx(10.5, abs=0.3)


def test_card_pieces_have_no_vote_among_the_squares() -> None:
    """Three card pieces square and 7.6 px deep (what the cut along named cards leaves of a
    card: an index corner, a sliver between outlines) beside two dice 16 px deep: as squares
    they outvote the dice, and the frame is read at half its dice's size, each pip a die.
    Marked card-like, as the cut marks them, they have no vote."""
    blobs = rectangle_blobs(
        *[(40, x, 16, 16) for x in (40, 100, 160)], *[(40, x, 34, 34) for x in (300, 400)]
    )
    pieces = within(blobs, slice(40, 56), slice(40, 176))
    assert die_depth(blobs) == pytest.approx(7.6, abs=0.3)
    assert die_depth(dataclasses.replace(blobs, card_like=pieces)) == pytest.approx(16.2, abs=0.3)


def test_squares_shallower_than_the_least_die_have_no_vote() -> None:
    """Six squares of print 7.6 px deep (the pips of a card the card reader did not name,
    apart on a light table) beside four dice 18 px deep: as squares they outvote the dice.
    Among named cards 82 px wide the least die is ON_CARD[0] of their half width deep (11.5
    px), and shallower squares have no vote (Kwingto table 122113 was read at 33 px where
    its dice are 60, each pip a die)."""
    blobs = rectangle_blobs(
        *[(40, x, 15, 15) for x in range(40, 280, 40)],
        *[(120, x, 38, 38) for x in range(40, 240, 50)],
    )
    assert die_depth(blobs, MIN_DEPTH) == pytest.approx(7.6, abs=0.3)
    assert die_depth(blobs, ON_CARD[0] * 41) == pytest.approx(18.1, abs=0.3)
