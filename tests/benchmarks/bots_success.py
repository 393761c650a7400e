"""How well SimpleBot's bids are made, run by hand (not collected by pytest):

    python tests/benchmarks/bots_success.py [deals per player count, default 3000]

Plays N deals at 3, 4 and 5 players with SimpleBot in every seat (seeds 0..N-1, the dealer
rotating with the seed), every action through ``Deal.push``. Prints, per player count, how
many deals were redealt (all passed, petit sec) and, per contract, how many were bid and the
share the taker made, with the average mark of the taker; then the poignées, chelems and
petits au bout seen.
"""

from __future__ import annotations

import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from anywhere

from tutor.bots import play_deal
from tutor.engine.announcements import Chelem
from tutor.engine.contracts import Contract
from tutor.engine.game import Phase, RedealReason


def run(players: int, deals: int) -> None:
    bid: Counter[Contract] = Counter()
    made: Counter[Contract] = Counter()
    marks: defaultdict[Contract, int] = defaultdict(int)
    redeals: Counter[RedealReason] = Counter()
    extras: Counter[str] = Counter()
    start = time.perf_counter()
    for seed in range(deals):
        deal = play_deal(players, seed, dealer=seed % players)
        if deal.phase is Phase.REDEAL:
            assert deal.redeal_reason is not None
            redeals[deal.redeal_reason] += 1
            continue
        assert deal.phase is Phase.FINISHED and deal.contract is not None
        assert deal.taker is not None
        result = deal.result()
        assert sum(result.marks) == 0
        contract = deal.contract
        bid[contract] += 1
        made[contract] += result.score.made
        marks[contract] += result.marks[deal.taker]
        if deal.poignees:
            extras["poignée shown"] += len(deal.poignees)
        if result.petit_au_bout is not None:
            extras[f"petit au bout ({result.petit_au_bout.value})"] += 1
        if result.chelem is not Chelem.NONE:
            extras[f"chelem {result.chelem.value}"] += 1
        if players == 5 and deal.partner is None:
            extras["taker alone"] += 1
    elapsed = time.perf_counter() - start
    played = sum(bid.values())
    print(
        f"\n{players} players: {deals} deals in {elapsed:.1f} s, {played} played, "
        f"redealt: {redeals[RedealReason.ALL_PASSED]} all passed, "
        f"{redeals[RedealReason.PETIT_SEC]} petit sec"
    )
    print(f"  {'contract':<13}{'bid':>6}{'share':>8}{'made':>8}{'avg taker mark':>16}")
    total_made = 0
    for contract in Contract:
        n = bid[contract]
        if not n:
            print(f"  {contract.code:<13}{0:>6}")
            continue
        total_made += made[contract]
        print(
            f"  {contract.code:<13}{n:>6}{n / played:>8.1%}{made[contract] / n:>8.1%}"
            f"{marks[contract] / n:>16.1f}"
        )
    if played:
        print(f"  {'all':<13}{played:>6}{'':>8}{total_made / played:>8.1%}")
    for name, count in sorted(extras.items()):
        print(f"  {name}: {count}")


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    for players in (3, 4, 5):
        run(players, deals)


if __name__ == "__main__":
    main()
