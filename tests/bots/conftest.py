"""Engine states for the bot tests, reached by seeded random legal play."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from companion.kwingto import MatchState, Phase, Setup, apply, new_match
from companion.kwingto.playout import random_turn

StateMaker = Callable[[int, int, int], MatchState]


def _state_after_roll(seed: int, players: int, turns: int) -> MatchState:
    """A state in phase PLACE after up to `turns` random turns (fewer if the game would end)."""
    rng = random.Random(seed)
    state = new_match(Setup(tuple("ABCD"[:players]), seed % players))
    for _ in range(turns):
        after = state
        for action in random_turn(state, rng):
            after = apply(after, action)
        if after.phase is not Phase.ROLL:
            break
        state = after
    for action in random_turn(state, rng)[:2]:  # choose and roll: now in phase PLACE
        state = apply(state, action)
    return state


@pytest.fixture
def state_after_roll() -> StateMaker:
    """Make a mid-game state just after the dice are rolled (seed, players, turns)."""
    return _state_after_roll
