"""`companion simulate`: the report's shape on stdout, the progress bar on stderr."""

from __future__ import annotations

import re

from companion.cli import main


def test_simulate_prints_scores_length_and_endings(capsys):
    status = main(["simulate", "--players", "3", "--games", "6", "--strategy", "greedy,random"])
    out, err = capsys.readouterr()
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "6 games, 3 players, seed 0, strategies greedy,random"
    assert lines[1].split() == ["strategy", "seats", "mean", "sd", "±95%", "CI", "wins"]
    # three seats from two names: greedy, random, greedy (12 and 6 seats over 6 games)
    assert re.fullmatch(r"greedy +12 +-?\d+\.\d\d +\d+\.\d\d +\d+\.\d\d +\d+", lines[2])
    assert re.fullmatch(r"random +6 .*", lines[3])
    assert lines[4].startswith("game length: ")
    endings = [line for line in lines[5:] if line.startswith("ended by ")]
    assert sum(int(re.search(r": (\d+) games", e).group(1)) for e in endings) == 6
    assert "100% 6/6 games" in err


def test_unknown_strategy_is_a_usage_error(capsys):
    assert main(["simulate", "--strategy", "greedy,wizard"]) == 2
    assert "unknown strategy 'wizard'" in capsys.readouterr().err


def test_players_must_fit_the_table(capsys):
    assert main(["simulate", "--players", "5"]) == 2
    assert "--players" in capsys.readouterr().err
