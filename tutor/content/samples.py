"""Positions to analyse: where computer players or random legal play leave a deal with a given
number of tricks still to play. The solver's benchmark and tests use them; so can puzzles."""

from __future__ import annotations

import random

from tutor.bots.simple import SimpleBot
from tutor.bots.simulate import WAITING, bot_step
from tutor.engine import FFT_2012, HAND_SIZE, Deal, Phase, Rules


def _at_trick_start(deal: Deal, tricks_left: int) -> bool:
    return (
        deal.phase is Phase.PLAYING
        and not deal.trick
        and deal.tricks_per_deal - deal.tricks_done == tricks_left
    )


def bot_position(players: int, seed: int, tricks_left: int) -> Deal | None:
    """The deal dealt from ``seed``, played by SimpleBot in every seat until ``tricks_left``
    tricks are left (at the start of a trick); None when the deal is void (all passed)."""
    if not 1 <= tricks_left <= HAND_SIZE[players]:
        raise ValueError(f"{tricks_left} tricks left: a deal has {HAND_SIZE[players]}")
    bots = [SimpleBot()] * players
    deal = Deal.new(players, seed)
    while deal.phase in WAITING and not _at_trick_start(deal, tricks_left):
        bot_step(deal, bots)
    return deal if _at_trick_start(deal, tricks_left) else None


def bot_positions(players: int, tricks_left: int, count: int, first_seed: int = 0) -> list[Deal]:
    """``count`` positions from consecutive seeds (void deals skipped)."""
    out: list[Deal] = []
    seed = first_seed
    while len(out) < count:
        deal = bot_position(players, seed, tricks_left)
        if deal is not None:
            out.append(deal)
        seed += 1
    return out


def random_position(
    players: int, seed: int, tricks_left: int, in_trick: int = 0, rules: Rules = FFT_2012
) -> Deal:
    """A deal where every choice (bids, call, écart, chelem, poignées, cards) is drawn at random
    among the legal ones until ``tricks_left`` tricks are left and ``in_trick`` cards are in the
    trick in progress; void deals are dealt again from the next seed."""
    rng = random.Random(seed)
    while True:
        deal = Deal.new(
            players, rng.randrange(1 << 30), dealer=rng.randrange(players), rules=rules
        )
        while deal.phase in WAITING:
            if (
                deal.phase is Phase.PLAYING
                and deal.tricks_per_deal - deal.tricks_done == tricks_left
                and len(deal.trick) == in_trick
            ):
                return deal
            deal.push(rng.choice(deal.legal_actions()))
