from __future__ import annotations

import pytest

from hardware import bench


def test_fuzz_sample_lets_no_exception_escape() -> None:
    cases = bench.fuzz_cases(3000)
    assert len(set(cases)) > 2500
    messages, rejected, escaped = bench.fuzz(cases)
    assert escaped == 0
    assert messages > 0 and rejected > 0


def test_fuzz_counts_an_escaping_exception(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(line: bytes) -> None:
        raise RuntimeError("parser bug")

    monkeypatch.setattr(bench, "parse_line", broken)
    assert bench.fuzz([b"DOWN placed\n", b"\xff" * 100 + b"\n"]) == (0, 1, 1)
