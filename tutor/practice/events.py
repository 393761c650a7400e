"""What happened at the table, in order, as plain data: the events the table component plays
one by one after the learner's action (the bots' bids and cards, each trick's winner), so
every card is seen landing before the trick is gathered.

An event is made as each action is pushed (``event_of``), by whoever made it; the page sends
the ones the learner has not seen yet. A discard is not an event: the écart is made face down
(the learner's own is drawn from the state, the bots' is hidden).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from tutor.engine import (
    AnnounceChelem,
    Bid,
    Call,
    Card,
    Play,
    ShowPoignee,
    TrickRecord,
    cards_of,
    format_card,
)

EventData = dict[str, Any]


class EventKind(StrEnum):
    BID = "bid"  # a seat spoke: a contract or a pass
    CALL = "call"  # 5 players: the taker called a card
    CHELEM = "chelem"  # the taker announced a chelem (or not)
    POIGNEE = "poignee"  # a seat showed a poignée
    PLAY = "play"  # a card went to the trick
    TRICK = "trick"  # the trick is complete: its winner gathers it


@dataclass(frozen=True, slots=True)
class TableEvent:
    kind: EventKind
    seat: int  # who acted (for TRICK: the winner)
    trick: int = -1  # the trick's index (PLAY, TRICK)
    card: Card | None = None  # PLAY, CALL
    contract: str | None = None  # BID: the contract's code, or "pass"
    cards: tuple[Card, ...] = ()  # POIGNEE: the cards shown; TRICK: the trick's cards
    seats: tuple[int, ...] = ()  # TRICK: who played each card
    announce: bool = False  # CHELEM

    def to_data(self) -> EventData:
        """Plain data for the component (card codes as in the notation: ``KH``, ``T21``)."""
        data: EventData = {"kind": self.kind.value, "seat": self.seat}
        if self.kind in (EventKind.PLAY, EventKind.TRICK):
            data["trick"] = self.trick
        if self.card is not None:
            data["card"] = format_card(self.card)
        if self.contract is not None:
            data["contract"] = self.contract
        if self.cards:
            data["cards"] = [format_card(c) for c in self.cards]
        if self.seats:
            data["seats"] = list(self.seats)
        if self.kind is EventKind.CHELEM:
            data["announce"] = self.announce
        return data


def event_of(action: object, seat: int, trick: int) -> TableEvent | None:
    """The event an action by ``seat`` makes (None for a discard: made face down)."""
    if isinstance(action, Bid):
        code = action.contract.code if action.contract is not None else "pass"
        return TableEvent(EventKind.BID, seat, contract=code)
    if isinstance(action, Call):
        return TableEvent(EventKind.CALL, seat, card=action.card)
    if isinstance(action, AnnounceChelem):
        return TableEvent(EventKind.CHELEM, seat, announce=action.announce)
    if isinstance(action, ShowPoignee):
        return TableEvent(EventKind.POIGNEE, seat, cards=tuple(cards_of(action.cards)))
    if isinstance(action, Play):
        return TableEvent(EventKind.PLAY, seat, trick, card=action.card)
    return None


def trick_gathered(record: TrickRecord, index: int) -> TableEvent:
    """The trick ``index`` is complete: its winner gathers it."""
    return TableEvent(
        EventKind.TRICK, record.winner, index, cards=tuple(record.cards), seats=record.seats
    )


__all__ = ["EventData", "EventKind", "TableEvent", "event_of", "trick_gathered"]
