"""Engine speed, run by hand (not collected by pytest):

    python tests/benchmarks/bench_engine.py

1. Random legal full 4-player deals per second, through the whole state machine: random bid
   for each seat, écart card by card, the chelem question, every card via ``legal_plays()``
   and ``play()``, then ``result()`` (count, Excuse exchange, score). Deals voided by a petit
   sec or four passes count as deals too (they are dealt and bid), as at a real table.
   Measured twice: with the undo history (the default, ``pop()`` allowed) and without
   (``undo=False``, what a simulation uses).
2. Legal-play calls per second (``legal_mask``) on positions recorded from random deals.
Each figure is the median of 5 runs, in CPU time (``time.process_time``: on a busy machine
wall time measures the neighbours). ``--deals-only`` / ``--no-undo`` print one figure only
(for timing the whole process from outside).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

# This checkout's engine, not the one installed in editable mode from another checkout.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tutor.engine.contracts import Contract
from tutor.engine.game import Deal, Phase
from tutor.engine.play import legal_mask

RUNS = 5
CONTRACTS = [None, None, Contract.PRISE, Contract.GARDE, Contract.GARDE_SANS,
             Contract.GARDE_CONTRE]


def random_card(mask: int, rng: random.Random) -> int:
    """A uniformly random card of a mask."""
    k = int(rng.random() * mask.bit_count())
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def random_full_deal(seed: int, rng: random.Random, undo: bool = True) -> Deal:
    d = Deal.new(4, seed, dealer=seed & 3, undo=undo)
    while d.phase is Phase.BIDDING:
        bid = rng.choice(CONTRACTS)
        d.bid(bid if bid is None or d.highest is None or bid > d.highest else None)
    if d.phase is Phase.REDEAL:
        return d
    while d.phase is Phase.ECART:
        d.discard(random_card(d.legal_discards(), rng))
    d.announce_chelem(False)
    while d.phase is Phase.PLAYING:
        d.play(random_card(d.legal_plays(), rng))
    d.result()
    return d


def bench_deals(n: int, undo: bool = True) -> float:
    rng = random.Random(1)
    start = time.process_time()
    for seed in range(n):
        random_full_deal(seed, rng, undo)
    return n / (time.process_time() - start)


def positions_met_in_play(deals: int) -> list[tuple[int, int, int]]:
    rng = random.Random(2)
    out = []
    for seed in range(deals):
        d = Deal.new(4, seed)
        while d.phase is Phase.BIDDING:
            d.bid(Contract.GARDE_SANS if d.highest is None else None)
        if d.phase is Phase.REDEAL:
            continue
        d.announce_chelem(False)
        while d.phase is Phase.PLAYING:
            out.append((d.hands[d.to_play], d.led, d.top))
            d.play(random_card(d.legal_plays(), rng))
    return out


def bench_legal(positions: list[tuple[int, int, int]]) -> float:
    f = legal_mask
    start = time.process_time()
    for hand, led, top in positions:
        f(hand, led, top)
    return len(positions) / (time.process_time() - start)


def main() -> None:
    if "--deals-only" in sys.argv or "--no-undo" in sys.argv:
        undo = "--no-undo" not in sys.argv
        print(f"{bench_deals(2000, undo):,.0f} deals/s (undo={undo})")
        return
    deals = [bench_deals(2000) for _ in range(RUNS)]
    fast = [bench_deals(2000, undo=False) for _ in range(RUNS)]
    positions = positions_met_in_play(3000)
    calls = [bench_legal(positions) for _ in range(RUNS)]
    print(f"full 4-player deals/s : median {statistics.median(deals):,.0f} "
          f"(runs: {', '.join(f'{x:,.0f}' for x in deals)})")
    print(f"  the same, undo=False: median {statistics.median(fast):,.0f} "
          f"(runs: {', '.join(f'{x:,.0f}' for x in fast)})")
    print(f"legal-play calls/s    : median {statistics.median(calls):,.0f} "
          f"over {len(positions):,} positions (runs: {', '.join(f'{x:,.0f}' for x in calls)})")


if __name__ == "__main__":
    main()
