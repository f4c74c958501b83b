"""`companion bench --only hardware`: fuzz and throughput of the seat pad line parser.

The fuzz run is the evidence that no byte sequence from a pad can raise anything but a
`PadLineError`; its "exceptions escaping" figure must read 0.
"""

from __future__ import annotations

import random
import time

from companion.bench import Figure, rate
from hardware.pad_protocol import LineFramer, PadLineError, parse_line

SECTION = "hardware"
FUZZ_CASES = 100_000
QUICK_CASES = 5_000
VALID = [b"HELLO 1 1.0.3", b"HELLO 4 sim-1.0", b"DOWN placed", b"UP placed", b"DOWN pass"]
TOKENS = [b"HELLO", b"DOWN", b"UP", b"placed", b"pass", b" ", b"1", b"9", b"1.0", b"\r", b"\xff"]


def _random_bytes(rng: random.Random) -> bytes:
    return rng.randbytes(rng.randrange(0, 100))


def _mutated(rng: random.Random) -> bytes:
    line = bytearray(rng.choice(VALID))
    for _ in range(rng.randrange(1, 4)):
        at = rng.randrange(0, len(line) + 1)
        action = rng.randrange(3)
        if action == 0:
            line.insert(at, rng.randrange(256))
        elif action == 1 and at < len(line):
            del line[at]
        elif at < len(line):
            line[at] = rng.randrange(256)
    return bytes(line)


def _tokens(rng: random.Random) -> bytes:
    return b"".join(rng.choice(TOKENS) for _ in range(rng.randrange(0, 12)))


def fuzz_cases(count: int, seed: int = 4) -> list[bytes]:
    """Random byte strings, mutated valid lines and shuffled protocol words, in equal parts."""
    rng = random.Random(seed)
    makers = (_random_bytes, _mutated, _tokens)
    return [makers[i % 3](rng) + b"\n" for i in range(count)]


def fuzz(cases: list[bytes]) -> tuple[int, int, int]:
    """Frame and parse every case; returns (messages, rejected lines, exceptions escaping)."""
    messages = rejected = escaped = 0
    for case in cases:
        try:
            for item in LineFramer().feed(case):
                if isinstance(item, PadLineError):
                    rejected += 1
                    continue
                try:
                    parse_line(item)
                    messages += 1
                except PadLineError:
                    rejected += 1
        except Exception:  # the figure this benchmark exists to show is zero
            escaped += 1
    return messages, rejected, escaped


def _frame_and_parse(stream: bytes) -> int:
    messages = 0
    for item in LineFramer().feed(stream):
        if isinstance(item, bytes):
            parse_line(item)
            messages += 1
    return messages


def run(quick: bool) -> list[Figure]:
    """Fuzz cases/s with its escape count, then valid-line parse and framing throughput."""
    cases = fuzz_cases(QUICK_CASES if quick else FUZZ_CASES)
    start = time.perf_counter()
    messages, rejected, escaped = fuzz(cases)
    elapsed = time.perf_counter() - start
    stream = b"\n".join(VALID * 2000) + b"\n"
    min_seconds = 0.2 if quick else 1.0
    lines_per_s = rate(lambda: parse_line(b"DOWN placed"), min_seconds)
    streams_per_s = rate(lambda: _frame_and_parse(stream), min_seconds)
    return [
        Figure(SECTION, "fuzz cases", float(len(cases)), "cases"),
        Figure(SECTION, "fuzz rate", len(cases) / elapsed, "cases/s"),
        Figure(SECTION, "fuzz lines accepted", float(messages), "lines"),
        Figure(SECTION, "fuzz lines rejected", float(rejected), "lines"),
        Figure(SECTION, "fuzz exceptions escaping", float(escaped), "exceptions (must be 0)"),
        Figure(SECTION, "parse one valid line", lines_per_s, "lines/s"),
        Figure(SECTION, "frame + parse a stream", streams_per_s * len(stream) / 1e6, "MB/s"),
    ]
