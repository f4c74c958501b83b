"""The pygame app: input → Commands → session; redraw only when something changed.

The loop sleeps between short looks at the event and command queues, so an idle table
costs almost no CPU: input and queued Commands (buttons, pads, camera) are handled within
a nap, and camera frames are fetched only while the Roll screen shows them.
"""

from __future__ import annotations

import queue
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from companion.commands import Command
from companion.kwingto.state import Phase
from companion.session import TableSession
from display import chrome, theme
from display.camera import CameraFrame, FrameProvider
from display.controller import CameraColours, Controller
from display.keys import Keys
from display.layout import frame
from display.model import UiState
from display.screens.base import Screen, View
from display.screens.boards import BoardsScreen
from display.screens.correction import CorrectionScreen
from display.screens.roll import RollScreen
from display.screens.scores import ScoresScreen
from display.screens.settings import SettingsScreen
from display.screens.setup import SetupScreen
from display.sound import Sounds
from display.theme import Theme
from display.widgets import Widget, draw_widgets, hit

IDLE_WAIT_MS = 200  # the longest an idle loop turn waits before polling again
CAMERA_WAIT_MS = 40  # while camera frames are shown
NAP_S = 0.015  # between looks at the queues: ≤ 15 ms added to a touch's response
BOT_DELAY_S = 0.8  # between a bot's moves, so the people at the table can follow them
PAUSE_BOTS_ON = ("setup", "correction")  # screens where a person is busy with the match


def make_screens() -> dict[str, Screen]:
    """One instance of every screen, by name."""
    return {
        "setup": SetupScreen(),
        "roll": RollScreen(),
        "boards": BoardsScreen(),
        "scores": ScoresScreen(),
        "correction": CorrectionScreen(),
        "settings": SettingsScreen(),
    }


@dataclass
class Layers:
    """The widgets of one frame, in the order they are drawn (and hit, last on top)."""

    header: list[Widget] = field(default_factory=list)
    screen: list[Widget] = field(default_factory=list)
    nav: list[Widget] = field(default_factory=list)
    banners: list[Widget] = field(default_factory=list)
    dialog: list[Widget] = field(default_factory=list)

    @property
    def all(self) -> list[Widget]:
        """Every widget, bottom to top."""
        return self.header + self.screen + self.nav + self.banners + self.dialog

    @property
    def tappable(self) -> list[Widget]:
        """What a touch may hit: only the dialog while one is open."""
        return self.dialog or self.all


class App:
    """One touchscreen UI over one TableSession."""

    def __init__(
        self,
        session: TableSession,
        surface: pygame.Surface,
        *,
        camera: FrameProvider | None = None,
        commands: queue.Queue[Command] | None = None,
        rng: random.Random | None = None,
        colours: CameraColours | None = None,
        language: str = "en",
        sounds: Sounds | None = None,
        bot_delay_s: float = BOT_DELAY_S,
        clock: Callable[[], float] = time.monotonic,
        hint_budget_ms: float = 150,
    ) -> None:
        self.session = session
        self.surface = surface
        self.th = Theme(*surface.get_size())
        self.ui = UiState(language=language)
        self.ctl = Controller(session, self.ui, rng, colours, hint_budget_ms)
        self.ctl.set_language(language)
        self.screens = make_screens()
        self.camera = camera
        self.commands = commands
        self.keys = Keys(self.ctl)
        self.layers = Layers()
        self.running = True
        self.bot_delay_s = bot_delay_s
        self.clock = clock
        self._bot_at: float | None = None  # when the waiting bot moves (clock seconds)
        self._frame: CameraFrame | None = None
        self._laid_out: tuple[object, ...] | None = None
        self._drawn: tuple[object, ...] | None = None
        self._pressed: str | None = None
        self._phase = self._current_phase()
        if self._phase is not None:
            self.ui.screen = self._screen_for(self._phase)  # a resumed match: where it was
        self._proposed = session.proposed
        self.sounds = sounds
        self._heard = (len(session.actions), session.last_error)
        if session.recovery_note:
            self.ctl.notify("app.recovered", detail=session.recovery_note)

    # --- state → screen -------------------------------------------------------------------

    def _current_phase(self) -> Phase | None:
        state = self.session.state
        return state.phase if state is not None else None

    def _key(self) -> tuple[object, ...]:
        """Everything the picture depends on: when it is unchanged, nothing is redrawn."""
        return (self.session.version, self.ui.version, id(self._frame), self.surface.get_size())

    def view(self) -> View:
        """What the screens read this frame."""
        shown = self._frame if self.ui.screen == "roll" else None
        return View(self.session, self.ui, self.ctl, self.th, frame(self.th), shown)

    def follow(self) -> None:
        """Keep the UI in step with the session: go where the game went, mirror proposals."""
        session, ui = self.session, self.ui
        if session.state is None and ui.screen not in ("setup", "settings"):
            self.ctl.go("setup")
        phase = self._current_phase()
        if phase != self._phase:
            new_match = self._phase is None
            self._phase = phase
            if new_match or (ui.screen in ("roll", "boards", "scores") and ui.dialog is None):
                target = self._screen_for(phase)
                if target != ui.screen:
                    self.ctl.go(target)
        self._sound()
        if session.proposed is not self._proposed:
            self._proposed = session.proposed
            if ui.screen != "correction":
                ui.dice = session.proposed.roll.dice if session.proposed is not None else ()
                ui.changed()

    def _sound(self) -> None:
        """A chime for an action taken, a buzz for one refused (if sound is on)."""
        heard = (len(self.session.actions), self.session.last_error)
        if heard == self._heard:
            return
        refused = heard[1] is not None and heard[1] is not self._heard[1]
        self._heard = heard
        if self.sounds is not None and self.ui.sound:
            self.sounds.play("error" if refused else "ok")

    def _screen_for(self, phase: Phase | None) -> str:
        """Where play continues: roll the dice, place on the boards, or read the scores."""
        state = self.session.state
        if phase is Phase.PLACE and state is not None:
            roll = state.game.turn.roll
            return "roll" if roll is not None and roll.failed else "boards"
        if phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            return "scores"
        return "roll"

    def layout(self) -> Layers:
        """Lay out the current screen (cheap: no drawing), once per change."""
        key = self._key()
        if key != self._laid_out:
            v = self.view()
            self.layers = Layers(
                chrome.header(v),
                self.screens[self.ui.screen].build(v),
                chrome.nav(v),
                chrome.banners(v),
                chrome.dialog(v),
            )
            self._laid_out = key
        return self.layers

    def draw(self) -> None:
        """Draw the whole picture for the current layout."""
        layers = self.layout()
        v = self.view()
        s, th = self.surface, self.th
        s.fill(theme.BACKGROUND)
        chrome.draw_header(s, v)
        draw_widgets(s, th, layers.header)
        self.screens[self.ui.screen].draw(s, v, layers.screen)
        draw_widgets(s, th, layers.screen)
        pygame.draw.rect(s, theme.PANEL, v.frame.nav)
        draw_widgets(s, th, layers.nav)
        chrome.draw_banners(s, v, layers.banners)
        draw_widgets(s, th, layers.banners)
        chrome.draw_dialog(s, v, layers.dialog)
        draw_widgets(s, th, layers.dialog)
        self._drawn = self._key()

    def update(self) -> bool:
        """Follow the session, then redraw if anything changed; True when drawn."""
        self.follow()
        if self._key() == self._drawn:
            return False
        self.draw()
        return True

    # --- input → commands --------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """One pygame event: touch, mouse, keys, window."""
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if getattr(event, "touch", False) or event.button != 1:
                return  # SDL's mouse copy of a finger touch: the FINGER event counts
            self._touch(event.type == pygame.MOUSEBUTTONDOWN, event.pos)
        elif event.type in (pygame.FINGERDOWN, pygame.FINGERUP):
            pos = (round(event.x * self.th.width), round(event.y * self.th.height))
            self._touch(event.type == pygame.FINGERDOWN, pos)
        elif event.type in (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT):
            for command in self.keys.event(event, time.monotonic()):
                self.session.handle(command)
            self.running = self.running and not self.keys.quit
        elif event.type == pygame.VIDEORESIZE:
            self.resize(pygame.display.get_surface())
        self.follow()

    def _touch(self, down: bool, pos: tuple[int, int]) -> None:
        """A tap is a press and a release on the same widget (a slide off cancels it)."""
        target = hit(self.layout().tappable, pos)
        if down:
            self._pressed = target.id if target is not None else None
            return
        pressed, self._pressed = self._pressed, None
        if target is not None and target.id == pressed and target.on_tap is not None:
            target.on_tap()

    def resize(self, surface: pygame.Surface) -> None:
        """A new window size: a new theme; everything is laid out again."""
        self.surface = surface
        self.th = Theme(*surface.get_size())

    def poll(self) -> None:
        """Commands from the queue (buttons, pads, bots), held keys, the camera's frame."""
        while self.commands is not None:
            try:
                command = self.commands.get_nowait()
            except queue.Empty:
                break
            self.session.handle(command)
        for press in self.keys.tick(time.monotonic()):
            self.session.handle(press)
        if self.camera is not None and self.ui.screen == "roll":
            latest = self.camera()
            if latest is not None:
                self._frame = latest
        self.drive_bots()

    def drive_bots(self) -> None:
        """Let a virtual seat act once `bot_delay_s` has passed since one had to.

        The delay starts when a bot must act (not at its previous move), so each bot move
        is seen for the same time; nothing is scheduled while no bot has to act.
        """
        if not self._bots_may_act():
            self._bot_at = None
            return
        now = self.clock()
        if self._bot_at is None:
            self._bot_at = now + self.bot_delay_s
        if now >= self._bot_at:
            self._bot_at = None
            self.session.step_bots(self.ctl.rng)

    def _bots_may_act(self) -> bool:
        """A bot must act, and no person is in the middle of something it would spoil."""
        busy = self.ui.dialog is not None or self.ui.screen in PAUSE_BOTS_ON
        return not busy and self.session.bot_must_act()

    def step(self, wait_ms: int = 0) -> bool:
        """One loop turn: wait for events (at most `wait_ms`), handle them, poll, redraw.
        Returns True when a new picture was drawn (and flipped, if a display is set)."""
        for event in self._wait(wait_ms):
            self.handle_event(event)
        self.poll()
        drawn = self.update()
        if drawn and pygame.display.get_surface() is self.surface:
            pygame.display.flip()
        return drawn

    def _wait(self, wait_ms: int) -> list[pygame.event.Event]:
        """Events, waiting up to `wait_ms` for the first one (or a queued Command).

        Naps rather than `pygame.event.wait(timeout)`, which wakes every millisecond
        inside and costs a few per cent of a core on an idle table.
        """
        deadline = time.monotonic() + wait_ms / 1000
        events = pygame.event.get()
        while not events and time.monotonic() < deadline:
            if self.commands is not None and not self.commands.empty():
                break
            time.sleep(NAP_S)
            events = pygame.event.get()
        return events

    def run(self, after_step: Callable[[], None] | None = None) -> None:
        """The main loop, until the window closes (or Ctrl+Q); `after_step` runs after
        every turn of it (the kiosk updates the table's LEDs there)."""
        while self.running:
            camera_live = self.camera is not None and self.ui.screen == "roll"
            wait = CAMERA_WAIT_MS if camera_live or self.keys.holding else IDLE_WAIT_MS
            if self._bot_at is not None:  # wake in time for the bot's move
                wait = min(wait, max(0, round((self._bot_at - self.clock()) * 1000)))
            self.step(wait)
            if after_step is not None:
                after_step()

    def screenshot(self, path: Path) -> None:
        """Save the current picture as PNG."""
        self.update()
        pygame.image.save(self.surface, str(path))
