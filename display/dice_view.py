"""Dice on screen: pip tiles and the touch editor for entering or correcting a roll.

A die is drawn with pips (the value by shape) and its body colour; a black die also
gets a white rim, and the editor writes "red"/"black" under each, so colour is never the
only signal.
"""

from __future__ import annotations

from functools import partial

import pygame

from companion.kwingto.roll import MAX_DICE, Die, DieColour
from display import theme
from display.layout import split_h
from display.screens.base import View
from display.widgets import Widget, area, button, label

PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.25, 0.25), (0.75, 0.75)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.5), (0.75, 0.5), (0.25, 0.75), (0.75, 0.75)),
}


def draw_die(surface: pygame.Surface, die: Die, rect: pygame.Rect) -> None:
    """One die as a square tile with pips, as large as fits `rect`."""
    side = min(rect.width, rect.height)
    box = pygame.Rect(0, 0, side, side)
    box.center = rect.center
    red = die.colour is DieColour.RED
    pygame.draw.rect(
        surface, theme.DIE_RED if red else theme.DIE_BLACK, box, border_radius=side // 6
    )
    if not red:
        pygame.draw.rect(
            surface, theme.TEXT, box, width=max(2, side // 20), border_radius=side // 6
        )
    r = max(2, side // 10)
    for fx, fy in PIPS[die.value]:
        centre = (round(box.left + fx * side), round(box.top + fy * side))
        pygame.draw.circle(surface, theme.TEXT, centre, r)


def dice_editor(v: View, rect: pygame.Rect, dice: tuple[Die, ...], editable: bool) -> list[Widget]:
    """Three die slots (tap a die: +1) over "+ red", "+ black" and "remove" buttons;
    not editable, only the dice and their colour words."""
    th, tr, ctl = v.th, v.tr, v.ctl
    gap = th.px(4)
    buttons_band = pygame.Rect(rect.left, rect.bottom - th.touch, rect.width, th.touch)
    words_h = th.small.get_linesize()
    bottom = buttons_band.top - gap if editable else rect.bottom
    words_band = pygame.Rect(rect.left, bottom - words_h, rect.width, words_h)
    tiles_band = pygame.Rect(rect.left, rect.top, rect.width, words_band.top - rect.top - gap)
    widgets: list[Widget] = []
    for i, slot in enumerate(split_h(tiles_band, MAX_DICE, th.px(10))):
        if i >= len(dice):
            continue
        tap = partial(ctl.bump_die, i) if editable else None
        side = max(theme.MIN_TOUCH, min(slot.width, slot.height))
        tile = pygame.Rect(0, 0, side, side)
        tile.center = slot.center
        widgets.append(area(f"die.{i}", tile, tap))
        word = "dice.red" if dice[i].colour is DieColour.RED else "dice.black"
        word_rect = pygame.Rect(slot.left, words_band.top, slot.width, words_band.height)
        widgets.append(label(f"die.{i}.colour", word_rect, tr.t(word), font="small"))
    if editable:
        add_red, add_black, remove = split_h(buttons_band, 3, th.px(8))
        full = len(dice) >= MAX_DICE
        widgets += [
            button(
                "dice.add_red",
                add_red,
                tr.t("dice.add_red"),
                None if full else partial(ctl.add_die, DieColour.RED),
            ),
            button(
                "dice.add_black",
                add_black,
                tr.t("dice.add_black"),
                None if full else partial(ctl.add_die, DieColour.BLACK),
            ),
            button("dice.remove", remove, tr.t("dice.remove"), ctl.remove_die if dice else None),
        ]
    return widgets


def draw_dice(surface: pygame.Surface, dice: tuple[Die, ...], widgets: list[Widget]) -> None:
    """Draw the dice laid out by `dice_editor` (the tiles are areas "die.N")."""
    for w in widgets:
        if w.id.startswith("die.") and w.id.count(".") == 1:
            draw_die(surface, dice[int(w.id.split(".")[1])], w.rect)
