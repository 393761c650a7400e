"""Deals a seat cannot tell from the real one: the hidden cards dealt again, consistent with
everything the seat knows (``tutor.bots.knowledge``) and the rules of the chien.

What places a hidden card (a "holder" is another seat, or the aside pile when the seat has
not seen it):

- a card seen played, in the seat's own hand, or known out of play (its own écart as taker,
  trumps shown in the écart) is not hidden;
- a seat void in a suit (it did not follow it) holds none of it; a seat that did not trump
  when it had to holds no trump; a seat that undertrumped holds no trump above the one it
  could not beat (the trump cap);
- a poignée's cards stay in the shower's hand until played; a poignée with the Excuse means
  no other trump is hidden in that hand (RULES §8.1);
- prise and garde: the chien was shown and taken by the taker, so its cards are in the
  taker's hand or its écart; the écart holds no king, no oudler and no trump but the shown
  ones (RULES §5); garde sans and garde contre: the chien is unseen by everyone and may
  hold any card;
- the number of cards of every hand (and of the aside pile) is known.

The called card at 5 players needs no rule of its own: its holder in a sample is that
sample's partner (the taker alone when it is in the taker's hand or the chien).

Sampling deals the hidden cards one by one in a random order, each to a holder drawn in
proportion to the room left in its hand among the holders that keep a full deal possible
(Hall's condition over the few holders, kept as one slack per set of holders), so it never
dead-ends and, without constraints, gives every deal the same chance.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.bots.knowledge import TRUMP_SUIT, View, observe
from tutor.engine import (
    CHIEN_SIZE,
    EXCUSE,
    EXCUSE_BIT,
    FIRST_TRUMP,
    FULL_DECK,
    HAND_SIZE,
    KINGS_MASK,
    OUDLERS_MASK,
    TRUMPS_MASK,
    Card,
    ChienFate,
    Deal,
)

# Cards the écart may never hold besides the trumps it shows (RULES §5).
NEVER_IN_ECART = KINGS_MASK | OUDLERS_MASK | TRUMPS_MASK


@dataclass(frozen=True, slots=True)
class Hidden:
    """The hidden cards of a deal as one seat sees them: ``holders`` the seats (and the aside
    pile, numbered ``players``) that may hold some, ``room`` how many cards each holds that the
    seat does not know, ``allowed[card]`` a bit per holder that may hold ``card``;
    ``known[h]`` the cards the seat knows holder ``h`` holds (poignées, the shown chien)."""

    seat: int
    players: int
    holders: tuple[int, ...]
    room: tuple[int, ...]  # by holder, in the order of ``holders``
    allowed: dict[Card, int]  # card -> bit per index into ``holders``
    known: tuple[int, ...]  # by holder index: cards known to be there
    aside_hidden: bool  # the aside pile is one of the holders

    @property
    def cards(self) -> int:
        mask = 0
        for card in self.allowed:
            mask |= 1 << card
        return mask


def cards_left(deal: Deal, seat: int) -> int:
    """How many cards ``seat`` holds now: public (the cards it has played are seen)."""
    in_trick = 1 if seat in deal.trick_seats else 0
    return HAND_SIZE[deal.players] - deal.tricks_done - in_trick


def aside_hidden_from(deal: Deal, seat: int) -> bool:
    """The aside pile holds cards ``seat`` has not seen: the chien at garde sans and garde
    contre (unseen by all), the écart at prise and garde (but for the taker)."""
    assert deal.contract is not None
    if deal.contract.chien is ChienFate.SHOWN_TAKEN_AND_ECART:
        return seat != deal.taker
    return True


def chien_seen(deal: Deal) -> int:
    """The chien every seat saw (prise, garde), else 0."""
    assert deal.contract is not None
    return deal.chien if deal.contract.chien is ChienFate.SHOWN_TAKEN_AND_ECART else 0


def played_before(deal: Deal) -> int:
    """Every card played so far, those before a position's start too (a deal made from a
    position has not seen them played, but they lie in the won piles: public): what is in no
    hand and not aside."""
    assert deal.contract is not None
    left = deal.ecart
    if deal.contract.chien is not ChienFate.SHOWN_TAKEN_AND_ECART:
        left |= deal.chien
    for hand in deal.hands:
        left |= hand
    return FULL_DECK & ~left


def hidden_cards(deal: Deal, seat: int, view: View | None = None) -> Hidden:
    """What ``seat`` does not know, and where each of those cards may be."""
    if view is None:
        view = observe(deal, seat)
    players = deal.players
    taker = deal.taker
    assert taker is not None and deal.contract is not None
    played = view.played | played_before(deal)
    gone = view.hand | played | view.out
    aside = players
    aside_hidden = aside_hidden_from(deal, seat)
    holders = [s for s in range(players) if s != seat] + ([aside] if aside_hidden else [])
    index = {h: i for i, h in enumerate(holders)}
    known = [0] * len(holders)
    # Poignées: the shown cards stay in the hand until played.
    excuse_poignee = 0  # bit per seat: a poignée with the Excuse, no other trump hidden
    for shown in deal.poignees:
        if shown.seat != seat:
            known[index[shown.seat]] |= shown.cards & ~played
            if shown.cards & EXCUSE_BIT:
                excuse_poignee |= 1 << shown.seat
    # The shown chien went to the taker's hand; what the écart may not hold stays there.
    chien = chien_seen(deal) & ~gone
    if chien and seat != taker:
        known[index[taker]] |= chien & NEVER_IN_ECART
    known_anywhere = 0
    for mask in known:
        known_anywhere |= mask
    hidden = FULL_DECK & ~gone
    room = []
    for h in holders:
        size = CHIEN_SIZE[players] if h == aside else cards_left(deal, h)
        if h == aside:
            size -= (deal.ecart & TRUMPS_MASK).bit_count() if seat != taker else 0
        room.append(size - known[index[h]].bit_count())
    allowed: dict[Card, int] = {}
    rest = hidden & ~known_anywhere
    while rest:
        low = rest & -rest
        rest ^= low
        card = low.bit_length() - 1
        bits = 0
        for i, h in enumerate(holders):
            if may_hold(deal, view, h, card, excuse_poignee, chien):
                bits |= 1 << i
        allowed[card] = bits
    return Hidden(seat, players, tuple(holders), tuple(room), allowed, tuple(known), aside_hidden)


def may_hold(
    deal: Deal, view: View, holder: int, card: Card, excuse_poignee: int, chien: int
) -> bool:
    """Whether ``holder`` (a seat, or the aside pile numbered ``players``) may hold ``card``
    as far as the seat of ``view`` knows."""
    players = deal.players
    if holder == players:  # the aside pile
        assert deal.contract is not None
        if deal.contract.chien is not ChienFate.SHOWN_TAKEN_AND_ECART:
            return True  # the unseen chien: any card
        return not (1 << card) & NEVER_IN_ECART  # the écart (its shown trumps are known)
    if chien >> card & 1 and holder != deal.taker:
        return False  # a card of the shown chien: the taker's hand or the écart
    if card == EXCUSE:
        return True
    suit = TRUMP_SUIT if card >= FIRST_TRUMP else card // 14
    if view.voids[holder] >> suit & 1:
        return False
    if suit == TRUMP_SUIT:
        if view.no_trumps >> holder & 1 or excuse_poignee >> holder & 1:
            return False
        if card - FIRST_TRUMP + 1 > view.trump_cap[holder]:
            return False
    return True


def deal_hidden(hidden: Hidden, rng: random.Random) -> list[int]:
    """One placement of the hidden cards: a mask per holder (in the order of ``holders``),
    each of its room, every card with a holder that may hold it. ValueError when none exists
    (what the seat knows contradicts itself: it cannot, for a deal played by the rules)."""
    n = len(hidden.holders)
    room = list(hidden.room)
    subsets = 1 << n
    # slack[S] = room of the holders in S - cards that only holders in S may hold. A full deal
    # exists iff every slack is >= 0 (Hall's condition); giving a card whose holders are A to
    # h lowers slack[S] by one for every S holding h but not all of A.
    slack = [0] * subsets
    for s in range(subsets):
        total = 0
        for i in range(n):
            if s >> i & 1:
                total += room[i]
        slack[s] = total
    for bits in hidden.allowed.values():
        for s in range(subsets):
            if bits & ~s == 0:
                slack[s] -= 1
    if min(slack) < 0:
        raise ValueError("no deal is consistent with what the seat knows")
    cards = list(hidden.allowed)
    rng.shuffle(cards)
    hands = list(hidden.known)
    for card in cards:
        bits = hidden.allowed[card]
        choices: list[int] = []
        weights: list[int] = []
        for i in range(n):
            if not bits >> i & 1 or not room[i]:
                continue
            if all(slack[s] > 0 for s in range(subsets) if s >> i & 1 and bits & ~s):
                choices.append(i)
                weights.append(room[i])
        i = choices[0] if len(choices) == 1 else rng.choices(choices, weights)[0]
        hands[i] |= 1 << card
        room[i] -= 1
        for s in range(subsets):
            if s >> i & 1 and bits & ~s:
                slack[s] -= 1
    return hands


def sample_deal(deal: Deal, seat: int, rng: random.Random, hidden: Hidden | None = None) -> Deal:
    """A copy of ``deal`` (in the playing phase) with the cards ``seat`` cannot see dealt again
    consistently with what it knows: its own hand and everything public unchanged; the partner
    at 5 players is whoever holds the called card in the sample."""
    if hidden is None:
        hidden = hidden_cards(deal, seat)
    placed = deal_hidden(hidden, rng)
    sample = deal.copy()
    players = deal.players
    aside = 0
    for i, h in enumerate(hidden.holders):
        if h == players:
            aside = placed[i]
        else:
            sample.hands[h] = placed[i]
    assert deal.contract is not None
    if deal.contract.chien is ChienFate.SHOWN_TAKEN_AND_ECART:
        if hidden.aside_hidden:
            sample.ecart = aside | (deal.ecart & TRUMPS_MASK)
    else:
        sample.chien = aside
    if deal.called is not None:
        sample.partner = partner_in(sample, deal.called)
    return sample


def hands_around(unseen: list[Card], seat: int, hand: int, players: int) -> tuple[list[int], int]:
    """The cards ``unseen`` (in the order drawn) dealt before the first card: each other
    seat's hand in turn, then the chien from what is left; ``seat`` keeps ``hand``. Returns the
    hands and the chien (what the cards did not fill stays 0)."""
    size = HAND_SIZE[players]
    hands, at = [], 0
    for other in range(players):
        if other == seat:
            hands.append(hand)
            continue
        mask = 0
        for card in unseen[at:at + size]:
            mask |= 1 << card
        hands.append(mask)
        at += size
    chien = 0
    for card in unseen[at:at + CHIEN_SIZE[players]]:
        chien |= 1 << card
    return hands, chien


def partner_in(deal: Deal, called: Card) -> int | None:
    """The taker's partner at 5 players: the seat that holds the called card, unless that is
    the taker or the card lies aside (then the taker plays alone); once the card is played,
    the partner is public and stays the deal's."""
    for seat, hand in enumerate(deal.hands):
        if hand >> called & 1:
            return None if seat == deal.taker else seat
    if (deal.ecart | deal.chien) >> called & 1:
        return None
    return deal.partner


__all__ = [
    "Hidden",
    "aside_hidden_from",
    "cards_left",
    "deal_hidden",
    "hands_around",
    "hidden_cards",
    "partner_in",
    "sample_deal",
]
