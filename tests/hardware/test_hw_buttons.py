from __future__ import annotations

import queue
import time
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory
from hw_helpers import FakeClock, drain, wait_for

from companion.commands import Button, Press
from hardware.buttons import Debouncer, TableButtons
from hardware.pins import GpioConfig


def tap(factory: MockFactory, pin: int) -> None:
    factory.pin(pin).drive_low()
    factory.pin(pin).drive_high()


@pytest.fixture
def buttons(
    mock_pins: MockFactory, wiring: GpioConfig, commands: queue.Queue[Any], clock: FakeClock
) -> Any:
    with TableButtons(wiring, commands, clock) as table:
        yield table


PRESS_BUTTONS = [("confirm", Button.CONFIRM), ("reroll", Button.REROLL), ("pass_", Button.PASS)]


def test_each_press_is_one_command(
    buttons: TableButtons,
    mock_pins: MockFactory,
    wiring: GpioConfig,
    commands: queue.Queue[Any],
    clock: FakeClock,
) -> None:
    for name, button in PRESS_BUTTONS:
        tap(mock_pins, getattr(wiring, name))
        clock.advance(1)
        tap(mock_pins, getattr(wiring, name))
        clock.advance(1)
        assert drain(commands) == [Press(button), Press(button)], name


def test_buttons_use_the_pull_up_and_bounce_time(buttons: TableButtons) -> None:
    for part in buttons.parts.values():
        assert part.pull_up is True
        assert part.pin.bounce == pytest.approx(0.05)
        assert not part.is_pressed


def test_contact_bounce_is_one_press(
    buttons: TableButtons,
    mock_pins: MockFactory,
    wiring: GpioConfig,
    commands: queue.Queue[Any],
    clock: FakeClock,
) -> None:
    for name, button in PRESS_BUTTONS:
        pin = mock_pins.pin(getattr(wiring, name))
        for _ in range(4):  # a press that chatters for 8 ms
            pin.drive_low()
            clock.advance(0.001)
            pin.drive_high()
            clock.advance(0.001)
        pin.drive_low()
        clock.advance(0.3)
        pin.drive_high()  # release, and it chatters once more
        clock.advance(0.002)
        tap(mock_pins, getattr(wiring, name))
        assert drain(commands) == [Press(button)], name
        clock.advance(0.2)
        tap(mock_pins, getattr(wiring, name))
        assert drain(commands) == [Press(button)], name
        clock.advance(1)


def test_bounce_on_one_button_does_not_hide_another(
    buttons: TableButtons,
    mock_pins: MockFactory,
    wiring: GpioConfig,
    commands: queue.Queue[Any],
) -> None:
    tap(mock_pins, wiring.confirm)
    tap(mock_pins, wiring.pass_)
    assert drain(commands) == [Press(Button.CONFIRM), Press(Button.PASS)]


def test_debouncer_accepts_presses_spaced_by_the_bounce_time(clock: FakeClock) -> None:
    debouncer = Debouncer(0.05, clock)
    assert debouncer.press()
    debouncer.release()
    clock.advance(0.049)
    assert not debouncer.press()
    clock.advance(0.051)  # the rejected edge restarted the window
    assert debouncer.press()


def test_undo_tapped_or_bumped_does_nothing(
    buttons: TableButtons,
    mock_pins: MockFactory,
    wiring: GpioConfig,
    commands: queue.Queue[Any],
) -> None:
    pin = mock_pins.pin(wiring.undo)
    pin.drive_low()
    time.sleep(wiring.hold_time / 3)
    pin.drive_high()
    time.sleep(wiring.hold_time * 1.5)
    assert drain(commands) == []


def test_undo_held_is_one_undo(
    buttons: TableButtons,
    mock_pins: MockFactory,
    wiring: GpioConfig,
    commands: queue.Queue[Any],
) -> None:
    pin = mock_pins.pin(wiring.undo)
    pin.drive_low()
    assert wait_for(lambda: not commands.empty(), timeout=1.0)
    time.sleep(wiring.hold_time * 2)  # still held: no repeat
    pin.drive_high()
    assert drain(commands) == [Press(Button.UNDO)]


def test_close_releases_the_pins_and_is_idempotent(
    mock_pins: MockFactory, wiring: GpioConfig, commands: queue.Queue[Any]
) -> None:
    table = TableButtons(wiring, commands)
    table.close()
    table.close()
    with TableButtons(wiring, commands) as again:  # the same pins can be claimed again
        tap(mock_pins, wiring.reroll)
        assert again.parts
    assert drain(commands) == [Press(Button.REROLL)]


def test_a_pin_in_use_fails_cleanly_and_frees_what_it_took(
    mock_pins: MockFactory, wiring: GpioConfig, commands: queue.Queue[Any]
) -> None:
    from gpiozero import LED
    from gpiozero.exc import GPIOPinInUse

    with LED(wiring.undo), pytest.raises(GPIOPinInUse):
        TableButtons(wiring, commands)
    with TableButtons(wiring, commands):  # confirm, reroll, pass were released
        pass
