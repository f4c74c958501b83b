"""Suit shapes drawn with polygons and circles, so ♠♥♦♣ show on any font.

Colour is never the only signal: the shape tells the suit, red or black only repeats it.
"""

from __future__ import annotations

import pygame

from companion.cards import Card, Suit
from display import theme
from display.theme import Colour


def suit_colour(suit: Suit) -> Colour:
    """Red for hearts and diamonds, black for spades and clubs."""
    return theme.SUIT_RED if suit.is_red else theme.SUIT_BLACK


def _lobes(surface: pygame.Surface, colour: Colour, cx: float, cy: float, r: float) -> None:
    """The two round lobes that hearts and spades share."""
    pygame.draw.circle(surface, colour, (round(cx - r), round(cy)), round(r))
    pygame.draw.circle(surface, colour, (round(cx + r), round(cy)), round(r))


def draw_suit(
    surface: pygame.Surface, suit: Suit, center: tuple[int, int], size: int, colour: Colour
) -> None:
    """Draw the suit's shape `size` px tall, centred on `center`."""
    cx, cy = center
    h = size / 2
    r = size * 0.26
    if suit is Suit.DIAMONDS:
        points = [(cx, cy - h), (cx + h * 0.72, cy), (cx, cy + h), (cx - h * 0.72, cy)]
        pygame.draw.polygon(surface, colour, points)
    elif suit is Suit.HEARTS:
        _lobes(surface, colour, cx, cy - h + r, r)
        points = [(cx - 2 * r, cy - h + r * 1.2), (cx + 2 * r, cy - h + r * 1.2), (cx, cy + h)]
        pygame.draw.polygon(surface, colour, points)
    elif suit is Suit.SPADES:
        _lobes(surface, colour, cx, cy + h * 0.25, r)
        points = [(cx - 2 * r, cy + h * 0.2), (cx + 2 * r, cy + h * 0.2), (cx, cy - h)]
        pygame.draw.polygon(surface, colour, points)
        stem = [(cx, cy + h * 0.2), (cx + r, cy + h), (cx - r, cy + h)]
        pygame.draw.polygon(surface, colour, stem)
    else:
        # three round lobes spread wide, so even at 18 px a club never reads as a spade
        c = size * 0.25
        pygame.draw.circle(surface, colour, (round(cx), round(cy - h + c)), round(c))
        pygame.draw.circle(surface, colour, (round(cx - c * 1.2), round(cy + c * 0.35)), round(c))
        pygame.draw.circle(surface, colour, (round(cx + c * 1.2), round(cy + c * 0.35)), round(c))
        stem = [(cx, cy - c * 0.5), (cx + c * 0.7, cy + h), (cx - c * 0.7, cy + h)]
        pygame.draw.polygon(surface, colour, stem)


def card_label(card: Card) -> str:
    """A card as players read it, e.g. `10♥` (the symbol, since DejaVu has it) or `10H`."""
    return f"{card.rank_text}{card.suit.symbol if theme.HAS_SYMBOLS else card.suit.value}"
