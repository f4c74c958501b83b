"""The keyboard: stands in for the GPIO buttons (hardware.keys' table) and drives the UI.

Enter confirms, R re-rolls, P passes, U (or Backspace held) undoes, as on the table's
buttons; F1–F5 open the tabs, Escape closes a question, Ctrl+Q quits. While a player's
name is being typed on the Setup screen, keys type into it instead.
"""

from __future__ import annotations

import pygame

from companion.commands import Command, Press
from display.controller import Controller
from display.model import TABS
from hardware.keys import KeyboardButtons

TAB_KEYS: dict[int, str] = dict(
    zip((pygame.K_F1, pygame.K_F2, pygame.K_F3, pygame.K_F4, pygame.K_F5), TABS, strict=True)
)


class Keys:
    """Key events → Commands for the session, or UI actions through the controller."""

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl
        self.buttons = KeyboardButtons()
        self.quit = False
        self._held: set[str] = set()

    @property
    def holding(self) -> bool:
        """Is a key held that may fire when held long enough (the loop then wakes often)?"""
        return bool(self._held)

    def event(self, event: pygame.event.Event, now: float) -> list[Command]:
        """The Commands one key event means (UI-only keys return none)."""
        if self.ctl.ui.setup.editing is not None and self.ctl.ui.screen == "setup":
            self._type(event)
            return []
        if event.type == pygame.KEYUP:
            name = pygame.key.name(event.key)
            self._held.discard(name)
            self.buttons.up(name)
            return []
        if event.type != pygame.KEYDOWN:
            return []
        if event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
            self.quit = True
        elif event.key in TAB_KEYS and self.ctl.session.state is not None:
            self.ctl.go(TAB_KEYS[event.key])
        elif event.key == pygame.K_ESCAPE:
            self.ctl.close_dialog()
            self.ctl.dismiss_notice()
        else:
            name = pygame.key.name(event.key)
            press = self.buttons.down(name, now)
            if press is None and name in ("backspace",):
                self._held.add(name)
            return [press] if press is not None else []
        return []

    def tick(self, now: float) -> list[Press]:
        """Presses of keys held long enough (Backspace = UNDO)."""
        presses = self.buttons.tick(now)
        if presses:
            self._held.clear()
        return presses

    def _type(self, event: pygame.event.Event) -> None:
        """Typing a name: text, Backspace, and Enter or Escape to finish."""
        if event.type == pygame.TEXTINPUT:
            self.ctl.type_text(event.text)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.ctl.erase_char()
        elif event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_ESCAPE,
        ):
            self.ctl.finish_name()
