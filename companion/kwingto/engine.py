"""The Kwingto rules engine: `apply(state, action)` returns the next state or raises
RuleError naming the clause. Pure: no I/O, no clock, no randomness (the dice are an input).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from companion.cards import Card
from companion.kwingto.actions import (
    Action,
    CardUse,
    ChooseDice,
    EndTurn,
    FlagMistake,
    NextGame,
    Pass,
    Place,
    RecordCard,
    Reroll,
    RollDice,
    UseHint,
)
from companion.kwingto.board import (
    FILLERS_PER_ROW,
    Placement,
    board_placements,
    ordinal,
    placement_error,
)
from companion.kwingto.errors import RuleError
from companion.kwingto.roll import DICE_PER_COLOUR, MAX_DICE, DieColour, Roll
from companion.kwingto.scoring import score_board, winner
from companion.kwingto.state import (
    COMPLETE_ROWS_TO_END,
    PENALTIES_TO_END,
    GameResult,
    GameState,
    MatchMode,
    MatchState,
    Phase,
    PlayerState,
    Setup,
    Turn,
    TurnPlacement,
)


def new_game(players: int, first_player: int) -> GameState:
    """A fresh game: empty boards, `first_player` active (T1)."""
    return GameState(
        players=(PlayerState(),) * players, first_player=first_player, turn=Turn(first_player)
    )


def new_match(setup: Setup) -> MatchState:
    """The state before the first action of a match."""
    return MatchState(setup=setup, game=new_game(len(setup.names), setup.first_player))


def replay(setup: Setup, actions: Iterable[Action]) -> MatchState:
    """The state is a fold over the actions: recovery and undo both rebuild it this way."""
    state = new_match(setup)
    for action in actions:
        state = apply(state, action)
    return state


def apply(state: MatchState, action: Action) -> MatchState:
    """The state after `action`; RuleError (naming the clause) if the rules forbid it."""
    handler: Callable[[MatchState, Any], MatchState] = _HANDLERS[type(action)]
    return handler(state, action)


def legal_placements(state: MatchState, player: int) -> list[Placement]:
    """Every space and card `player` may place for the current roll (P1–P7, B4, T6)."""
    game, turn = state.game, state.game.turn
    if state.phase is not Phase.PLACE or not 0 <= player < state.players:
        return []
    assert turn.roll is not None
    rank = turn.roll.card_rank
    redo = turn.card_to_move(player)
    if rank is None or (turn.decided(player) and redo is None):
        return []
    me = game.players[player]
    found = board_placements(me.board, rank, turn.roll.allowed_suits, me.spent)
    return [p for p in found if redo is None or p.card == redo]


def legal_actions(state: MatchState) -> list[Action]:
    """The decisions open now (the dice themselves are chance, so rolls are not listed)."""
    phase = state.phase
    if phase is Phase.ROLL:
        return [
            ChooseDice(red, black)
            for red in range(DICE_PER_COLOUR + 1)
            for black in range(DICE_PER_COLOUR + 1)
            if 1 <= red + black <= MAX_DICE
        ]
    if phase is Phase.GAME_OVER:
        return [NextGame()]
    if phase is Phase.MATCH_OVER:
        return []
    actions: list[Action] = []
    turn = state.game.turn
    for player in range(state.players):
        placements = legal_placements(state, player)
        actions.extend(Place(player, p.row, p.col, p.card) for p in placements)
        if not turn.decided(player) or turn.card_to_move(player) is not None:
            actions.append(Pass(player))
    actions.append(EndTurn())
    return actions


# --- checks shared by the handlers -------------------------------------------------------


def _need_phase(state: MatchState, *phases: Phase) -> None:
    phase = state.phase
    if phase in phases:
        return
    if phase is Phase.MATCH_OVER:
        raise RuleError("C2", "the match is over")
    if phase is Phase.GAME_OVER:
        raise RuleError("G2", "the game is over; start the next game of the match")
    if phase is Phase.ROLL:
        raise RuleError("T3", "the dice have not been rolled yet this turn")
    raise RuleError("T3", "the dice are already rolled this turn")


def _need_player(state: MatchState, player: int) -> None:
    if not 0 <= player < state.players:
        raise RuleError("M1", f"there is no player {player + 1} at this table")


def _with_player(game: GameState, player: int, me: PlayerState) -> GameState:
    players = list(game.players)
    players[player] = me
    return replace(game, players=tuple(players))


def _penalise(game: GameState, player: int, card: Card | None) -> GameState:
    """T7/E2/E3: one more penalty card; `card` when the engine knows which it is."""
    me = game.players[player]
    cards = me.penalty_cards | {card} if card is not None else me.penalty_cards
    return _with_player(game, player, replace(me, penalties=me.penalties + 1, penalty_cards=cards))


# --- handlers ----------------------------------------------------------------------------


def _choose(state: MatchState, action: ChooseDice) -> MatchState:
    _need_phase(state, Phase.ROLL)
    red, black = action.red, action.black
    if not (0 <= red <= DICE_PER_COLOUR and 0 <= black <= DICE_PER_COLOUR):
        raise RuleError("T2", "there are 3 red and 3 black dice")
    if not 1 <= red + black <= MAX_DICE:
        raise RuleError("T2", f"roll 1, 2 or 3 dice, not {red + black}")
    turn = replace(state.game.turn, chosen=(red, black))
    return replace(state, game=replace(state.game, turn=turn))


def _dice_counts(roll: Roll) -> tuple[int, int]:
    return roll.count(DieColour.RED), roll.count(DieColour.BLACK)


def _roll(state: MatchState, action: RollDice) -> MatchState:
    _need_phase(state, Phase.ROLL)
    chosen = state.game.turn.chosen
    counts = _dice_counts(action.roll)
    if chosen is not None and counts != chosen:
        raise RuleError(
            "T2",
            f"{chosen[0]} red and {chosen[1]} black dice were chosen, "
            f"but the roll has {counts[0]} red and {counts[1]} black",
        )
    turn = replace(state.game.turn, chosen=counts, roll=action.roll)
    return replace(state, game=replace(state.game, turn=turn))


def _reroll(state: MatchState, action: Reroll) -> MatchState:
    _need_phase(state, Phase.PLACE)
    turn = state.game.turn
    if turn.rerolled:
        raise RuleError("T3", "the dice may be re-rolled only once")
    if turn.acted:
        raise RuleError("T3", "a re-roll comes before anyone places or passes")
    if _dice_counts(action.roll) != turn.chosen:
        raise RuleError("T3", "a re-roll uses all the same dice")
    turn = replace(turn, roll=action.roll, rerolled=True)
    return replace(state, game=replace(state.game, turn=turn))


def _place(state: MatchState, action: Place) -> MatchState:
    _need_phase(state, Phase.PLACE)
    _need_player(state, action.player)
    game, turn = state.game, state.game.turn
    assert turn.roll is not None
    rank = turn.roll.card_rank
    if rank is None:
        raise RuleError("T5", f"the throw failed ({turn.roll.result}); nobody places")
    redo = turn.card_to_move(action.player)
    if turn.decided(action.player) and redo is None:
        raise RuleError("T6", "each player places at most one card a turn")
    if redo is not None and action.card != redo:
        raise RuleError("E2", f"move the same card ({redo}) to a legal space, or pass")
    if action.card.rank != rank:
        raise RuleError("T6", f"the roll is {turn.roll.result}; place a card of that value")
    me = game.players[action.player]
    error = placement_error(
        me.board, action.row, action.col, action.card, turn.roll.allowed_suits, me.spent
    )
    if error is not None:
        raise error
    opened = me.board.suits[action.row] is None
    me = replace(me, board=me.board.with_card(action.row, action.col, action.card))
    done = TurnPlacement(action.player, action.row, action.col, action.card, opened)
    turn = replace(
        turn,
        placed=(*turn.placed, done),
        to_move=tuple(m for m in turn.to_move if m[0] != action.player),
    )
    return replace(state, game=replace(_with_player(game, action.player, me), turn=turn))


def _pass(state: MatchState, action: Pass) -> MatchState:
    _need_phase(state, Phase.PLACE)
    _need_player(state, action.player)
    game, turn = state.game, state.game.turn
    redo = turn.card_to_move(action.player)
    if redo is not None:
        game = _penalise(game, action.player, redo)  # E2: taken as a failed throw
        turn = replace(
            turn,
            to_move=tuple(m for m in turn.to_move if m[0] != action.player),
            penalised=turn.penalised | {action.player},
        )
    elif turn.decided(action.player):
        raise RuleError("T6", "this player has already decided this turn")
    turn = replace(turn, passed=turn.passed | {action.player})
    return replace(state, game=replace(game, turn=turn))


def _ending(game: GameState) -> str | None:
    """G1: why the game ends, if it does."""
    for p in game.players:
        if p.board.complete_rows >= COMPLETE_ROWS_TO_END:
            return "two complete rows"
        if p.penalties >= PENALTIES_TO_END:
            return "fourth penalty card"
    return None


def _end_turn(state: MatchState, action: EndTurn) -> MatchState:
    _need_phase(state, Phase.PLACE)
    game, turn = state.game, state.game.turn
    for player, card in turn.to_move:
        game = _penalise(game, player, card)  # E2: not moved, so taken as a failed throw
    penalised = turn.penalised | {player for player, _ in turn.to_move}
    if not turn.has_placed(turn.active) and turn.active not in penalised:
        game = _penalise(game, turn.active, None)  # T7
    n = state.players
    ending = game.ending or _ending(game)
    following = (turn.active + 1) % n  # T8
    game = replace(game, turns_played=game.turns_played + 1, ending=ending, turn=Turn(following))
    cycle_done = following == game.first_player
    if ending is not None and (cycle_done or not state.setup.options.finish_cycle):
        return _finish_game(state, game, ending)
    return replace(state, game=game)


def _finish_game(state: MatchState, game: GameState, reason: str) -> MatchState:
    scores = tuple(score_board(p.board, p.penalties) for p in game.players)
    result = GameResult(scores, winner(scores), reason)
    state = replace(state, game=replace(game, result=result), finished=(*state.finished, result))
    return replace(state, winner=_match_winner(state))


def _match_winner(state: MatchState) -> int | None:
    """C2–C3: the match winner once the match is over, else None."""
    options, finished = state.setup.options, state.finished
    if options.mode is MatchMode.GAMES and options.target == 1:
        return finished[-1].winner  # a single game: S7 decides; None → tie-break game
    reached = {
        MatchMode.GAMES: len(finished),
        MatchMode.WINS: max(state.wins()),
        MatchMode.POINTS: max(state.cumulative()),
    }[options.mode]
    if reached < options.target:
        return None
    totals = state.cumulative()
    leaders = [p for p, t in enumerate(totals) if t == max(totals)]
    return leaders[0] if len(leaders) == 1 else None  # C3: a tie means one more game


def _record(state: MatchState, action: RecordCard) -> MatchState:
    _need_phase(state, Phase.ROLL, Phase.PLACE)
    _need_player(state, action.player)
    me = state.game.players[action.player]
    card = action.card
    if card in me.spent or card in set(me.board.cards()):
        raise RuleError("B4", f"{card} is already used (face-up, filler or penalty card)")
    if action.use is CardUse.FILLER:
        laid = FILLERS_PER_ROW * me.board.opened_rows
        if len(me.fillers) >= laid:
            raise RuleError("B3", f"only {laid} fillers have been laid on this board")
        me = replace(me, fillers=me.fillers | {card})
        turn = state.game.turn
        turn = replace(turn, fillers=(*turn.fillers, (action.player, card)))
        game = replace(_with_player(state.game, action.player, me), turn=turn)
        return replace(state, game=game)
    if len(me.penalty_cards) >= me.penalties:
        raise RuleError("T7", f"this player has taken {me.penalties} penalty card(s)")
    me = replace(me, penalty_cards=me.penalty_cards | {card})
    return replace(state, game=_with_player(state.game, action.player, me))


def _mistake(state: MatchState, action: FlagMistake) -> MatchState:
    _need_phase(state, Phase.ROLL, Phase.PLACE)
    _need_player(state, action.player)
    game, turn = state.game, state.game.turn
    me = game.players[action.player]
    where = f"row {ordinal(action.row)}, column {ordinal(action.col)}"
    if not (0 <= action.row < len(me.board.rows) and 0 <= action.col < len(me.board.rows[0])):
        raise RuleError("B1", f"there is no {where}")
    card = me.board.card_at(action.row, action.col)
    if card is None:
        raise RuleError("E1", f"{where} holds no face-up card")
    board = me.board.with_card(action.row, action.col, None)
    this_turn = next(
        (
            p
            for p in turn.placed
            if (p.player, p.row, p.col) == (action.player, action.row, action.col)
        ),
        None,
    )
    if this_turn is not None:  # E2: same turn, the card goes back to the player's hand
        if this_turn.opened_row:  # the row was never opened: its fillers go back too (B3)
            board = board.with_row_closed(action.row)
            laid = frozenset(c for p, c in turn.fillers if p == action.player)
            me = replace(me, fillers=me.fillers - laid)
            turn = replace(turn, fillers=tuple(f for f in turn.fillers if f[0] != action.player))
        turn = replace(
            turn,
            placed=tuple(p for p in turn.placed if p is not this_turn),
            to_move=(*turn.to_move, (action.player, card)),
        )
        game = _with_player(game, action.player, replace(me, board=board))
        return replace(state, game=replace(game, turn=turn))
    # E3: a later turn, the card becomes a penalty card and its row is blocked
    game = _with_player(game, action.player, replace(me, board=board.with_blocked(action.row)))
    return replace(state, game=_penalise(game, action.player, card))


def _hint(state: MatchState, action: UseHint) -> MatchState:
    _need_phase(state, Phase.ROLL, Phase.PLACE)
    _need_player(state, action.player)
    me = state.game.players[action.player]
    return replace(
        state, game=_with_player(state.game, action.player, replace(me, hints=me.hints + 1))
    )


def _next_game(state: MatchState, action: NextGame) -> MatchState:
    _need_phase(state, Phase.GAME_OVER)
    first = (state.game.first_player + 1) % state.players  # C3 interpretation
    return replace(state, game=new_game(state.players, first))


_HANDLERS: dict[type, Callable[[MatchState, Any], MatchState]] = {
    ChooseDice: _choose,
    RollDice: _roll,
    Reroll: _reroll,
    Place: _place,
    Pass: _pass,
    EndTurn: _end_turn,
    RecordCard: _record,
    FlagMistake: _mistake,
    UseHint: _hint,
    NextGame: _next_game,
}
