"""What one seat knows at the table: its hand, the cards seen, who is on its side, and what
the play so far reveals about the others (a suit not followed is a void, a trump not played
when one was due means no trumps, an undertrump caps the trumps a player may hold).

Built from public facts only — the bids, the tricks, the chien when it was shown, the trumps
shown in the écart, the called card once it appears — plus the seat's own hand (and its own
écart for the taker). The bots never look at another hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.engine.cards import (
    EXCUSE,
    FIRST_TRUMP,
    SUIT_MASKS,
    TRUMPS_MASK,
    Card,
)
from tutor.engine.contracts import ChienFate
from tutor.engine.game import Deal

TRUMP_SUIT = 4


def suit_index(card: Card) -> int:
    """0-3 for the plain suits, 4 for trumps, 5 for the Excuse."""
    if card == EXCUSE:
        return 5
    return 4 if card >= FIRST_TRUMP else card // 14


@dataclass(slots=True)
class View:
    """One seat's knowledge of the deal (see the module docstring)."""

    seat: int
    players: int
    hand: int
    taker: int | None
    called: Card | None
    played: int = 0  # every card seen played, current trick included
    out: int = 0  # cards known out of play besides those (the écart for the taker, shown trumps)
    voids: list[int] = field(default_factory=list)  # per seat, bit s set: void in suit s
    followed: list[int] = field(default_factory=list)  # per seat, bit s set: played suit s
    no_trumps: int = 0  # bit per seat: known to hold no trump
    trump_cap: list[int] = field(default_factory=list)  # per seat: highest trump number possible
    led_count: list[int] = field(default_factory=lambda: [0] * 5)  # tricks opened in each suit
    friends: frozenset[int] = frozenset()  # seats known to be on this seat's side (itself too)
    foes: frozenset[int] = frozenset()  # seats known to be on the other side

    def outstanding(self, mask: int) -> int:
        """Cards of ``mask`` that another player may still hold (or, unseen, the chien)."""
        return mask & ~self.played & ~self.hand & ~self.out

    def is_friend(self, seat: int) -> bool:
        return seat in self.friends

    def maybe_foe(self, seat: int) -> bool:
        return seat not in self.friends

    def may_hold_trumps(self, seat: int) -> bool:
        return not self.no_trumps >> seat & 1

    def is_void(self, seat: int, suit: int) -> bool:
        return bool(self.voids[seat] >> suit & 1)

    def has_followed(self, seat: int, suit: int) -> bool:
        return bool(self.followed[seat] >> suit & 1)

    @property
    def attack(self) -> bool:
        return self.taker is not None and self.taker in self.friends


def observe(deal: Deal, seat: int) -> View:
    players = deal.players
    view = View(
        seat=seat,
        players=players,
        hand=deal.hands[seat],
        taker=deal.taker,
        called=deal.called,
        voids=[0] * players,
        followed=[0] * players,
        trump_cap=[21] * players,
    )
    if deal.taker == seat:
        view.out |= deal.ecart  # the taker knows the écart
    else:
        view.out |= deal.ecart & TRUMPS_MASK  # trumps in the écart are shown
    called_by: int | None = None
    for record in deal.tricks:
        _read_trick(view, record.seats, record.cards)
        if deal.called is not None and deal.called in record.cards:
            called_by = record.seats[record.cards.index(deal.called)]
    if deal.trick:
        _read_trick(view, tuple(deal.trick_seats), tuple(deal.trick))
        if deal.called is not None and deal.called in deal.trick:
            called_by = deal.trick_seats[deal.trick.index(deal.called)]
    _sides(view, deal, called_by)
    return view


def _read_trick(view: View, seats: tuple[int, ...], cards: tuple[Card, ...]) -> None:
    led = -1
    top = 0
    for seat, card in zip(seats, cards, strict=True):
        view.played |= 1 << card
        if card == EXCUSE:
            continue
        suit = suit_index(card)
        view.followed[seat] |= 1 << suit
        if led < 0:
            led = suit
            view.led_count[suit] += 1
            if suit == TRUMP_SUIT:
                top = card - FIRST_TRUMP + 1
            continue
        if suit != led:
            if led != TRUMP_SUIT:
                view.voids[seat] |= 1 << led
            if suit != TRUMP_SUIT:
                view.no_trumps |= 1 << seat
                view.voids[seat] |= 1 << TRUMP_SUIT
        if suit == TRUMP_SUIT:
            number = card - FIRST_TRUMP + 1
            if number < top:
                # Trump led or a trump already in: a lower trump means no higher one was held.
                view.trump_cap[seat] = min(view.trump_cap[seat], top)
            top = max(top, number)


def _sides(view: View, deal: Deal, called_by: int | None) -> None:
    seat, taker, players = view.seat, deal.taker, deal.players
    everyone = frozenset(range(players))
    if taker is None:
        view.friends = frozenset({seat})
        return
    if players < 5 or deal.called is None:
        if seat == taker:
            view.friends, view.foes = frozenset({seat}), everyone - {seat}
        else:
            view.foes = frozenset({taker})
            view.friends = everyone - {taker}
        return
    called = deal.called
    chien_seen = (
        deal.contract is not None and deal.contract.chien is ChienFate.SHOWN_TAKEN_AND_ECART
    )
    alone_publicly = chien_seen and bool(deal.chien >> called & 1)
    if called_by is not None or alone_publicly:
        partner = None if alone_publicly or called_by == taker else called_by
        attack = frozenset({taker} | ({partner} if partner is not None else set()))
    elif seat == taker:
        knows_alone = bool((view.hand | deal.ecart) >> called & 1)
        attack = frozenset({taker}) if knows_alone else frozenset()
    elif view.hand >> called & 1:
        attack = frozenset({taker, seat})  # the partner knows it
    else:
        view.friends = frozenset({seat})
        view.foes = frozenset({taker})
        return
    if not attack:  # the taker does not know its partner yet
        view.friends = frozenset({seat})
        return
    if seat in attack:
        view.friends, view.foes = attack, everyone - attack
    else:
        view.friends, view.foes = everyone - attack, attack


def suit_cards(mask: int, suit: int) -> int:
    return mask & SUIT_MASKS[suit]
