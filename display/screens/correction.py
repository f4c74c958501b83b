"""The Correction screen: fix the dice of the current roll, undo the last action (after a
yes/no question), or flag a card on a board as a mistake (E2 in the same turn, E3 later)."""

from __future__ import annotations

from functools import partial

import pygame

from companion.kwingto.state import Phase
from display import theme
from display.board_view import CellMarks, board_view
from display.dice_view import dice_editor, draw_dice
from display.layout import columns, split_h
from display.screens.base import View
from display.theme import seat_colour
from display.widgets import Widget, area, button, find, label


class CorrectionScreen:
    """See the module docstring."""

    def build(self, v: View) -> list[Widget]:
        """Dice and Undo on the left; a player picker and that player's board on the right."""
        state = v.state
        if state is None:
            return []
        th, tr, ctl = v.th, v.tr, v.ctl
        left, right = columns(v.frame.content, [2, 3], th.px(12))
        gap = th.px(8)
        title = pygame.Rect(left.left, left.top, left.width, th.px(30))
        undo = pygame.Rect(left.left, left.bottom - th.touch, left.width, th.touch)
        apply = undo.move(0, -th.touch - gap)
        editor = pygame.Rect(
            left.left, title.bottom + gap, left.width, apply.top - title.bottom - 2 * gap
        )
        playing = state.phase is Phase.PLACE
        widgets: list[Widget] = [
            label("fix.dice_title", title, tr.t("correction.dice_title"), align="left")
        ]
        widgets += dice_editor(v, editor, v.ui.dice, playing)
        widgets.append(
            button(
                "fix.apply_dice",
                apply,
                tr.t("correction.apply_dice"),
                ctl.correct_dice if playing and v.ui.dice else None,
            )
        )
        widgets.append(
            button(
                "fix.undo",
                undo,
                tr.t("correction.undo"),
                ctl.ask_undo if v.session.can_undo() else None,
                "danger",
            )
        )
        picker = pygame.Rect(right.left, right.top, right.width, th.touch)
        for p, rect in enumerate(split_h(picker, state.players, gap)):
            style = "selected" if p == v.ui.flag_player else "normal"
            widgets.append(
                button(f"fix.player.{p}", rect, v.name(p), partial(ctl.show_player, p), style)
            )
        hint = pygame.Rect(right.left, picker.bottom + gap, right.width, th.px(28))
        widgets.append(
            label("fix.hint", hint, tr.t("correction.flag_hint"), font="small", colour=theme.MUTED)
        )
        slot = pygame.Rect(
            right.left, hint.bottom + gap, right.width, right.bottom - hint.bottom - gap
        )
        widgets.append(area("fix.board", slot))
        geo = board_view().geometry(slot, th)
        player = min(v.ui.flag_player, state.players - 1)
        board = state.game.players[player].board
        can_flag = state.phase in (Phase.ROLL, Phase.PLACE)
        for r, row in enumerate(geo.cells):
            for c, rect in enumerate(row):
                flaggable = can_flag and board.card_at(r, c) is not None
                tap = partial(ctl.ask_flag, player, r, c) if flaggable else None
                widgets.append(area(f"fix.cell.{r}.{c}", rect, tap))
        widgets.append(
            label(
                "fix.board_name",
                geo.name,
                v.name(player),
                colour=theme.readable_on(seat_colour(v.session.seats[player].colour)),
            )
        )
        return widgets

    def draw(self, surface: pygame.Surface, v: View, widgets: list[Widget]) -> None:
        """The chosen player's board, every face-up card framed as tappable."""
        state = v.state
        if state is None:
            return
        th = v.th
        slot = find(widgets, "fix.board")
        assert slot is not None
        player = min(v.ui.flag_player, state.players - 1)
        geo = board_view().geometry(slot.rect, th)
        pygame.draw.rect(surface, theme.PANEL, slot.rect, border_radius=th.px(8))
        pygame.draw.rect(
            surface, seat_colour(v.session.seats[player].colour), geo.name, border_radius=th.px(8)
        )
        flaggable = frozenset(
            (int(w.id.split(".")[2]), int(w.id.split(".")[3]))
            for w in widgets
            if w.id.startswith("fix.cell.") and w.tappable
        )
        dialog = v.ui.dialog
        selected = (
            dialog.space[1:]
            if dialog is not None and dialog.space is not None and dialog.kind == "flag"
            else None
        )
        marks = CellMarks(flaggable=flaggable, selected=selected)
        board_view().draw(surface, th, geo, state.game.players[player].board, marks)
        draw_dice(surface, v.ui.dice, widgets)
