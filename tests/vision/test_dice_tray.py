"""DiceTray: a roll is reported once, only after the dice have been still long enough."""

from __future__ import annotations

import pytest

from vision.dice_tray import EMPTY, MOVING, STILL, DiceTray
from vision.dice_types import DiceReading, Die


def reading(*dice: tuple[int, str, float, float]) -> DiceReading:
    return DiceReading(
        tuple(Die(v, c, (x, y), (x - 20, y - 20, 40, 40), 0.9) for v, c, x, y in dice), 40.0
    )


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


ROLL = reading((3, "red", 100, 100), (5, "black", 200, 120))


def test_roll_reported_once_after_still_frames() -> None:
    clock = FakeClock()
    tray = DiceTray(still_frames=3, clock=clock)
    states = []
    for _ in range(5):
        clock.now += 0.1
        states.append(tray.update_reading(ROLL))
    assert [s.status for s in states] == [MOVING, MOVING, STILL, STILL, STILL]
    assert [s.new_roll for s in states] == [False, False, True, False, False]
    assert states[2].roll == ROLL and states[4].roll == ROLL
    assert states[2].since == pytest.approx(100.3)  # the clock time the roll settled
    assert states[4].since == states[2].since


def test_jitter_within_tolerance_is_still_but_a_changed_die_restarts() -> None:
    tray = DiceTray(still_frames=2, tolerance=0.25, clock=FakeClock())
    tray.update_reading(ROLL)
    nudged = reading((3, "red", 104, 98), (5, "black", 202, 121))  # 5 px of a 40 px die
    assert tray.update_reading(nudged).status == STILL
    changed = reading((4, "red", 104, 98), (5, "black", 202, 121))
    assert tray.update_reading(changed).status == MOVING
    assert tray.update_reading(changed).new_roll


def test_moving_dice_never_settle() -> None:
    tray = DiceTray(still_frames=2, clock=FakeClock())
    for step in range(6):
        moved = reading((3, "red", 100 + 30 * step, 100), (5, "black", 200, 120))
        assert tray.update_reading(moved).status == MOVING


def test_empty_frames_and_a_second_roll() -> None:
    tray = DiceTray(still_frames=2, clock=FakeClock())
    assert tray.update_reading(reading()).status == EMPTY
    tray.update_reading(ROLL)
    assert tray.update_reading(ROLL).new_roll
    assert tray.update_reading(reading()).status == EMPTY
    second = reading((6, "red", 50, 50))
    assert tray.update_reading(second).status == MOVING
    state = tray.update_reading(second)
    assert state.new_roll and state.roll == second


def test_update_uses_the_injected_reader() -> None:
    frames = iter([ROLL, ROLL])
    tray = DiceTray(still_frames=2, clock=FakeClock(), reader=lambda _frame: next(frames))
    tray.update(None)  # type: ignore[arg-type]
    assert tray.update(None).new_roll  # type: ignore[arg-type]


def test_still_frames_must_be_positive() -> None:
    with pytest.raises(ValueError):
        DiceTray(still_frames=0)
