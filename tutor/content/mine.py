"""Mining "best card" puzzles from computer-played deals: ``python -m tutor.content.mine``.

SimpleBot plays seeded deals; once few tricks are left, every card any seat is about to play
is a candidate position, kept when the solver proves one card (or one group of equivalent
cards) the only good one (``tutor.analysis.bestcard.prove``) and that card holds at the table:
it stays best over many deals of the hands its player cannot see (``tutor.analysis.robust``).
Each find carries the ideas it shows (``recognise``) and a difficulty from the tricks left and
the size of the loss. The same seeds always give the same finds, so a seed names a puzzle.
A find's notation carries the tricks played before it (``Position.history``): the deals of the
hidden hands keep every void they showed, and so does ``tutor check`` when it tests it again.

    python -m tutor.content.mine --players 4 --seeds 0 50 --tricks 5 --idea cash-the-king
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from tutor.analysis.bestcard import (
    MARGIN,
    Idea,
    NotProven,
    Proof,
    difficulty,
    prove,
    read_lines,
    recognise,
)
from tutor.analysis.robust import robustness_of
from tutor.bots.simple import SimpleBot
from tutor.bots.simulate import PLAYING, WAITING, DecisionRandom
from tutor.engine import Deal, format_cards, format_position

MAX_TRICKS = 5  # positions with at most this many tricks left (the current one counted)
MOST_TRICKS = 8  # --tricks past this solves whole deals: hours, not a puzzle's seconds
MINE_NODE_LIMIT = 200_000  # a candidate needing more is skipped: a puzzle must prove fast


@dataclass(frozen=True, slots=True)
class Find:
    """A proven position: where it came from, the proof, the ideas and the difficulty."""

    players: int
    seed: int
    notation: str
    proof: Proof
    ideas: tuple[Idea, ...]
    difficulty: int

    @property
    def idea(self) -> Idea | None:
        return self.ideas[0] if self.ideas else None


def candidate_positions(players: int, seed: int, max_tricks: int = MAX_TRICKS) -> Iterator[Deal]:
    """The deal dealt from ``seed`` played by SimpleBot in every seat; each moment a card is
    to be played with at most ``max_tricks`` tricks left (the deal itself, to read before it
    moves on)."""
    bots = [SimpleBot()] * players
    deal = Deal.new(players, seed)
    base = seed * 1_000_003  # as bot_step's decision_rng: the deal replays from its seed
    step = 0
    while deal.phase in WAITING:
        seat = deal.to_play if deal.phase is PLAYING else deal.current_seat
        assert seat is not None
        if deal.phase is PLAYING:
            left = deal.tricks_per_deal - deal.tricks_done
            if left <= max_tricks:
                yield deal
        deal.push(bots[seat].choose(deal, seat, DecisionRandom(base + step)))
        step += 1


def find_in(deal: Deal, seed: int, margin: int = MARGIN,
            node_limit: int = MINE_NODE_LIMIT, ideas: Sequence[Idea] = ()) -> Find | None:
    """The position of ``deal`` as a puzzle, or None when it is none: not proven, showing
    none of ``ideas`` (when given), or not the best card on average over the deals of the
    hands its player cannot see (``Robustness.holds``, as the check asks)."""
    position = deal.position()
    try:
        proof = prove(position, margin=margin, node_limit=node_limit)
    except NotProven:
        return None
    shown = recognise(proof, read_lines(proof))
    if ideas and not set(ideas) & set(shown):
        return None
    if not robustness_of(format_position(position), proof.best).holds:
        return None
    return Find(
        deal.players, seed, format_position(position), proof, shown,
        difficulty(proof.tricks_left, proof.loss),
    )


def mine(
    players: int,
    seeds: range,
    *,
    max_tricks: int = MAX_TRICKS,
    ideas: Sequence[Idea] = (),
    time_budget: float | None = None,
    limit: int | None = None,
    margin: int = MARGIN,
) -> Iterator[Find]:
    """Proven positions from the seeds in order (only those showing one of ``ideas`` when
    given), stopping after ``limit`` finds or ``time_budget`` CPU seconds."""
    start = time.process_time()
    found = 0
    for seed in seeds:
        for deal in candidate_positions(players, seed, max_tricks):
            if time_budget is not None and time.process_time() - start > time_budget:
                return
            find = find_in(deal, seed, margin, ideas=ideas)
            if find is None:
                continue
            yield find
            found += 1
            if limit is not None and found >= limit:
                return


def _whole_from(lo: int, hi: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number in ASCII digits from ``lo`` (to ``hi``)."""

    def read(text: str) -> int:
        if not text.strip().isascii() or not text.strip().isdigit():
            raise argparse.ArgumentTypeError(f"a whole number is expected, not {text!r}")
        value = int(text)
        if value < lo or (hi is not None and value > hi):
            upto = f" to {hi}" if hi is not None else " or more"
            raise argparse.ArgumentTypeError(f"expected {lo}{upto}, not {value}")
        return value

    return read


def _seconds(text: str) -> float:
    """An argparse type: a finite, positive number of seconds (float() takes nan and inf)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of seconds is expected, not {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"a positive number of seconds, not {text!r}")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor.content.mine", description=__doc__)
    parser.add_argument("--players", type=int, choices=(3, 4, 5), default=4)
    parser.add_argument("--seeds", type=int, nargs=2, default=(0, 20), metavar=("FIRST", "END"))
    parser.add_argument("--tricks", type=_whole_from(1, MOST_TRICKS), default=MAX_TRICKS,
                        help=f"most tricks left (1 to {MOST_TRICKS})")
    parser.add_argument("--idea", choices=[i.value for i in Idea], action="append", default=[])
    parser.add_argument("--budget", type=_seconds, default=None, help="CPU seconds")
    parser.add_argument("--limit", type=_whole_from(1), default=None,
                        help="stop after this many finds")
    parser.add_argument("--margin", type=int, default=MARGIN, help="points of mark")
    args = parser.parse_args(argv)
    first, end = args.seeds
    for find in mine(
        args.players, range(first, end), max_tricks=args.tricks,
        ideas=[Idea(i) for i in args.idea], time_budget=args.budget, limit=args.limit,
        margin=args.margin,
    ):
        tags = ",".join(find.ideas) or "-"
        print(f"{find.seed}\t{tags}\t{find.difficulty}\t{format_cards(find.proof.best)}\t"
              f"{find.proof.loss}\t{find.notation}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
