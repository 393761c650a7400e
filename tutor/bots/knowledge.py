"""What one seat knows at the table: its hand, the cards seen, who is on its side, and what
the play so far reveals about the others (a suit not followed is a void, a trump not played
when one was due means no trumps, an undertrump caps the trumps a player may hold).

Built from public facts only — the bids, the tricks, the chien when it was shown, the trumps
shown in the écart, the called card once it appears — plus the seat's own hand (and its own
écart for the taker). The bots never look at another hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tutor.engine import (
    EXCUSE,
    FIRST_TRUMP,
    SUIT_MASKS,
    TRUMPS_MASK,
    Card,
    ChienFate,
    Deal,
    TrickRecord,
)

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
    """What ``seat`` knows now, read from the whole deal (a ``TableKnowledge`` kept for the
    deal reads each card once instead)."""
    return TableKnowledge().view(deal, seat)


_UNREAD = object()  # no sides read yet for a seat


class TableKnowledge:
    """What the play of one deal has shown everyone (the cards played, the voids, the seats
    without trumps, the trump caps, the tricks opened per suit, who played the called card),
    kept up to date by reading only the cards played since the last look: a whole deal costs
    one pass over its cards, not one per decision. ``view`` adds what one seat alone knows
    (its hand, the écart for the taker, its side).

    It follows one deal at a time. Whatever it cannot account for by cards added since it last
    looked (another deal, an undo, a different called card) makes it read the deal afresh, so
    ``view(deal, seat)`` always equals a reading from scratch."""

    __slots__ = (
        "_called",
        "_deal",
        "_last_record",
        "_led",
        "_read",
        "_sides_keys",
        "_top",
        "_tricks_read",
        "_views",
        "called_by",
        "followed",
        "led_count",
        "no_trumps",
        "played",
        "trump_cap",
        "voids",
    )

    def __init__(self) -> None:
        self._deal: Deal | None = None

    def _restart(self, deal: Deal) -> None:
        players = deal.players
        self._deal = deal
        self._called = deal.called
        self._tricks_read = 0  # completed tricks read to their end
        self._last_record: TrickRecord | None = None  # the last of those
        self._read: list[Card] = []  # cards read of the trick after those
        self._led = -1  # that trick's suit led so far (-1: none yet, or only the Excuse)
        self._top = 0  # and its highest trump number
        self.played = 0
        self.voids = [0] * players
        self.followed = [0] * players
        self.no_trumps = 0
        self.trump_cap = [21] * players
        self.led_count = [0] * 5
        self.called_by: int | None = None
        self._views: dict[int, View] = {}
        self._sides_keys: dict[int, object] = {}

    def update(self, deal: Deal) -> None:
        """Read the cards played since the last look (the whole deal again when the cards
        read so far are no longer the start of its play)."""
        tricks = deal.tricks
        n_tricks = len(tricks)
        done = self._tricks_read if deal is self._deal and deal.called == self._called else -1
        if done > 0 and (n_tricks < done or tricks[done - 1] is not self._last_record):
            done = -1  # tricks undone (a trick played again is a new record)
        read = self._read if done >= 0 else None
        if read:
            n = len(read)
            if n_tricks > done:
                if list(tricks[done].cards[:n]) != read:
                    done = -1
            elif deal.trick[:n] != read:
                done = -1
        if done < 0:
            self._restart(deal)
            done = 0
        if n_tricks > done:
            for record in tricks[done:]:
                self._read_cards(record.seats, record.cards)
                self._last_record = record
                self._read = []
                self._led = -1
                self._top = 0
            self._tricks_read = n_tricks
        trick = deal.trick
        if len(trick) > len(self._read):
            self._read_cards(deal.trick_seats, trick)

    def _read_cards(self, seats: Sequence[int], cards: Sequence[Card]) -> None:
        """What each card not read yet of the trick reveals."""
        read = self._read
        led, top, played, called = self._led, self._top, self.played, self._called
        voids, followed = self.voids, self.followed
        for i in range(len(read), len(cards)):
            card, seat = cards[i], seats[i]
            read.append(card)
            played |= 1 << card
            if card == called:
                self.called_by = seat
            if card == EXCUSE:
                continue
            suit = TRUMP_SUIT if card >= FIRST_TRUMP else card // 14
            followed[seat] |= 1 << suit
            if led < 0:
                led = suit
                self.led_count[suit] += 1
                if suit == TRUMP_SUIT:
                    top = card - FIRST_TRUMP + 1
                continue
            if suit != led:
                if led != TRUMP_SUIT:
                    voids[seat] |= 1 << led
                if suit != TRUMP_SUIT:
                    self.no_trumps |= 1 << seat
                    voids[seat] |= 1 << TRUMP_SUIT
            if suit == TRUMP_SUIT:
                number = card - FIRST_TRUMP + 1
                if number < top:
                    # Trump led or a trump already in: a lower trump means no higher one held.
                    self.trump_cap[seat] = min(self.trump_cap[seat], top)
                elif number > top:
                    top = number
        self._led, self._top, self.played = led, top, played

    def following(self, deal: Deal) -> TableKnowledge:
        """This knowledge for ``deal``, a copy (``Deal.copy``) of the deal it follows, made
        since its last look: what the play has shown is the same, so it reads on from there
        instead of from the first trick (the playouts of one sampled deal). A copy made at
        another moment is read afresh, as any deal it cannot account for."""
        other = TableKnowledge()
        if self._deal is None:
            return other
        other._deal = deal
        other._called = self._called
        other._tricks_read = self._tricks_read
        other._last_record = self._last_record
        other._read = self._read[:]
        other._led, other._top = self._led, self._top
        other.played = self.played
        other.voids = self.voids[:]
        other.followed = self.followed[:]
        other.no_trumps = self.no_trumps
        other.trump_cap = self.trump_cap[:]
        other.led_count = self.led_count[:]
        other.called_by = self.called_by
        other._views = {}
        other._sides_keys = {}
        return other

    def view(self, deal: Deal, seat: int) -> View:
        """``seat``'s view now: the public facts above (shared lists, to be read only) and
        the seat's own. The same View object is refreshed at each call for that seat."""
        self.update(deal)
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = View(
                seat=seat,
                players=deal.players,
                hand=0,
                taker=None,
                called=None,
                voids=self.voids,
                followed=self.followed,
                trump_cap=self.trump_cap,
                led_count=self.led_count,
            )
        hand = deal.hands[seat]
        taker, called, ecart = deal.taker, deal.called, deal.ecart
        view.played = self.played
        view.no_trumps = self.no_trumps
        view.hand = hand
        view.taker = taker
        view.called = called
        # The taker knows the écart; trumps put in the écart are shown to everyone.
        view.out = ecart if taker == seat else ecart & TRUMPS_MASK
        # The sides change only with what _sides reads: read them again only then (without
        # a called card, only the taker matters).
        key: object = (
            taker
            if called is None
            else (
                taker,
                deal.contract,
                called,
                self.called_by,
                (hand >> called & 1) | (ecart >> called & 1) << 1,
            )
        )
        if self._sides_keys.get(seat, _UNREAD) != key:
            view.friends = view.foes = frozenset()
            _sides(view, deal, self.called_by)
            self._sides_keys[seat] = key
        return view


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
