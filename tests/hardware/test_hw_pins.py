from __future__ import annotations

import pytest

from companion.config import ConfigError
from hardware.pins import DEFAULT_SEAT_LEDS, gpio_config


def test_defaults_match_the_wiring_table() -> None:
    config = gpio_config({})
    assert (config.confirm, config.reroll, config.pass_, config.undo) == (17, 27, 22, 23)
    assert (config.ready_led, config.reroll_led, config.error_led) == (5, 6, 13)
    assert config.seat_leds == DEFAULT_SEAT_LEDS
    assert config.buzzer is None
    assert config.hold_time == 1.5
    assert config.bounce_time == 0.05


def test_buzzer_uses_its_pin_only_when_enabled() -> None:
    assert gpio_config({"gpio": {"buzzer": True, "buzzer_pin": 24}}).buzzer == 24
    assert gpio_config({"gpio": {"buzzer": False, "buzzer_pin": 24}}).buzzer is None


def test_overrides_are_read() -> None:
    config = gpio_config({"gpio": {"confirm": 4, "seat_leds": [24, 25], "hold_time": 2}})
    assert config.confirm == 4
    assert config.seat_leds == (24, 25)
    assert config.hold_time == 2.0


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ({"confirm": 99}, "[gpio] confirm = 99: BCM pin numbers go from 2 to 27"),
        ({"undo": 1}, "[gpio] undo = 1: BCM pin numbers go from 2 to 27"),
        ({"pass": "17"}, "[gpio] pass = '17': a pin is a BCM number"),
        ({"ready_led": True}, "[gpio] ready_led = True: a pin is a BCM number"),
        ({"pass": 17}, "[gpio] pin 17 is used by both confirm and pass"),
        ({"seat_leds": [16, 16]}, "[gpio] pin 16 is used by both seat_leds[0] and seat_leds[1]"),
        ({"seat_leds": [2, 3, 4, 24, 25]}, "[gpio] seat_leds has 5 pins: at most 4"),
        ({"seat_leds": 16}, "[gpio] seat_leds = 16: give a list of pins"),
        ({"seat_leds": [30]}, "[gpio] seat_leds[0] = 30: BCM pin numbers go from 2 to 27"),
        ({"buzzer": True, "buzzer_pin": 5}, "pin 5 is used by both ready_led and buzzer_pin"),
        ({"buzzer": "yes"}, "[gpio] buzzer = 'yes': write true or false"),
        ({"bounce_time": 2}, "[gpio] bounce_time = 2: must be between 0 and 0.5 seconds"),
        ({"hold_time": "long"}, "[gpio] hold_time = 'long': give a time in seconds"),
        ({"confrim": 17}, "unknown key(s) confrim in [gpio]"),
    ],
)
def test_bad_wiring_is_a_config_error_saying_what_to_fix(table: dict, message: str) -> None:
    with pytest.raises(ConfigError) as info:
        gpio_config({"gpio": table})
    assert message in str(info.value)


def test_a_disabled_buzzer_may_share_its_pin() -> None:
    assert gpio_config({"gpio": {"buzzer_pin": 5}}).buzzer is None
