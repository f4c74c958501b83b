"""`companion kwingto score|legal`: the contracts outside tools rely on."""

import json
import subprocess
import sys

import pytest

from companion.cli import main

EXAMPLE_4 = {
    "rows": [
        ["3H", "6H", "9H", "JH", "KH"],
        ["2S", "3S", "4S", "5S", "6S"],
        ["4D", None, "8D", None, "QD"],
    ],
    "penalties": 1,
}
EMPTY = {"rows": [[None] * 5] * 3}


def run(capsys, monkeypatch, args, stdin=""):
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_score_worked_example_4_from_a_file(tmp_path, capsys, monkeypatch):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(EXAMPLE_4))
    code, out, _ = run(capsys, monkeypatch, ["kwingto", "score", str(path)])
    assert code == 0
    assert json.loads(out) == {
        "rows": [13, 6, 3],
        "columns": [2, 0, 5, 0, 7],
        "straights": [0, 6, 0],
        "penalty_points": -5,
        "total": 37,
        "face_up": 13,
    }


@pytest.mark.parametrize(
    ("rows", "clause"),
    [
        ([["3H", "3D", None, None, None], [None] * 5, [None] * 5], "B2"),
        ([["3H", None, None, None, None], ["4H", None, None, None, None], [None] * 5], "B2"),
        ([["9H", "3H", None, None, None], [None] * 5, [None] * 5], "P1"),
        ([["7H", None, None, None, None], ["7S", None, None, None, None], [None] * 5], "P3"),
    ],
)
def test_score_rejects_boards_naming_the_clause(capsys, monkeypatch, rows, clause):
    code, out, err = run(capsys, monkeypatch, ["kwingto", "score", "-"], json.dumps({"rows": rows}))
    assert code == 2 and out == ""
    assert err.startswith(f"companion: {clause}: ")


@pytest.mark.parametrize(
    "text",
    ["not json", "[]", '{"rows": [[null]]}', '{"rows": [["1H",null,null,null,null],[],[]]}'],
)
def test_score_malformed_input_is_a_clear_error(capsys, monkeypatch, text):
    code, _, err = run(capsys, monkeypatch, ["kwingto", "score", "-"], text)
    assert code == 2 and err.startswith("companion: ") and "Traceback" not in err


def test_score_missing_file(capsys, monkeypatch, tmp_path):
    code, _, err = run(capsys, monkeypatch, ["kwingto", "score", str(tmp_path / "nope.json")])
    assert code == 2 and "cannot read" in err


def test_legal_example_1_on_example_4(capsys, monkeypatch):
    args = ["kwingto", "legal", "-", "--roll", "B2 B6 R3"]
    code, out, _ = run(capsys, monkeypatch, args, json.dumps(EXAMPLE_4))
    assert code == 0
    assert json.loads(out) == {
        "result": 5,
        "failed": False,
        "placements": [{"row": 2, "col": 1, "card": "5D"}],
    }


def test_legal_honours_spent_and_blocked(capsys, monkeypatch):
    doc = {"rows": [[None] * 5] * 3, "spent": ["AS"], "blocked": [0]}
    code, out, _ = run(capsys, monkeypatch, ["kwingto", "legal", "--roll", "B1"], json.dumps(doc))
    placements = json.loads(out)["placements"]
    assert code == 0
    assert {p["card"] for p in placements} == {"AC"}  # AS spent (B4), black only (P6)
    assert {p["row"] for p in placements} == {1, 2}  # row 0 blocked (P7)
    assert len(placements) == 2 * 5
    assert len({(p["row"], p["col"], p["card"]) for p in placements}) == len(placements)


def test_legal_failed_throw(capsys, monkeypatch):
    code, out, _ = run(
        capsys, monkeypatch, ["kwingto", "legal", "--roll", "R6 R6 R5"], json.dumps(EMPTY)
    )
    assert code == 0
    assert json.loads(out) == {"result": 17, "failed": True, "placements": []}


def test_legal_without_roll_is_a_usage_error(capsys, monkeypatch):
    code, _, err = run(capsys, monkeypatch, ["kwingto", "legal"], json.dumps(EMPTY))
    assert code == 2 and "--roll" in err


def test_jsonl_keeps_order_and_reports_bad_lines(capsys, monkeypatch):
    lines = [
        json.dumps(EXAMPLE_4),
        "{broken",
        json.dumps({"rows": [["9H", "3H", None, None, None], [None] * 5, [None] * 5]}),
        json.dumps(EMPTY),
    ]
    code, out, _ = run(capsys, monkeypatch, ["kwingto", "score", "--jsonl"], "\n".join(lines))
    results = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(results) == 4
    assert results[0]["total"] == 37
    assert "error" in results[1] and "line 2" in results[1]["error"]
    assert results[2]["error"].startswith("line 3: P1:")
    assert results[3]["total"] == 0


def test_legal_jsonl_takes_the_roll_from_each_line(capsys, monkeypatch):
    lines = [
        json.dumps({**EXAMPLE_4, "roll": "B2 B6 R3"}),
        json.dumps({**EMPTY, "roll": "B9"}),
        json.dumps({**EMPTY, "roll": "R6 R6 R5"}),
        json.dumps(EMPTY),
    ]
    code, out, _ = run(capsys, monkeypatch, ["kwingto", "legal", "--jsonl"], "\n".join(lines))
    results = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert [r.get("result") for r in results] == [5, None, 17, None]
    assert "'B9'" in results[1]["error"] and "roll" in results[3]["error"]


def test_jsonl_thousands_of_lines_through_the_real_command(tmp_path):
    """The module entry point end to end, on 3,000 lines (throughput is in the bench)."""
    lines = "\n".join(json.dumps({**EXAMPLE_4, "roll": "B2 B6 R3"}) for _ in range(3000))
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "kwingto", "legal", "--jsonl"],
        input=lines,
        capture_output=True,
        text=True,
        check=True,
    )
    out = proc.stdout.splitlines()
    assert len(out) == 3000 and all(json.loads(line)["result"] == 5 for line in out)


@pytest.mark.parametrize(
    "text",
    [
        '{"rows": ' + "[" * 100_000 + "]" * 100_000 + "}",
        '{"rows": [[null,null,null,null,null],[null,null,null,null,null],'
        '[null,null,null,null,null]], "penalties": ' + "9" * 5000 + "}",
        '{"rows": [[null,null,null,null,null],[null,null,null,null,null],'
        '[null,null,null,null,null]], "penalties": 53}',
    ],
)
def test_extreme_input_is_a_clear_error_alone_and_in_a_batch(capsys, monkeypatch, text):
    code, out, err = run(capsys, monkeypatch, ["kwingto", "score", "-"], text)
    assert code == 2 and out == "" and err.startswith("companion: ")
    batch = "\n".join([text, json.dumps(EMPTY)])
    code, out, _ = run(capsys, monkeypatch, ["kwingto", "score", "--jsonl"], batch)
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and "error" in lines[0] and lines[1]["total"] == 0


def test_bytes_that_are_not_utf8_are_one_bad_line(tmp_path, capsys, monkeypatch):
    path = tmp_path / "boards.jsonl"
    path.write_bytes(b'\xff{"rows": 1}\n' + json.dumps(EMPTY).encode() + b"\n")
    code, out, _ = run(capsys, monkeypatch, ["kwingto", "score", "--jsonl", str(path)])
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and "error" in lines[0] and lines[1]["total"] == 0


def test_bad_card_message_counts_rows_and_columns_from_one(capsys, monkeypatch):
    doc = {"rows": [[None] * 5, [None] * 5, [None, None, None, None, "1H"]]}
    _, _, err = run(capsys, monkeypatch, ["kwingto", "score"], json.dumps(doc))
    assert "row 3, column 5" in err


def test_suits_keep_an_emptied_row_after_e3(capsys, monkeypatch):
    """The engine keeps a row's suit after E3 empties it; `suits` says so to `legal`."""
    doc = {"rows": [[None] * 5] * 3, "blocked": [0], "spent": ["5H"], "suits": ["H", None, None]}
    code, out, _ = run(capsys, monkeypatch, ["kwingto", "legal", "--roll", "R6"], json.dumps(doc))
    assert code == 0 and {p["card"] for p in json.loads(out)["placements"]} == {"6D"}
    clash = {
        "rows": [["2S", None, None, None, None], [None] * 5, [None] * 5],
        "suits": ["H", None, None],
    }
    code, _, err = run(capsys, monkeypatch, ["kwingto", "score"], json.dumps(clash))
    assert code == 2 and "B2" in err
