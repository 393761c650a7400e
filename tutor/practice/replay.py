"""A saved deal trick by trick, every hand visible, with the coach's remarks: what the replay
after the deal, the deal review and its table show. One replay of the record
(``DealRecord.replay``: one push per move, snapshots of the deal on the way) gives it all."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from tutor.engine import DealRecord, Position, ReplayedTrick, TrickRecord
from tutor.practice.coach import Remark, remarks_on


@dataclass(frozen=True, slots=True)
class TrickView:
    """One trick for ``learner``: every hand as it started, the trick, the coach's remarks,
    and the learner's legal cards and the position just before its card (None: no card of
    the learner's in the trick)."""

    index: int  # 0-based
    hands: tuple[int, ...]  # every hand as the trick starts
    record: TrickRecord
    remarks: tuple[Remark, ...]
    legal: int | None = None
    position: Position | None = None

    @classmethod
    def of(cls, trick: ReplayedTrick) -> TrickView:
        before = trick.before
        return cls(
            trick.index,
            trick.hands,
            trick.record,
            tuple(remarks_on(trick)),
            trick.legal,
            None if before is None else before.position(),
        )


@lru_cache(maxsize=64)
def replay(record: DealRecord, learner: int = 0) -> tuple[TrickView, ...]:
    """The tricks of the deal ``record`` for the player at seat ``learner`` (cached: a record
    and its views are immutable)."""
    return tuple(TrickView.of(trick) for trick in record.replay(learner).tricks)
