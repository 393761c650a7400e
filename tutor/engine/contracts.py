"""Bidding (RULES §3, §4): the four contracts, who speaks when, what may be bid, the called king."""

from __future__ import annotations

from enum import Enum, IntEnum

from tutor.engine.cards import (
    CAVALIER,
    JACK,
    KING,
    PLAIN_SUITS,
    QUEEN,
    Card,
    bit,
    format_card,
    suit_card,
)
from tutor.engine.errors import IllegalActionError, UnknownNameError


class Contract(IntEnum):
    """Ordered by strength, so ``bid > highest`` is the rule "only higher bids"."""

    PRISE = 1
    GARDE = 2
    GARDE_SANS = 3
    GARDE_CONTRE = 4

    @property
    def multiplier(self) -> int:
        return _MULTIPLIERS[self]

    @property
    def code(self) -> str:
        """The CLI and YAML spelling: prise, garde, garde-sans, garde-contre."""
        return self.name.lower().replace("_", "-")

    @classmethod
    def from_code(cls, code: str) -> Contract:
        try:
            return cls[code.strip().upper().replace("-", "_").replace(" ", "_")]
        except KeyError:
            raise UnknownNameError(
                f"unknown contract {code!r}: use prise, garde, garde-sans or garde-contre",
                "unknown_contract",
            ) from None

    @property
    def chien(self) -> ChienFate:
        return _CHIEN_FATES[self]


class ChienFate(Enum):
    """Where the chien goes for each contract (RULES §3.3)."""

    SHOWN_TAKEN_AND_ECART = "shown"  # prise, garde: shown, taken in hand, écart made
    TAKER_UNSEEN = "taker"  # garde sans: unseen, counts for the taker
    DEFENCE_UNSEEN = "defence"  # garde contre: unseen, counts for the defence


_MULTIPLIERS = {
    Contract.PRISE: 1,
    Contract.GARDE: 2,
    Contract.GARDE_SANS: 4,
    Contract.GARDE_CONTRE: 6,
}
_CHIEN_FATES = {
    Contract.PRISE: ChienFate.SHOWN_TAKEN_AND_ECART,
    Contract.GARDE: ChienFate.SHOWN_TAKEN_AND_ECART,
    Contract.GARDE_SANS: ChienFate.TAKER_UNSEEN,
    Contract.GARDE_CONTRE: ChienFate.DEFENCE_UNSEEN,
}


def first_to_speak(dealer: int, players: int) -> int:
    """Play and bidding go counter-clockwise: the player on the dealer's right starts.
    Seats are numbered in that order, so "the next player" is ``seat + 1``."""
    return (dealer + 1) % players


def may_bid(bid: Contract, highest: Contract | None) -> bool:
    """Each player speaks once: pass, or bid higher than every bid so far."""
    return highest is None or bid > highest


def check_bid(bid: Contract, highest: Contract | None) -> None:
    if not may_bid(bid, highest):
        assert highest is not None
        raise IllegalActionError(
            f"{bid.code} is not higher than {highest.code}: only higher bids are allowed",
            "bid_not_higher",
            values={"bid": bid.code, "highest": highest.code},
        )


# --- the called king (5 players) ----------------------------------------------------------
_CALL_LADDER = (KING, QUEEN, CAVALIER, JACK)


def callable_cards(hand: int) -> int:
    """Cards the taker may call: a king; with all four kings, also a queen; with all kings
    and queens, a cavalier; and so on. Calling a card of one's own hand is allowed."""
    allowed = 0
    for rank in _CALL_LADDER:
        rank_mask = sum(bit(suit_card(s, rank)) for s in PLAIN_SUITS)
        allowed |= rank_mask
        if hand & rank_mask != rank_mask:
            break
    return allowed


def check_call(hand: int, card: Card) -> None:
    if not callable_cards(hand) >> card & 1:
        raise IllegalActionError(
            f"{format_card(card)} may not be called: a king, or a queen only when holding "
            "the four kings, and so on",
            "card_not_callable",
            (card,),
        )
