from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.commands import Button
from hardware.leds import ERROR_FLASH, OFF, ON, WAITING_BLINK, Light
from hardware.pad_protocol import (
    MAX_LINE,
    WHO,
    ButtonEdge,
    Hello,
    LineFramer,
    PadLineError,
    Problem,
    encode_buzz,
    encode_light,
    parse_host_line,
    parse_line,
)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (b"HELLO 1 1.0.3", Hello(1, "1.0.3")),
        (b"HELLO 4 sim-1.0", Hello(4, "sim-1.0")),
        (b"HELLO 2 v2+rc1\r", Hello(2, "v2+rc1")),
        (b"DOWN placed", ButtonEdge(Button.PLACED, down=True)),
        (b"UP pass", ButtonEdge(Button.PASS, down=False)),
        (b"DOWN confirm", ButtonEdge(Button.CONFIRM, down=True)),
    ],
)
def test_pad_messages_parse(line: bytes, message: object) -> None:
    assert parse_line(line) == message


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        (b"", Problem.UNKNOWN),
        (b"hello 1 1.0", Problem.UNKNOWN),
        (b"PRESS placed", Problem.UNKNOWN),
        (b"HELLO 0 1.0", Problem.MALFORMED),
        (b"HELLO 5 1.0", Problem.MALFORMED),
        (b"HELLO -1 1.0", Problem.MALFORMED),
        (b"HELLO 99999999999999999999 1.0", Problem.MALFORMED),
        (b"HELLO x 1.0", Problem.MALFORMED),
        (b"HELLO 1", Problem.MALFORMED),
        (b"HELLO 1 1.0 extra", Problem.MALFORMED),
        (b"HELLO 1 " + b"9" * 17, Problem.MALFORMED),
        (b"HELLO 1 1/0", Problem.MALFORMED),
        (b"DOWN", Problem.MALFORMED),
        (b"DOWN  placed", Problem.MALFORMED),
        (b"DOWN PLACED", Problem.MALFORMED),
        (b"DOWN jump", Problem.MALFORMED),
        (b"UP placed pass", Problem.MALFORMED),
        (b"DOWN placed\x00", Problem.BINARY),
        (b"\xff\xfeDOWN placed", Problem.BINARY),
        (b"DOWN\tplaced", Problem.BINARY),
        (b"HELLO \xd9\xa1 1.0", Problem.BINARY),
    ],
)
def test_bad_lines_say_why(line: bytes, problem: Problem) -> None:
    with pytest.raises(PadLineError) as info:
        parse_line(line)
    assert info.value.problem is problem
    assert isinstance(info.value, ValueError)


def test_framer_joins_lines_split_across_reads() -> None:
    framer = LineFramer()
    assert framer.feed(b"DOWN pl") == []
    assert framer.feed(b"aced\nUP placed\nHEL") == [b"DOWN placed", b"UP placed"]
    assert framer.feed(b"LO 1 1.0\r\n") == [b"HELLO 1 1.0\r"]


def test_framer_drops_an_overlong_line_whole_and_reports_it_once() -> None:
    framer = LineFramer()
    longest = b"x" * (MAX_LINE - 1)
    assert framer.feed(longest + b"\n") == [longest]
    items = framer.feed(b"y" * MAX_LINE)
    items += framer.feed(b"y" * 1000)
    items += framer.feed(b"tail\nDOWN pass\n")
    assert len(items) == 2
    assert isinstance(items[0], PadLineError)
    assert items[0].problem is Problem.OVERLONG
    assert items[1] == b"DOWN pass"


@pytest.mark.parametrize(
    ("light", "line"),
    [
        (OFF, b"LED OFF\n"),
        (ON, b"LED ON\n"),
        (WAITING_BLINK, b"LED BLINK 400 400\n"),
        (ERROR_FLASH, b"LED FLASH 100 100 3\n"),
        (Light("blink", on_time=99, off_time=0), b"LED BLINK 10000 0\n"),
    ],
)
def test_host_lines_encode_within_limits(light: Light, line: bytes) -> None:
    assert encode_light(light) == line
    assert parse_host_line(line.rstrip(b"\n")) == line.decode().strip()


def test_buzz_is_clamped_and_who_is_valid() -> None:
    assert encode_buzz(150) == b"BUZZ 150\n"
    assert encode_buzz(60_000) == b"BUZZ 2000\n"
    assert encode_buzz(0) == b"BUZZ 1\n"
    assert parse_host_line(WHO.rstrip(b"\n")) == "WHO"


@pytest.mark.parametrize(
    "line", [b"LED", b"LED DIM", b"LED BLINK 0 10", b"LED FLASH 10 10 0", b"BUZZ 3000", b"WHO 1"]
)
def test_bad_host_lines_are_rejected(line: bytes) -> None:
    with pytest.raises(PadLineError):
        parse_host_line(line)


def _parse_stream(data: bytes, chunk: int) -> None:
    framer = LineFramer()
    for start in range(0, len(data), chunk):
        for item in framer.feed(data[start : start + chunk]):
            if isinstance(item, bytes):
                assert len(item) < MAX_LINE
                with contextlib.suppress(PadLineError):
                    parse_line(item)


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=300), st.integers(min_value=1, max_value=64))
def test_fuzz_random_bytes_never_raise_anything_else(data: bytes, chunk: int) -> None:
    _parse_stream(data, chunk)


TOKENS = [
    "HELLO",
    "DOWN",
    "UP",
    "placed",
    "pass",
    "1",
    "4",
    "0",
    "1.0",
    " ",
    "  ",
    "\n",
    "\r",
    "\x00",
    "\xff",
    "-",
    "99999",
    "é",
]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=20))
def test_fuzz_near_valid_lines_either_parse_or_fail_cleanly(tokens: list[str]) -> None:
    line = "".join(tokens).encode("utf-8").replace(b"\n", b"")
    try:
        message = parse_line(line)
    except PadLineError:
        return
    assert isinstance(message, Hello | ButtonEdge)
