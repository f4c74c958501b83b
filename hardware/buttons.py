"""The table's arcade buttons: gpiozero `Button`s whose presses become Commands.

Each button is wired from its pin to ground (internal pull-up). CONFIRM, REROLL and PASS
act on the press; UNDO acts only after it has been held `hold_time` seconds so a bump
never throws away a turn. gpiozero's `bounce_time` goes to the pin driver, and a software
lock-out on top (with an injectable clock) also covers pin drivers that ignore it.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from typing import Any

from gpiozero import Button as GpioButton

from companion.commands import Button, Press
from hardware.pins import GpioConfig


class Debouncer:
    """Accepts a press only when no edge of the same button came within `bounce_time`."""

    def __init__(self, bounce_time: float, clock: Callable[[], float]) -> None:
        self._bounce_time = bounce_time
        self._clock = clock
        self._last_edge: float | None = None

    def press(self) -> bool:
        """Record a press edge; True when it is a real press, not contact bounce."""
        now = self._clock()
        real = self._last_edge is None or now - self._last_edge >= self._bounce_time
        self._last_edge = now
        return real

    def release(self) -> None:
        """Record a release edge (bounce on release must not count as a new press)."""
        self._last_edge = self._clock()


class TableButtons:
    """The four table buttons, putting `Press(button)` on the app's queue."""

    def __init__(
        self,
        config: GpioConfig,
        commands: queue.Queue[Any],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._commands = commands
        self.parts: dict[Button, GpioButton] = {}
        bounce = config.bounce_time or None
        try:
            for button, pin in (
                (Button.CONFIRM, config.confirm),
                (Button.REROLL, config.reroll),
                (Button.PASS, config.pass_),
            ):
                part = GpioButton(pin, bounce_time=bounce)
                self.parts[button] = part
                self._wire_press(part, button, Debouncer(config.bounce_time, clock))
            undo = GpioButton(config.undo, bounce_time=bounce, hold_time=config.hold_time)
            self.parts[Button.UNDO] = undo
            undo.when_held = lambda: self._commands.put(Press(Button.UNDO))
        except BaseException:
            self.close()
            raise

    def _wire_press(self, part: GpioButton, button: Button, debouncer: Debouncer) -> None:
        def pressed() -> None:
            if debouncer.press():
                self._commands.put(Press(button))

        part.when_pressed = pressed
        part.when_released = debouncer.release

    def close(self) -> None:
        """Release the pins; safe to call twice."""
        for part in self.parts.values():
            part.close()
        self.parts.clear()

    def __enter__(self) -> TableButtons:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
