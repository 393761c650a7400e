"""The Expert's bid by simulation (issue #21), as GIB bids at bridge: every bid it may make is
valued by the mark it brings on average over deals the seat cannot tell from the real one,
each played out by the rules of thumb.

- **The deals** (``sampled_bidding_deal``): the cards the seat does not hold are dealt again
  to the other hands and the chien; the first of up to ``ATTEMPTS`` draws in which every
  earlier bid is what the count bids with that hand (``tutor.bots.inference.bid_agrees``) is
  kept, else the draw that disagrees least; a draw with a petit sec is no draw (the real deal
  was not void).
- **The playout** (``playout_mark``): the candidate bid is made, the later seats bid by the
  count, and SimpleBot plays every seat to the end (the taker's écart by its rules); the seat's
  mark is the value (0 when everybody passed). Every candidate is played on the same deals and
  the same random draws, so their differences are not the noise of different deals.
- **The prior** (``simulated_bid``): SimpleBot's bid (the count) stays unless another candidate
  beats its average by ``margin`` marks: a few playouts are noisy, and the count is sound.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.bots.bidding import choose_bid
from tutor.bots.inference import Bid, bid_agrees, least_disagreeing, spoken_bids
from tutor.bots.sampling import hands_around
from tutor.bots.simple import BIDS, SimpleBot
from tutor.bots.simulate import WAITING, DecisionRandom
from tutor.engine import (
    FULL_DECK,
    Contract,
    Deal,
    DealtCards,
    Phase,
    cards_of,
    petit_sec_seat,
)

SAMPLES = 24  # sampled deals per bid decision: about 0.1 s of CPU (not tuned)
# Marks a candidate must gain over the count's bid on average to replace it: on the tuning
# seeds 700000-700299 any margin from 0 to 30 gave about the same gain (+7 marks a deal), 5
# the most (docs/performance.md, "The Expert bids by simulation").
MARGIN = 5.0
# The tables it bids at: three and four players, where its gain against the count's bid on
# held-out seeds is above 0; at five it is measured but not yet switched on, and the count
# bids there (docs/performance.md).
BIDS_AT = frozenset({3, 4})
ATTEMPTS = 24  # draws per sampled deal at most, as ``tutor.bots.inference`` does


@dataclass(frozen=True, slots=True)
class BidValue:
    """A candidate bid (None: pass) and the seat's mean mark over the playouts."""

    contract: Contract | None
    mark: float


def bid_candidates(deal: Deal) -> tuple[Contract | None, ...]:
    """Pass and every contract above the highest bid so far."""
    highest = deal.highest
    return (None, *(c for c in Contract if highest is None or c > highest))


def dealt_disagreements(dealt: DealtCards, deal: Deal, bids: tuple[Bid, ...]) -> int:
    """How many earlier bids the hands of ``dealt`` would not have made."""
    return sum(not bid_agrees(bid, dealt.hands[bid.seat], deal.players) for bid in bids)


def draw_hands(deal: Deal, seat: int, rng: random.Random) -> DealtCards:
    """The cards ``seat`` does not hold dealt at random to the other hands and the chien; a
    deal with a petit sec is drawn again (the real one was not void)."""
    while petit_sec_seat(dealt := deal_at_random(deal, seat, rng)) is not None:
        pass
    return dealt


def deal_at_random(deal: Deal, seat: int, rng: random.Random) -> DealtCards:
    """One uniform deal of the cards ``seat`` does not hold (its own hand unchanged)."""
    hidden = cards_of(FULL_DECK & ~deal.hands[seat])
    rng.shuffle(hidden)
    hands, chien = hands_around(hidden, seat, deal.hands[seat], deal.players)
    return DealtCards(tuple(hands), chien, deal.dealer, deal.seed)


def sampled_bidding_deal(
    deal: Deal, seat: int, rng: random.Random, attempts: int = ATTEMPTS
) -> Deal:
    """A deal ``seat`` cannot tell from ``deal`` (in the bidding, ``seat`` to bid): its hand,
    the dealer and the bids so far unchanged, the other cards dealt again so that the earlier
    bids agree with the count (the first such draw, else the one disagreeing least)."""
    bids = tuple(b for b in spoken_bids(deal) if b.seat != seat)
    best = least_disagreeing(lambda: draw_hands(deal, seat, rng),
                             lambda dealt: dealt_disagreements(dealt, deal, bids), attempts)
    sample = Deal(best, deal.rules, undo=False)
    for contract in deal.bids:
        sample.push(BIDS[contract])
    return sample


def playout_mark(sample: Deal, seat: int, contract: Contract | None, seed: int) -> int:
    """``seat``'s mark when it bids ``contract`` in ``sample`` and SimpleBot then plays every
    seat to the end, each decision drawing from ``seed`` and its step."""
    deal = sample.copy()
    deal.push(BIDS[contract])
    bot = SimpleBot()
    base = seed * 1_000_003
    step = len(deal.moves)
    while deal.phase in WAITING:
        actor = deal.to_play if deal.phase is Phase.PLAYING else deal.current_seat
        assert actor is not None
        deal.push(bot.choose(deal, actor, DecisionRandom(base + step)))
        step += 1
    if deal.phase is Phase.REDEAL:
        return 0
    return deal.result().marks[seat]


def bid_values(deal: Deal, seat: int, rng: random.Random, samples: int) -> tuple[BidValue, ...]:
    """Every candidate bid's mean mark for ``seat`` over ``samples`` sampled deals, all
    candidates played on the same deals with the same draws."""
    candidates = bid_candidates(deal)
    totals = dict.fromkeys(candidates, 0)
    for _ in range(samples):
        sample = sampled_bidding_deal(deal, seat, rng)
        seed = rng.getrandbits(32)
        for contract in candidates:
            totals[contract] += playout_mark(sample, seat, contract, seed)
    return tuple(BidValue(c, totals[c] / samples) for c in candidates)


def chosen_bid(values: tuple[BidValue, ...], prior: Contract | None,
               margin: float) -> Contract | None:
    """The best candidate if it beats the prior's mean by more than ``margin``, else the
    prior (among equal bests, the lowest bid: the one that risks least)."""
    by_contract = {v.contract: v.mark for v in values}
    best = max(values, key=lambda v: v.mark)  # the first of equals: pass, then the lowest
    if best.mark > by_contract[prior] + margin:
        return best.contract
    return prior


def simulated_bid(
    deal: Deal, seat: int, rng: random.Random, samples: int = SAMPLES, margin: float = MARGIN
) -> Contract | None:
    """``seat``'s bid: the count's (SimpleBot's), unless the simulation finds a candidate
    better by more than ``margin`` marks on average. Deterministic given ``rng``."""
    prior = choose_bid(deal.hands[seat], deal.players, deal.highest)
    if len(bid_candidates(deal)) == 1:  # only pass is left
        return prior
    return chosen_bid(bid_values(deal, seat, rng, samples), prior, margin)


__all__ = [
    "ATTEMPTS",
    "BIDS_AT",
    "MARGIN",
    "SAMPLES",
    "BidValue",
    "bid_candidates",
    "bid_values",
    "chosen_bid",
    "draw_hands",
    "playout_mark",
    "sampled_bidding_deal",
    "simulated_bid",
]
