from __future__ import annotations

import time

import pytest
from gpiozero.pins.mock import MockFactory
from hw_helpers import wait_for

from hardware.leds import (
    ERROR_BEEP,
    ERROR_FLASH,
    OFF,
    ON,
    WAITING_BLINK,
    LedPattern,
    Light,
    TableLights,
    led_pattern,
)
from hardware.pins import GpioConfig
from hardware.signals import SignalsError, TableSignals


def test_idle_table_is_dark() -> None:
    assert led_pattern(TableSignals()) == LedPattern()


def test_waiting_for_a_roll_lights_ready_and_the_active_seat() -> None:
    pattern = led_pattern(TableSignals(waiting_for_roll=True, active_seat=2, seats=3))
    assert pattern == LedPattern(ready=ON, seats=(OFF, ON, OFF))


def test_a_reading_awaiting_confirmation_blinks_ready() -> None:
    signals = TableSignals(waiting_for_roll=True, awaiting_confirmation=True, seats=2)
    assert led_pattern(signals).ready == WAITING_BLINK
    assert WAITING_BLINK.mode == "blink"


def test_reroll_led_shows_the_reroll_is_still_available() -> None:
    assert led_pattern(TableSignals(reroll_available=True)).reroll == ON
    assert led_pattern(TableSignals(reroll_available=False)).reroll == OFF


def test_failed_throw_holds_the_error_led_on() -> None:
    pattern = led_pattern(TableSignals(failed_throw=True))
    assert pattern.error == ON
    assert pattern.buzzer == OFF


def test_rejected_action_flashes_error_and_beeps_even_over_a_failed_throw() -> None:
    pattern = led_pattern(TableSignals(failed_throw=True, error=True))
    assert pattern.error == ERROR_FLASH
    assert ERROR_FLASH.mode == "flash"
    assert ERROR_FLASH.count >= 1
    assert pattern.buzzer == ERROR_BEEP


def test_no_active_seat_leaves_every_seat_dark() -> None:
    assert led_pattern(TableSignals(seats=4)).seats == (OFF,) * 4


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seats": 5}, "seats = 5"),
        ({"seats": -1}, "seats = -1"),
        ({"seats": 2, "active_seat": 3}, "active_seat = 3"),
        ({"seats": 2, "active_seat": 0}, "active_seat = 0"),
    ],
)
def test_impossible_signals_are_rejected(kwargs: dict, message: str) -> None:
    with pytest.raises(SignalsError, match=message):
        TableSignals(**kwargs)
    assert issubclass(SignalsError, ValueError)


@pytest.fixture
def lights(mock_pins: MockFactory, wiring: GpioConfig) -> TableLights:
    with TableLights(wiring) as table:
        yield table


def lit(factory: MockFactory, pin: int) -> bool:
    return bool(factory.pin(pin).state)


def test_driver_lights_what_the_pattern_says(
    lights: TableLights, mock_pins: MockFactory, wiring: GpioConfig
) -> None:
    lights.show(
        led_pattern(
            TableSignals(waiting_for_roll=True, reroll_available=True, active_seat=3, seats=4)
        )
    )
    assert lit(mock_pins, wiring.ready_led)
    assert lit(mock_pins, wiring.reroll_led)
    assert not lit(mock_pins, wiring.error_led)
    assert [lit(mock_pins, pin) for pin in wiring.seat_leds] == [False, False, True, False]
    lights.show(led_pattern(TableSignals(failed_throw=True, active_seat=1, seats=2)))
    assert not lit(mock_pins, wiring.ready_led)
    assert not lit(mock_pins, wiring.reroll_led)
    assert lit(mock_pins, wiring.error_led)
    assert [lit(mock_pins, pin) for pin in wiring.seat_leds] == [True, False, False, False]


def test_driver_touches_only_leds_whose_light_changed(lights: TableLights) -> None:
    waiting = TableSignals(waiting_for_roll=True, active_seat=1, seats=2)
    assert lights.show(led_pattern(waiting)) == [
        "ready",
        "reroll",
        "error",
        "seat1",
        "seat2",
        "seat3",
        "seat4",
        "buzzer",
    ]
    assert lights.show(led_pattern(waiting)) == []
    confirming = TableSignals(
        waiting_for_roll=True, awaiting_confirmation=True, active_seat=1, seats=2
    )
    assert lights.show(led_pattern(confirming)) == ["ready"]
    assert lights.show(led_pattern(TableSignals(active_seat=2, seats=2))) == [
        "ready",
        "seat1",
        "seat2",
    ]


def test_blink_keeps_toggling_and_is_not_restarted_by_the_same_pattern(
    lights: TableLights, mock_pins: MockFactory, wiring: GpioConfig
) -> None:
    pin = mock_pins.pin(wiring.ready_led)
    fast = LedPattern(ready=Light("blink", on_time=0.01, off_time=0.01))
    lights.show(fast)
    assert wait_for(lambda: len(pin.states) >= 6, timeout=1.0)
    before = len(pin.states)
    assert lights.show(fast) == []
    time.sleep(0.05)
    assert len(pin.states) > before  # still blinking
    lights.show(LedPattern())
    time.sleep(0.03)
    assert not pin.state


def test_error_flash_and_beep_end_dark(
    lights: TableLights, mock_pins: MockFactory, wiring: GpioConfig
) -> None:
    quick = Light("flash", on_time=0.01, off_time=0.01, count=3)
    lights.show(LedPattern(error=quick, buzzer=quick))
    error_pin = mock_pins.pin(wiring.error_led)
    assert wait_for(lambda: len(error_pin.states) >= 7, timeout=1.0)
    time.sleep(0.05)
    assert [s.state for s in error_pin.states[1:]] == [True, False] * 3
    assert wiring.buzzer is not None
    assert [s.state for s in mock_pins.pin(wiring.buzzer).states[1:]] == [True, False] * 3


def test_close_turns_off_and_is_idempotent(mock_pins: MockFactory, wiring: GpioConfig) -> None:
    lights = TableLights(wiring)
    lights.show(LedPattern(ready=ON))
    assert lit(mock_pins, wiring.ready_led)
    lights.close()
    lights.close()
    assert not lit(mock_pins, wiring.ready_led)
    with TableLights(wiring):  # pins are free again
        pass


STEADY_STATES = {
    "idle": (TableSignals(seats=2), {"ready": 0, "reroll": 0, "error": 0, "seats": (0, 0)}),
    "roll, seat 1": (
        TableSignals(waiting_for_roll=True, active_seat=1, seats=2),
        {"ready": 1, "reroll": 0, "error": 0, "seats": (1, 0)},
    ),
    "placing, re-roll open": (
        TableSignals(reroll_available=True, active_seat=2, seats=2),
        {"ready": 0, "reroll": 1, "error": 0, "seats": (0, 1)},
    ),
    "failed throw": (
        TableSignals(failed_throw=True, active_seat=2, seats=4),
        {"ready": 0, "reroll": 0, "error": 1, "seats": (0, 1, 0, 0)},
    ),
}


@pytest.mark.parametrize("state", STEADY_STATES)
def test_each_steady_game_state_sets_the_pins(
    lights: TableLights, mock_pins: MockFactory, wiring: GpioConfig, state: str
) -> None:
    signals, expected = STEADY_STATES[state]
    lights.show(LedPattern(ready=ON, reroll=ON, error=ON, seats=(ON,) * 4))  # all lit first
    lights.show(led_pattern(signals))
    assert lit(mock_pins, wiring.ready_led) == expected["ready"]
    assert lit(mock_pins, wiring.reroll_led) == expected["reroll"]
    assert lit(mock_pins, wiring.error_led) == expected["error"]
    seats = tuple(int(lit(mock_pins, pin)) for pin in wiring.seat_leds)
    assert seats == expected["seats"] + (0,) * (4 - len(expected["seats"]))
