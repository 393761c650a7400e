"""Play deals with bots: every action goes through ``Deal.push``, so an illegal choice raises."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tutor.bots.base import Bot
from tutor.engine import Deal, Phase

WAITING = (Phase.PLAYING, Phase.BIDDING, Phase.CALLING, Phase.ECART, Phase.CHELEM)
PLAYING = Phase.PLAYING


class DecisionRandom(random.Random):
    """``random.Random(seed)``, seeded only when first drawn from: most decisions draw
    nothing, and seeding the Mersenne Twister costs more than many a decision. It gives the
    same numbers as ``random.Random(seed)``."""

    def __init__(self, seed: int) -> None:  # not seeded yet: see _draw
        self._pending: int | None = seed
        self.gauss_next = None

    def _draw(self) -> None:
        if self._pending is not None:
            seed, self._pending = self._pending, None
            super().seed(seed)

    def random(self) -> float:
        self._draw()
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        self._draw()
        return super().getrandbits(k)

    def getstate(self) -> tuple[Any, ...]:
        self._draw()
        return super().getstate()

    def setstate(self, state: tuple[Any, ...]) -> None:
        self._pending = None
        super().setstate(state)

    def seed(self, a: Any = None, version: int = 2) -> None:
        self._pending = None
        super().seed(a, version)


def decision_rng(seed: int, step: int) -> random.Random:
    """The rng for a bot's ``step``-th decision in the deal dealt from ``seed``: a bot's
    choice depends only on the deal and its moves so far, so a deal replays from its seed."""
    return DecisionRandom(seed * 1_000_003 + step)


def bot_step(deal: Deal, bots: Mapping[int, Bot] | Sequence[Bot]) -> None:
    """Let the seat whose turn it is act once (raises IllegalActionError if it cheats)."""
    seat = deal.current_seat
    assert seat is not None, "nobody is to act"
    action = bots[seat].choose(deal, seat, decision_rng(deal.seed, len(deal.moves)))
    deal.push(action)


def play_deal(players: int, seed: int, dealer: int = 0, bots: Sequence[Bot] | None = None) -> Deal:
    """A whole deal played by ``bots`` (SimpleBot in every seat by default); it ends FINISHED
    or REDEAL."""
    if bots is None:
        from tutor.bots.simple import SimpleBot

        bots = [SimpleBot()] * players
    deal = Deal.new(players, seed, dealer)
    step = 0  # len(deal.moves), counted rather than rebuilt at each step
    base = seed * 1_000_003  # decision_rng(seed, step), inlined
    while deal.phase in WAITING:
        seat = deal.to_play if deal.phase is PLAYING else deal.current_seat
        assert seat is not None
        deal.push(bots[seat].choose(deal, seat, DecisionRandom(base + step)))
        step += 1
    return deal
