"""Cards, dice and rolls: text forms (shared with outside tools) and T2, T4, T5, P6."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.cards import Card, Suit, full_deck
from companion.kwingto import Die, DieColour, Roll, RuleError


@pytest.mark.parametrize("text", ["10H", "AS", "QD", "7C", "2S", "KH", "JC"])
def test_card_text_round_trips(text):
    assert str(Card.parse(text)) == text


def test_card_parse_is_lenient_on_case_and_space_only():
    assert Card.parse(" qd ") == Card(12, Suit.DIAMONDS)
    for bad in ["1H", "11H", "10", "H", "ZZ", "", "10X", "AH2"]:
        with pytest.raises(ValueError, match="not a card"):
            Card.parse(bad)


def test_card_values_m3():
    """M3: 2–10 face value, J 11, Q 12, K 13; the Ace is rank 1 (worth 1 or 14)."""
    assert [Card.parse(t).rank for t in ["2S", "10S", "JS", "QS", "KS", "AS"]] == [
        2,
        10,
        11,
        12,
        13,
        1,
    ]
    assert Card.parse("AS").is_ace and not Card.parse("KS").is_ace


def test_full_deck_has_52_distinct_cards_m1():
    deck = full_deck()
    assert len(deck) == 52 and len(set(deck)) == 52


@given(st.sampled_from(full_deck()))
def test_every_card_round_trips(card):
    assert Card.parse(str(card)) == card
    assert eval(repr(card), {"Card": Card}) == card


@given(
    st.lists(
        st.builds(Die, st.sampled_from(list(DieColour)), st.integers(1, 6)),
        min_size=1,
        max_size=3,
    )
)
def test_roll_text_round_trips(dice):
    roll = Roll(tuple(dice))
    assert Roll.parse(str(roll)) == roll


def test_roll_of_zero_or_four_dice_breaks_t2():
    with pytest.raises(RuleError) as err:
        Roll.parse("B1 B2 R3 R4")
    assert err.value.clause == "T2"
    with pytest.raises(RuleError):
        Roll(())


def test_bad_die_text_is_quoted():
    with pytest.raises(ValueError, match="'G7'"):
        Roll.parse("B2 G7")


def test_worked_example_1_both_colours_t4():
    """Example 1: black 2, black 6, red 3 → (2 + 6) − 3 = 5; any row may take it (P6)."""
    roll = Roll.parse("B2 B6 R3")
    assert roll.result == 5 and not roll.failed and roll.card_rank == 5
    assert roll.allowed_suits == frozenset(Suit)


def test_worked_example_2_failed_throw_t5():
    """Example 2: red 6, red 6, red 5 → 17 → failed throw."""
    roll = Roll.parse("R6 R6 R5")
    assert roll.result == 17 and roll.failed and roll.card_rank is None


def test_worked_example_3_black_one_is_an_ace_p6():
    """Example 3: black 1 → an Ace; only a spades or clubs row may take it."""
    roll = Roll.parse("B1")
    assert roll.card_rank == 1
    assert roll.allowed_suits == {Suit.SPADES, Suit.CLUBS}


def test_fourteen_names_the_ace_and_negative_fails_t5():
    assert Roll.parse("B6 B6 B2").card_rank == 1  # 14 → Ace
    assert Roll.parse("R6 R6 R3").failed  # 15
    assert Roll.parse("B1 R6").result == -5 and Roll.parse("B1 R6").failed
    assert Roll.parse("B3 R3").result == 0 and Roll.parse("B3 R3").failed


def test_red_only_allows_red_rows_p6():
    assert Roll.parse("R2 R3").allowed_suits == {Suit.HEARTS, Suit.DIAMONDS}


@given(
    st.lists(
        st.builds(Die, st.sampled_from(list(DieColour)), st.integers(1, 6)), min_size=1, max_size=3
    )
)
def test_result_matches_t4_definition(dice):
    roll = Roll(tuple(dice))
    black = sum(d.value for d in dice if d.colour is DieColour.BLACK)
    red = sum(d.value for d in dice if d.colour is DieColour.RED)
    expected = black + red if (black == 0 or red == 0) else black - red
    assert roll.result == expected
    assert roll.failed == (not 1 <= expected <= 14)
