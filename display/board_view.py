"""Board renderers: how one player's board looks, one renderer per game.

The Boards and Correction screens ask `board_view(game)` for the renderer, lay out its
geometry in a player's slot and let it draw; a new game adds a class with the same two
methods and one line in BOARD_VIEWS, touching no screen.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from companion.cards import Card
from companion.kwingto.board import COLS, ROWS, Board
from display import theme
from display.layout import columns, split_h, split_v
from display.suits import draw_suit, suit_colour
from display.theme import Theme
from display.widgets import draw_text

Cell = tuple[int, int]


@dataclass(frozen=True)
class BoardGeometry:
    """Where a board's parts go inside its slot: name strip, side column, row marks, cells."""

    name: pygame.Rect
    side: pygame.Rect
    marks: list[pygame.Rect]
    cells: list[list[pygame.Rect]]


@dataclass(frozen=True)
class CellMarks:
    """What to show on top of the cards: legal spaces, the space an error is about, a pick,
    and the advisor's hint."""

    legal: frozenset[Cell] = frozenset()
    error: Cell | None = None
    hint: Cell | None = None
    selected: Cell | None = None
    flaggable: frozenset[Cell] = field(default_factory=frozenset)


class BoardView(Protocol):
    """A game's board renderer."""

    def geometry(self, slot: pygame.Rect, th: Theme) -> BoardGeometry:
        """Split a player's slot into the board's parts."""

    def draw(
        self, surface: pygame.Surface, th: Theme, geo: BoardGeometry, board: Board, marks: CellMarks
    ) -> None:
        """Draw the board's cells and row marks (the screen draws name and side)."""


class KwingtoBoardView:
    """Kwingto's 3×5 board: cards with rank and suit shape, fillers face-down, legal
    spaces green with a "+", the hinted space outlined with a star, a blocked row crossed
    out."""

    def __init__(self) -> None:
        self._tiles: dict[tuple[object, ...], pygame.Surface] = {}

    def _tile(
        self,
        key: tuple[object, ...],
        size: tuple[int, int],
        paint: Callable[[pygame.Surface], None],
    ) -> pygame.Surface:
        """A card face or back drawn once per size and reused (drawing them is the cost)."""
        tile = self._tiles.get(key)
        if tile is None:
            tile = pygame.Surface(size, pygame.SRCALPHA)
            paint(tile)
            self._tiles[key] = tile
        return tile

    def geometry(self, slot: pygame.Rect, th: Theme) -> BoardGeometry:
        """Name strip on top; under it the row marks, the 5 columns, then the side column."""
        gap = th.px(3)
        name_h = th.px(28)
        name = pygame.Rect(slot.left, slot.top, slot.width, name_h)
        body = pygame.Rect(slot.left, name.bottom + gap, slot.width, slot.height - name_h - gap)
        side_w = max(theme.MIN_TOUCH + th.px(8), th.px(78))
        mark_w = th.px(30)
        mark_col, grid, side = columns(body, [mark_w, body.width - mark_w - side_w, side_w], gap)
        marks = split_v(mark_col, ROWS, gap)
        cells = [split_h(r, COLS, gap) for r in split_v(grid, ROWS, gap)]
        return BoardGeometry(name, side, marks, cells)

    def draw(
        self, surface: pygame.Surface, th: Theme, geo: BoardGeometry, board: Board, marks: CellMarks
    ) -> None:
        """Row suit marks, then each space, then the overlays."""
        for r in range(ROWS):
            self._draw_mark(surface, th, geo.marks[r], board, r)
            for c in range(COLS):
                self._draw_cell(surface, th, geo.cells[r][c], board, r, c, marks)
            if r in board.blocked:
                self._draw_blocked(surface, th, geo, r)

    def _draw_mark(
        self, surface: pygame.Surface, th: Theme, rect: pygame.Rect, board: Board, r: int
    ) -> None:
        """The row's suit (B2) left of the row, so a half-empty row still shows it."""
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=th.px(4))
        suit = board.suits[r]
        if suit is not None:
            pygame.draw.rect(surface, theme.CARD_FACE, rect.inflate(-4, -4), border_radius=4)
            size = min(rect.width, rect.height) - th.px(8)
            draw_suit(surface, suit, rect.center, size, suit_colour(suit))

    def _draw_cell(
        self,
        surface: pygame.Surface,
        th: Theme,
        rect: pygame.Rect,
        board: Board,
        r: int,
        c: int,
        marks: CellMarks,
    ) -> None:
        card = board.card_at(r, c)
        radius = th.px(6)
        local = pygame.Rect((0, 0), rect.size)
        if card is not None:
            face = self._tile(
                (str(card), rect.size, th.height),
                rect.size,
                lambda t: self._draw_card(t, th, local, card),
            )
            surface.blit(face, rect)
        elif (r, c) in marks.legal:
            pygame.draw.rect(surface, theme.LEGAL, rect, border_radius=radius)
            if marks.hint == (r, c):
                self._draw_star(surface, rect)
            else:
                self._draw_plus(surface, rect)
        elif board.suits[r] is not None:
            back = self._tile(
                ("back", rect.size, th.height), rect.size, lambda t: self._draw_back(t, th, local)
            )
            surface.blit(back, rect)
        else:
            pygame.draw.rect(surface, theme.SLOT, rect, border_radius=radius)
            pygame.draw.rect(surface, theme.PANEL_LIGHT, rect, width=2, border_radius=radius)
        if (r, c) in marks.flaggable:
            pygame.draw.rect(surface, theme.ACCENT, rect, width=th.px(3), border_radius=radius)
        if marks.selected == (r, c):
            pygame.draw.rect(surface, theme.TEXT, rect, width=th.px(5), border_radius=radius)
        if marks.hint == (r, c):
            pygame.draw.rect(surface, theme.HINT, rect, width=th.px(5), border_radius=radius)
        if marks.error == (r, c):
            pygame.draw.rect(surface, theme.ERROR, rect, width=th.px(5), border_radius=radius)

    @staticmethod
    def _draw_card(surface: pygame.Surface, th: Theme, rect: pygame.Rect, card: Card) -> None:
        """A face-up card: the rank large on the left, the suit shape on the right."""
        pygame.draw.rect(surface, theme.CARD_FACE, rect, border_radius=th.px(6))
        colour = suit_colour(card.suit)
        text_part, suit_part = columns(rect.inflate(-th.px(4), -th.px(4)), [3, 2], 0)
        draw_text(surface, th, card.rank_text, text_part, rect.height * 0.62 / th.unit, colour)
        size = min(suit_part.width, round(rect.height * 0.5))
        draw_suit(surface, card.suit, suit_part.center, size, colour)

    @staticmethod
    def _draw_back(surface: pygame.Surface, th: Theme, rect: pygame.Rect) -> None:
        """A face-down filler (B3): the card back's diagonal lines."""
        pygame.draw.rect(surface, theme.CARD_BACK, rect, border_radius=th.px(6))
        step = th.px(10)
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-th.px(6), -th.px(6)))
        for x in range(rect.left - rect.height, rect.right, step):
            start = (x, rect.bottom)
            end = (x + rect.height, rect.top)
            pygame.draw.line(surface, theme.CARD_BACK_LINE, start, end, 2)
        surface.set_clip(clip)

    @staticmethod
    def _draw_plus(surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The "+" that marks a legal space besides its colour."""
        arm = min(rect.width, rect.height) // 4
        thick = max(3, arm // 3)
        cx, cy = rect.center
        dark = theme.BACKGROUND
        pygame.draw.rect(surface, dark, (cx - arm, cy - thick // 2, 2 * arm, thick))
        pygame.draw.rect(surface, dark, (cx - thick // 2, cy - arm, thick, 2 * arm))

    @staticmethod
    def _draw_star(surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The hint's star, in place of the "+": the advisor's pick is told by shape too."""
        outer = min(rect.width, rect.height) * 0.36
        cx, cy = rect.center
        points = [
            (
                cx + (outer if i % 2 == 0 else outer * 0.45) * math.sin(i * math.pi / 5),
                cy - (outer if i % 2 == 0 else outer * 0.45) * math.cos(i * math.pi / 5),
            )
            for i in range(10)
        ]
        pygame.draw.polygon(surface, theme.BACKGROUND, points)

    @staticmethod
    def _draw_blocked(surface: pygame.Surface, th: Theme, geo: BoardGeometry, r: int) -> None:
        """A blocked row (E3, P7): one red cross line through the row and its mark."""
        left = geo.marks[r]
        right = geo.cells[r][-1]
        y = left.centery
        pygame.draw.line(surface, theme.ERROR, (left.left, y), (right.right, y), th.px(6))
        pygame.draw.line(surface, theme.ERROR, left.topleft, left.bottomright, th.px(4))
        pygame.draw.line(surface, theme.ERROR, left.bottomleft, left.topright, th.px(4))


BOARD_VIEWS: dict[str, BoardView] = {"kwingto": KwingtoBoardView()}


def board_view(game: str = "kwingto") -> BoardView:
    """The renderer for `game`'s boards."""
    return BOARD_VIEWS[game]
