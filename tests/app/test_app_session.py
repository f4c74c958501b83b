"""The journal and the table session: journal before state, undo, recovery after a cut."""

import sqlite3

import pytest

from companion.cards import Card
from companion.commands import Button, PadLink, Play, Press, ProposeRoll
from companion.journal import Journal
from companion.kwingto import EndTurn, MatchOptions, Pass, Phase, Place, Roll, RollDice, Setup
from companion.session import SeatInfo, TableSession, new_session

SEATS = [SeatInfo("Ana", "red"), SeatInfo("Bo", "blue")]


@pytest.fixture
def path(tmp_path):
    return tmp_path / "journal.db"


@pytest.fixture
def session(path):
    s = new_session(path)
    s.start_match(Setup(("Ana", "Bo"), 0), SEATS)
    yield s
    s.journal.close()


def test_confirmed_reading_becomes_the_roll(session):
    session.handle(ProposeRoll(Roll.parse("B2 B6 R3"), 0.93))
    assert session.state.phase is Phase.ROLL  # a proposal alone changes nothing (DESIGN)
    session.handle(Press(Button.CONFIRM))
    assert session.state.phase is Phase.PLACE
    assert session.state.game.turn.roll == Roll.parse("B2 B6 R3")
    assert session.proposed is None


def test_rejected_action_keeps_state_and_names_the_space(session):
    session.play(RollDice(Roll.parse("B2 B6 R3")))
    before, version = session.state, session.version
    assert not session.play(Place(1, 0, 0, Card.parse("6H")))
    assert session.state is before and session.version > version
    assert session.last_error.clause == "T6" and session.error_space == (1, 0, 0)


def test_every_action_is_journalled_before_it_is_shown(session, path):
    session.play(RollDice(Roll.parse("B2 B6 R3")))
    session.play(Place(0, 0, 0, Card.parse("5H")))
    with sqlite3.connect(path) as other:  # another connection sees the committed rows
        count = other.execute("SELECT COUNT(*) FROM events").fetchone()[0]
    assert count == 2


def test_power_cut_recovery_replays_the_journal(session, path):
    session.play(RollDice(Roll.parse("B2 B6 R3")))
    session.play(Place(0, 0, 0, Card.parse("5H")))
    session.play(EndTurn())
    recovered = new_session(path)  # as after a restart; the first session never closed
    assert recovered.state == session.state
    assert [s.name for s in recovered.seats] == ["Ana", "Bo"]


def test_undo_drops_the_last_action_everywhere(session, path):
    session.play(RollDice(Roll.parse("R1")))
    session.play(Pass(1))
    assert session.undo()
    assert session.state.game.turn.passed == frozenset()
    assert new_session(path).state == session.state
    session.handle(Press(Button.UNDO))
    assert session.state.phase is Phase.ROLL and not session.can_undo()
    assert not session.undo()


def test_reroll_button_then_confirm_plays_the_reroll(session):
    session.play(RollDice(Roll.parse("R2 B6")))
    session.handle(Press(Button.REROLL))
    assert session.expecting_reroll
    session.handle(ProposeRoll(Roll.parse("R3 B6"), 0.9))
    session.handle(Press(Button.CONFIRM))
    turn = session.state.game.turn
    assert turn.rerolled and turn.roll == Roll.parse("R3 B6")
    session.handle(Press(Button.REROLL))  # T3: only once
    assert session.last_error.clause == "T3"


def test_pass_button_from_table_and_pad(session):
    session.play(RollDice(Roll.parse("R1")))
    session.handle(Press(Button.PASS, seat=1))
    session.handle(Press(Button.PASS))
    assert session.state.game.turn.passed == {0, 1}


def test_confirm_ends_turn_and_starts_next_game(path):
    s = new_session(path)
    s.start_match(Setup(("A", "B"), 0, MatchOptions(target=2)), SEATS)
    for _ in range(7):  # every turn fails: the first player's fourth penalty ends it (G1)
        s.play(RollDice(Roll.parse("R6 R6 R6")))
        s.handle(Press(Button.CONFIRM))
    assert s.state.phase is Phase.GAME_OVER
    s.handle(Press(Button.CONFIRM))
    assert s.state.phase is Phase.ROLL and s.state.game.first_player == 1


def test_finished_match_is_not_resumed_but_undo_reopens_it(path):
    s = new_session(path)
    s.start_match(Setup(("A", "B"), 0), SEATS)
    for _ in range(7):
        s.play(RollDice(Roll.parse("R6 R6 R6")))
        s.play(EndTurn())
    assert s.state.phase is Phase.MATCH_OVER
    assert not new_session(path).resume()
    s.undo()
    assert new_session(path).state == s.state


def test_pad_link_and_play_commands(session):
    session.handle(PadLink(1, False, "unplugged"))
    assert session.pads == {1: False}
    session.handle(Play(RollDice(Roll.parse("R1"))))
    assert session.state.phase is Phase.PLACE


def test_unreadable_journal_is_moved_aside_not_lost(path):
    path.write_bytes(b"this is not a database" * 100)
    s = new_session(path)
    assert s.journal.set_aside is not None and s.journal.set_aside.exists()
    assert s.journal.set_aside.read_bytes().startswith(b"this is not")
    assert s.state is None


def test_damaged_action_stops_replay_with_a_note(path):
    s = new_session(path)
    s.start_match(Setup(("A", "B"), 0), SEATS)
    s.play(RollDice(Roll.parse("R1")))
    s.journal.append(s.match_id, {"type": "place", "player": 9})
    recovered = TableSession(Journal.open(path))
    assert recovered.resume()
    assert recovered.state == s.state and "action 2" in recovered.recovery_note


def test_unreadable_saved_setup_starts_afresh_with_a_note(path):
    s = new_session(path)
    s.start_match(Setup(("A", "B"), 0), SEATS)
    with sqlite3.connect(path) as other:
        other.execute("UPDATE matches SET setup = '{\"names\": 3}'")
    recovered = new_session(path)
    assert recovered.state is None and "could not be read" in recovered.recovery_note


def test_journal_in_an_unusable_place_is_a_clear_error(tmp_path):
    from companion.journal import JournalError

    (tmp_path / "dir.db").mkdir()
    with pytest.raises(JournalError, match="cannot open the game journal"):
        Journal.open(tmp_path / "dir.db")


def _corrupt_second_action(path, text):
    with sqlite3.connect(path) as other:
        other.execute(
            "UPDATE events SET action = ? WHERE seq = (SELECT MIN(seq) + 1 FROM events)", (text,)
        )


@pytest.mark.parametrize(
    "damage",
    ['{"type": "place", "player": 9}', '{"type": "place",', '{"type": ["x"]}', "[]"],
)
def test_play_goes_on_after_a_partial_recovery_and_survives_another_restart(path, damage):
    s = new_session(path)
    s.start_match(Setup(("A", "B"), 0), SEATS)
    s.play(RollDice(Roll.parse("R5")))
    s.play(Place(0, 0, 0, Card.parse("5H")))
    s.play(EndTurn())
    _corrupt_second_action(path, damage)
    recovered = new_session(path)
    assert "set aside" in recovered.recovery_note and len(recovered.actions) == 1
    assert recovered.play(Place(0, 0, 1, Card.parse("5D")))
    assert recovered.play(EndTurn())
    again = new_session(path)
    assert again.state == recovered.state and again.actions == recovered.actions
    assert again.recovery_note is None
    with sqlite3.connect(path) as other:  # the damaged rows are kept, not deleted
        assert other.execute("SELECT COUNT(*) FROM set_aside_events").fetchone()[0] == 2
    again.undo()
    assert new_session(path).actions == again.actions


def test_confirm_ends_the_turn_once_someone_acted_after_reroll_was_pressed(session):
    session.play(RollDice(Roll.parse("R5")))
    session.handle(Press(Button.REROLL))
    session.play(Place(1, 0, 0, Card.parse("5H")))
    assert not session.expecting_reroll  # the re-roll is settled (T3)
    session.handle(Press(Button.CONFIRM))
    assert session.state.game.turn.active == 1


@pytest.mark.parametrize(
    "setup",
    [
        '{"names": ["A", "B"], "first_player": 0, "finish_cycle": "false"}',
        '{"names": "AB", "first_player": 0}',
        '{"names": ["A", "B"], "first_player": 1.5}',
    ],
)
def test_a_loosely_typed_saved_setup_is_refused(path, setup):
    s = new_session(path)
    s.start_match(Setup(("A", "B"), 0), SEATS)
    with sqlite3.connect(path) as other:
        other.execute("UPDATE matches SET setup = ?", (setup,))
    assert "could not be read" in new_session(path).recovery_note
