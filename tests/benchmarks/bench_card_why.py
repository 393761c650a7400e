"""The CPU a labelled card's why adds to a review, run by hand (not collected by pytest):

    PYTHONPATH=. python tests/benchmarks/bench_card_why.py [--deals 20] [--runs 3]

At every decision of the learner's cards in SimpleBot deals (4 players, seeds 1..deals, every
seat), ``card_reason`` is asked why each other legal card would have been better than the
lowest legal card (the Petit instead, where it is legal: its count draws deals of the hidden
cards), and ``show_how`` (already computed beside it for every labelled card) is timed once per
decision for scale. CPU time (``time.process_time``) per call: the median and the max over
the calls, the median of those over ``--runs`` runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tutor.bots.simple import SimpleBot
from tutor.bots.simulate import WAITING, bot_step
from tutor.engine import PETIT, Deal, Phase, cards_of
from tutor.review.card_why import card_reason
from tutor.review.expected import show_how


def one_run(deals: int) -> dict[str, list[float]]:
    """CPU seconds per call: the why of a card (not the Petit, the Petit) and show_how."""
    out: dict[str, list[float]] = {"why": [], "why of the Petit": [], "show_how": []}
    for seed in range(1, deals + 1):
        bots = [SimpleBot()] * 4
        deal = Deal.new(4, seed, 0)
        while deal.phase in WAITING:
            if (deal.phase is Phase.PLAYING and not deal.poignee_choices()
                    and deal.legal_plays().bit_count() > 1):
                legal = cards_of(deal.legal_plays())
                played = PETIT if PETIT in legal else legal[0]
                for better in legal:
                    if better != played:
                        start = time.process_time()
                        card_reason(deal, played, better, random.Random(seed))
                        key = "why of the Petit" if played == PETIT else "why"
                        out[key].append(time.process_time() - start)
                start = time.process_time()
                show_how(deal, legal[-1])
                out["show_how"].append(time.process_time() - start)
            bot_step(deal, bots)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    runs = [one_run(args.deals) for _ in range(args.runs)]
    for key in runs[0]:
        median = statistics.median(statistics.median(r[key]) for r in runs) * 1e3
        most = statistics.median(max(r[key]) for r in runs) * 1e3
        print(f"{key}: median {median:.2f} ms, max {most:.2f} ms a call "
              f"({len(runs[0][key])} calls a run, median of {args.runs} runs)")


if __name__ == "__main__":
    main()
