"""Greedy's choice is the best immediate gain (S1–S6), on boards made by hand."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.bots import Greedy
from companion.bots.dice import OUTCOMES
from companion.bots.evaluate import immediate_gain
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
    board_placements,
    new_match,
    score_board,
)
from companion.kwingto.engine import legal_placements
from companion.kwingto.state import PlayerState


def board(*rows: str) -> Board:
    """Rows written like `2H 5H _ _ _`."""
    return Board.from_rows([[None if t == "_" else Card.parse(t) for t in r.split()] for r in rows])


def gains(b: Board, roll: Roll) -> dict[Place, int]:
    rank = roll.card_rank
    assert rank is not None
    base = score_board(b).total
    return {
        Place(0, p.row, p.col, p.card): score_board(b.with_card(p.row, p.col, p.card)).total - base
        for p in board_placements(b, rank, roll.allowed_suits, frozenset())
    }


def state_with(b: Board, roll: str, active: int = 0):
    state = new_match(Setup(("A", "B"), active))
    players = (replace(PlayerState(), board=b), PlayerState())
    state = replace(state, game=replace(state.game, players=players))
    parsed = Roll.parse(roll)
    return apply(state, RollDice(parsed)), parsed


def test_completing_a_row_with_a_king_beats_one_more_card():
    # S1: the complete row scores its rightmost card (13) instead of 1 point per card (4)
    b = board("2H 5H 7H 9H _", "_ _ _ _ _", "_ _ _ _ _")
    state, roll = state_with(b, "R6 R6 R1")  # 13, red dice only: hearts or diamonds (P6)
    choice = Greedy().decide(state, 0, random.Random(0))
    assert choice == Place(0, 0, 4, Card.parse("KH"))
    assert gains(b, roll)[choice] == max(gains(b, roll).values()) == 9


def test_completing_a_column_counts_its_spread():
    # S2: column 0 complete scores highest minus lowest, 10 − 2 = 8, plus 1 for the row (S1)
    b = board("2S _ _ _ _", "3H _ _ _ _", "_ _ _ _ _")
    state, roll = state_with(b, "B6 B4")  # 10, black dice: spades or clubs (P6)
    choice = Greedy().decide(state, 0, random.Random(0))
    assert isinstance(choice, Place)
    assert (choice.row, choice.col) == (2, 0)
    assert gains(b, roll)[choice] == max(gains(b, roll).values()) == 9


def test_a_straight_bonus_is_worth_chasing():
    # S3: 2-3-4-5-6 completes at 6 points plus the straight's 6
    b = board("2S 3S 4S 5S _", "_ _ _ _ _", "_ _ _ _ _")
    state, roll = state_with(b, "B6")
    choice = Greedy().decide(state, 0, random.Random(0))
    assert choice == Place(0, 0, 4, Card.parse("6S"))
    assert gains(b, roll)[choice] == 6 - 4 + 6


def test_the_active_player_places_rather_than_take_a_penalty():
    # T7: not placing costs the active player a penalty card (S4: −5)
    b = board("2S 3S 4S 5S 6S", "_ _ _ _ _", "_ _ _ _ _")
    state, _ = state_with(b, "B1")
    assert isinstance(Greedy().decide(state, 0, random.Random(0)), Place)


def test_nothing_to_place_is_a_pass():
    # T5: a failed throw names no card
    state, _ = state_with(Board(), "R6 R6 R6")
    assert Greedy().decide(state, 0, random.Random(0)) == Pass(0)


def test_dice_on_an_empty_board_never_fail():
    # T2, T5: any card fits an empty board, so the best dice are those that cannot fail
    choice = Greedy().choose_dice(new_match(Setup(("A", "B"), 0)), random.Random(0))
    outcomes = OUTCOMES[choice.red, choice.black]
    assert all(o.rank is not None for o in outcomes)


def test_a_failed_throw_is_thrown_again():
    # T3: one re-roll of the same dice; a failed throw (T5) is the worst result there is
    state = apply(new_match(Setup(("A", "B"), 0)), ChooseDice(1, 1))
    state = apply(state, RollDice(Roll.parse("R6 B1")))
    assert Greedy().wants_reroll(state, random.Random(0))


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 10_000), turns=st.integers(0, 40))
def test_the_quick_gain_is_the_scoring_rules_gain(state_after_roll, seed, turns):
    # S1–S6: the shortcut for plain placements agrees with score_board everywhere
    state = state_after_roll(seed, 2, turns)
    for player in range(2):
        b = state.game.players[player].board
        base = score_board(b).total
        for p in legal_placements(state, player):
            expected = score_board(b.with_card(p.row, p.col, p.card)).total - base
            assert immediate_gain(b, p, base) == expected


def test_greedy_never_passes_a_gain_as_a_bystander():
    # T6–T7: passing is free for the others, so greedy passes only when placing loses points
    b = board("2S _ _ _ _", "_ _ _ _ _", "_ _ _ _ _")
    seat = Seat(b, frozenset(), 0)
    roll = Roll.parse("B4")
    options = board_placements(b, 4, roll.allowed_suits, frozenset())
    pick = Greedy().space(View((seat, seat), 1, 0), roll, options, random.Random(0))
    assert pick is not None
