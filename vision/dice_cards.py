"""The dice read among cards, with the card reader's cards: a Kwingto table's roll.

Dice thrown among the cards in play lie against them and on them, and the dice reader's
mask alone cannot tell a card from a block of light dice (docs/vision-dice.md, "Dice among
the card reader's cards"). The card reader finds cards by their printed index, so its
named cards tell the dice reader where cards lie. It costs a card reading (9–22 ms a
1280×720 frame here), so the camera worker asks for it once a table has come to rest (a
roll settled, or a table the dice reader alone sees empty), not on every frame.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np

from vision.card_reader import CardsReading, read_cards
from vision.dice import read_dice
from vision.dice_types import DiceReading
from vision.palette import Palette


def named_outlines(cards: CardsReading) -> np.ndarray:
    """The outlines (n × 4 corners, frame px) of the cards read with a name.

    Unknown cards are left out: on pale dice the card reader reports unknown cards, and
    given to the dice reader those cost 68 of 3,260 dice on 500 scenes of white dice
    round red and black ones."""
    quads = [card.quad for card in cards.cards if card.card is not None]
    return np.asarray(quads, np.float64).reshape(-1, 4, 2)


def read_dice_among_cards(
    frame: np.ndarray, palette: Palette | None = None, taught: Path | None = None
) -> DiceReading:
    """Every die in a BGR frame, read with the cards the card reader names in it (with
    the taught deck `taught`, if any), whose outlines the reading keeps. Raises
    ValueError as `read_dice` does.

    Where the card reader finds cards but names none, the dice reader guesses where cards
    lie itself (`dice_find.cards_cut`), as it does alone: told that no card lies in view,
    it left the dice on and against those cards joined to them (on development tables of
    dice on and against cards, 12 more dice read right so, none lost; blocks of white dice
    round red ones, where the card reader reports unknown cards, read the same). Where it
    finds no card at all, the dice reader is told so: its own guess takes a block of light
    dice with a red one in it for a card (docs/vision-dice.md, "Dice on cards the card
    reader does not name")."""
    cards = read_cards(frame, taught=taught)
    outlines = named_outlines(cards)
    unnamed_only = len(outlines) == 0 and len(cards.cards) > 0
    reading = read_dice(frame, palette, cards=None if unnamed_only else outlines)
    kept = tuple(tuple((float(x), float(y)) for x, y in quad) for quad in outlines)
    return replace(reading, cards=kept)
