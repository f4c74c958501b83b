"""Keyboard stand-ins for the table buttons where no GPIO exists (a laptop).

Key names are pygame's (`pygame.key.name`), so the UI looks a key up without translating.
Backspace is an UNDO only when held, like the arcade button, while U undoes at once for
quick testing. `KeyboardButtons` turns key down/up events into `Press` values with an
injected clock, so the hold rule is tested without waiting.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.commands import Button, Press
from hardware.pins import DEFAULT_HOLD_TIME


@dataclass(frozen=True)
class KeyBinding:
    """A key's button; `hold` > 0 means the key must be held that long (seconds)."""

    button: Button
    hold: float = 0.0


KEYS: dict[str, KeyBinding] = {
    "return": KeyBinding(Button.CONFIRM),
    "enter": KeyBinding(Button.CONFIRM),
    "r": KeyBinding(Button.REROLL),
    "p": KeyBinding(Button.PASS),
    "u": KeyBinding(Button.UNDO),
    "backspace": KeyBinding(Button.UNDO, hold=DEFAULT_HOLD_TIME),
}
"""pygame key name → button (docs/wiring.md lists the same table for players)."""


class KeyboardButtons:
    """Key events → `Press` values; held keys fire once, when their hold time is reached."""

    def __init__(self, keys: dict[str, KeyBinding] | None = None) -> None:
        self._keys = KEYS if keys is None else keys
        self._held: dict[str, float] = {}
        self._fired: set[str] = set()

    def down(self, key: str, now: float) -> Press | None:
        """A key went down at `now`; a press for keys that need no hold."""
        binding = self._keys.get(key)
        if binding is None:
            return None
        if binding.hold <= 0:
            return Press(binding.button)
        if key not in self._fired:
            self._held.setdefault(key, now)
        return None

    def up(self, key: str) -> None:
        """A key came up: a hold that did not last long enough is forgotten."""
        self._held.pop(key, None)
        self._fired.discard(key)

    def tick(self, now: float) -> list[Press]:
        """Presses for held keys whose hold time has passed by `now` (call every frame)."""
        fired = [key for key, start in self._held.items() if now - start >= self._keys[key].hold]
        for key in fired:
            del self._held[key]
            self._fired.add(key)
        return [Press(self._keys[key].button) for key in fired]
