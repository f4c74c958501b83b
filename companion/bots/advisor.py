"""The advisor: looks ahead over future rolls with seeded Monte Carlo rollouts.

For a placement it keeps the few best candidates by greedy's measure, plus passing, and
plays each forward many times on the player's own board: future rolls come from the dice
(T2–T5), future placements from greedy's rule, until the game is likely to end (G1). The
candidate with the best average final score (S5) wins. Every candidate sees the same
rolls in each round of rollouts (common random numbers), so the comparison is not drowned
by luck. Rounds stop at a rollout budget and, for hints on a slow Pi, at a time budget read
from an injectable clock.

Its dice (T2) and re-roll (T3) advice is an exact expectation over the results of each
choice of dice, valuing a result by its best immediate gain plus the outlook it leaves.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from companion.bots.evaluate import outlook_gain
from companion.bots.greedy import Gains, Greedy, Value
from companion.bots.strategy import Seat, View
from companion.bots.virtual_deck import draw
from companion.cards import Suit
from companion.kwingto.board import COLS, FILLERS_PER_ROW, Placement, board_placements
from companion.kwingto.playout import roll_dice
from companion.kwingto.roll import Roll
from companion.kwingto.scoring import score_board
from companion.kwingto.state import COMPLETE_ROWS_TO_END, PENALTIES_TO_END

Clock = Callable[[], float]

OUTLOOK_WEIGHT = 0.05  # points per unit of outlook: tuned on seeded 2-player games
CANDIDATES = 3  # placements kept for rollouts, best first by greedy's measure
MAX_HORIZON = 8  # turns played forward at most
PLACE_RATE = 0.45  # cards a player adds per turn: below the 0.52–0.61 greedy games show,
# so the guess errs towards longer games
PENALTY_RATE = 0.25  # penalties per active turn (greedy games show 0.28–0.34), likewise
OTHERS_DICE = ((0, 2), (2, 0), (0, 3), (3, 0))  # what other active players roll, in rollouts


class Advisor(Greedy):
    """Rollouts for placements; exact expectations for dice and re-rolls."""

    name = "advisor"

    def __init__(
        self,
        rollouts: int = 6,
        budget_ms: float | None = None,
        clock: Clock | None = None,
        candidates: int = CANDIDATES,
        max_horizon: int = MAX_HORIZON,
        outlook_weight: float = OUTLOOK_WEIGHT,
    ) -> None:
        super().__init__()
        if budget_ms is not None and clock is None:
            raise ValueError("a time budget needs a clock")
        self.rollouts = rollouts  # rounds: each plays every candidate once
        self.budget_ms = budget_ms
        self.clock = clock
        self.candidates = candidates
        self.max_horizon = max_horizon
        self.outlook_weight = outlook_weight
        self._rollout_policy = Greedy()

    def value(self, seat: Seat) -> Value:
        """A placement's immediate gain plus its weighted outlook (see evaluate)."""
        gains = Gains(seat.board)
        weight = self.outlook_weight
        return lambda p: gains.of(p) + weight * outlook_gain(seat.board, p)

    def space(
        self, view: View, roll: Roll, options: Sequence[Placement], rng: random.Random
    ) -> Placement | None:
        """The candidate (or pass) with the best average score over the rollouts."""
        if not options:
            return None
        value = self.value(view.seat)
        ranked = sorted(options, key=value, reverse=True)
        candidates: list[Placement | None] = [*ranked[: self.candidates], None]
        horizon = turns_left(view, self.max_horizon)
        totals = [0.0] * len(candidates)
        deadline = self._deadline()
        for done in range(self.rollouts):
            seed = rng.getrandbits(64)
            scores: list[float] = []
            for candidate in candidates:
                scores.append(self._rollout(view, candidate, horizon, random.Random(seed)))
                if done and deadline is not None and self._now() >= deadline:
                    break  # out of time: a partial round would favour the early candidates
            if len(scores) < len(candidates):
                break
            totals = [t + s for t, s in zip(totals, scores, strict=True)]
            if deadline is not None and self._now() >= deadline:
                break
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def _deadline(self) -> float | None:
        if self.budget_ms is None:
            return None
        return self._now() + self.budget_ms / 1000

    def _now(self) -> float:
        assert self.clock is not None
        return self.clock()

    def _rollout(
        self, view: View, first: Placement | None, horizon: int, rng: random.Random
    ) -> float:
        """The seat's final score after `first` and `horizon` more turns of greedy play."""
        seat = _after(view.seat, first, view.is_active, rng)
        players = len(view.seats)
        for turn in range(1, horizon + 1):
            if _ended(seat):
                break
            active = (view.active + turn) % players == view.me
            seat = self._rollout_turn(seat, active, rng)
        return score_board(seat.board, seat.penalties).total

    def _rollout_turn(self, seat: Seat, active: bool, rng: random.Random) -> Seat:
        """One future roll for this seat alone: dice, greedy placement, penalty (T7)."""
        red, black = quick_dice(seat) if active else rng.choice(OTHERS_DICE)
        roll = roll_dice(rng, red, black)
        rank = roll.card_rank
        options = (
            []
            if rank is None
            else board_placements(seat.board, rank, roll.allowed_suits, seat.spent)
        )
        alone = View((seat,), 0, 0 if active else -1)
        pick = self._rollout_policy.space(alone, roll, options, rng) if options else None
        return _after(seat, pick, active, rng)


def _after(seat: Seat, pick: Placement | None, active: bool, rng: random.Random) -> Seat:
    """The seat after placing (with fillers when a row opens, B3) or passing (T7)."""
    if pick is None:
        if not active:
            return seat
        card = draw(rng, seat.board, seat.spent, 1)
        return Seat(seat.board, seat.spent.union(card), seat.penalties + 1)
    opens = seat.board.suits[pick.row] is None
    board = seat.board.with_card(pick.row, pick.col, pick.card)
    spent = seat.spent.union(draw(rng, board, seat.spent, FILLERS_PER_ROW)) if opens else seat.spent
    return Seat(board, spent, seat.penalties)


def _ended(seat: Seat) -> bool:
    """G1 reached on this board."""
    return seat.board.complete_rows >= COMPLETE_ROWS_TO_END or seat.penalties >= PENALTIES_TO_END


def quick_dice(seat: Seat) -> tuple[int, int]:
    """Rollouts' cheap dice: two of the colour with more open spaces (P6), never failing."""
    open_spaces = {True: 0, False: 0}
    for row, suit in zip(seat.board.rows, seat.board.suits, strict=True):
        if suit is not None:
            open_spaces[suit.is_red] += sum(1 for c in row if c is None)
    free = [s for s in Suit if s not in seat.board.suits]
    for red in (True, False):
        if any(s.is_red == red for s in free) and None in seat.board.suits:
            open_spaces[red] += 5
    return (2, 0) if open_spaces[True] > open_spaces[False] else (0, 2)


def turns_left(view: View, most: int) -> int:
    """A guess at the turns the game has left (G1), from the seat closest to ending it;
    0 when a seat has already ended it, so this turn is the last (G2)."""
    players = len(view.seats)
    best = most
    for seat in view.seats:
        filled = sorted(sum(1 for c in row if c is not None) for row in seat.board.rows)
        missing = COMPLETE_ROWS_TO_END * COLS - sum(filled[-COMPLETE_ROWS_TO_END:])
        by_rows = missing / PLACE_RATE
        by_penalties = (PENALTIES_TO_END - seat.penalties) * players / PENALTY_RATE
        best = min(best, round(min(by_rows, by_penalties)))
    return max(0, best)
