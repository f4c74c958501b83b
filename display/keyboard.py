"""The on-screen keyboard for typing a player's name on a touchscreen without keys.

Big keys (at least 48 px), letters only plus space, with Ñ for Spanish names; a physical
keyboard keeps working while it is open.
"""

from __future__ import annotations

from functools import partial

import pygame

from display import theme
from display.layout import split_h, split_v
from display.screens.base import View
from display.widgets import Widget, area, button, label

KEY_ROWS: tuple[str, ...] = ("QWERTYUIOP", "ASDFGHJKLÑ", "ZXCVBNM")


def keyboard(v: View) -> list[Widget]:
    """The name being typed on top, three rows of letters, then ⌫, space and Done."""
    th, tr, ctl = v.th, v.tr, v.ctl
    seat = v.ui.setup.editing
    box = v.frame.content.inflate(0, v.frame.nav.height)
    box.top = v.frame.content.top
    inner = box.inflate(-th.px(16), -th.px(16))
    title_h = th.px(40)
    text = (ctl.seat_name(seat) if seat is not None else "") + "|"
    widgets: list[Widget] = [
        area("dialog.box", box, ctl.keep_dialog),
        label(
            "dialog.title",
            pygame.Rect(inner.left, inner.top, inner.width, title_h),
            text,
            font="title",
        ),
    ]
    keys = pygame.Rect(
        inner.left, inner.top + title_h + th.px(8), inner.width, inner.height - title_h - th.px(8)
    )
    lines = split_v(keys, len(KEY_ROWS) + 1, th.px(6))
    for letters, line in zip(KEY_ROWS, lines, strict=False):
        for ch, rect in zip(letters, split_h(line, len(KEY_ROWS[0]), th.px(6)), strict=False):
            tap = partial(ctl.type_letter, ch)
            widgets.append(button(f"key.{ch}", rect, ch, tap, "quiet", font="title"))
    erase, space, done = split_h(lines[-1], 3, th.px(6))
    widgets += [
        button("key.erase", erase, "⌫" if theme.HAS_SYMBOLS else "<", ctl.erase_char),
        button("key.space", space, tr.t("keyboard.space"), partial(ctl.type_text, " ")),
        button("key.done", done, tr.t("keyboard.done"), ctl.finish_name, "primary"),
    ]
    return widgets
