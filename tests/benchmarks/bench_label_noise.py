"""Would a lower-variance valuation make the review's labels stable on re-analysis (issue 22)?

    PYTHONPATH=. python tests/benchmarks/bench_label_noise.py [--deals 10] [--players 4]
        [--first-seed 0] [--draws 48] [--repeats 30]

For each card of the taker's seat in ``--deals`` deals that the review values on deals drawn
(the whole deal not seen, more than one group of cards), ``--draws`` deals of the hidden cards
are drawn and every option is played out on each, as the review does
(``expected._card_sampler``). Then:

1. **A control variate.** The share of the paired gap's variance (the chosen card against each
   other option, weighted by that variance) a least-squares fit on cheap features of the deal
   drawn leaves, cross-validated (each deal predicted from the others): the oudlers, trumps and
   card points of each hidden holder, and at five players who the partner is. Below 1 a control
   variate on those features would narrow the gap's standard error; at 1 or above it cannot.
2. **What a lower variance would buy.** Each decision is valued twice by ``expectation`` itself
   (the review's rule: ``SAMPLES`` deals, ``MORE_SAMPLES`` unless settled, the conservative
   loss), on deals picked at random from those played out, with every option's deviation from
   its mean scaled by a factor (1: the valuation as it is; 0.6: one with 40% less spread per
   deal and the same means), and again with twice the deals. Printed: the share of decisions
   given the same label both times, and the share labelled.

The deals played out stand for all deals (a bootstrap): the figures compare valuations with one
another, they are not the review's own stability (``bench_review.py --stability``).
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass
from unittest.mock import patch

import numpy as np

from tests.benchmarks.bench_review import played_deals
from tutor.bots.sampling import Hidden, hidden_cards, sample_deal
from tutor.bots.simple import SimpleBot
from tutor.engine import OUDLERS_MASK, TRUMPS_MASK, Deal, half_points
from tutor.review import expected
from tutor.review.deal import learner_turns
from tutor.review.expected import MORE_SAMPLES, SAMPLES, Decision, expectation

SCALES = (1.0, 0.8, 0.6, 0.4, 0.2)


@dataclass(frozen=True)
class Drawn:
    """One card decision: each deal drawn's value of every option, and its features."""

    chosen: int
    values: list[list[float]]  # values[deal][option]
    features: list[list[float]]  # features[deal]


def features(sample: Deal, hidden: Hidden, called: bool) -> list[float]:
    """Where the cards that decide a contract lie in a deal drawn: per hidden holder."""
    masks = [sample.hands[h] if h < sample.players else sample.chien | sample.ecart
             for h in hidden.holders]
    out = [float((m & OUDLERS_MASK).bit_count()) for m in masks]
    out += [float((m & TRUMPS_MASK).bit_count()) for m in masks]
    out += [float(half_points(m)) for m in masks]
    if called:
        out += [float(sample.partner == h) for h in hidden.holders]
    return out


def drawn_decisions(players: int, deals: int, first: int, draws: int) -> list[Drawn]:
    out = []
    for record, taker in played_deals(deals, players, first):
        for turn in learner_turns(record, taker):
            deal, seat = turn.before, turn.seat
            hidden = hidden_cards(deal, seat)
            groups = expected.card_groups(deal, seat, hidden)
            if expected.sees_whole_deal(deal, hidden) or len(groups) < 2:
                continue
            chosen = next(i for i, g in enumerate(groups) if turn.card in g)
            rng = random.Random(f"{record.seed}:{turn.trick}")
            values, feats = [], []
            for _ in range(draws):
                # the review's sampler, on a deal drawn here so that its features are known
                sample = sample_deal(deal, seat, rng, hidden)
                with patch.object(expected, "sample_deal", lambda *_, s=sample: s):
                    sampler = expected._card_sampler(deal, seat, hidden, groups, SimpleBot())
                    values.append(sampler(rng, rng.getrandbits(30) * 1_000))
                feats.append(features(sample, hidden, deal.called is not None))
            out.append(Drawn(chosen, values, feats))
    return out


def variance_left(decisions: list[Drawn]) -> float:
    """The share of the paired gaps' variance a cross-validated least-squares fit on the
    features leaves (weighted by each gap's variance)."""
    total = left = 0.0
    for d in decisions:
        v = np.array(d.values)
        x = np.array(d.features)
        x = x[:, x.std(0) > 0]
        x = (x - x.mean(0)) / x.std(0) if x.shape[1] else x
        for j in range(v.shape[1]):
            gap = v[:, j] - v[:, d.chosen]
            spread = gap - gap.mean()
            if j == d.chosen or not spread.any():
                continue
            n = len(gap)
            # ridge (1 on standardised features), its hat matrix with the intercept
            hat = x @ np.linalg.solve(x.T @ x + np.eye(x.shape[1]), x.T) + 1 / n
            residual = spread - (hat - 1 / n) @ spread
            out_of_sample = residual / (1 - np.diag(hat))
            total += float(spread @ spread)
            left += float(out_of_sample @ out_of_sample)
    return left / total


def stability(decisions: list[Drawn], scale: float, more: int, repeats: int
              ) -> tuple[float, float]:
    """The share of decisions labelled alike by two valuations on deals picked at random,
    each option's spread scaled by ``scale``; the share labelled."""
    same = labelled = count = 0
    rng = random.Random(2026)
    for d in decisions:
        v = np.array(d.values)
        scaled = (v.mean(0) + scale * (v - v.mean(0))).tolist()
        options = [(f"play:{i}",) for i in range(v.shape[1])]

        def sampler(r: random.Random, _draws: int, rows: list[list[float]] = scaled
                    ) -> list[float]:
            return rows[r.randrange(len(rows))]

        for _ in range(repeats):
            a, b = (expectation(Decision.CARD, options, d.chosen, sampler,
                                random.Random(rng.getrandbits(64)), more * SAMPLES,
                                more * MORE_SAMPLES).verdict for _ in range(2))
            same += a is b
            labelled += a is not None
            count += 1
    return same / count, labelled / count


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--players", type=int, choices=(3, 4, 5), default=4)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--draws", type=int, default=48)
    parser.add_argument("--repeats", type=int, default=30)
    args = parser.parse_args()
    decisions = drawn_decisions(args.players, args.deals, args.first_seed, args.draws)
    print(f"{len(decisions)} card decisions, {args.draws} deals drawn each")
    print(f"control variate on the deal's features: {variance_left(decisions):.2f} of the "
          "paired gaps' variance left (cross-validated)")
    for more, scales in ((1, SCALES), (2, (1.0,))):
        for scale in scales:
            same, labelled = stability(decisions, scale, more, args.repeats)
            print(f"spread x{scale:.1f}, {more * SAMPLES}/{more * MORE_SAMPLES} deals: "
                  f"{same:.1%} labelled alike, {labelled:.1%} labelled")


if __name__ == "__main__":
    main()
