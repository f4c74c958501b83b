"""The Scores screen: each player's breakdown (rows, columns, straights, penalties, total)
for the finished game, or the running score during play, the match standings, the hints
each player took this game, and a chart of cumulative points across the games."""

from __future__ import annotations

from functools import partial

import pygame

from companion.kwingto.scoring import Score, score_board
from companion.kwingto.state import MatchState, Phase
from display import theme
from display.chart import MARKERS, cumulative_series, draw_chart, draw_marker
from display.layout import button_row, columns, rows
from display.screens.base import View
from display.theme import seat_colour
from display.widgets import Widget, area, button, find, label

LINES: tuple[str, ...] = (
    "rows",
    "columns",
    "straights",
    "penalties",
    "total",
    "match",
    "wins",
    "hints",
)


def shown_scores(state: MatchState) -> tuple[tuple[Score, ...], bool]:
    """The finished game's scores, or the running scores of the game in play (and which)."""
    if state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
        return state.finished[-1].scores, True
    return tuple(score_board(p.board, p.penalties) for p in state.game.players), False


def line_values(state: MatchState, scores: tuple[Score, ...], p: int) -> dict[str, str]:
    """The numbers of one player's column, as the table prints them."""
    s = scores[p]
    return {
        "rows": str(sum(s.rows)),
        "columns": str(sum(s.columns)),
        "straights": str(sum(s.straights)),
        "penalties": str(s.penalty_points),
        "total": str(s.total),
        "match": str(state.cumulative()[p]),
        "wins": str(state.wins()[p]),
        "hints": str(state.game.players[p].hints),  # this game's: help used is visible
    }


class ScoresScreen:
    """See the module docstring."""

    def build(self, v: View) -> list[Widget]:
        """A table of labels (ids `score.<line>.<player>`) and the chart's area."""
        state = v.state
        if state is None:
            return []
        th, tr, ctl = v.th, v.tr, v.ctl
        content = v.frame.content
        widgets: list[Widget] = []
        if state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            (next_rect,) = button_row(content, 1, th)
            next_rect.width = th.px(260)
            next_rect.right = content.right
            if state.phase is Phase.GAME_OVER:
                widgets.append(
                    button(
                        "score.next", next_rect, tr.t("action.next_game"), ctl.confirm, "primary"
                    )
                )
            else:
                widgets.append(
                    button(
                        "score.new_match",
                        next_rect,
                        tr.t("action.new_match"),
                        partial(ctl.go, "setup"),
                        "primary",
                    )
                )
            content = pygame.Rect(
                content.left, content.top, content.width, next_rect.top - content.top - th.px(8)
            )
        table, chart = columns(content, [3, 2], th.px(10))
        widgets.append(area("score.chart", chart))
        title = pygame.Rect(
            chart.left + th.px(60), chart.top + th.px(4), chart.width // 2, th.px(24)
        )
        widgets.append(
            label(
                "score.chart_title",
                title,
                tr.t("score.chart"),
                font="small",
                colour=theme.MUTED,
                align="left",
            )
        )
        scores, final = shown_scores(state)
        line_rects = rows(table, [1] * (len(LINES) + 1), th.px(2))
        cols = columns(line_rects[0], [5] + [3] * state.players, th.px(4))
        caption = tr.t("score.final", n=len(state.finished)) if final else tr.t("score.so_far")
        widgets.append(
            label("score.caption", cols[0], caption, font="small", colour=theme.MUTED, align="left")
        )
        for p in range(state.players):
            widgets.append(
                label(
                    f"score.name.{p}",
                    cols[p + 1].inflate(-th.px(18), 0).move(th.px(9), 0),
                    v.name(p),
                )
            )
        for line, rect in zip(LINES, line_rects[1:], strict=True):
            cells = columns(rect, [5] + [3] * state.players, th.px(4))
            font = "title" if line == "total" else "body"
            widgets.append(
                label(
                    f"score.{line}",
                    cells[0],
                    tr.t(f"score.{line}"),
                    align="left",
                    font=font,
                    colour=theme.TEXT if line == "total" else theme.MUTED,
                )
            )
            for p in range(state.players):
                widgets.append(
                    label(
                        f"score.{line}.{p}",
                        cells[p + 1],
                        line_values(state, scores, p)[line],
                        font=font,
                    )
                )
        return widgets

    def draw(self, surface: pygame.Surface, v: View, widgets: list[Widget]) -> None:
        """Row stripes, the total line framed, name markers, and the match chart."""
        state = v.state
        if state is None:
            return
        th = v.th
        colours = [seat_colour(s.colour) for s in v.session.seats]
        for line in LINES:
            w = find(widgets, f"score.{line}")
            if w is not None and line in ("total", "match"):
                stripe = pygame.Rect(
                    w.rect.left - th.px(4),
                    w.rect.top,
                    find_table_width(widgets, state.players, line) + th.px(8),
                    w.rect.height,
                )
                pygame.draw.rect(
                    surface,
                    theme.PANEL_LIGHT if line == "total" else theme.PANEL,
                    stripe,
                    border_radius=th.px(6),
                )
        for p in range(state.players):
            name = find(widgets, f"score.name.{p}")
            assert name is not None
            pygame.draw.rect(
                surface,
                colours[p],
                name.rect.inflate(th.px(18), 0).move(-th.px(9), 0),
                width=th.px(3),
                border_radius=th.px(6),
            )
            marker = (name.rect.left - th.px(2), name.rect.centery)
            draw_marker(surface, MARKERS[p % len(MARKERS)], marker, th.px(5), colours[p])
        chart = find(widgets, "score.chart")
        assert chart is not None
        totals = [[s.total for s in g.scores] for g in state.finished]
        draw_chart(surface, th, chart.rect, cumulative_series(totals, state.players), colours)


def find_table_width(widgets: list[Widget], players: int, line: str) -> int:
    """The width of a table line, from its label to its last player's number."""
    first = find(widgets, f"score.{line}")
    last = find(widgets, f"score.{line}.{players - 1}")
    assert first is not None and last is not None
    return last.rect.right - first.rect.left
