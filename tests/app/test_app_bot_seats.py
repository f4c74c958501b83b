"""Virtual seats in a table session: bots roll, place and keep their virtual decks."""

import random

from companion.cards import Card
from companion.kwingto import CardUse, Phase, Place, RecordCard, Roll, RollDice, Setup
from companion.session import SeatInfo, new_session


def test_an_all_bot_table_plays_a_whole_match_and_replays(tmp_path):
    s = new_session(tmp_path / "j.db")
    seats = [SeatInfo("Bot A", "red", "greedy"), SeatInfo("Bot B", "blue", "random")]
    s.start_match(Setup(("Bot A", "Bot B"), 0), seats)
    rng = random.Random(4)
    for _ in range(2000):
        if not s.step_bots(rng):
            break
    assert s.state.phase is Phase.MATCH_OVER
    assert new_session(tmp_path / "j.db").state is None  # finished matches are not resumed
    recorded = [a for a in s.actions if isinstance(a, RecordCard)]
    assert any(r.use is CardUse.FILLER for r in recorded)  # B3: virtual fillers recorded


def test_a_bot_waits_for_a_person_to_end_the_turn(tmp_path):
    s = new_session(tmp_path / "j.db")
    seats = [SeatInfo("Ana", "red"), SeatInfo("Bot", "blue", "greedy")]
    s.start_match(Setup(("Ana", "Bot"), 0), seats)
    rng = random.Random(1)
    assert not s.step_bots(rng)  # Ana is active: nothing for the bot to do yet
    s.play(RollDice(Roll.parse("B2 B6 R3")))
    assert not s.step_bots(rng)  # Ana may still re-roll (T3): the bot waits
    s.play(Place(0, 0, 0, Card.parse("5H")))
    assert s.step_bots(rng)  # the roll is kept: the bot decides for it
    assert s.state.game.turn.decided(1)
    assert not s.step_bots(rng)  # a person ends the turn (confirm)
    assert s.state.phase is Phase.PLACE
    s.confirm()
    assert s.state.game.turn.active == 1
    assert s.step_bots(rng)  # the bot, now active, rolls its virtual dice and decides
    assert s.state.phase is Phase.PLACE and s.state.game.turn.roll is not None
