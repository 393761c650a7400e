"""What a player does in a deal, one action at a time, and the one notation of an action.

Every action prints in the notation (``str``) and reads back from it (``parse_action``); a
saved deal is its list of actions in this notation, so the spellings never change:

=================  ===============================  =============================
action             notation                         says
=================  ===============================  =============================
``Bid``            ``bid:garde``, ``bid:pass``      a contract's code, or a pass
``Call``           ``call:KH``                      5 players: the called card
``Discard``        ``discard:5D``                   one card to the écart
``AnnounceChelem`` ``chelem:yes``, ``chelem:no``    the chelem question answered
``ShowPoignee``    ``poignee:T3 T4 … T21``          the trumps shown (card order)
``Play``           ``play:EX``                      a card played to the trick
=================  ===============================  =============================

>>> from tutor.engine import Bid, Contract, Play, parse_action, parse_card
>>> str(Bid(Contract.GARDE_SANS)), str(Bid(None)), str(Play(parse_card("10S")))
('bid:garde-sans', 'bid:pass', 'play:10S')
>>> parse_action("play:EX")
Play(EX)
>>> all(str(parse_action(text)) == text for text in ("call:KH", "chelem:no", "poignee:T1 T2"))
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tutor.engine.cards import (
    DECK_SIZE,
    Card,
    cards_of,
    format_card,
    format_cards,
    mask_of,
    parse_card,
    parse_cards,
)
from tutor.engine.contracts import Contract
from tutor.engine.errors import ActionNotationError


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid: a contract, or None to pass."""

    contract: Contract | None  # None: pass

    def __str__(self) -> str:
        return f"bid:{'pass' if self.contract is None else self.contract.code}"

    def __repr__(self) -> str:
        return f"Bid({'pass' if self.contract is None else self.contract.code})"


@dataclass(frozen=True, slots=True)
class Call:
    """5 players: the card the taker calls."""

    card: Card

    def __str__(self) -> str:
        return f"call:{format_card(self.card)}"

    def __repr__(self) -> str:
        return f"Call({_card_text(self.card)})"


@dataclass(frozen=True, slots=True)
class Discard:
    """The taker puts one card to the écart."""

    card: Card

    def __str__(self) -> str:
        return f"discard:{format_card(self.card)}"

    def __repr__(self) -> str:
        return f"Discard({_card_text(self.card)})"


@dataclass(frozen=True, slots=True)
class AnnounceChelem:
    """The taker announces a chelem (True) or not."""

    announce: bool

    def __str__(self) -> str:
        return f"chelem:{'yes' if self.announce else 'no'}"

    def __repr__(self) -> str:
        return f"AnnounceChelem({'yes' if self.announce else 'no'})"


@dataclass(frozen=True, slots=True)
class ShowPoignee:
    """Show a poignée: the mask of trumps (and maybe the Excuse) shown."""

    cards: int  # mask of the trumps (and maybe the Excuse) shown

    def __str__(self) -> str:
        return f"poignee:{format_cards(cards_of(self.cards))}"

    def __repr__(self) -> str:
        return f"ShowPoignee({format_cards(cards_of(self.cards))})"


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card to the trick."""

    card: Card

    def __str__(self) -> str:
        return f"play:{format_card(self.card)}"

    def __repr__(self) -> str:
        return f"Play({_card_text(self.card)})"


Action = Bid | Call | Discard | AnnounceChelem | ShowPoignee | Play


def _card_text(card: object) -> str:
    """A card's code in a repr; a value that is no card (a malformed action) as it is."""
    if type(card) is int and 0 <= card < DECK_SIZE:
        return format_card(card)
    return repr(card)


def _chelem(text: str) -> AnnounceChelem:
    if text not in ("yes", "no"):
        raise ActionNotationError(f"chelem:{text}: use chelem:yes or chelem:no", "bad_action")
    return AnnounceChelem(text == "yes")


_READERS: dict[str, Callable[[str], Action]] = {
    "bid": lambda text: Bid(None if text == "pass" else Contract.from_code(text)),
    "call": lambda text: Call(parse_card(text)),
    "discard": lambda text: Discard(parse_card(text)),
    "chelem": _chelem,
    "poignee": lambda text: ShowPoignee(mask_of(parse_cards(text))),
    "play": lambda text: Play(parse_card(text)),
}


def parse_action(text: str) -> Action:
    """The action ``text`` writes in the notation (``bid:garde``, ``play:EX`` …). Raises
    ActionNotationError for an unknown kind, or the card's or the contract's notation error
    (every one a ValueError with a code)."""
    kind, _, argument = text.partition(":")
    reader = _READERS.get(kind)
    if reader is None:
        raise ActionNotationError(
            f"unknown move {text!r}: a move is bid:, call:, discard:, chelem:, poignee: or play:",
            "bad_action",
        )
    return reader(argument)


__all__ = [
    "Action",
    "AnnounceChelem",
    "Bid",
    "Call",
    "Discard",
    "Play",
    "ShowPoignee",
    "parse_action",
]
