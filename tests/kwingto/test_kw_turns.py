"""The flow of a game and a match: T1–T8, E1–E3, G1–G2, C1–C3."""

import pytest
from kw_helpers import board, match, play

from companion.cards import Card
from companion.kwingto import (
    CardUse,
    ChooseDice,
    EndTurn,
    FlagMistake,
    MatchMode,
    NextGame,
    Pass,
    Phase,
    Place,
    RecordCard,
    Reroll,
    Roll,
    RollDice,
    RuleError,
    UseHint,
    apply,
    legal_placements,
)
from companion.kwingto.board import Board
from companion.kwingto.state import PlayerState


def roll(text):
    return RollDice(Roll.parse(text))


def rule(state, action):
    with pytest.raises(RuleError) as err:
        apply(state, action)
    return err.value.clause


C = Card.parse


def test_t1_first_player_is_an_input_and_active():
    state = match(3, first=2)
    assert state.game.turn.active == 2 and state.phase is Phase.ROLL


def test_t2_choose_one_to_three_dice_of_at_most_three_per_colour():
    state = match()
    assert rule(state, ChooseDice(0, 0)) == "T2"
    assert rule(state, ChooseDice(2, 2)) == "T2"
    assert rule(state, ChooseDice(4, 0)) == "T2"
    chosen = apply(state, ChooseDice(1, 2))
    assert rule(chosen, roll("R1 R2 B3")) == "T2"  # not the dice announced
    assert apply(chosen, roll("R1 B2 B3")).phase is Phase.PLACE


def test_t3_one_reroll_of_the_same_dice_before_anyone_acts():
    state = play(match(), roll("R2 B6"))
    assert rule(state, Reroll(Roll.parse("R2"))) == "T3"
    state = apply(state, Reroll(Roll.parse("R3 B6")))
    assert state.game.turn.roll == Roll.parse("R3 B6")
    assert rule(state, Reroll(Roll.parse("R3 B6"))) == "T3"
    placed = play(match(), roll("R2 B6"), Pass(1))
    assert rule(placed, Reroll(Roll.parse("R3 B6"))) == "T3"


def test_t3_no_place_before_the_roll():
    assert rule(match(), Place(0, 0, 0, C("5H"))) == "T3"


def test_t5_failed_throw_nobody_places_and_active_takes_penalty_t7():
    state = play(match(), roll("R6 R6 R5"))
    assert legal_placements(state, 0) == [] and legal_placements(state, 1) == []
    assert rule(state, Place(1, 0, 0, C("5H"))) == "T5"
    state = apply(state, EndTurn())
    assert state.game.players[0].penalties == 1
    assert state.game.players[1].penalties == 0


def test_t6_everyone_may_place_one_card_of_the_value():
    state = play(match(3), roll("B2 B6 R3"))
    assert rule(state, Place(1, 0, 0, C("6H"))) == "T6"
    state = play(state, Place(0, 0, 0, C("5H")), Place(1, 0, 3, C("5S")), Place(2, 2, 4, C("5D")))
    assert rule(state, Place(0, 1, 0, C("5S"))) == "T6"  # one card per turn
    assert [state.game.turn.decided(p) for p in range(3)] == [True, True, True]


def test_t7_active_player_who_does_not_place_takes_a_penalty_others_never():
    state = play(match(), roll("B2 B6 R3"), Place(1, 0, 0, C("5H")), EndTurn())
    assert [p.penalties for p in state.game.players] == [1, 0]
    state = play(state, roll("B2 B6 R3"), Place(1, 1, 1, C("5S")), EndTurn())
    assert [p.penalties for p in state.game.players] == [1, 0]  # active placed; P1 passed


def test_t8_active_player_moves_clockwise():
    state = match(3, first=1)
    for expected in (2, 0, 1):
        state = play(state, roll("R1"), EndTurn())
        assert state.game.turn.active == expected


def test_b3_recorded_fillers_are_spent_and_limited():
    state = play(match(), roll("B2 B6 R3"), Place(0, 0, 0, C("5H")))
    for text in ("2C", "3C", "4C", "9C"):
        state = apply(state, RecordCard(0, C(text), CardUse.FILLER))
    assert rule(state, RecordCard(0, C("10C"), CardUse.FILLER)) == "B3"
    assert rule(state, RecordCard(0, C("5H"), CardUse.FILLER)) == "B4"  # face-up


def test_b4_recorded_filler_can_never_be_placed():
    state = play(match(), roll("B2 B6 R3"), Place(0, 0, 0, C("5H")), Place(1, 0, 0, C("5C")))
    recorded = apply(state, RecordCard(1, C("9S"), CardUse.FILLER))
    assert rule(recorded, RecordCard(1, C("9S"), CardUse.FILLER)) == "B4"
    nine = (EndTurn(), roll("B3 B6"))  # 9, black only
    before = {str(p.card) for p in legal_placements(play(state, *nine), 1)}
    after = {str(p.card) for p in legal_placements(play(recorded, *nine), 1)}
    assert before == {"9C", "9S"} and after == {"9C"}


def test_t7_penalty_card_may_be_recorded_only_after_a_penalty():
    state = play(match(), roll("R1"))
    assert rule(state, RecordCard(0, C("KD"), CardUse.PENALTY)) == "T7"
    state = play(state, EndTurn(), RecordCard(0, C("KD"), CardUse.PENALTY))
    assert C("KD") in state.game.players[0].spent


def test_e2_same_turn_mistake_moves_the_card():
    state = play(match(), roll("B2 B6 R3"), Place(1, 0, 0, C("5H")), FlagMistake(1, 0, 0))
    me = state.game.players[1]
    assert me.board.card_at(0, 0) is None and me.board.suits[0] is None  # row not opened
    assert rule(state, Place(1, 1, 1, C("5S"))) == "E2"  # the same card must move
    state = apply(state, Place(1, 1, 1, C("5H")))
    assert state.game.players[1].board.card_at(1, 1) == C("5H")
    assert state.game.players[1].penalties == 0


def test_e2_on_a_row_opening_card_returns_that_rows_fillers_b3():
    state = play(match(), roll("B2 B6 R3"), Place(0, 0, 0, C("5H")))
    fillers = [RecordCard(0, C(t), CardUse.FILLER) for t in ("2C", "3C", "4C", "9C")]
    state = play(state, *fillers, FlagMistake(0, 0, 0))
    assert state.game.players[0].fillers == frozenset()  # the row was never opened
    state = play(state, Place(0, 1, 0, C("5H")), *fillers)  # moved: its row's fillers again
    assert len(state.game.players[0].fillers) == 4


def test_e2_same_turn_mistake_not_moved_is_a_penalty_card():
    state = play(match(), roll("B2 B6 R3"), Place(0, 0, 0, C("5H")), FlagMistake(0, 0, 0))
    state = apply(state, EndTurn())
    me = state.game.players[0]
    assert me.penalties == 1 and C("5H") in me.penalty_cards  # and no second T7 penalty


def test_e3_later_mistake_becomes_penalty_and_blocks_row():
    state = play(match(), roll("B2 B6 R3"), Place(1, 2, 2, C("5D")), EndTurn())
    state = apply(state, FlagMistake(1, 2, 2))
    me = state.game.players[1]
    assert me.penalties == 1 and C("5D") in me.penalty_cards
    assert 2 in me.board.blocked
    state = play(state, roll("R6 R1"))  # 7, red only
    assert all(p.row != 2 for p in legal_placements(state, 1))
    assert rule(state, Place(1, 2, 3, C("7D"))) == "P7"


def test_e1_flag_needs_a_face_up_card():
    assert rule(play(match(), roll("R1")), FlagMistake(0, 0, 0)) == "E1"


def _near_end(penalties=0, rows=()):
    """A 2-player match whose player 0 has the given penalties and complete rows."""
    state = match()
    b = board(*rows) if rows else Board()
    players = (PlayerState(board=b, penalties=penalties), state.game.players[1])
    from dataclasses import replace

    return replace(state, game=replace(state.game, players=players))


def test_g1_fourth_penalty_ends_the_game_after_the_turn_g2():
    state = play(_near_end(penalties=3), roll("R6 R6 R6"))
    assert state.phase is Phase.PLACE
    state = apply(state, EndTurn())
    assert state.phase is Phase.MATCH_OVER or state.phase is Phase.GAME_OVER
    assert state.finished[-1].reason == "fourth penalty card"


def test_g1_two_complete_rows_end_the_game():
    state = _near_end(rows=("2H 3H 4H 5H 6H", "7S 8S 9S 10S JS"))
    state = play(state, roll("R1"), Pass(1), EndTurn())
    assert state.finished[-1].reason == "two complete rows"


def test_g2_variant_finishes_the_cycle():
    from dataclasses import replace

    from companion.kwingto import MatchOptions

    state = _near_end(penalties=3)
    setup = replace(state.setup, options=MatchOptions(finish_cycle=True))
    state = replace(state, setup=setup)
    state = play(state, roll("R6 R6 R6"), EndTurn())
    assert state.phase is Phase.ROLL and state.game.ending == "fourth penalty card"
    state = play(state, roll("R1"), EndTurn())
    assert state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)


def test_single_game_winner_and_tie_break_game_s7():
    state = play(_near_end(penalties=3), roll("R6 R6 R6"), EndTurn())
    assert state.phase is Phase.MATCH_OVER and state.winner == 1


def test_c1_c2_match_of_games_accumulates_and_c3_rotates_first_player():
    state = match(2, first=0, mode=MatchMode.GAMES, target=2)
    fail = (roll("R6 R6 R6"), EndTurn())  # player 0: a penalty each time (T5, T7)
    for value, card in ((1, "AH"), (2, "2H"), (3, "3H")):
        state = play(state, *fail, roll(f"R{value}"), Place(1, 0, value - 1, C(card)), EndTurn())
    state = play(state, *fail)  # the fourth penalty (G1)
    assert state.phase is Phase.GAME_OVER and len(state.finished) == 1
    assert rule(state, roll("R1")) == "G2"
    assert state.cumulative() == (-20, 3)
    state = apply(state, NextGame())
    assert state.game.turn.active == 1 and state.game.first_player == 1  # C3 interpretation
    assert state.game.players[0].penalties == 0 and state.cumulative() == (-20, 3)


def _both_fail_four_times(state):
    for _ in range(4):  # every turn a failed throw: both players take 4 penalties (G2 cycle)
        state = play(state, roll("R6 R6 R6"), EndTurn(), roll("R6 R6 R6"), EndTurn())
    return state


def test_s7_full_tie_plays_a_tie_break_game():
    state = _both_fail_four_times(match(2, first=0, finish_cycle=True))
    assert state.finished[-1].winner is None and state.phase is Phase.GAME_OVER
    state = apply(state, NextGame())
    assert state.phase is Phase.ROLL


def test_c3_tied_cumulative_total_means_one_more_game():
    state = _both_fail_four_times(
        match(2, first=0, finish_cycle=True, mode=MatchMode.GAMES, target=2)
    )
    state = _both_fail_four_times(apply(state, NextGame()))
    assert len(state.finished) == 2 and state.cumulative() == (-40, -40)
    assert state.phase is Phase.GAME_OVER  # the target is reached but the totals tie


def test_c2_points_target_ends_the_match():
    state = match(2, first=0, mode=MatchMode.POINTS, target=3)
    fail = (roll("R6 R6 R6"), EndTurn())
    for value, card in ((1, "AH"), (2, "2H"), (3, "3H")):
        state = play(state, *fail, roll(f"R{value}"), Place(1, 0, value - 1, C(card)), EndTurn())
    state = play(state, *fail)
    assert state.phase is Phase.MATCH_OVER and state.winner == 1
    assert rule(state, NextGame()) == "C2"


def test_c2_wins_target_counts_games_won():
    state = match(2, first=0, mode=MatchMode.WINS, target=2)
    fail = (roll("R6 R6 R6"), EndTurn())
    state = play(state, *fail, roll("R1"), Place(1, 0, 0, C("AH")), EndTurn())
    state = play(state, *fail, roll("R1"), EndTurn(), *fail, roll("R1"), EndTurn(), *fail)
    assert state.wins() == (0, 1) and state.phase is Phase.GAME_OVER


def test_hints_are_counted():
    state = play(match(), UseHint(1), UseHint(1))
    assert state.game.players[1].hints == 2


def test_unknown_player_is_m1():
    assert rule(play(match(), roll("R1")), Pass(5)) == "M1"
