"""A hint at the learner's decision in play: their options valued by what they can know now.

The same valuation as the review's (``tutor.review.expected``: the hidden cards dealt again
consistently with what the learner has seen, every option played out on the same deals by
SimpleBot and, at the last tricks, the exact solver), on fewer deals (``HINT_SAMPLES``) so a
worker answers within a second. A hint names the option the valuation ranks best and how far
ahead of the next one it is; it never labels anything (no choice was made yet).

Decisions a hint is given at (``hint_decision``): the learner's bid, the king called at 5
players, and every card. The écart, the chelem and the poignée have no hint yet, although
the review values their options (``tutor.review.choices``): the practice page has no
sentence for them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from tutor.analysis.deadline import NO_DEADLINE, Deadline
from tutor.bots.simple import SimpleBot
from tutor.engine import Bid, Call, Card, Deal, DealRecord, Phase, cards_of, parse_action
from tutor.review.expected import (
    SEED,
    Decision,
    Expectation,
    Option,
    choices_sampler,
    expectation,
    expected_card,
    redealt_around,
    review_rng,
)

# Deals of the hidden cards a hint is valued on: the review's first count, never more (a hint
# does not label, so no deals are added where a label is unsettled). A few tenths of a second
# of CPU at the first trick (bench_hint.py).
HINT_SAMPLES = 12


class HintAt(StrEnum):
    """The learner's decisions a hint is given at."""

    BID = "bid"
    CALL = "call"
    CARD = "card"


def hint_decision(deal: Deal, learner: int) -> HintAt | None:
    """The decision ``learner`` is at in ``deal`` that a hint can value (None: none now)."""
    if deal.current_seat != learner:
        return None
    if deal.phase is Phase.BIDDING:
        return HintAt.BID
    if deal.phase is Phase.CALLING:
        return HintAt.CALL
    if deal.phase is Phase.PLAYING and deal.to_play == learner:
        return HintAt.CARD
    return None


@dataclass(frozen=True, slots=True)
class Hint:
    """The options at ``at`` valued (the best first) over ``samples`` deals, at trick
    ``trick`` (0-based; the bid and call come before the first) after ``moves`` moves."""

    at: HintAt
    options: tuple[Option, ...]
    samples: int
    trick: int
    moves: int

    @property
    def best(self) -> Option:
        return self.options[0]

    @property
    def lead(self) -> float | None:
        """How many points of the deal's score the best option's mean is above the next one's
        (None: one option only)."""
        if len(self.options) < 2:
            return None
        return self.options[0].mean - self.options[1].mean

    @property
    def card(self) -> Card | None:
        """The best option's card (a card to play or a king to call)."""
        action = parse_action(self.best.moves[0])
        if isinstance(action, Call):
            return action.card
        return getattr(action, "card", None)

    def to_data(self) -> dict[str, Any]:
        return {"at": self.at.value, "options": [o.to_data() for o in self.options],
                "samples": self.samples, "trick": self.trick, "moves": self.moves}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Hint:
        options = tuple(Option.from_data(o) for o in data["options"])
        if not options:
            raise ValueError("a hint without an option")
        return cls(HintAt(data["at"]), options, int(data["samples"]), int(data["trick"]),
                   int(data["moves"]))


def hint(record: DealRecord, learner: int, *, samples: int = HINT_SAMPLES,
         seed: int = SEED, deadline: Deadline = NO_DEADLINE) -> Hint | None:
    """The hint at the decision ``learner`` is at after ``record`` (None: no hint there;
    ``OverBudget`` when ``deadline`` passes first)."""
    deal = record.deal()
    at = hint_decision(deal, learner)
    if at is None:
        return None
    rng = review_rng(record, seed, f"hint {len(deal.moves)}")
    if at is HintAt.CARD:
        first = cards_of(deal.legal_plays())[0]
        valued = expected_card(deal, first, rng=rng, samples=samples, more=samples,
                               deadline=deadline)
    else:
        valued = _before_the_cards(deal, learner, record, at, rng, samples, deadline)
    return Hint(at, valued.options, valued.samples, len(deal.tricks), len(deal.moves))


def _before_the_cards(deal: Deal, learner: int, record: DealRecord, at: HintAt, rng: Any,
                      samples: int, deadline: Deadline) -> Expectation:
    """A bid or a call valued on deals drawn around the learner's hand (nothing else is seen
    before the chien is shown), each option played out by the bots."""
    kind = Bid if at is HintAt.BID else Call
    options = [a for a in deal.legal_actions() if type(a) is kind]
    drawn = redealt_around(record, learner, deal.moves, chien_seen=False)
    sampler = choices_sampler(drawn, learner, [(a,) for a in options], SimpleBot())
    decision = Decision.BID if at is HintAt.BID else Decision.CALL
    return expectation(decision, [(str(a),) for a in options], 0, sampler, rng, samples,
                       samples, deadline)


def hint_is_for(data: Hint, deal: Deal) -> bool:
    """The hint was computed at the decision ``deal`` is at now (a hint that arrives after
    the learner acted is dropped)."""
    return data.moves == len(deal.moves)


__all__ = ["HINT_SAMPLES", "Hint", "HintAt", "hint", "hint_decision", "hint_is_for"]
