"""Where each player sits, seen from the learner: seats go counter-clockwise, so the next
seat (+1) is on the learner's right and the last one on the left."""

from __future__ import annotations

from tutor.engine import ChienFate, Deal

SEAT_KEYS: dict[int, tuple[str, ...]] = {
    3: ("you", "right", "left"),
    4: ("you", "right", "across", "left"),
    5: ("you", "right", "across_right", "across_left", "left"),
}


def seat_key(seat: int, players: int, learner: int = 0) -> str:
    """'you', 'right', 'across', 'left' (4 players); 'across_right'/'across_left' at 5."""
    return SEAT_KEYS[players][(seat - learner) % players]


def called_card_seat(deal: Deal) -> int | None:
    """The seat that played the called card, once it has been played."""
    called = deal.called
    if called is None:
        return None
    for record in deal.tricks:
        if called in record.cards:
            return record.seats[record.cards.index(called)]
    if called in deal.trick:
        return deal.trick_seats[deal.trick.index(called)]
    return None


def known_partner(deal: Deal, learner: int = 0) -> tuple[str, int | None]:
    """At 5 players, what the learner knows of the taker's partner: ('partner', seat),
    ('alone', None) or ('unknown', None). At 3 and 4 players: ('none', None)."""
    called, taker = deal.called, deal.taker
    if deal.players != 5 or called is None or taker is None:
        return "none", None
    by = called_card_seat(deal)
    if by is not None:
        return ("alone", None) if by == taker else ("partner", by)
    if _alone_public(deal):
        return "alone", None
    if learner == taker:
        mine = (deal.hands[learner] | deal.ecart) >> called & 1
        return ("alone", None) if mine else ("unknown", None)
    if deal.hands[learner] >> called & 1:
        return "partner", learner
    return "unknown", None


def _alone_public(deal: Deal) -> bool:
    shown = deal.contract is not None and deal.contract.chien is ChienFate.SHOWN_TAKEN_AND_ECART
    return shown and deal.called is not None and bool(deal.chien >> deal.called & 1)
