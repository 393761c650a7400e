"""SimpleBot bidding by the count (``tutor.bots.bidding``) against its bidding before, run by
hand (not collected by pytest), duplicate style:

    nice -n 10 python tests/benchmarks/bench_bidding.py bid [deals] [--first SEED] [--players N]
    nice -n 10 python tests/benchmarks/bench_bidding.py call [deals] [--first SEED]

``bid`` plays each deal dealt from seeds FIRST..FIRST+deals-1 (the dealer rotating with the
seed) once with the former bidding in every seat, then once per seat with the count's bidding
in that seat only: the same cards, so each seat's mark compares deal by deal (a deal all pass
is worth 0 to everyone). ``call`` plays 5-player deals twice, every seat bidding by the count,
with the former call and with the club-practice call (``choose_call``), and compares the
taker's side (the taker's mark plus the partner's). Card play is SimpleBot's throughout.

It prints the average paired difference per deal (new minus former) with its 95% interval
(1.96 standard errors over deals). Use seeds never used to tune the count (the default first
seed, 500000, is far from the 0..2999 the tests and the tuning scripts use).

The former rules are kept below, as they were on main before the count (commit 3260081), only
for this comparison.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from anywhere

from tutor.bots import SimpleBot
from tutor.bots.base import Bot
from tutor.bots.simple import BIDS
from tutor.bots.simulate import play_deal
from tutor.engine import (
    CAVALIER,
    EXCUSE_BIT,
    HAND_SIZE,
    JACK,
    KING,
    PETIT,
    PLAIN_SUITS,
    QUEEN,
    SUIT_MASKS,
    TRUMP_21,
    TRUMPS_MASK,
    Action,
    Call,
    Card,
    Contract,
    Deal,
    Phase,
    callable_cards,
    cards_of,
    suit_card,
)

# --- the former rules (main at 3260081), for the comparison only ----------------------------
FORMER_THRESHOLDS = {
    3: ((60, Contract.GARDE_CONTRE), (54, Contract.GARDE_SANS), (45, Contract.GARDE),
        (36, Contract.PRISE)),
    4: ((68, Contract.GARDE_CONTRE), (60, Contract.GARDE_SANS), (52, Contract.GARDE),
        (40, Contract.PRISE)),
    5: ((70, Contract.GARDE_CONTRE), (60, Contract.GARDE_SANS), (48, Contract.GARDE),
        (36, Contract.PRISE)),
}
FORMER_MAJORS = sum(1 << (PETIT + n - 1) for n in range(16, 21))


def former_strength(hand: int, players: int) -> int:
    n_trumps = (hand & TRUMPS_MASK).bit_count()
    points = 10 * (hand >> TRUMP_21 & 1) + (7 if hand & EXCUSE_BIT else 0)
    if hand >> PETIT & 1:
        safe = {3: 8, 4: 6, 5: 5}[players]
        points += max(0, min(9, 9 - 2 * (safe - n_trumps)))
    points += 2 * n_trumps + (hand & FORMER_MAJORS).bit_count()
    ruffing = n_trumps >= {3: 7, 4: 5, 5: 4}[players]
    for s in PLAIN_SUITS:
        cards = hand & SUIT_MASKS[s]
        length = cards.bit_count()
        king = cards >> suit_card(s, KING) & 1
        queen = cards >> suit_card(s, QUEEN) & 1
        points += 6 * king + 3 * queen + (king & queen)
        points += 2 * (cards >> suit_card(s, CAVALIER) & 1) + (cards >> suit_card(s, JACK) & 1)
        points += 0 if length < 5 else 5 + 2 * (length - 5)
        if ruffing and length <= 1:
            points += 6 if length == 0 else 3
    return round(points * HAND_SIZE[4] / HAND_SIZE[players])


def former_bid(hand: int, players: int, highest: Contract | None) -> Contract | None:
    strength = former_strength(hand, players)
    wanted = next((c for least, c in FORMER_THRESHOLDS[players] if strength >= least), None)
    if wanted is None or (highest is not None and wanted <= highest):
        return None
    return wanted


def former_call(hand: int) -> Card:
    allowed = callable_cards(hand)
    candidates = [c for c in cards_of(allowed) if not hand >> c & 1]
    if not candidates:
        return max(cards_of(allowed))

    def key(card: Card) -> tuple[int, int, int]:
        suit_cards = hand & SUIT_MASKS[card // 14]
        return (suit_cards.bit_count() > 0, card % 14 + 1, suit_cards.bit_count())

    return max(candidates, key=key)


class FormerBot(SimpleBot):
    """SimpleBot with the former bidding (``bid``) and/or the former call (``call``)."""

    def __init__(self, bid: bool, call: bool) -> None:
        super().__init__()
        self.bid, self.call = bid, call

    def choose(self, deal: Deal, seat: int, rng: random.Random) -> Action:
        if self.bid and deal.phase is Phase.BIDDING:
            return BIDS[former_bid(deal.hands[seat], deal.players, deal.highest)]
        if self.call and deal.phase is Phase.CALLING:
            return Call(former_call(deal.hands[seat]))
        return super().choose(deal, seat, rng)


# --- the comparison -------------------------------------------------------------------------
def marks(players: int, seed: int, bots: list[Bot]) -> list[int]:
    deal = play_deal(players, seed, dealer=seed % players, bots=bots)
    if deal.phase is Phase.REDEAL:
        return [0] * players
    return list(deal.result().marks)


def side_mark(players: int, seed: int, bots: list[Bot]) -> int:
    deal = play_deal(players, seed, dealer=seed % players, bots=bots)
    if deal.phase is Phase.REDEAL or deal.taker is None:
        return 0
    result = deal.result().marks
    partner = deal.partner
    return result[deal.taker] + (result[partner] if partner not in (None, deal.taker) else 0)


def interval(diffs: list[float]) -> str:
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    return f"{mean:+.2f} (95% interval {mean - half:+.2f} to {mean + half:+.2f})"


def bench_bid(players: int, deals: int, first: int) -> None:
    per_deal: list[float] = []
    changed = 0
    for seed in range(first, first + deals):
        base = marks(players, seed, [FormerBot(True, False) for _ in range(players)])
        diffs = []
        for seat in range(players):
            bots: list[Bot] = [FormerBot(True, False) for _ in range(players)]
            bots[seat] = SimpleBot()
            diffs.append(marks(players, seed, bots)[seat] - base[seat])
        changed += any(diffs)
        per_deal.append(statistics.fmean(diffs))
    print(f"{players} players, seeds {first}..{first + deals - 1}: one seat bidding by the count "
          f"among former bidders, its mark per deal minus the former bidder's: "
          f"{interval(per_deal)}; {changed} deals of {deals} changed")


def bench_call(deals: int, first: int) -> None:
    diffs: list[float] = []
    for seed in range(first, first + deals):
        former = side_mark(5, seed, [FormerBot(False, True) for _ in range(5)])
        new = side_mark(5, seed, [SimpleBot() for _ in range(5)])
        diffs.append(float(new - former))
    changed = sum(1 for d in diffs if d)
    print(f"5 players, seeds {first}..{first + deals - 1}: the taker's side (taker + partner) "
          f"with the club-practice call minus the former call, per deal: {interval(diffs)}; "
          f"{changed} deals of {deals} changed")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("bid", "call"))
    parser.add_argument("deals", nargs="?", type=int, default=2000)
    parser.add_argument("--first", type=int, default=500_000)
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    args = parser.parse_args()
    if args.command == "bid":
        bench_bid(args.players, args.deals, args.first)
    else:
        bench_call(args.deals, args.first)


if __name__ == "__main__":
    main()
