"""Scoring: S1–S7 and the rules file's worked examples 4–6."""

from kw_helpers import board

from companion.kwingto import score_board, winner
from companion.kwingto.scoring import Score, ranking

EXAMPLE_4 = board("3H 6H 9H JH KH", "2S 3S 4S 5S 6S", "4D _ 8D _ QD")


def test_worked_example_4():
    score = score_board(EXAMPLE_4, penalties=1)
    assert score.rows == (13, 6, 3)
    assert score.columns == (2, 0, 5, 0, 7)
    assert score.straights == (0, 6, 0)
    assert score.penalty_points == -5
    assert score.total == 37
    assert score.face_up == 13


def test_worked_example_5_royal_straight():
    score = score_board(board("10C JC QC KC AC"))
    assert score.rows[0] == 14 and score.straights[0] == 12


def test_worked_example_6_lone_ace_valued_for_its_column_s6():
    b = board("_ _ 2S _ _", "_ _ AD _ _", "_ _ 9H _ _")
    score = score_board(b)
    assert score.columns[2] == 12  # Ace as 14: 14 − 2 beats 9 − 1
    assert score.total == 3 + 12


def test_s1_incomplete_row_scores_one_per_card():
    assert score_board(board("2H _ 7H _ KH")).rows[0] == 3


def test_s1_complete_row_scores_rightmost_card():
    assert score_board(board("2H 4H 7H 9H QH")).rows[0] == 12


def test_s2_incomplete_column_scores_nothing():
    assert score_board(board("2H _ _ _ _", "9S _ _ _ _")).columns[0] == 0


def test_s2_column_may_score_zero_difference_never_negative():
    score = score_board(board("2H _ _ _ _", "3S _ _ _ _", "4D _ _ _ _"))
    assert score.columns[0] == 2


def test_s3_straight_and_ace_low_straight():
    assert score_board(board("4H 5H 6H 7H 8H")).straights[0] == 6
    assert score_board(board("AH 2H 3H 4H 5H")).straights[0] == 6
    assert score_board(board("2H 3H 4H 5H 7H")).straights[0] == 0


def test_s3_royal_replaces_the_plain_bonus():
    assert score_board(board("10H JH QH KH AH")).straights[0] == 12


def test_s4_five_points_per_penalty():
    assert score_board(board(), penalties=3).total == -15


def test_s7_tie_broken_by_face_up_cards():
    a = Score((3, 0, 0), (0,) * 5, (0, 0, 0), 0, 10, face_up=5)
    b = Score((3, 0, 0), (0,) * 5, (0, 0, 0), 0, 10, face_up=7)
    assert winner([a, b]) == 1
    assert ranking([a, b]) == [[1], [0]]


def test_s7_full_tie_means_tie_break_game():
    a = Score((3, 0, 0), (0,) * 5, (0, 0, 0), 0, 10, face_up=5)
    assert winner([a, a]) is None
