"""French playing cards as values, with the text form shared with the outside: `10H`, `AS`."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

RANK_TEXT: dict[int, str] = {1: "A", 11: "J", 12: "Q", 13: "K"} | {n: str(n) for n in range(2, 11)}
TEXT_RANK: dict[str, int] = {text: rank for rank, text in RANK_TEXT.items()}
ACE = 1


class Suit(StrEnum):
    """The four French suits, by their initial."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    # Enum's own __hash__ is Python code; suits are hashed in every rules check.
    __hash__ = str.__hash__

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red; the colour rule (P6) depends on it."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def symbol(self) -> str:
        """The printed suit symbol, so colour is never the only signal on screen."""
        return {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[self.value]


@dataclass(frozen=True, order=True)
class Card:
    """One card: rank 1 (Ace) to 13 (King) and a suit."""

    rank: int
    suit: Suit

    def __post_init__(self) -> None:
        if self.rank not in RANK_TEXT:
            raise ValueError(f"card rank must be 1 (Ace) to 13 (King), got {self.rank!r}")
        object.__setattr__(self, "_hash", hash((self.rank, self.suit.value)))

    def __hash__(self) -> int:
        # Cards are hashed in every rules check (sets of spent and face-up cards); the
        # generated hash would rebuild a tuple and hash an enum each time.
        return self._hash  # type: ignore[attr-defined,no-any-return]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read `10H`, `AS`, `qd` (rank then suit); the error quotes the bad text."""
        if not isinstance(text, str):
            raise ValueError(f"a card is text like '10H' or 'AS', got {text!r}")
        clean = text.strip().upper()
        rank = TEXT_RANK.get(clean[:-1])
        if rank is None or clean[-1:] not in Suit._value2member_map_:
            raise ValueError(
                f"not a card: {text!r} (expected rank A 2-10 J Q K then suit S H D C, e.g. '10H')"
            )
        return cls(rank, Suit(clean[-1]))

    @property
    def is_ace(self) -> bool:
        """Aces are worth 1 or 14 (M3, P2)."""
        return self.rank == ACE

    @property
    def rank_text(self) -> str:
        """The rank as printed on the card's index: `A`, `7`, `10`, `Q`."""
        return RANK_TEXT[self.rank]

    def __str__(self) -> str:
        return f"{self.rank_text}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def full_deck() -> tuple[Card, ...]:
    """The 52 cards of one deck, in a fixed order (M1)."""
    return tuple(Card(rank, suit) for suit in Suit for rank in range(1, 14))
