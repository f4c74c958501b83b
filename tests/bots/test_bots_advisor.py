"""The advisor's hints: legal, seeded, within their time budget; dice advice with odds."""

from __future__ import annotations

import itertools
import random

import pytest

from companion.bots import Advisor, dice_hint, hint, reroll_hint
from companion.bots.advisor import turns_left
from companion.bots.dice import OUTCOMES
from companion.bots.strategy import Seat, View
from companion.cards import Card
from companion.kwingto import (
    Board,
    ChooseDice,
    Pass,
    Place,
    Roll,
    RollDice,
    Setup,
    apply,
    new_match,
)
from companion.kwingto.engine import legal_placements
from companion.kwingto.scoring import PENALTY_POINTS


class FakeClock:
    """A clock that moves `step` seconds each time it is read, and counts the reads."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


@pytest.mark.parametrize("seed", range(4))
def test_a_hint_is_a_legal_choice(state_after_roll, seed):
    state = state_after_roll(seed, 3, 8)
    for player in range(3):
        advice = hint(state, player, budget_ms=30, seed=seed, clock=FakeClock(0.01))
        assert isinstance(advice, Place | Pass)
        if isinstance(advice, Place):  # T6
            options = legal_placements(state, player)
            assert (advice.row, advice.col, advice.card) in {
                (p.row, p.col, p.card) for p in options
            }
        apply(state, advice)


def test_the_time_budget_stops_the_rollouts(state_after_roll):
    states = (state_after_roll(seed, 4, 10) for seed in range(100))
    state = next(s for s in states if len(legal_placements(s, s.game.turn.active)) > 1)
    fast = FakeClock(1.0)  # every read is a second later: the 150 ms budget ends at once
    hint(state, state.game.turn.active, budget_ms=150, clock=fast)
    assert fast.reads <= 2  # the deadline, then one check after the first round
    slow = FakeClock(0.05)  # three rounds fit in the budget
    hint(state, state.game.turn.active, budget_ms=150, clock=slow)
    assert slow.reads > fast.reads


def test_same_seed_same_hint(state_after_roll):
    state = state_after_roll(7, 2, 15)
    hints = [hint(state, 0, seed=3, clock=FakeClock(0.05)) for _ in range(2)]
    assert hints[0] == hints[1]


def test_a_time_budget_needs_a_clock():
    with pytest.raises(ValueError, match="clock"):
        Advisor(budget_ms=100)


def test_dice_advice_names_legal_dice_and_their_odds():
    # T2: 1 to 3 dice; on an empty board every card fits, so no result but a failure is lost
    state = new_match(Setup(("A", "B"), 0))
    advice = dice_hint(state)
    assert ChooseDice(advice.red, advice.black) in {
        ChooseDice(r, b) for r, b in itertools.product(range(4), repeat=2) if 1 <= r + b <= 3
    }
    failing = sum(o.chance for o in OUTCOMES[advice.red, advice.black] if o.rank is None)
    assert advice.place_chance == pytest.approx(1 - failing) == pytest.approx(1.0)
    assert advice.expected > -PENALTY_POINTS  # better than a certain penalty (T7, S4)


def test_reroll_advice_after_a_failed_throw():
    state = new_match(Setup(("A", "B"), 0))
    state = apply(state, ChooseDice(1, 1))
    state = apply(state, RollDice(Roll.parse("R6 B1")))  # −5: a failed throw (T5)
    assert reroll_hint(state)
    assert Advisor(rollouts=1).decide(state, 0, random.Random(0)) == Pass(0)


def test_no_lookahead_once_the_game_is_ending():
    # G1–G2: a seat with two complete rows ends the game when this turn is over
    rows = [
        [Card.parse(f"{v}S") for v in "23456"],
        [Card.parse(f"{v}H") for v in ("7", "8", "9", "10", "J")],
    ]
    rows = [*rows, [None] * 5]
    done = Seat(Board.from_rows(rows), frozenset(), 0)
    fresh = Seat(Board(), frozenset(), 0)
    assert turns_left(View((fresh, done), 0, 0), 8) == 0
    assert turns_left(View((fresh, fresh), 0, 0), 8) == 8
