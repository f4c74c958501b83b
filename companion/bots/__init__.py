"""Bots, hints and simulation for Kwingto: the interface the app calls (docs/bots.md).

    find_strategy(name)                  -> Strategy ("random", "greedy", "advisor")
    Strategy.choose_dice(state, rng)     -> ChooseDice          (T2)
    Strategy.wants_reroll(state, rng)    -> bool                (T3)
    Strategy.decide(state, player, rng)  -> Place | Pass        (T6)
    bot_turn_actions(state, seat, strategy, rng) -> list[Action]
    hint(state, player, budget_ms=150, seed=0)   -> Place | Pass (T6)
    dice_hint(state)                     -> DiceAdvice          (T2, with the odds)
    reroll_hint(state)                   -> bool                (T3)

Nothing here does I/O or reads the clock, except the advisor's time budget for hints.
"""

from __future__ import annotations

import random
import time

from companion.bots.advisor import Advisor, Clock
from companion.bots.greedy import Greedy
from companion.bots.hints import DiceAdvice, dice_hint, reroll_hint
from companion.bots.random_legal import RandomLegal
from companion.bots.seat import bot_turn_actions
from companion.bots.strategy import Seat, Strategy, View
from companion.kwingto.actions import Pass, Place
from companion.kwingto.state import MatchState

STRATEGIES: dict[str, type[Strategy]] = {s.name: s for s in (RandomLegal, Greedy, Advisor)}
HINT_ROLLOUTS = 400  # the most a hint plays out; the time budget usually stops it first


def find_strategy(name: str) -> Strategy:
    """A fresh strategy by name; ValueError naming the known ones otherwise."""
    kind = STRATEGIES.get(name)
    if kind is None:
        raise ValueError(f"unknown strategy {name!r}; known: {', '.join(STRATEGIES)}")
    return kind()


def hint(
    state: MatchState,
    player: int,
    budget_ms: float = 150,
    seed: int = 0,
    clock: Clock = time.perf_counter,
) -> Place | Pass:
    """The advisor's recommended space (or pass) for `player` on the current roll (T6).

    Bounded by `budget_ms` on `clock` (seconds), so it stays responsive on a Pi; the app
    records `UseHint(player)` when it shows one, so help used is counted.
    """
    advisor = Advisor(HINT_ROLLOUTS, budget_ms=budget_ms, clock=clock)
    return advisor.decide(state, player, random.Random(seed))


__all__ = [
    "STRATEGIES",
    "Advisor",
    "DiceAdvice",
    "Greedy",
    "RandomLegal",
    "Seat",
    "Strategy",
    "View",
    "bot_turn_actions",
    "dice_hint",
    "find_strategy",
    "hint",
    "reroll_hint",
]
