"""A virtual seat at a real table: everything a bot does when the app asks it to act.

The bot's dice are virtual (rolled with the seeded generator) and so is its deck: before
acting it records the fillers (B3) and penalty cards (T7) it owes, drawn from its own deck,
and after opening a row it records that row's fillers at once, so a spent card is never
placed (B4).
"""

from __future__ import annotations

import random

from companion.bots.strategy import Strategy
from companion.bots.virtual_deck import settle
from companion.kwingto.actions import Action, ChooseDice, Reroll, RollDice
from companion.kwingto.engine import apply
from companion.kwingto.playout import roll_dice
from companion.kwingto.state import MatchState, Phase


def bot_turn_actions(
    state: MatchState, seat: int, strategy: Strategy, rng: random.Random
) -> list[Action]:
    """The actions of `seat` now, in order, each legal after the ones before it.

    In phase ROLL with the bot active: its owed cards, the dice it chooses and rolls
    (T2–T3), a re-roll if it wants one, and its placement or pass (T6). In phase PLACE:
    its owed cards and its placement or pass, if it has not decided yet. Otherwise its
    owed cards only (none when the game is over). The app applies them and then, once
    every seat has decided, `EndTurn`.
    """
    actions: list[Action] = []

    def do(*more: Action) -> None:
        nonlocal state
        for action in more:
            state = apply(state, action)
            actions.append(action)

    if state.phase not in (Phase.ROLL, Phase.PLACE):
        return actions
    do(*settle(state, seat, rng))
    turn = state.game.turn
    if state.phase is Phase.ROLL and turn.active == seat:
        choice: ChooseDice = strategy.choose_dice(state, rng)
        do(choice, RollDice(roll_dice(rng, choice.red, choice.black)))
        if strategy.wants_reroll(state, rng):
            do(Reroll(roll_dice(rng, choice.red, choice.black)))
    turn = state.game.turn
    if state.phase is Phase.PLACE and not turn.decided(seat):
        do(strategy.decide(state, seat, rng))
        do(*settle(state, seat, rng))
    return actions
