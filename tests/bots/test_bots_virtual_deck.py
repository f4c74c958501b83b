"""A bot seat's virtual deck: fillers (B3) and penalty cards (T7) are drawn and spent (B4)."""

from __future__ import annotations

import random

import pytest

from companion.bots import bot_turn_actions, find_strategy
from companion.bots.virtual_deck import DECK, draw
from companion.cards import Card
from companion.kwingto import (
    Board,
    CardUse,
    EndTurn,
    MatchState,
    Phase,
    Place,
    RecordCard,
    Setup,
    apply,
    new_match,
)
from companion.kwingto.board import FILLERS_PER_ROW


def bot_game(names: tuple[str, ...], seed: int) -> tuple[MatchState, list[object]]:
    """A whole game of bot seats through the engine, as the app would drive it."""
    rng = random.Random(seed)
    strategies = [find_strategy(n) for n in names]
    state = new_match(Setup(tuple(f"bot{i}" for i in range(len(names))), seed % len(names)))
    log: list[object] = []
    while state.phase in (Phase.ROLL, Phase.PLACE):
        active = state.game.turn.active
        for seat in [active, *(s for s in range(len(names)) if s != active)]:
            for action in bot_turn_actions(state, seat, strategies[seat], rng):
                state = apply(state, action)  # RuleError (B4, B3, T7...) fails the test
                log.append(action)
        state = apply(state, EndTurn())
        log.append(EndTurn())
    return state, log


@pytest.mark.parametrize("seed", range(6))
def test_a_bot_never_places_a_spent_card(seed):
    # B4: the engine refuses a spent card, and every filler and penalty card is recorded
    _, log = bot_game(("random", "greedy", "random", "greedy"), seed)
    spent: dict[int, set[Card]] = {}
    for action in log:
        if isinstance(action, RecordCard):
            spent.setdefault(action.player, set()).add(action.card)
        if isinstance(action, Place):
            assert action.card not in spent.get(action.player, set())


def test_every_opened_row_gets_its_four_fillers():
    # B3: four fillers per opened row, recorded as soon as the row opens
    state, _ = bot_game(("greedy", "greedy"), 3)
    for player in state.game.players:
        assert len(player.fillers) == FILLERS_PER_ROW * player.board.opened_rows
        assert len(player.penalty_cards) >= player.penalties - 1  # the last may end the game


def test_penalty_cards_are_recorded_before_the_bot_acts_again():
    # T7: a penalty card owed is drawn from the bot's deck at its next action
    state = new_match(Setup(("A", "B"), 0))
    rng = random.Random(1)
    greedy = find_strategy("greedy")
    for action in bot_turn_actions(state, 0, greedy, rng):
        state = apply(state, action)
    state = apply(state, EndTurn()) if state.phase is Phase.PLACE else state
    me = state.game.players[0]
    if me.penalties:  # the bot did not place: the next call records the card first
        first = bot_turn_actions(state, 0, greedy, rng)[0]
        assert isinstance(first, RecordCard) and first.use is CardUse.PENALTY


def test_draw_takes_only_unused_cards():
    board_cards = frozenset(DECK[:10])
    spent = frozenset(DECK[10:40])
    b = Board.from_rows(
        [[DECK[0], DECK[1], DECK[2], None, None], [None] * 5, [None] * 5]
    )  # three spades on the board
    rng = random.Random(0)
    for _ in range(50):
        cards = draw(rng, b, spent | board_cards, 4)  # B4: never face-up or spent
        assert len(set(cards)) == 4
        assert not set(cards) & (spent | board_cards | set(b.cards()))
