"""A seat pad simulated on a pseudo-terminal, so the pad flow runs without a microcontroller.

The simulator holds the pty's master side and behaves as the firmware should: it answers
WHO with HELLO, turns a key into a DOWN/UP pair and checks every host line it receives
with the same rules the firmware applies. The host opens the slave path like a real pad.
"""

from __future__ import annotations

import os
import select
import tty

from companion.commands import Button
from hardware.pad_protocol import LineFramer, PadLineError, parse_host_line

KEYS: dict[str, Button] = {
    "\r": Button.PLACED,
    "\n": Button.PLACED,
    " ": Button.PLACED,
    "p": Button.PASS,
}
"""Simulator keys: Enter or Space = placed, p = pass (q quits, handled by the command)."""


class SimulatedPad:
    """The device side of one seat pad on a fresh pty; `path` is what the host opens."""

    def __init__(self, seat: int, firmware: str = "sim-1.0") -> None:
        self.seat = seat
        self.firmware = firmware
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)  # no echo: the host must never read its own lines back
        self.path = os.ttyname(self._slave)
        self._framer = LineFramer()

    def _write(self, line: str) -> None:
        os.write(self._master, line.encode("ascii") + b"\n")

    def hello(self) -> str:
        """Announce the seat, as the firmware does at power-up and on WHO."""
        line = f"HELLO {self.seat} {self.firmware}"
        self._write(line)
        return line

    def press(self, button: Button) -> list[str]:
        """One short press: a DOWN line then an UP line; returns what was sent."""
        lines = [f"DOWN {button}", f"UP {button}"]
        for line in lines:
            self._write(line)
        return lines

    def poll(self, timeout: float) -> list[str]:
        """Host lines that arrived within `timeout` s (answering WHO); bad ones as "bad: …"."""
        ready, _, _ = select.select([self._master], [], [], timeout)
        if not ready:
            return []
        received = []
        for item in self._framer.feed(os.read(self._master, 4096)):
            try:
                if isinstance(item, PadLineError):
                    raise item
                text = parse_host_line(item)
            except PadLineError as exc:
                received.append(f"bad: {exc}")
                continue
            received.append(text)
            if text == "WHO":
                self.hello()
        return received

    def close(self) -> None:
        """Close both pty ends (to the host this is an unplug); safe to call twice."""
        for fd in (self._master, self._slave):
            if fd >= 0:
                os.close(fd)
        self._master = self._slave = -1

    def __enter__(self) -> SimulatedPad:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
