"""A simulated table: random dice and random legal decisions, sent as Commands.

The screenshots, render tests and benchmarks use it to reach real positions quickly (the
demo seats real bots instead, see display/cli.py); it goes through the same Commands as
the camera, the buttons and the touchscreen, so what it reaches is what a real table
would, and `tray_frame` draws the camera's view of a roll.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from companion.commands import Button, Command, Play, Press, ProposeRoll
from companion.kwingto.actions import Pass, Place
from companion.kwingto.engine import legal_placements
from companion.kwingto.playout import roll_dice
from companion.kwingto.roll import DICE_PER_COLOUR, MAX_DICE, DieColour, Roll
from companion.kwingto.state import Phase
from companion.session import TableSession
from display.camera import CameraFrame

TRAY_BGR = (40, 96, 44)


class SimulatedTable:
    """Decides the next Command for whatever the table waits for."""

    def __init__(self, session: TableSession, rng: random.Random, pass_rate: float = 0.15) -> None:
        self.session = session
        self.rng = rng
        self.pass_rate = pass_rate

    def next_command(self) -> Command | None:
        """One step of play: a proposed roll, a confirmation, a placement or pass."""
        state = self.session.state
        if state is None or state.phase is Phase.MATCH_OVER:
            return None
        if state.phase is Phase.ROLL:
            if self.session.proposed is None:
                red = self.rng.randint(0, DICE_PER_COLOUR)
                black = self.rng.randint(max(0, 1 - red), min(DICE_PER_COLOUR, MAX_DICE - red))
                roll = roll_dice(self.rng, red, black)
                return ProposeRoll(roll, round(self.rng.uniform(0.8, 0.99), 2))
            return Press(Button.CONFIRM)
        if state.phase is Phase.PLACE:
            turn = state.game.turn
            for player in range(state.players):
                if turn.decided(player) and turn.card_to_move(player) is None:
                    continue
                options = legal_placements(state, player)
                if not options or self.rng.random() < self.pass_rate:
                    return Play(Pass(player))
                p = self.rng.choice(options)
                return Play(Place(player, p.row, p.col, p.card))
        return Press(Button.CONFIRM)

    def commands(self, limit: int) -> Iterator[Command]:
        """Up to `limit` commands, stopping when the match is over."""
        for _ in range(limit):
            command = self.next_command()
            if command is None:
                return
            yield command


@dataclass(frozen=True)
class FakeDie:
    """A die as a camera reader reports it (see display.camera.SeenDie)."""

    value: int
    color: str
    bbox: tuple[float, float, float, float]
    confidence: float


def tray_frame(roll: Roll, width: int = 640, height: int = 480) -> CameraFrame:
    """A drawn camera frame of the dice tray with `roll`'s dice, and their detections."""
    image = np.zeros((height, width, 3), np.uint8)
    image[:] = TRAY_BGR
    dice: list[FakeDie] = []
    side = height // 6
    for i, die in enumerate(roll.dice):
        x, y = width // 6 + i * (side * 2), height // 3 + (i % 2) * side
        red = die.colour is DieColour.RED
        image[y : y + side, x : x + side] = (40, 40, 210) if red else (30, 30, 30)
        _pips(image, x, y, side, die.value)
        colour = "red" if red else "black"
        dice.append(FakeDie(die.value, colour, (x, y, side, side), 0.97))
    return CameraFrame(image, tuple(dice))


def _pips(image: np.ndarray, x: int, y: int, side: int, value: int) -> None:
    """White square pips in the usual places (enough for a picture)."""
    spots = {
        1: [(2, 2)],
        2: [(1, 1), (3, 3)],
        3: [(1, 1), (2, 2), (3, 3)],
        4: [(1, 1), (3, 1), (1, 3), (3, 3)],
        5: [(1, 1), (3, 1), (2, 2), (1, 3), (3, 3)],
        6: [(1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)],
    }[value]
    r = max(2, side // 12)
    for gx, gy in spots:
        cx, cy = x + gx * side // 4, y + gy * side // 4
        image[cy - r : cy + r, cx - r : cx + r] = (245, 245, 245)
