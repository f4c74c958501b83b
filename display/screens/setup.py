"""The Setup screen: how many players, their names and seat colours, what ends the match
(C2), the language, and Start."""

from __future__ import annotations

from functools import partial

import pygame

from companion.games import GAMES
from companion.kwingto.state import MAX_PLAYERS, MIN_PLAYERS, MatchMode
from display.i18n import LANGUAGES
from display.layout import columns, split_h, split_v
from display.screens.base import View
from display.widgets import Widget, button, label


class SetupScreen:
    """See the module docstring."""

    def build(self, v: View) -> list[Widget]:
        """Players and seats on the left; match mode, target, language and Start on the right."""
        th = v.th
        left, right = columns(v.frame.content, [1, 1], th.px(20))
        return self._players(v, left) + self._match(v, right)

    @staticmethod
    def _players(v: View, rect: pygame.Rect) -> list[Widget]:
        th, tr, ctl, draft = v.th, v.tr, v.ctl, v.ui.setup
        gap = th.px(8)
        lines = [_band(r, th.touch) for r in split_v(rect, 1 + MAX_PLAYERS, gap)]
        name, counts = columns(lines[0], [2, 3], gap)
        widgets = [label("setup.players", name, tr.t("setup.players"), align="left")]
        for n, r in zip(range(MIN_PLAYERS, MAX_PLAYERS + 1), split_h(counts, 3, gap), strict=True):
            style = "selected" if draft.players == n else "normal"
            widgets.append(
                button(f"setup.count.{n}", r, str(n), partial(ctl.set_players, n), style)
            )
        for seat in range(draft.players):
            colour_rect, name_rect, kind_rect = columns(lines[seat + 1], [2, 2.4, 2.6], gap)
            colour = draft.colours[seat]
            widgets.append(
                button(
                    f"setup.colour.{seat}",
                    colour_rect,
                    tr.t(f"colour.{colour}"),
                    partial(ctl.cycle_colour, seat),
                    f"seat:{colour}",
                )
            )
            text = ctl.seat_name(seat)
            style = "quiet"
            widgets.append(
                button(f"setup.name.{seat}", name_rect, text, partial(ctl.edit_name, seat), style)
            )
            widgets.append(_kind_button(v, seat, kind_rect))
        return widgets

    @staticmethod
    def _match(v: View, rect: pygame.Rect) -> list[Widget]:
        th, tr, ctl, draft = v.th, v.tr, v.ctl, v.ui.setup
        gap = th.px(8)
        lines = [_band(r, th.touch) for r in split_v(rect, 6, gap)]
        game_label, game_buttons = columns(lines[0], [2, 3], gap)
        widgets = [label("setup.game", game_label, tr.t("setup.game"), align="left")]
        for game, r in zip(GAMES, split_h(game_buttons, len(GAMES), gap), strict=True):
            style = "selected" if draft.game == game else "normal"
            tap = partial(ctl.set_game, game)
            widgets.append(button(f"setup.game.{game}", r, tr.t(f"game.{game}"), tap, style))
        lines = lines[1:]
        widgets.append(label("setup.mode", lines[0], tr.t("setup.mode"), align="left"))
        for mode, r in zip(MatchMode, split_h(lines[1], 3, gap), strict=True):
            style = "selected" if draft.mode is mode else "normal"
            widgets.append(
                button(
                    f"setup.mode.{mode.value}",
                    r,
                    tr.t(f"mode.{mode.value}"),
                    partial(ctl.set_mode, mode),
                    style,
                )
            )
        minus, value, plus = columns(lines[2], [1, 3, 1], gap)
        widgets += [
            button("setup.target.down", minus, "−", partial(ctl.change_target, False)),
            label("setup.target", value, tr.t(f"target.{draft.mode.value}", n=draft.target)),
            button("setup.target.up", plus, "+", partial(ctl.change_target, True)),
        ]
        for lang, r in zip(LANGUAGES, split_h(lines[3], len(LANGUAGES), gap), strict=True):
            style = "selected" if v.ui.language == lang else "normal"
            widgets.append(
                button(
                    f"setup.lang.{lang}",
                    r,
                    tr.t(f"language.{lang}"),
                    partial(ctl.set_language, lang),
                    style,
                )
            )
        widgets.append(button("setup.start", lines[4], tr.t("setup.start"), ctl.start, "primary"))
        return widgets

    def draw(self, surface: pygame.Surface, v: View, widgets: list[Widget]) -> None:
        """Everything on this screen is a widget."""


def _kind_button(v: View, seat: int, rect: pygame.Rect) -> Widget:
    """Person or bot (and which strategy): tap for the next kind."""
    bot = v.ui.setup.bots[seat]
    tr = v.tr
    text = tr.t("setup.bot", kind=tr.t(f"bot.{bot}")) if bot else tr.t("setup.person")
    style = "selected" if bot else "normal"
    return button(f"setup.kind.{seat}", rect, text, partial(v.ctl.cycle_seat_kind, seat), style)


def _band(rect: pygame.Rect, height: int) -> pygame.Rect:
    """A touch-tall band centred in `rect` (rows may be taller than a button needs)."""
    band = pygame.Rect(rect.left, 0, rect.width, height)
    band.centery = rect.centery
    return band
