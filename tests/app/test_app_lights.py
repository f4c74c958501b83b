"""The session → LED signals adapter, on real sessions."""

import pytest

from companion.cards import Card
from companion.kwingto import Pass, Place, Roll, RollDice, Setup
from companion.lights import table_signals
from companion.session import SeatInfo, new_session


@pytest.fixture
def session(tmp_path):
    s = new_session(tmp_path / "j.db")
    s.start_match(Setup(("A", "B", "C"), 1), [SeatInfo(n, "red") for n in "ABC"])
    yield s
    s.journal.close()


def test_waiting_for_the_roll_lights_ready_and_the_active_seat(session):
    sig = table_signals(session)
    assert sig.waiting_for_roll and not sig.awaiting_confirmation
    assert sig.active_seat == 2 and sig.seats == 3


def test_a_reading_waits_for_confirmation(session):
    session.propose(Roll.parse("B2 B6 R3"), 0.9)
    sig = table_signals(session)
    assert sig.awaiting_confirmation and not sig.waiting_for_roll


def test_reroll_is_available_until_someone_acts_t3(session):
    session.play(RollDice(Roll.parse("B2 B6 R3")))
    assert table_signals(session).reroll_available
    session.play(Pass(0))
    assert not table_signals(session).reroll_available


def test_failed_throw_and_rejected_action(session):
    session.play(RollDice(Roll.parse("R6 R6 R6")))
    assert table_signals(session).failed_throw
    session.play(Place(0, 0, 0, Card.parse("5H")))
    assert table_signals(session).error
    session.play(Pass(0))
    assert not table_signals(session).error


def test_no_match_yet(tmp_path):
    s = new_session(tmp_path / "empty.db")
    sig = table_signals(s)
    assert sig.seats == 0 and sig.active_seat is None and not sig.waiting_for_roll


def test_no_reroll_light_while_a_corrected_card_waits_to_move(session):
    from companion.kwingto import FlagMistake

    session.play(RollDice(Roll.parse("B2 B6 R3")))
    session.play(Place(0, 0, 0, Card.parse("5H")))
    session.play(FlagMistake(0, 0, 0))  # E2: the card goes back to the hand
    state = session.state.game.turn
    assert not state.placed and not state.passed
    assert not table_signals(session).reroll_available
