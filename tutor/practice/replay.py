"""A finished deal trick by trick, every hand visible, with the coach's remarks: for the
replay after the deal."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tutor.engine.game import Deal, Play, TrickRecord
from tutor.engine.variants import FFT_2012, Rules
from tutor.practice.coach import Remark, trick_remarks
from tutor.practice.moves import decode


@dataclass(frozen=True, slots=True)
class TrickView:
    index: int  # 0-based
    hands: tuple[int, ...]  # every hand as the trick starts
    record: TrickRecord
    remarks: tuple[Remark, ...]


def replay(
    players: int,
    seed: int,
    dealer: int,
    moves: Iterable[str],
    learner: int = 0,
    rules: Rules = FFT_2012,
) -> list[TrickView]:
    """The tricks of the deal ``(players, seed, dealer)`` played with ``moves`` under
    ``rules`` (who takes an Excuse in the last trick depends on them)."""
    deal = Deal.new(players, seed, dealer, rules)
    out: list[TrickView] = []
    hands: tuple[int, ...] | None = None
    learner_legal: int | None = None
    for text in moves:
        action = decode(text)
        if isinstance(action, Play):
            if not deal.trick:
                hands = tuple(deal.hands)
            if deal.to_play == learner:
                learner_legal = deal.legal_plays()
        before = len(deal.tricks)
        deal.push(action)
        if len(deal.tricks) > before:
            assert hands is not None
            index = len(deal.tricks) - 1
            remarks = trick_remarks(deal, index, learner, learner_legal)
            out.append(TrickView(index, hands, deal.tricks[index], tuple(remarks)))
    return out
