"""The Expert's bid by simulation against its bid by the count, paired deal by deal (run by
hand, not collected by pytest):

    nice -n 19 python tests/benchmarks/bench_bid_simulation.py --seed-start 900000
        --deals 2000 [--minutes M] [--margin MARKS] [--out FILE]

For each seeded deal (dealer turning with the seed, as ``tutor.bots.duplicate``) that
SimpleBot's table does not deal again, and each seat: the seat's bid decision is the one it
meets in SimpleBot's table (every seat bids once, and the seats before it bid by the count), so
the Expert with the bid simulation (``tutor.bots.bid_simulation``) and the Expert bidding by
the count play exactly the same deal whenever their bids agree (every decision draws from its
own rng, ``simulate.decision_rng``). The seat's gain is therefore 0 where the bids agree, and
otherwise its mark with the simulated bid minus its mark with the count's bid, each deal played
to the end with that Expert in the seat and SimpleBot elsewhere. It is what pairing two
``bench_duplicate.py --bot expert`` runs (before and after) deal by deal gives, without
replaying the deals that cannot differ.

``--margin`` (default: the module's ``MARGIN``) is the margin used; every seat whose best
candidate beats the count's bid by more than ``--record-from`` marks (default: the margin) is
played and written to ``--out`` with its advantage, so that a tuning run at ``--record-from 0``
can be read again for any larger margin (``--tune FILE``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from anywhere

from tutor.bots.base import Bot
from tutor.bots.bid_simulation import MARGIN, SAMPLES, bid_values, chosen_bid
from tutor.bots.bidding import choose_bid
from tutor.bots.duplicate import interval, seat_mark, seeded_deal
from tutor.bots.simple import SimpleBot
from tutor.bots.simulate import decision_rng
from tutor.bots.strong import StrongBot
from tutor.engine import Deal, Phase, first_to_speak


def table(players: int, seat: int, expert: Bot) -> list[Bot]:
    bots: list[Bot] = [SimpleBot() for _ in range(players)]
    bots[seat] = expert
    return bots


def bid_turn(reference: Deal, seat: int) -> Deal:
    """The deal at ``seat``'s bid in SimpleBot's table."""
    deal = Deal.new(reference.players, reference.seed, reference.dealer)
    turn = (seat - first_to_speak(reference.dealer, reference.players)) % reference.players
    for contract in reference.bids[:turn]:
        deal.bid(contract)
    return deal


def run(args: argparse.Namespace) -> None:
    players, margin = args.players, args.margin
    record_from = margin if args.record_from is None else args.record_from
    out = args.out.open("w") if args.out else None
    wall = time.monotonic()
    budget = None if args.minutes is None else args.minutes * 60
    deal_gains: list[float] = []
    bid_times: list[float] = []
    changed = redeals = 0
    for seed in range(args.seed_start, args.seed_start + args.deals):
        if budget is not None and time.monotonic() - wall > budget:
            break
        reference = seeded_deal(players, seed, [SimpleBot() for _ in range(players)])
        if reference.phase is Phase.REDEAL:
            redeals += 1
            continue
        gains = []
        for seat in range(players):
            deal = bid_turn(reference, seat)
            rng = decision_rng(seed, len(deal.moves))
            prior = choose_bid(deal.hands[seat], players, deal.highest)
            start = time.process_time()
            values = bid_values(deal, seat, rng, args.samples)
            bid_times.append(time.process_time() - start)
            best = max(values, key=lambda v: v.mark)
            advantage = best.mark - next(v.mark for v in values if v.contract == prior)
            if advantage <= record_from:
                gains.append(0.0)
                continue
            new = seeded_deal(players, seed, table(
                players, seat, StrongBot(bid_samples=args.samples, bid_margin=record_from,
                                               bids_at=frozenset({players}))))
            old = seeded_deal(players, seed, table(players, seat, StrongBot(bid_samples=0)))
            turn = len(deal.bids)  # the seat's bid in both tables: the simulated one, the count's
            assert (new.bids[turn], old.bids[turn]) == (best.contract, prior)
            assert chosen_bid(values, prior, record_from) == best.contract
            gain = float(seat_mark(new, seat) - seat_mark(old, seat))
            gains.append(gain if advantage > margin else 0.0)
            changed += advantage > margin
            if out is not None:
                out.write(json.dumps({
                    "seed": seed, "seat": seat, "prior": str(prior), "best": str(best.contract),
                    "advantage": advantage, "gain": gain}) + "\n")
                out.flush()  # a run stopped early keeps its records
        deal_gains.append(statistics.fmean(gains))
    if out is not None:
        out.close()
    iv = interval(deal_gains)
    print(f"bid simulation ({args.samples} samples, margin {margin}) against the count's bid, "
          f"{players} players, seeds from {args.seed_start}: {iv.n} deals, {redeals} dealt "
          f"again, {changed} seats bid otherwise; {time.monotonic() - wall:.0f} s wall")
    print(f"  paired gain per deal {iv.mean:+.2f}, 95% interval [{iv.low:+.2f}, {iv.high:+.2f}]")
    ordered = sorted(bid_times)
    print(f"  bid decision CPU ({len(ordered)}): median {statistics.median(ordered):.3f} s, "
          f"p95 {ordered[int(0.95 * len(ordered))]:.3f} s, max {ordered[-1]:.3f} s")


def deal_gains_at(rows: list[dict[str, Any]], margin: float, players: int,
                  deals: int) -> list[float]:
    """Each deal's paired gain had the run used ``margin``: a recorded seat counts when its
    advantage beats the margin; the deals without a record gained 0."""
    by_seed: dict[int, float] = {}
    for row in rows:
        by_seed.setdefault(row["seed"], 0.0)
        if row["advantage"] > margin:
            by_seed[row["seed"]] += row["gain"] / players
    return [*by_seed.values(), *[0.0] * (deals - len(by_seed))]


def tune(path: Path, players: int, deals: int) -> None:
    """The paired gain per deal for several margins, from a run's records (``deals`` the
    number of deals that run played), either way with its 95% interval."""
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    for margin in (0, 5, 10, 15, 20, 30, 40, 60, 80, 120):
        iv = interval(deal_gains_at(rows, margin, players, deals))
        print(f"  margin {margin:>4}: paired gain per deal {iv.mean:+.2f}, "
              f"95% interval [{iv.low:+.2f}, {iv.high:+.2f}] ({iv.n} deals)")

    def level(text: str) -> int:  # a bid's rank, pass 0
        return 0 if text == "None" else int(text)

    ways = {"either way": lambda r: True,
            "higher": lambda r: level(r["best"]) > level(r["prior"]),
            "lower": lambda r: level(r["best"]) < level(r["prior"])}
    for way, keeps in ways.items():
        for margin in (0, 5, 10, 15, 20, 30, 40, 60, 80, 120):
            taken = [r["gain"] for r in rows if r["advantage"] > margin and keeps(r)]
            print(f"  {way:<11} margin {margin:>4}: {len(taken):>4} seats bid otherwise, "
                  f"paired gain per deal {sum(taken) / players / deals:+.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed-start", type=int, default=900_000)
    parser.add_argument("--samples", type=int, default=SAMPLES)
    parser.add_argument("--margin", type=float, default=MARGIN)
    parser.add_argument("--record-from", type=float, default=None)
    parser.add_argument("--minutes", type=float, default=None)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--tune", type=Path, default=None, help="read a run's records")
    args = parser.parse_args()
    if args.tune is not None:
        tune(args.tune, args.players, args.deals)
    else:
        run(args)


if __name__ == "__main__":
    main()
