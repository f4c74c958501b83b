"""What surrounds every screen: the prompt header, the tab bar with CONFIRM, the notice and
error banners, and the yes/no dialogs drawn over everything."""

from __future__ import annotations

from functools import partial

import pygame

from companion.kwingto.actions import Action, NextGame, Pass, Place, Reroll, RollDice
from display import theme
from display.controller import placed_this_turn
from display.keyboard import keyboard
from display.layout import columns, split_h
from display.messages import error_lines, prompt
from display.model import TABS
from display.screens.base import View
from display.screens.boards import error_bubble
from display.screens.roll import can_confirm, confirm_key
from display.suits import card_label
from display.theme import seat_colour
from display.widgets import Tap, Widget, area, button, label, text_block


def header(v: View) -> list[Widget]:
    """The one sentence saying what the table waits for, beside the active seat's colour."""
    rect = v.frame.header.inflate(-v.th.px(16), 0)
    chip = pygame.Rect(rect.left, rect.top, v.th.px(34), rect.height)
    text = pygame.Rect(
        chip.right + v.th.px(10), rect.top, rect.right - chip.right - v.th.px(10), rect.height
    )
    return [
        area("header.chip", chip),
        label("header.prompt", text, prompt(v.tr, v.session), font="title", align="left"),
    ]


def draw_header(surface: pygame.Surface, v: View) -> None:
    """The header band and the active player's colour chip."""
    pygame.draw.rect(surface, theme.PANEL, v.frame.header)
    state = v.state
    if state is None:
        return
    colour = seat_colour(v.session.seats[state.game.turn.active].colour)
    centre = (v.frame.header.left + v.th.px(25), v.frame.header.centery)
    pygame.draw.circle(surface, colour, centre, v.th.px(14))
    pygame.draw.circle(surface, theme.TEXT, centre, v.th.px(14), width=2)


def nav(v: View) -> list[Widget]:
    """The tabs (reachable once a match exists) and CONFIRM at the right end."""
    th, tr, ctl = v.th, v.tr, v.ctl
    tabs_rect, confirm_rect = columns(
        v.frame.nav.inflate(-th.px(8), -th.px(4)), [5, 1.4], th.px(10)
    )
    tabs_rect.height = confirm_rect.height = max(theme.MIN_TOUCH, tabs_rect.height)
    widgets: list[Widget] = []
    for tab, rect in zip(TABS, split_h(tabs_rect, len(TABS), th.px(6)), strict=True):
        usable = v.state is not None or tab == "settings"
        style = "selected" if v.ui.screen == tab else "quiet"
        widgets.append(
            button(
                f"tab.{tab}",
                rect,
                tr.t(f"tab.{tab}"),
                partial(ctl.go, tab) if usable else None,
                style,
            )
        )
    widgets.append(
        button(
            "nav.confirm",
            confirm_rect,
            tr.t(confirm_key(v)),
            ctl.confirm if can_confirm(v) else None,
            "primary",
        )
    )
    return widgets


def banners(v: View) -> list[Widget]:
    """An explanation to read (notice), or an error not about a space on this screen."""
    th = v.th
    content = v.frame.content
    width = content.width - th.px(40)
    if v.ui.notice is not None:
        key, params = v.ui.notice
        return _banner(v, "notice", v.tr.t(key, **params), width, v.ctl.dismiss_notice)
    error = v.error
    if error is not None and v.session.error_space is not None:
        # about a space: shown beside it on the Boards screen only
        return error_bubble(v) if v.ui.screen == "boards" else []
    if error is not None:
        return _banner(v, "error", "\n".join(error_lines(v.tr, error)), width, v.ctl.hide_error)
    return []


def _banner(v: View, id: str, text: str, width: int, dismiss: Tap) -> list[Widget]:
    th = v.th
    probe = pygame.Rect(0, 0, width - th.px(24), 10)
    lines = text_block(id, probe, th, text)
    height = sum(w.rect.height for w in lines) + th.px(20)
    rect = pygame.Rect(0, 0, width, max(height, th.touch))
    rect.midbottom = (v.frame.content.centerx, v.frame.content.bottom - th.px(4))
    inner = rect.inflate(-th.px(24), -th.px(20))
    widgets = [area(f"{id}.banner", rect, dismiss)]
    widgets += text_block(f"{id}.text", inner, th, text)
    return widgets


def draw_banners(surface: pygame.Surface, v: View, widgets: list[Widget]) -> None:
    """The banners' backgrounds (their text are labels): accent for notices, red for errors."""
    for w in widgets:
        if w.id in ("notice.banner", "error.banner", "error.bubble"):
            error = w.id != "notice.banner"
            pygame.draw.rect(
                surface,
                theme.ERROR_BG if error else theme.PANEL_LIGHT,
                w.rect,
                border_radius=v.th.px(10),
            )
            pygame.draw.rect(
                surface,
                theme.ERROR if error else theme.ACCENT,
                w.rect,
                width=v.th.px(3),
                border_radius=v.th.px(10),
            )


def dialog(v: View) -> list[Widget]:
    """The open question's box: title, explanation, and its answer buttons."""
    d = v.ui.dialog
    if d is None:
        return []
    if d.kind == "keyboard":
        return keyboard(v)
    th, tr, ctl = v.th, v.tr, v.ctl
    box = pygame.Rect(0, 0, min(v.frame.content.width, th.px(600)), th.px(300))
    box.center = (th.width // 2, th.height // 2)
    inner = box.inflate(-th.px(32), -th.px(32))
    widgets: list[Widget] = [area("dialog.box", box, ctl.keep_dialog)]
    title, text = _dialog_text(v)
    widgets.append(
        label(
            "dialog.title",
            pygame.Rect(inner.left, inner.top, inner.width, th.px(36)),
            title,
            font="title",
        )
    )
    widgets += text_block(
        "dialog.text", pygame.Rect(inner.left, inner.top + th.px(44), inner.width, 10), th, text
    )
    row = pygame.Rect(inner.left, inner.bottom - th.touch, inner.width, th.touch)
    if d.kind == "suit":
        rects = split_h(row, len(d.cards) + 1, th.px(8))
        for card, rect in zip(d.cards, rects, strict=False):
            widgets.append(
                button(
                    f"dialog.card.{card}",
                    rect,
                    f"{card_label(card)} {tr.t(f'suit.{card.suit.value}')}",
                    partial(ctl.choose_card, card),
                    "normal",
                )
            )
        widgets.append(
            button("dialog.no", rects[-1], tr.t("dialog.cancel"), ctl.close_dialog, "quiet")
        )
        return widgets
    yes, no = split_h(row, 2, th.px(12))
    answer = {"undo": ctl.undo, "colours": ctl.default_colours}.get(d.kind, ctl.flag)
    widgets.append(button("dialog.yes", yes, tr.t(f"dialog.{d.kind}_yes"), answer, "danger"))
    widgets.append(button("dialog.no", no, tr.t("dialog.no"), ctl.close_dialog, "quiet"))
    return widgets


def _dialog_text(v: View) -> tuple[str, str]:
    """The question and what answering yes will do, in plain words."""
    d, tr = v.ui.dialog, v.tr
    assert d is not None
    if d.kind == "suit":
        return tr.t("dialog.suit_title"), tr.t("dialog.suit_text")
    if d.kind == "undo":
        last = v.session.actions[-1] if v.session.actions else None
        return tr.t("dialog.undo_title"), tr.t("dialog.undo_text", what=describe(v, last))
    if d.kind == "colours":
        return tr.t("dialog.colours_title"), tr.t("dialog.colours_text")
    assert d.space is not None and v.state is not None
    player, row, col = d.space
    card = v.state.game.players[player].board.card_at(row, col)
    name = v.name(player)
    key = "dialog.flag_e2" if placed_this_turn(v.session, player, row, col) else "dialog.flag_e3"
    card_text = card_label(card) if card is not None else "?"
    return tr.t("dialog.flag_title", card=card_text), tr.t(key, name=name, row=row + 1)


def describe(v: View, action: Action | None) -> str:
    """An action as a sentence, for the undo question."""
    tr = v.tr
    if action is None:
        return ""
    if isinstance(action, Place):
        return tr.t("what.place", name=v.name(action.player), card=card_label(action.card))
    if isinstance(action, Pass):
        return tr.t("what.pass", name=v.name(action.player))
    if isinstance(action, RollDice | Reroll):
        return tr.t("what.roll", roll=str(action.roll))
    if isinstance(action, NextGame):
        return tr.t("what.next_game")
    return tr.t(f"what.{action.kind}") if tr.has(f"what.{action.kind}") else tr.t("what.other")


def draw_dialog(surface: pygame.Surface, v: View, widgets: list[Widget]) -> None:
    """Dim the screen and draw the dialog box (its text and buttons are widgets)."""
    box = next((w for w in widgets if w.id == "dialog.box"), None)
    if box is None:
        return
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 170))
    surface.blit(shade, (0, 0))
    pygame.draw.rect(surface, theme.PANEL, box.rect, border_radius=v.th.px(14))
    pygame.draw.rect(surface, theme.ACCENT, box.rect, width=v.th.px(3), border_radius=v.th.px(14))
