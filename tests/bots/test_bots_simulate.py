"""The fast simulator agrees with the engine, is seeded, and its bots are ranked sensibly."""

from __future__ import annotations

import random

import pytest

from companion.bots import Advisor, Greedy, RandomLegal, find_strategy
from companion.bots.simulate import game_rng, lineup, play_game, run
from companion.bots.stats import summarise
from companion.kwingto import Phase, Setup, replay


@pytest.mark.parametrize("seed", range(12))
def test_replaying_a_simulated_game_in_the_engine_gives_the_same_result(seed):
    players = 2 + seed % 3
    strategies = [
        [Greedy, RandomLegal, lambda: Advisor(rollouts=1)][i % 3]() for i in range(players)
    ]
    first = seed % players
    record = play_game(strategies, first, random.Random(seed), record=True)
    state = replay(Setup(tuple("ABCD"[:players]), first), record.actions)
    assert state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)
    result = state.finished[-1]
    assert tuple(s.total for s in result.scores) == record.scores  # S1–S5
    assert result.reason == record.reason  # G1
    assert result.winner == record.winner  # S7
    assert state.game.turns_played == record.turns


def test_same_seed_same_game():
    games = [play_game([Greedy(), RandomLegal(), Greedy()], 1, game_rng(3, 4)) for _ in range(2)]
    assert games[0] == games[1]


def test_every_strategy_sits_in_every_seat():
    seats = [lineup(["a", "b"], 4, g) for g in range(4)]
    assert seats[0] == ["a", "b", "a", "b"]
    assert {s[0] for s in seats} == {"a", "b"}


def test_series_are_shared_out_without_changing_them():
    whole = run(["greedy", "random"], 2, range(6), 1, find_strategy)
    parts = [run(["greedy", "random"], 2, r, 1, find_strategy) for r in (range(3), range(3, 6))]
    assert whole.scores["greedy"] == parts[0].scores["greedy"] + parts[1].scores["greedy"]


def test_greedy_beats_random():
    report = run(["greedy", "random"], 2, range(40), 11, find_strategy)
    pairs = zip(report.scores["greedy"], report.scores["random"], strict=True)
    diff = summarise([a - b for a, b in pairs])
    assert diff.mean - diff.ci95 > 0
