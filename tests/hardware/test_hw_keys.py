from __future__ import annotations

from companion.commands import Button, Press
from hardware.keys import KEYS, KeyboardButtons


def test_the_documented_keys() -> None:
    assert {name: (b.button, b.hold > 0) for name, b in KEYS.items()} == {
        "return": (Button.CONFIRM, False),
        "enter": (Button.CONFIRM, False),
        "r": (Button.REROLL, False),
        "p": (Button.PASS, False),
        "u": (Button.UNDO, False),
        "backspace": (Button.UNDO, True),
    }


def test_plain_keys_press_at_once_and_others_are_ignored() -> None:
    keys = KeyboardButtons()
    assert keys.down("return", 0.0) == Press(Button.CONFIRM)
    assert keys.down("r", 0.0) == Press(Button.REROLL)
    assert keys.down("p", 0.0) == Press(Button.PASS)
    assert keys.down("u", 0.0) == Press(Button.UNDO)
    assert keys.down("x", 0.0) is None
    assert keys.tick(10.0) == []


def test_backspace_undoes_only_when_held_and_only_once() -> None:
    keys = KeyboardButtons()
    hold = KEYS["backspace"].hold
    assert keys.down("backspace", 10.0) is None
    assert keys.tick(10.0 + hold / 2) == []
    keys.up("backspace")
    assert keys.tick(10.0 + hold * 2) == []  # released early: a bump, nothing happens

    keys.down("backspace", 20.0)
    keys.down("backspace", 20.5)  # key repeat does not restart the hold
    assert keys.tick(20.0 + hold) == [Press(Button.UNDO)]
    keys.down("backspace", 20.0 + hold + 0.1)
    assert keys.tick(30.0) == []  # still held: no second undo
    keys.up("backspace")
    keys.down("backspace", 40.0)
    assert keys.tick(40.0 + hold) == [Press(Button.UNDO)]
