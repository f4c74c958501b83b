"""One test per board and placement clause: B1–B4, P1–P7."""

import pytest
from kw_helpers import board, cards

from companion.cards import Card, Suit
from companion.kwingto import RuleError, board_placements, placement_error
from companion.kwingto.board import Board

ALL = frozenset(Suit)
NONE: frozenset[Card] = frozenset()


def error(b, row, col, text, suits=ALL, spent=NONE):
    return placement_error(b, row, col, Card.parse(text), suits, spent)


def clause(b, row, col, text, suits=ALL, spent=NONE):
    err = error(b, row, col, text, suits, spent)
    return None if err is None else err.clause


def test_b1_spaces_outside_the_board():
    assert clause(Board(), 3, 0, "5H") == "B1"
    assert clause(Board(), 0, 5, "5H") == "B1"


def test_b2_first_card_fixes_suit_and_rows_differ():
    b = board("5H _ _ _ _")
    assert b.suits[0] is Suit.HEARTS
    assert clause(b, 1, 0, "2H") == "B2"  # hearts is already row 1's suit
    assert clause(b, 1, 0, "2S") is None


def test_b2_board_with_two_rows_of_one_suit_is_rejected():
    with pytest.raises(RuleError) as err:
        board("5H _ _ _ _", "_ 7H _ _ _")
    assert err.value.clause == "B2"


def test_b2_row_with_mixed_suits_is_rejected():
    with pytest.raises(RuleError) as err:
        board("5H 7D _ _ _")
    assert err.value.clause == "B2"


def test_b3_opened_row_counts_fillers():
    assert board("5H _ _ _ _", "_ 2S _ _ _").opened_rows == 2


def test_b4_spent_card_cannot_be_placed():
    assert clause(Board(), 0, 0, "5H", spent=cards("5H")) == "B4"


def test_b4_face_up_card_cannot_be_placed_again():
    b = board("5H _ _ _ _")
    assert clause(b, 0, 2, "5H") in {"B4", "P3"}
    assert clause(b, 0, 1, "5H") == "B4"


def test_p1_values_rise_left_to_right():
    b = board("_ 6H _ 9H _")
    assert clause(b, 0, 0, "7H") == "P1"
    assert clause(b, 0, 2, "7H") is None
    assert clause(b, 0, 2, "10H") == "P1"
    assert clause(b, 0, 4, "8H") == "P1"


def test_p1_face_down_spaces_are_ignored():
    b = board("2H _ _ _ KH")
    assert clause(b, 0, 1, "QH") is None  # room is not required, only order


def test_p2_ace_as_14_on_the_right():
    b = board("_ 6H _ _ _")
    assert clause(b, 0, 4, "AH") is None
    assert clause(b, 0, 0, "AH") is None  # as 1 on the left


def test_p2_ace_between_cards_is_illegal():
    b = board("2H _ _ 9H _")
    assert clause(b, 0, 2, "AH") == "P1"


def test_p2_lone_ace_then_cards_on_either_side():
    b = board("_ _ AH _ _")
    assert clause(b, 0, 4, "KH") is None  # the Ace becomes 1
    assert clause(b, 0, 0, "KH") is None  # the Ace becomes 14
    fixed_one = board("_ _ AH _ KH")
    assert clause(fixed_one, 0, 0, "5H") == "P1"  # nothing is below an Ace worth 1


def test_p3_no_two_of_a_rank_in_a_column():
    b = board("7H _ _ _ _")
    err = error(b, 1, 0, "7S")
    assert err is not None and err.clause == "P3"
    assert "column 1 already has a 7" in str(err)


def test_p3_aces_clash_whatever_their_value():
    b = board("AH 2H _ _ _")
    assert clause(b, 1, 0, "AS") == "P3"


def test_p4_occupied_space():
    b = board("5H _ _ _ _")
    assert clause(b, 0, 0, "6H") == "P4"


def test_p5_suit_goes_to_its_row():
    b = board("5H _ _ _ _", "_ 3S _ _ _")
    assert clause(b, 0, 1, "6S") == "P5"
    assert clause(b, 1, 2, "6S") is None


def test_p6_colour_rule():
    black_only = frozenset({Suit.SPADES, Suit.CLUBS})
    assert clause(Board(), 0, 0, "5H", suits=black_only) == "P6"
    assert clause(Board(), 0, 0, "5C", suits=black_only) is None


def test_p7_blocked_row_accepts_nothing():
    b = Board().with_blocked(0)
    assert clause(b, 0, 0, "5H") == "P7"


def test_messages_are_plain_words_with_clause():
    err = error(board("7H _ _ _ _"), 1, 0, "7S")
    assert str(err).startswith("P3: ") and "7" in str(err)


def test_legal_placements_of_example_1_on_example_4_board():
    b = board("3H 6H 9H JH KH", "2S 3S 4S 5S 6S", "4D _ 8D _ QD")
    found = board_placements(b, 5, ALL, NONE)
    assert [(p.row, p.col, str(p.card)) for p in found] == [(2, 1, "5D")]


def test_every_placement_offered_is_accepted_and_vice_versa():
    b = board("_ 6H _ 9H _", "AS _ _ _ _", "_ _ _ _ _")
    for rank in range(1, 14):
        offered = {(p.row, p.col, p.card) for p in board_placements(b, rank, ALL, NONE)}
        for r in range(3):
            for c in range(5):
                for s in Suit:
                    card = Card(rank, s)
                    ok = placement_error(b, r, c, card, ALL, NONE) is None
                    assert ok == ((r, c, card) in offered)
