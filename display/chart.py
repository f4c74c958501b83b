"""A line chart of each player's cumulative points across the games of a match.

Every player's line has its seat colour and its own marker shape (circle, square,
triangle, diamond), and ends with the player's total, so the chart reads without colour.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from display import theme
from display.theme import Colour, Theme
from display.widgets import draw_text

MARKERS = ("circle", "square", "triangle", "diamond")


def cumulative_series(totals_per_game: Sequence[Sequence[int]], players: int) -> list[list[int]]:
    """Per player, the running total after each game, starting from 0."""
    series = [[0] for _ in range(players)]
    for game in totals_per_game:
        for p in range(players):
            series[p].append(series[p][-1] + game[p])
    return series


def draw_marker(
    surface: pygame.Surface, kind: str, centre: tuple[int, int], r: int, colour: Colour
) -> None:
    """One data point in a player's own shape."""
    x, y = centre
    if kind == "circle":
        pygame.draw.circle(surface, colour, centre, r)
    elif kind == "square":
        pygame.draw.rect(surface, colour, (x - r, y - r, 2 * r, 2 * r))
    elif kind == "triangle":
        pygame.draw.polygon(
            surface, colour, [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)]
        )
    else:
        pygame.draw.polygon(
            surface, colour, [(x, y - r - 2), (x + r + 2, y), (x, y + r + 2), (x - r - 2, y)]
        )


def draw_chart(
    surface: pygame.Surface,
    th: Theme,
    rect: pygame.Rect,
    series: Sequence[Sequence[int]],
    colours: Sequence[Colour],
) -> None:
    """Axes from 0, one line per player, games along the bottom."""
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=th.px(8))
    pad = th.px(12)
    label_w = th.px(44)
    title_h = th.px(30)  # the screen writes the chart's title there
    plot = pygame.Rect(
        rect.left + pad + label_w,
        rect.top + pad + title_h,
        rect.width - 2 * pad - 2 * label_w,
        rect.height - 2 * pad - title_h - th.px(24),
    )
    values = [v for s in series for v in s]
    low, high = min(0, *values), max(0, *values)
    if high == low:
        high = low + 1
    games = max(1, max(len(s) for s in series) - 1)

    def point(game: int, value: int) -> tuple[int, int]:
        x = plot.left + plot.width * game / games
        y = plot.bottom - plot.height * (value - low) / (high - low)
        return round(x), round(y)

    pygame.draw.line(surface, theme.MUTED, point(0, 0), point(games, 0), 2)
    pygame.draw.line(surface, theme.MUTED, plot.topleft, plot.bottomleft, 2)
    for value in (low, high):
        tag = pygame.Rect(rect.left + pad, 0, label_w - th.px(4), th.px(20))
        tag.centery = point(0, value)[1]
        draw_text(surface, th, str(value), tag, 16, theme.MUTED, align="right")
    for game in range(games + 1):
        tag = pygame.Rect(0, plot.bottom + th.px(4), th.px(30), th.px(20))
        tag.centerx = point(game, 0)[0]
        draw_text(surface, th, str(game), tag, 16, theme.MUTED)
    r = th.px(6)
    for p, s in enumerate(series):
        points = [point(g, v) for g, v in enumerate(s)]
        if len(points) > 1:
            pygame.draw.lines(surface, colours[p], False, points, th.px(4))
        for pt in points:
            draw_marker(surface, MARKERS[p % len(MARKERS)], pt, r, colours[p])
        tag = pygame.Rect(points[-1][0] + th.px(8), 0, label_w, th.px(22))
        tag.centery = points[-1][1]
        draw_text(surface, th, str(s[-1]), tag, 18, colours[p], align="left")
