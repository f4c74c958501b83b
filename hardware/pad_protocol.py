"""The seat pad line protocol (docs/pad-protocol.md): framing, parsing and encoding.

Framing is kept apart from the serial port so tests and the fuzz benchmark feed it bytes.
Every line from a pad is untrusted: anything but an exact, known, in-range message is a
`PadLineError` naming what was wrong, never any other exception.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from companion.commands import Button
from hardware.errors import HardwareError
from hardware.leds import Light
from hardware.pins import MAX_SEAT_LEDS

MAX_LINE = 64
"""Longest line in bytes, terminator included; anything longer is dropped whole."""

MAX_MS = 10_000
MAX_BUZZ_MS = 2_000
FIRMWARE = re.compile(r"[A-Za-z0-9._+-]{1,16}")


class Problem(StrEnum):
    """Why a line was rejected; the reader counts each kind."""

    OVERLONG = "overlong"
    BINARY = "binary"
    MALFORMED = "malformed"
    UNKNOWN = "unknown"
    NO_HELLO = "no hello"


class PadLineError(HardwareError, ValueError):
    """A line from a pad that is not a valid message."""

    def __init__(self, problem: Problem, detail: str) -> None:
        super().__init__(f"{problem}: {detail}")
        self.problem = problem


@dataclass(frozen=True)
class Hello:
    """The pad says which seat it serves and its firmware version."""

    seat: int
    firmware: str


@dataclass(frozen=True)
class ButtonEdge:
    """A pad button went down (`down=True`) or up."""

    button: Button
    down: bool


PadMessage = Hello | ButtonEdge


class LineFramer:
    """Splits a byte stream into lines of at most MAX_LINE bytes.

    An overlong line is dropped up to its terminator and reported once as a
    `PadLineError`, so a pad that floods garbage costs memory of one line at most.
    """

    def __init__(self, limit: int = MAX_LINE) -> None:
        self._limit = limit
        self._buffer = bytearray()
        self._skipping = False

    def feed(self, data: bytes) -> list[bytes | PadLineError]:
        """Lines completed by `data` (without terminator), or an error per overlong line."""
        out: list[bytes | PadLineError] = []
        start = 0
        while start < len(data):
            end = data.find(b"\n", start)
            chunk = data[start:] if end < 0 else data[start:end]
            start = len(data) if end < 0 else end + 1
            if not self._skipping:
                self._buffer += chunk
                if len(self._buffer) >= self._limit:
                    self._buffer.clear()
                    self._skipping = True
                    out.append(PadLineError(Problem.OVERLONG, f"line over {self._limit} bytes"))
            if end >= 0:
                if not self._skipping:
                    out.append(bytes(self._buffer))
                self._buffer.clear()
                self._skipping = False
        return out


def _text(line: bytes) -> str:
    line = line.removesuffix(b"\r")
    if any(b < 0x20 or b > 0x7E for b in line):
        raise PadLineError(Problem.BINARY, f"non-printable bytes in {line[:20]!r}")
    return line.decode("ascii")


def _int_field(name: str, text: str, low: int, high: int) -> int:
    if not text.isdigit() or len(text) > 5:
        raise PadLineError(Problem.MALFORMED, f"{name} {text!r} is not a number")
    value = int(text)
    if not low <= value <= high:
        raise PadLineError(Problem.MALFORMED, f"{name} {value} is not in {low}..{high}")
    return value


def _button(text: str) -> Button:
    try:
        return Button(text)
    except ValueError:
        raise PadLineError(Problem.MALFORMED, f"unknown button {text!r}") from None


def _fields(verb: str, parts: list[str], count: int) -> list[str]:
    if len(parts) != count:
        raise PadLineError(Problem.MALFORMED, f"{verb} takes {count} field(s), got {len(parts)}")
    return parts


def parse_line(line: bytes) -> PadMessage:
    """One framed line from a pad as a message; raises PadLineError for anything else."""
    text = _text(line)
    verb, *parts = text.split(" ")
    if verb == "HELLO":
        seat_text, firmware = _fields(verb, parts, 2)
        if not FIRMWARE.fullmatch(firmware):
            raise PadLineError(Problem.MALFORMED, f"firmware version {firmware!r} not allowed")
        return Hello(_int_field("seat", seat_text, 1, MAX_SEAT_LEDS), firmware)
    if verb in ("DOWN", "UP"):
        (name,) = _fields(verb, parts, 1)
        return ButtonEdge(_button(name), down=verb == "DOWN")
    raise PadLineError(Problem.UNKNOWN, f"unknown message {verb[:16]!r}")


def encode_light(light: Light) -> bytes:
    """The host → pad line that makes the pad's LED show `light`."""
    if light.mode in ("blink", "flash"):
        on_ms = min(MAX_MS, max(1, round(light.on_time * 1000)))
        off_ms = min(MAX_MS, max(0, round(light.off_time * 1000)))
        if light.mode == "flash":
            return f"LED FLASH {on_ms} {off_ms} {min(99, max(1, light.count))}\n".encode()
        return f"LED BLINK {on_ms} {off_ms}\n".encode()
    return f"LED {light.mode.upper()}\n".encode()


def encode_buzz(ms: int) -> bytes:
    """The host → pad line for one beep of `ms` milliseconds (clamped to the limit)."""
    return f"BUZZ {min(MAX_BUZZ_MS, max(1, ms))}\n".encode()


WHO = b"WHO\n"
"""Host → pad: please send HELLO (sent on every connect)."""


def parse_host_line(line: bytes) -> str:
    """A host → pad line checked as firmware would; returns it as text (for pad-sim)."""
    text = _text(line)
    verb, *parts = text.split(" ")
    if verb == "WHO":
        _fields(verb, parts, 0)
    elif verb == "BUZZ":
        (ms,) = _fields(verb, parts, 1)
        _int_field("ms", ms, 1, MAX_BUZZ_MS)
    elif verb == "LED":
        _check_led(parts)
    else:
        raise PadLineError(Problem.UNKNOWN, f"unknown message {verb[:16]!r}")
    return text


def _check_led(parts: list[str]) -> None:
    mode = parts[0] if parts else ""
    counts = {"OFF": 1, "ON": 1, "BLINK": 3, "FLASH": 4}
    if mode not in counts:
        raise PadLineError(Problem.MALFORMED, f"LED mode {mode!r} is not OFF/ON/BLINK/FLASH")
    _fields("LED " + mode, parts, counts[mode])
    if mode in ("BLINK", "FLASH"):
        _int_field("on_ms", parts[1], 1, MAX_MS)
        _int_field("off_ms", parts[2], 0, MAX_MS)
    if mode == "FLASH":
        _int_field("count", parts[3], 1, 99)
