"""The Settings screen: language, sound, camera calibration (and back to the default dice
colours), the vision debug view, and a new match."""

from __future__ import annotations

from functools import partial

import pygame

from display import theme
from display.i18n import LANGUAGES
from display.layout import columns, rows, split_h
from display.screens.base import View
from display.widgets import Widget, button, label


class SettingsScreen:
    """See the module docstring."""

    def build(self, v: View) -> list[Widget]:
        """One line per setting: its name on the left, its touch controls on the right."""
        th, tr = v.th, v.tr
        lines = rows(v.frame.content, [1] * 5, th.px(10))
        widgets: list[Widget] = []
        for line, key in zip(lines, ("language", "sound", "camera", "debug", "match"), strict=True):
            band = pygame.Rect(line.left, line.centery - th.touch // 2, line.width, th.touch)
            name, controls = columns(band, [2, 3], th.px(10))
            widgets.append(label(f"settings.{key}", name, tr.t(f"settings.{key}"), align="left"))
            widgets += self._controls(v, key, controls)
        return widgets

    @staticmethod
    def _controls(v: View, key: str, rect: pygame.Rect) -> list[Widget]:
        th, tr, ctl, ui = v.th, v.tr, v.ctl, v.ui
        gap = th.px(8)
        if key == "language":
            return [
                button(
                    f"settings.lang.{lang}",
                    r,
                    tr.t(f"language.{lang}"),
                    partial(ctl.set_language, lang),
                    "selected" if ui.language == lang else "normal",
                )
                for lang, r in zip(LANGUAGES, split_h(rect, len(LANGUAGES), gap), strict=True)
            ]
        if key == "sound":
            on, off = split_h(rect, 2, gap)
            return [
                button(
                    "settings.sound.on",
                    on,
                    tr.t("settings.on"),
                    None if ui.sound else ctl.toggle_sound,
                    "selected" if ui.sound else "normal",
                    enabled=True,
                ),
                button(
                    "settings.sound.off",
                    off,
                    tr.t("settings.off"),
                    ctl.toggle_sound if ui.sound else None,
                    "normal" if ui.sound else "selected",
                    enabled=True,
                ),
            ]
        if key == "camera":
            learn, reset = split_h(rect, 2, gap)
            return [
                button("settings.calibrate", learn, tr.t("settings.calibrate"), ctl.calibrate),
                button(
                    "settings.default_colours",
                    reset,
                    tr.t("settings.default_colours"),
                    ctl.ask_default_colours,
                ),
            ]
        if key == "debug":
            on, off = split_h(rect, 2, gap)
            debug = ui.vision_debug
            return [
                button(
                    "settings.debug.on",
                    on,
                    tr.t("settings.on"),
                    None if debug else ctl.toggle_vision_debug,
                    "selected" if debug else "normal",
                    enabled=True,
                ),
                button(
                    "settings.debug.off",
                    off,
                    tr.t("settings.off"),
                    ctl.toggle_vision_debug if debug else None,
                    "normal" if debug else "selected",
                    enabled=True,
                ),
            ]
        return [
            button(
                "settings.new_match",
                rect,
                tr.t("action.new_match"),
                partial(ctl.go, "setup"),
                "danger",
            )
        ]

    def draw(self, surface: pygame.Surface, v: View, widgets: list[Widget]) -> None:
        """A light stripe behind each setting's line."""
        for w in widgets:
            if w.kind == "label":
                stripe = pygame.Rect(
                    w.rect.left - v.th.px(4), w.rect.top, v.frame.content.width, w.rect.height
                )
                pygame.draw.rect(surface, theme.PANEL, stripe, border_radius=v.th.px(8))
