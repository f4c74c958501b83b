"""Property tests over random legal games (hypothesis drives the seeds).

The random driver also records fillers and penalty cards and flags mistakes, so E2, E3, B3
and B4 are exercised, not only the happy path.
"""

import json
import random
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards import Card, Suit, full_deck
from companion.kwingto import (
    CardUse,
    FlagMistake,
    MatchState,
    Phase,
    Place,
    RecordCard,
    RuleError,
    Setup,
    action_from_json,
    action_to_json,
    apply,
    legal_placements,
    new_match,
    replay,
    score_board,
)
from companion.kwingto.board import Board, check_board
from companion.kwingto.playout import random_turn

seeds = st.integers(0, 2**32 - 1)
players = st.integers(2, 4)


def _extras(state: MatchState, rng: random.Random) -> list:
    """Occasional records and mistake flags, each legal in `state`."""
    extras = []
    p = rng.randrange(state.players)
    me = state.game.players[p]
    if rng.random() < 0.3:
        free = [c for c in full_deck() if c not in me.spent and c not in set(me.board.cards())]
        use = rng.choice([CardUse.FILLER, CardUse.PENALTY])
        extras.append(RecordCard(p, rng.choice(free), use))
    if rng.random() < 0.05:
        spaces = [(r, c) for r in range(3) for c in range(5) if me.board.card_at(r, c)]
        if spaces:
            extras.append(FlagMistake(p, *rng.choice(spaces)))
    return extras


def random_game(seed: int, n: int) -> tuple[Setup, list]:
    """A whole random game's actions, with extras sprinkled in where legal."""
    rng = random.Random(seed)
    setup = Setup(tuple(f"P{i}" for i in range(n)), rng.randrange(n))
    state, actions = new_match(setup), []
    while state.phase is Phase.ROLL:
        for action in _extras(state, rng):
            try:
                state = apply(state, action)
                actions.append(action)
            except RuleError:
                pass
        for action in random_turn(state, rng):
            state = apply(state, action)
            actions.append(action)
    return setup, actions


def states_of(setup, actions):
    state = new_match(setup)
    yield state
    for action in actions:
        state = apply(state, action)
        yield state


@settings(max_examples=25, deadline=None)
@given(seeds, players)
def test_boards_reached_by_legal_play_never_break_the_rules(seed, n):
    """P1, P3, B2, B4 (check_board), P5 (row suit = its cards' suit), P7 and B4 vs spent."""
    setup, actions = random_game(seed, n)
    for state in states_of(setup, actions):
        for me in state.game.players:
            b = me.board
            check_board(b)
            for r, row in enumerate(b.rows):
                assert all(c.suit is b.suits[r] for c in row if c is not None)  # P5
            assert not (me.spent & set(b.cards()))  # B4
            assert len(me.fillers) <= 4 * b.opened_rows  # B3


def naive_score(board: Board, penalties: int) -> int:
    """An independent scorer: try every Ace value, keep legal orders, take the best."""
    aces = [(r, c) for r in range(3) for c in range(5) if (x := board.card_at(r, c)) and x.is_ace]
    best = None
    for values in product((1, 14), repeat=len(aces)):
        v = [[None if x is None else x.rank for x in row] for row in board.rows]
        for (r, c), value in zip(aces, values, strict=True):
            v[r][c] = value
        if any(
            [a for a in row if a is not None] != sorted({a for a in row if a is not None})
            for row in v
        ):
            continue
        total = -5 * penalties
        for row in v:
            up = [a for a in row if a is not None]
            if len(up) == 5:
                total += up[-1]
                if up == [10, 11, 12, 13, 14]:
                    total += 12
                elif up == list(range(up[0], up[0] + 5)):
                    total += 6
            else:
                total += len(up)
        for c in range(5):
            col = [v[r][c] for r in range(3)]
            if None not in col:
                total += max(col) - min(col)
        best = total if best is None else max(best, total)
    assert best is not None
    return best


@settings(max_examples=25, deadline=None)
@given(seeds, players)
def test_scoring_equals_an_independent_recomputation(seed, n):
    setup, actions = random_game(seed, n)
    for state in list(states_of(setup, actions))[::5]:
        for me in state.game.players:
            assert score_board(me.board, me.penalties).total == naive_score(me.board, me.penalties)


@settings(max_examples=25, deadline=None)
@given(seeds, players)
def test_actions_round_trip_through_json(seed, n):
    setup, actions = random_game(seed, n)
    text = json.dumps([action_to_json(a) for a in actions])
    assert [action_from_json(d) for d in json.loads(text)] == actions
    assert Setup.from_json(json.loads(json.dumps(setup.to_json()))) == setup


@settings(max_examples=25, deadline=None)
@given(seeds, players)
def test_replay_rebuilds_the_same_state(seed, n):
    setup, actions = random_game(seed, n)
    *_, last = states_of(setup, actions)
    assert replay(setup, actions) == last
    assert last.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)


@settings(max_examples=15, deadline=None)
@given(seeds, players)
def test_placements_offered_are_exactly_those_apply_accepts(seed, n):
    setup, actions = random_game(seed, n)
    checked = 0
    for state in list(states_of(setup, actions))[::3]:
        if state.phase is not Phase.PLACE:
            continue
        roll = state.game.turn.roll
        for p in range(state.players):
            offered = {(x.row, x.col, x.card) for x in legal_placements(state, p)}
            ranks = {roll.card_rank} if roll.card_rank else {1, 5}
            for rank, r, c, s in product(ranks, range(3), range(5), Suit):
                card = Card(rank, s)
                try:
                    apply(state, Place(p, r, c, card))
                    accepted = True
                except RuleError:
                    accepted = False
                assert accepted == ((r, c, card) in offered), (str(card), r, c)
                checked += 1
    assert checked > 0
