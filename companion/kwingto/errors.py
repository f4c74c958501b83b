"""The one error type the Kwingto engine raises."""

from __future__ import annotations


class RuleError(ValueError):
    """An action the rules forbid; `clause` names the rule (`P3`), the text says it plainly.

    `str(error)` is what a player sees: "P3: column 2 already has a 7".
    """

    def __init__(self, clause: str, message: str) -> None:
        super().__init__(f"{clause}: {message}")
        self.clause = clause
        self.message = message
