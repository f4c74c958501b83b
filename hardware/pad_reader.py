"""Seat pads on USB serial: one reader thread per port, reconnecting with back-off.

A pad can be unplugged mid-game (a kicked cable), so losing one is routine: the UI gets a
`PadLink(player, False, ...)`, the reader keeps retrying at growing intervals, and the pad
is back as soon as it says HELLO again. Nothing a pad sends can stop its reader.
"""

from __future__ import annotations

import glob
import logging
import queue
import threading
from collections import Counter
from collections.abc import Mapping
from typing import Any

from companion.commands import PadLink, Press
from companion.config import ConfigError, table
from hardware.leds import OFF, LedPattern, Light
from hardware.pad_protocol import (
    WHO,
    ButtonEdge,
    Hello,
    LineFramer,
    PadLineError,
    Problem,
    encode_buzz,
    encode_light,
    parse_line,
)

log = logging.getLogger(__name__)

BAUDRATE = 115_200
READ_TIMEOUT = 0.1
LOGGED_PER_PROBLEM = 10
ERROR_BUZZ_MS = 150
GLOB_CHARS = "*?["


class Backoff:
    """Delays between reconnect attempts: `first`, doubling, never above `limit`."""

    def __init__(self, first: float = 0.5, limit: float = 10.0) -> None:
        self._first = first
        self._limit = limit
        self._next = first

    def next(self) -> float:
        """The delay before the next attempt (and lengthen the one after)."""
        delay = self._next
        self._next = min(self._limit, self._next * 2)
        return delay

    def reset(self) -> None:
        """A pad said HELLO: the next loss retries quickly again."""
        self._next = self._first


def player(seat: int) -> int:
    """The player index (from 0) that Commands carry for a pad's seat (from 1, as printed)."""
    return seat - 1


def pads_config(config: Mapping[str, Any]) -> list[str]:
    """The `[pads] ports` list: serial URLs, device paths or globs such as /dev/ttyACM*."""
    ports = table(config, "pads", {"ports"}).get("ports", [])
    if not isinstance(ports, list) or not all(isinstance(p, str) and p for p in ports):
        raise ConfigError(
            f'[pads] ports = {ports!r}: give a list of ports, e.g. ["/dev/serial/by-id/*"]'
        )
    return ports


class SeatPad:
    """One seat pad's serial port: reads button lines, sends LED and buzz lines."""

    def __init__(
        self,
        url: str,
        commands: queue.Queue[Any],
        backoff: Backoff | None = None,
    ) -> None:
        self.url = url
        self.seat: int | None = None
        self.firmware = ""
        self.problems: Counter[Problem] = Counter()
        self.connects = 0
        self._commands = commands
        self._backoff = backoff or Backoff()
        self._stop = threading.Event()
        self._port: Any = None
        self._write_lock = threading.Lock()
        self._light = OFF
        self._announced: Hello | None = None
        self._thread = threading.Thread(target=self._run, name=f"pad {url}", daemon=True)

    def start(self) -> None:
        """Begin reading in the background (connecting when the port appears)."""
        self._thread.start()

    def close(self) -> None:
        """Stop the reader and close the port; safe to call twice."""
        self._stop.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join()

    def __enter__(self) -> SeatPad:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def connected(self) -> bool:
        """True while the port is open and the pad has said HELLO on this connection."""
        return self._port is not None and self._announced is not None

    def show(self, light: Light) -> None:
        """Set the pad's LED; sent now if connected and again after every reconnect."""
        if light != self._light:
            self._light = light
            self._send(encode_light(light))

    def buzz(self, ms: int) -> None:
        """One beep on the pad, if it is connected."""
        self._send(encode_buzz(ms))

    def _send(self, line: bytes) -> None:
        with self._write_lock:
            port = self._port
            if port is None:
                return
            try:
                port.write(line)
            except Exception as exc:  # the reader thread notices the loss and reconnects
                log.debug("pad %s: write failed: %s", self.url, exc)

    def _run(self) -> None:
        import serial

        while not self._stop.is_set():
            try:
                port = serial.serial_for_url(self.url, baudrate=BAUDRATE, timeout=READ_TIMEOUT)
            except (serial.SerialException, OSError, ValueError) as exc:
                log.debug("pad %s: cannot open: %s", self.url, exc)
            else:
                self.connects += 1
                detail = self._session(port)
                announced, self._announced = self._announced, None
                if announced is not None and not self._stop.is_set():
                    self._commands.put(PadLink(player(announced.seat), False, detail))
                    log.warning("pad seat %s on %s went away: %s", announced.seat, self.url, detail)
            self._stop.wait(self._backoff.next())

    def _session(self, port: Any) -> str:
        """Read one connection until it fails or the pad is closed; returns why it ended."""
        framer = LineFramer()
        with self._write_lock:
            self._port = port
        try:
            self._send(WHO)
            while not self._stop.is_set():
                data = port.read(max(1, port.in_waiting))
                for item in framer.feed(data):
                    self._handle(item)
            return "closed"
        except Exception as exc:  # any port failure is an unplugged pad, never a crash
            return f"unplugged ({exc})"
        finally:
            with self._write_lock:
                self._port = None
            port.close()

    def _handle(self, item: bytes | PadLineError) -> None:
        try:
            if isinstance(item, PadLineError):
                raise item
            message = parse_line(item)
            if isinstance(message, Hello):
                self._hello(message)
            elif self._announced is None:
                self._send(WHO)
                raise PadLineError(Problem.NO_HELLO, f"{message} before HELLO")
            elif isinstance(message, ButtonEdge) and message.down:
                self._commands.put(Press(message.button, player(self._announced.seat)))
        except PadLineError as exc:
            self.problems[exc.problem] += 1
            level = logging.WARNING
            if self.problems[exc.problem] > LOGGED_PER_PROBLEM:
                level = logging.DEBUG
            log.log(level, "pad %s: bad line (%s)", self.url, exc)

    def _hello(self, hello: Hello) -> None:
        """Announce the pad once per connection (a repeated HELLO only resends the LED)."""
        if self._announced is not None and self._announced.seat != hello.seat:
            moved = f"now seat {hello.seat}"
            self._commands.put(PadLink(player(self._announced.seat), False, moved))
        self.seat = hello.seat
        self.firmware = hello.firmware
        self._backoff.reset()
        self._send(encode_light(self._light))
        if hello != self._announced:
            detail = f"firmware {hello.firmware} on {self.url}"
            self._commands.put(PadLink(player(hello.seat), True, detail))
        self._announced = hello


def _is_glob(port: str) -> bool:
    return "://" not in port and any(ch in port for ch in GLOB_CHARS)


class PadManager:
    """Every configured seat pad; globs are rescanned so a pad plugged in later is found."""

    def __init__(
        self,
        ports: list[str],
        commands: queue.Queue[Any],
        scan_interval: float = 2.0,
        backoff_first: float = 0.5,
    ) -> None:
        self._ports = ports
        self._commands = commands
        self._scan_interval = scan_interval
        self._backoff_first = backoff_first
        self.pads: dict[str, SeatPad] = {}
        self._beeped = False
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._scanner = threading.Thread(target=self._scan_loop, name="pad scan", daemon=True)

    def start(self) -> None:
        """Open the pads found now and keep looking for new ones in the background."""
        self.scan()
        if any(_is_glob(port) for port in self._ports):
            self._scanner.start()

    def scan(self) -> None:
        """Start a reader for every configured port not yet read."""
        for pattern in self._ports:
            urls = (
                sorted(glob.glob(pattern)) if any(c in pattern for c in GLOB_CHARS) else [pattern]
            )
            for url in urls:
                with self._lock:
                    if url in self.pads or self._stop.is_set():
                        continue
                    pad = SeatPad(url, self._commands, Backoff(self._backoff_first))
                    self.pads[url] = pad
                pad.start()

    def _scan_loop(self) -> None:
        while not self._stop.wait(self._scan_interval):
            self.scan()

    def show(self, pattern: LedPattern) -> None:
        """Each pad's LED mirrors its seat LED; the table's error beep also beeps every pad."""
        beep = pattern.buzzer != OFF and not self._beeped
        self._beeped = pattern.buzzer != OFF
        with self._lock:
            pads = list(self.pads.values())
        for pad in pads:
            seat = pad.seat
            pad.show(pattern.seats[seat - 1] if seat and seat <= len(pattern.seats) else OFF)
            if beep:
                pad.buzz(ERROR_BUZZ_MS)

    def close(self) -> None:
        """Stop scanning and close every pad; safe to call twice."""
        self._stop.set()
        if self._scanner.is_alive():
            self._scanner.join()
        with self._lock:
            pads = list(self.pads.values())
        for pad in pads:
            pad.close()

    def __enter__(self) -> PadManager:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
