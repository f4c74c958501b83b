"""Every strategy only ever chooses legal actions (T2, T3, T6), and is seeded."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.bots import STRATEGIES, Advisor, find_strategy
from companion.kwingto import ChooseDice, Pass, Phase, Place, apply, legal_actions
from companion.kwingto.engine import legal_placements

FAST = {**STRATEGIES, "advisor": lambda: Advisor(rollouts=1)}


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), turns=st.integers(0, 30))
@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_decisions_are_legal(name, state_after_roll, seed, players, turns):
    state = state_after_roll(seed, players, turns)
    strategy = FAST[name]()
    rng = random.Random(seed)
    for player in range(players):
        action = strategy.decide(state, player, rng)
        assert isinstance(action, Place | Pass)
        if isinstance(action, Place):  # T6: one of the engine's own legal placements
            assert (action.row, action.col, action.card) in {
                (p.row, p.col, p.card) for p in legal_placements(state, player)
            }
        state = apply(state, action)  # raises RuleError on anything illegal
    if strategy.wants_reroll(state, rng):
        pytest.fail("no re-roll after players decided (T3)")


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 10_000), turns=st.integers(0, 20))
@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_dice_choices_are_legal(name, state_after_roll, seed, turns):
    rolled = state_after_roll(seed, 3, turns)
    strategy = FAST[name]()
    rng = random.Random(seed)
    assert strategy.wants_reroll(rolled, rng) in (True, False)  # T3 allowed: nobody decided
    state = rolled
    for player in range(3):
        state = apply(state, Pass(player))
    state = apply(state, legal_actions(state)[-1])  # EndTurn
    if state.phase is Phase.ROLL:
        choice = strategy.choose_dice(state, rng)
        assert isinstance(choice, ChooseDice)
        assert choice in legal_actions(state)  # T2: 1 to 3 dice, at most 3 of a colour


def test_unknown_strategy_names_the_known_ones():
    with pytest.raises(ValueError, match="random, greedy, advisor"):
        find_strategy("clever")


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_same_seed_same_decisions(name, state_after_roll):
    state = state_after_roll(5, 4, 12)
    picks = [[FAST[name]().decide(state, p, random.Random(9)) for p in range(4)] for _ in range(2)]
    assert picks[0] == picks[1]


def test_strategies_refuse_the_wrong_phase(state_after_roll):
    with pytest.raises(ValueError, match="phase roll"):
        find_strategy("greedy").choose_dice(state_after_roll(1, 2, 3), random.Random(0))
