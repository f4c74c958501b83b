"""Random legal play: the dice as chance, every decision uniform among the legal ones.

Used by property tests and benchmarks; the randomness is injected (a seeded
`random.Random`), so the engine stays pure and every game can be replayed.
"""

from __future__ import annotations

import random

from companion.kwingto.actions import Action, ChooseDice, EndTurn, NextGame, Pass, Place, RollDice
from companion.kwingto.engine import apply, legal_actions, legal_placements, new_match
from companion.kwingto.roll import Die, DieColour, Roll
from companion.kwingto.state import MatchState, Phase, Setup


def roll_dice(rng: random.Random, red: int, black: int) -> Roll:
    """Throw `red` red and `black` black dice."""
    dice = [Die(DieColour.RED, rng.randint(1, 6)) for _ in range(red)]
    dice += [Die(DieColour.BLACK, rng.randint(1, 6)) for _ in range(black)]
    return Roll(tuple(dice))


def random_turn(state: MatchState, rng: random.Random) -> list[Action]:
    """The actions of one turn: choose, roll, each player places or passes, end turn."""
    choose = rng.choice(legal_actions(state))
    assert isinstance(choose, ChooseDice)
    actions: list[Action] = [choose, RollDice(roll_dice(rng, choose.red, choose.black))]
    state = apply(apply(state, actions[0]), actions[1])
    for player in range(state.players):
        options: list[Action] = [
            Place(player, p.row, p.col, p.card) for p in legal_placements(state, player)
        ]
        options.append(Pass(player))
        decision = rng.choice(options)
        state = apply(state, decision)
        actions.append(decision)
    actions.append(EndTurn())
    return actions


def random_match(setup: Setup, rng: random.Random, max_turns: int = 2000) -> list[Action]:
    """The actions of a whole random match, to its end (or `max_turns`, a safety net)."""
    state = new_match(setup)
    actions: list[Action] = []
    for _ in range(max_turns):
        if state.phase is Phase.MATCH_OVER:
            break
        turn = [NextGame()] if state.phase is Phase.GAME_OVER else random_turn(state, rng)
        for action in turn:
            state = apply(state, action)
        actions.extend(turn)
    return actions
