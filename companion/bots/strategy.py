"""The one interface every bot strategy implements, and its adapters to the engine.

A strategy decides from a `View` (boards, spent cards, penalties), not from a `MatchState`:
the fast simulator has no engine state to offer, and building one per decision would cost
more than the decision. The adapters below turn the app's `MatchState` into a view, so the
app and the simulator run the very same decision code.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from companion.cards import Card
from companion.kwingto.actions import ChooseDice, Pass, Place
from companion.kwingto.board import Board, Placement
from companion.kwingto.engine import legal_placements
from companion.kwingto.roll import Roll
from companion.kwingto.state import MatchState, Phase


@dataclass(frozen=True, slots=True)
class Seat:
    """What the rules let a player use: their board, spent cards (B3–B4), penalties (T7)."""

    board: Board
    spent: frozenset[Card]
    penalties: int


@dataclass(frozen=True, slots=True)
class View:
    """The table as one player sees it when deciding: every seat, who decides, who rolled."""

    seats: tuple[Seat, ...]
    me: int
    active: int

    @property
    def seat(self) -> Seat:
        """The deciding player's own seat."""
        return self.seats[self.me]

    @property
    def is_active(self) -> bool:
        """Only the active player pays for not placing (T7)."""
        return self.me == self.active


def view_of(state: MatchState, player: int) -> View:
    """The view of `player` in the app's engine state."""
    seats = tuple(Seat(p.board, p.spent, p.penalties) for p in state.game.players)
    return View(seats, player, state.game.turn.active)


class Strategy(ABC):
    """A way to play a seat: dice (T2), re-roll (T3), place or pass (T6).

    Subclasses implement the three view-level decisions; the app calls the engine-level
    adapters `choose_dice`, `wants_reroll` and `decide`. Randomness comes in as a seeded
    `random.Random`, so every game a bot plays can be replayed.
    """

    name: ClassVar[str]

    @abstractmethod
    def dice(self, view: View, rng: random.Random) -> tuple[int, int]:
        """How many (red, black) dice the active player rolls (T2)."""

    @abstractmethod
    def reroll(self, view: View, roll: Roll, rng: random.Random) -> bool:
        """Whether the active player throws the same dice once more (T3)."""

    @abstractmethod
    def space(
        self, view: View, roll: Roll, options: Sequence[Placement], rng: random.Random
    ) -> Placement | None:
        """One of `options` (the legal placements, T6) or None to pass."""

    def choose_dice(self, state: MatchState, rng: random.Random) -> ChooseDice:
        """The active player's choice of dice in the app's state (phase ROLL)."""
        _need(state, Phase.ROLL)
        red, black = self.dice(view_of(state, state.game.turn.active), rng)
        return ChooseDice(red, black)

    def wants_reroll(self, state: MatchState, rng: random.Random) -> bool:
        """Whether the active player re-rolls, while a re-roll is still allowed (T3)."""
        _need(state, Phase.PLACE)
        turn = state.game.turn
        if turn.rerolled or turn.placed or turn.passed:
            return False
        assert turn.roll is not None
        return self.reroll(view_of(state, turn.active), turn.roll, rng)

    def decide(self, state: MatchState, player: int, rng: random.Random) -> Place | Pass:
        """`player`'s placement for the current roll, or a pass (T6)."""
        _need(state, Phase.PLACE)
        roll = state.game.turn.roll
        assert roll is not None
        options = legal_placements(state, player)
        pick = self.space(view_of(state, player), roll, options, rng) if options else None
        if pick is None:
            return Pass(player)
        return Place(player, pick.row, pick.col, pick.card)


def _need(state: MatchState, phase: Phase) -> None:
    if state.phase is not phase:
        raise ValueError(f"a strategy acts in phase {phase.value}, not {state.phase.value}")
