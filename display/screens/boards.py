"""The Boards screen: every player's board, the legal spaces for the roll highlighted,
tap a space to place, a Pass button per player, and who has already decided.

An engine error about a tapped space is shown in a bubble beside that space.
"""

from __future__ import annotations

from functools import partial

import pygame

from companion.kwingto.actions import Pass, Place
from companion.kwingto.engine import legal_placements
from companion.kwingto.state import MatchState, Phase
from display import theme
from display.board_view import BoardGeometry, CellMarks, board_view
from display.layout import board_slots, columns
from display.messages import error_lines
from display.screens.base import View
from display.suits import card_label
from display.theme import seat_colour
from display.widgets import Widget, area, button, find, label, text_block


def legal_cells(state: MatchState, player: int) -> frozenset[tuple[int, int]]:
    """The spaces the engine says `player` may place in now."""
    return frozenset((p.row, p.col) for p in legal_placements(state, player))


def status_key(state: MatchState, player: int) -> str:
    """Has the player decided this turn: placed, passed, must move a card, or waiting?"""
    turn = state.game.turn
    if state.phase is not Phase.PLACE:
        return "board.status_idle"
    if turn.card_to_move(player) is not None:
        return "board.status_move"
    if turn.has_placed(player):
        return "board.status_placed"
    if player in turn.passed:
        return "board.status_passed"
    return "board.status_waiting"


def hint_for(v: View, state: MatchState, p: int) -> Place | Pass | None:
    """The advisor's recommendation to player `p` for this roll, while they still decide."""
    advice = v.ctl.advice()
    if advice is None or state.game.turn.decided(p):
        return None
    return advice.hints.get(p)


def status_text(v: View, state: MatchState, p: int, key: str) -> str:
    """The status words under a board's tick: the advisor's hint once asked for, a bot at
    work, or where the player is in the turn."""
    recommended = hint_for(v, state, p)
    if isinstance(recommended, Place):
        return v.tr.t("board.hint_place", card=card_label(recommended.card))
    if isinstance(recommended, Pass):
        return v.tr.t("board.hint_pass")
    if key == "board.status_waiting" and v.session.seats[p].bot is not None:
        return v.tr.t("board.status_bot")
    return v.tr.t(key)


def hinted_cell(v: View, state: MatchState, p: int) -> tuple[int, int] | None:
    """The space to mark as the advisor's pick, if `p` asked and has not decided."""
    recommended = hint_for(v, state, p)
    return (recommended.row, recommended.col) if isinstance(recommended, Place) else None


class BoardsScreen:
    """See the module docstring."""

    def build(self, v: View) -> list[Widget]:
        """Per player: the name strip, 15 spaces, a status, and Hint and Pass buttons.

        A bot's board takes no taps: the bot decides for itself.
        """
        state = v.state
        if state is None:
            return []
        ctl = v.ctl
        view = board_view()
        widgets: list[Widget] = []
        for p, slot in enumerate(board_slots(v.frame.content, state.players, v.th.px(8))):
            geo = view.geometry(slot, v.th)
            person = v.session.seats[p].bot is None
            widgets.append(area(f"board.{p}", slot))
            widgets += self._name_strip(v, state, p, geo)
            for r, row in enumerate(geo.cells):
                for c, rect in enumerate(row):
                    placing = state.phase is Phase.PLACE and person
                    tap = partial(ctl.tap_space, p, r, c) if placing else None
                    widgets.append(area(f"cell.{p}.{r}.{c}", rect, tap))
            widgets += self._side(v, state, p, geo.side)
        return widgets

    @staticmethod
    def _side(v: View, state: MatchState, p: int, side: pygame.Rect) -> list[Widget]:
        """Status words, then Hint (a person still deciding) and Pass at the bottom."""
        th, tr, ctl = v.th, v.tr, v.ctl
        pass_rect = pygame.Rect(side.left, side.bottom - th.touch, side.width, th.touch)
        key = status_key(state, p)
        deciding = state.phase is Phase.PLACE and key in (
            "board.status_waiting",
            "board.status_move",
        )
        person = v.session.seats[p].bot is None
        widgets = [
            button(
                f"board.{p}.pass",
                pass_rect,
                tr.t("board.pass"),
                partial(ctl.pass_player, p) if deciding and person else None,
            )
        ]
        top = side.top + th.px(34)  # room for the tick drawn once the player has decided
        if deciding and person:
            hint_rect = pass_rect.move(0, -th.touch - th.px(6))
            advice = ctl.advice()
            asked = advice is not None and p in advice.hints
            tap = None if asked else partial(ctl.show_hint, p)
            widgets.append(button(f"board.{p}.hint", hint_rect, tr.t("board.hint"), tap))
            top = side.top
            pass_rect = hint_rect
        status = pygame.Rect(side.left, top, side.width, pass_rect.top - top)
        widgets.append(
            label(
                f"board.{p}.status",
                status,
                status_text(v, state, p, key),
                font="small",
                colour=theme.MUTED,
            )
        )
        return widgets

    @staticmethod
    def _name_strip(v: View, state: MatchState, p: int, geo: BoardGeometry) -> list[Widget]:
        """Name (with the active player's die marker), penalties, a card to move again."""
        tr = v.tr
        me = state.game.players[p]
        name_rect, info_rect = columns(
            geo.name.inflate(-v.th.px(16), 0).move(v.th.px(8), 0), [3, 2], v.th.px(4)
        )
        name = v.name(p)
        if p == state.game.turn.active and state.phase in (Phase.ROLL, Phase.PLACE):
            name = tr.t("board.rolling", name=name)
        parts = [tr.t("board.penalties", n=me.penalties)] if me.penalties else []
        pad = v.session.pads.get(p)
        if pad is not None:
            parts.append(tr.t("board.pad_on" if pad else "board.pad_off"))
        redo = state.game.turn.card_to_move(p)
        if redo is not None:
            parts = [tr.t("board.move_card", card=card_label(redo))]
        bot = v.session.seats[p].bot
        if bot is not None:
            parts.insert(0, tr.t("board.bot", kind=tr.t(f"bot.{bot}")))
        info = " · ".join(parts)
        return [
            label(
                f"board.{p}.name",
                name_rect,
                name,
                align="left",
                colour=theme.readable_on(seat_colour(v.session.seats[p].colour)),
            ),
            label(
                f"board.{p}.info",
                info_rect,
                info,
                align="right",
                font="small",
                colour=theme.readable_on(seat_colour(v.session.seats[p].colour)),
            ),
        ]

    def draw(self, surface: pygame.Surface, v: View, widgets: list[Widget]) -> None:
        """Each board with its marks; the active player's board framed in the accent."""
        state = v.state
        if state is None:
            return
        th = v.th
        view = board_view()
        error_space = v.session.error_space if v.error is not None else None
        for p in range(state.players):
            slot = find(widgets, f"board.{p}")
            assert slot is not None
            geo = view.geometry(slot.rect, th)
            pygame.draw.rect(surface, theme.PANEL, slot.rect, border_radius=th.px(8))
            pygame.draw.rect(
                surface, seat_colour(v.session.seats[p].colour), geo.name, border_radius=th.px(8)
            )
            if p == v.session.focus_seat:  # the seat's pad said "placed": check that board
                pygame.draw.rect(
                    surface, theme.TEXT, slot.rect, width=th.px(4), border_radius=th.px(8)
                )
            if p == state.game.turn.active:
                pygame.draw.rect(
                    surface,
                    theme.ACCENT,
                    slot.rect.inflate(th.px(6), th.px(6)),
                    width=th.px(3),
                    border_radius=th.px(10),
                )
            error = error_space[1:] if error_space is not None and error_space[0] == p else None
            marks = CellMarks(
                legal=legal_cells(state, p), error=error, hint=hinted_cell(v, state, p)
            )
            view.draw(surface, th, geo, state.game.players[p].board, marks)
            if status_key(state, p) in ("board.status_placed", "board.status_passed"):
                self._draw_tick(surface, th, geo.side)

    @staticmethod
    def _draw_tick(surface: pygame.Surface, th: theme.Theme, side: pygame.Rect) -> None:
        """A drawn check mark over the status word: this player has decided."""
        s = th.px(14)
        x, y = side.centerx - s, side.top + th.px(8) + s
        points = [(x, y), (x + s * 0.7, y + s * 0.7), (x + s * 2, y - s * 0.6)]
        pygame.draw.lines(surface, theme.TEXT, False, points, th.px(5))


def find_cell(v: View, space: tuple[int, int, int]) -> pygame.Rect:
    """The on-screen rect of a player's space on the Boards screen."""
    state = v.state
    assert state is not None
    p, r, c = space
    slot = board_slots(v.frame.content, state.players, v.th.px(8))[p]
    return board_view().geometry(slot, v.th).cells[r][c]


def error_bubble(v: View) -> list[Widget]:
    """The engine's reason, beside the space it is about; tap it to hide it."""
    error, space = v.error, v.session.error_space
    if error is None or space is None:
        return []
    th = v.th
    headline, detail = error_lines(v.tr, error)
    cell = find_cell(v, space)
    width = min(v.frame.content.width, th.px(400))
    text_width = width - th.px(20)
    probe = pygame.Rect(0, 0, text_width, 0)
    lines = text_block("error.line", probe, th, headline) + text_block(
        "error.detail", probe.move(0, 0), th, detail, size="small"
    )
    height = sum(w.rect.height for w in lines) + th.px(16)
    bubble = pygame.Rect(0, 0, width, height)
    bubble.left = cell.left
    if cell.centery > v.frame.content.centery:
        bubble.bottom = cell.top - th.px(6)
    else:
        bubble.top = cell.bottom + th.px(6)
    bubble.clamp_ip(v.frame.content)
    y = bubble.top + th.px(8)
    for w in lines:
        w.rect.topleft = (bubble.left + th.px(10), y)
        w.align = "left"
        y += w.rect.height
    return [area("error.bubble", bubble, v.ctl.hide_error), *lines]
