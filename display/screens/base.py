"""What every screen gets to read (`View`) and the one shape a screen has (`Screen`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame

from companion.kwingto.errors import RuleError
from companion.kwingto.state import MatchState
from companion.session import TableSession
from display.camera import CameraFrame
from display.controller import Controller
from display.i18n import Translator
from display.layout import Frame
from display.model import UiState
from display.theme import Theme
from display.widgets import Widget


@dataclass
class View:
    """Everything a screen reads to lay itself out and draw: nothing it can change
    except through the controller."""

    session: TableSession
    ui: UiState
    ctl: Controller
    th: Theme
    frame: Frame
    camera: CameraFrame | None = None

    @property
    def tr(self) -> Translator:
        """The catalogue in the current language."""
        return self.ctl.tr

    @property
    def state(self) -> MatchState | None:
        """The match being played, if any."""
        return self.session.state

    @property
    def error(self) -> RuleError | None:
        """The latest refused action, unless the player tapped it away."""
        if self.ui.hidden_error == self.session.version:
            return None
        return self.session.last_error

    def name(self, player: int) -> str:
        """A player's name as typed at setup."""
        return self.session.seats[player].name


class Screen(Protocol):
    """A screen lays out widgets from the view and draws what widgets do not."""

    def build(self, v: View) -> list[Widget]:
        """The widgets of this screen for the current state, in drawing order."""

    def draw(self, surface: pygame.Surface, v: View, widgets: list[Widget]) -> None:
        """Draw the screen's own graphics (boards, camera, chart) under its widgets."""
