"""What the others' bids, call and poignées tell about their hands, read as the bots would have
made them, and sampled deals that agree with it.

``tutor.bots.sampling`` deals the hidden cards again consistently with what is certain (the
cards seen, the voids, the shown chien and écart facts, the poignées' cards). A player's
choices before the play say more, though not for certain: every bot bids what its hand counts
(``tutor.bots.bidding``: the count and its scale), calls the king club practice calls, and
shows the largest poignée it holds. So a sampled hand is *likely* when, dealt back to how it
was before the bids, it would have made the same choices:

- **a bid**: the count of the seat's hand as dealt bids what the seat bid over the bids before
  it (a taker's hand counts at least the contract it took, a passer's less than it would have
  needed to bid over the highest bid before it);
- **the call** (5 players): the taker's hand as dealt would call the card it called;
- **a poignée**: the hand at its first card would show the poignée shown (the largest it
  holds), and a player who played without showing one holds none.

The likely deals are drawn by rejection: up to ``ATTEMPTS`` consistent deals are drawn for a
sample and the first that agrees with everything told is kept; when none does in that budget
(at five players, with four bids and a call to agree with, about one position in five), the
draw that disagrees with the fewest of the told facts. A player that does not bid like the
count (a learner, say) then costs the reading little: its facts weigh one each, like
everyone's.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from tutor.bots.bidding import choose_bid, choose_call
from tutor.bots.sampling import Hidden, sample_deal
from tutor.engine import (
    Card,
    ChienFate,
    Contract,
    Deal,
    Poignee,
    first_to_speak,
    poignee_options,
)

# Draws per sample at most: a bound on the cost of a reading no deal agrees with (a draw and
# its check cost about 0.25 ms, so 12 samples stay under 0.1 s). Measured on SimpleBot's deals
# six tricks from the end (tuning seeds): the median position needs one draw at 3 and 4
# players, five at 5; 2% of 4-player and 21% of 5-player positions need more than 24.
ATTEMPTS = 24


T = TypeVar("T")  # what a draw yields: a sampled deal, or cards dealt

@dataclass(frozen=True, slots=True)
class Bid:
    """One bid as spoken: the seat, the highest bid before it, and what it bid (None: pass)."""

    seat: int
    over: Contract | None
    contract: Contract | None


@dataclass(frozen=True, slots=True)
class Told:
    """What the bidding and the poignées told ``seat`` about the other players: their bids,
    the card the taker called (5 players), the poignée (or none) of each seat that has played a
    card, and the cards each seat has played (public), to deal a hand back to before the
    bids."""

    seat: int
    bids: tuple[Bid, ...]
    called: Card | None
    poignees: tuple[tuple[int, Poignee | None], ...]
    played_by: tuple[int, ...]


def spoken_bids(deal: Deal) -> tuple[Bid, ...]:
    """The bids in the order they were spoken, each with the highest bid before it."""
    bids = []
    highest: Contract | None = None
    speaker = first_to_speak(deal.dealer, deal.players)
    for contract in deal.bids:
        bids.append(Bid(speaker, highest, contract))
        if contract is not None:
            highest = contract
        speaker = (speaker + 1) % deal.players
    return tuple(bids)


def cards_played_by(deal: Deal) -> tuple[int, ...]:
    """Per seat, every card it has played in the deal (the trick under way too)."""
    played = [0] * deal.players
    tricks = [(r.seats, r.cards) for r in deal.tricks] + [(deal.trick_seats, deal.trick)]
    for seats, cards in tricks:
        for s, card in zip(seats, cards, strict=True):
            played[s] |= 1 << card
    return tuple(played)


def what_was_told(deal: Deal, seat: int) -> Told | None:
    """What ``seat`` was told by the others' bids, call and poignées; None for a deal that
    starts from a position (its bids and the cards played before it are not known)."""
    if len(deal.bids) < deal.players or len(deal.tricks) != deal.tricks_done:
        return None
    played_by = cards_played_by(deal)
    shown = {p.seat: p.level for p in deal.poignees}
    poignees = tuple(
        (s, shown.get(s)) for s in range(deal.players) if s != seat and played_by[s]
    )
    bids = tuple(b for b in spoken_bids(deal) if b.seat != seat)
    called = deal.called if deal.taker != seat else None
    return Told(seat, bids, called, poignees, played_by)


def hand_as_dealt(deal: Deal, seat: int, played_by: tuple[int, ...]) -> int:
    """``seat``'s hand before the bids in (a sample of) ``deal``: what it holds and has played,
    and for a taker who took the shown chien, its écart back and the chien's cards out."""
    hand = deal.hands[seat] | played_by[seat]
    assert deal.contract is not None
    if seat == deal.taker and deal.contract.chien is ChienFate.SHOWN_TAKEN_AND_ECART:
        hand = (hand | deal.ecart) & ~deal.chien
    return hand


def hand_at_first_card(deal: Deal, seat: int, played_by: tuple[int, ...]) -> int:
    """``seat``'s hand when it played its first card (when a poignée is shown)."""
    return deal.hands[seat] | played_by[seat]


def bid_agrees(bid: Bid, dealt: int, players: int) -> bool:
    """The count bids with ``dealt`` what the seat bid over the bids before it."""
    return choose_bid(dealt, players, bid.over) == bid.contract


def call_agrees(called: Card, dealt: int) -> bool:
    """Club practice calls ``called`` with the taker's hand ``dealt``."""
    return choose_call(dealt) == called


def poignee_agrees(shown: Poignee | None, hand: int, deal: Deal) -> bool:
    """The largest poignée ``hand`` holds is the one shown (none shown: it holds none)."""
    options = poignee_options(hand, deal.players, deal.rules.poignee_sizes(deal.players))
    return max(options, default=None) == shown


def disagreements(sample: Deal, told: Told) -> int:
    """How many of the other players' bids, call and poignées would have been otherwise with
    their hands in ``sample``."""
    players, played_by = sample.players, told.played_by
    count = 0
    for bid in told.bids:
        count += not bid_agrees(bid, hand_as_dealt(sample, bid.seat, played_by), players)
    if told.called is not None and sample.taker is not None:
        count += not call_agrees(told.called, hand_as_dealt(sample, sample.taker, played_by))
    for s, shown in told.poignees:
        count += not poignee_agrees(shown, hand_at_first_card(sample, s, played_by), sample)
    return count


def agrees(sample: Deal, told: Told) -> bool:
    """Whether every other player, given its hand in ``sample``, would have bid, called and
    shown a poignée as it did."""
    return disagreements(sample, told) == 0


def likely_deal(
    deal: Deal,
    seat: int,
    rng: random.Random,
    hidden: Hidden,
    told: Told | None,
    attempts: int = ATTEMPTS,
) -> Deal:
    """A sampled deal (``tutor.bots.sampling.sample_deal``) in which the others' hands agree
    with what they told: the first of up to ``attempts`` draws that agrees in full, else the
    first of those that disagrees least. Deterministic given ``rng``."""
    if told is None:
        return sample_deal(deal, seat, rng, hidden)
    return least_disagreeing(lambda: sample_deal(deal, seat, rng, hidden),
                             lambda sample: disagreements(sample, told), attempts)


def least_disagreeing(draw: Callable[[], T], disagreeing: Callable[[T], int],
                      attempts: int) -> T:
    """The first of up to ``attempts`` draws with nothing ``disagreeing``, else the first of
    those that disagrees least."""
    best = draw()
    fewest = disagreeing(best)
    for _ in range(attempts - 1):
        if not fewest:
            break
        drawn = draw()
        count = disagreeing(drawn)
        if count < fewest:
            best, fewest = drawn, count
    return best


__all__ = [
    "ATTEMPTS",
    "Bid",
    "Told",
    "agrees",
    "bid_agrees",
    "call_agrees",
    "cards_played_by",
    "disagreements",
    "hand_as_dealt",
    "least_disagreeing",
    "likely_deal",
    "poignee_agrees",
    "spoken_bids",
    "what_was_told",
]
