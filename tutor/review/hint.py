"""A hint at the learner's decision in play: their options valued by what they can know now.

The same valuation as the review's (``tutor.review.expected``: the hidden cards dealt again
consistently with what the learner has seen, every option played out on the same deals by
SimpleBot and, at the last tricks, the exact solver), on fewer deals (``HINT_SAMPLES``) so a
worker answers within a second. A hint names the option the valuation ranks best and how far
ahead of the next one it is; it never labels anything (no choice was made yet).

Decisions a hint is given at (``hint_decision``, one of the review's ``Decision``): the
learner's bid, the king called at 5 players, the écart, the chelem announcement, the poignée
and every card. The écart, the chelem and the poignée are valued as the review values them
(``tutor.review.choices``): the écart against the coach's écart and its variations (what a
hint can say is "the best of these candidates", never "the best écart"); the poignée with
the first card SimpleBot would play after it (the card is the next decision, hinted once the
poignée is shown or declined). Each of these comes with the fact that tells the best option
from the next (``why``), as the review's choices do.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tutor.analysis.deadline import NO_DEADLINE, Deadline
from tutor.bots.simple import SimpleBot
from tutor.engine import (
    Action,
    Bid,
    Call,
    Card,
    Deal,
    DealRecord,
    Phase,
    Play,
    ShowPoignee,
    cards_of,
    parse_action,
)
from tutor.review.choices import (
    Moment,
    Why,
    chelem_options,
    compared_why,
    ecart_candidates,
    moment_sampler,
    poignee_options,
)
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
# of CPU at the first trick (`bench_service.py hints`).
HINT_SAMPLES = 12


# The phases before the cards whose decision is the phase's own.
_PHASE_DECISION = {Phase.BIDDING: Decision.BID, Phase.CALLING: Decision.CALL,
                   Phase.ECART: Decision.ECART, Phase.CHELEM: Decision.CHELEM}
# The decisions valued as the review values its choices (``tutor.review.choices``).
CHOICES = frozenset({Decision.ECART, Decision.CHELEM, Decision.POIGNEE})


def hint_decision(deal: Deal, learner: int) -> Decision | None:
    """The decision ``learner`` is at in ``deal`` that a hint can value (None: none now): the
    phase's before the cards, and in play the poignée before their first card when they hold
    one, else the card."""
    if deal.current_seat != learner:
        return None
    if deal.phase in _PHASE_DECISION:
        return _PHASE_DECISION[deal.phase]
    if deal.phase is Phase.PLAYING and deal.to_play == learner:
        return Decision.POIGNEE if deal.poignee_choices() else Decision.CARD
    return None


@dataclass(frozen=True, slots=True)
class Hint:
    """The options at ``at`` valued (the best first) over ``samples`` deals, at trick
    ``trick`` (0-based; the bid and call come before the first) after ``moves`` moves."""

    at: Decision
    options: tuple[Option, ...]
    samples: int
    trick: int
    moves: int
    why: Why | None = None  # what tells the best option from the next (None: not said)
    facts: tuple[tuple[str, int], ...] = ()  # the numbers the why's sentence says

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
                "samples": self.samples, "trick": self.trick, "moves": self.moves,
                "why": None if self.why is None else self.why.value,
                "facts": [[k, v] for k, v in self.facts]}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Hint:
        options = tuple(Option.from_data(o) for o in data["options"])
        if not options:
            raise ValueError("a hint without an option")
        why = data.get("why")
        return cls(Decision(data["at"]), options, int(data["samples"]), int(data["trick"]),
                   int(data["moves"]), None if why is None else Why(why),
                   tuple((str(k), int(v)) for k, v in data.get("facts", ())))


def hint(record: DealRecord, learner: int, *, declined: bool = False,
         samples: int = HINT_SAMPLES, seed: int = SEED,
         deadline: Deadline = NO_DEADLINE) -> Hint | None:
    """The hint at the decision ``learner`` is at after ``record`` (None: no hint there;
    ``OverBudget`` when ``deadline`` passes first); ``declined``: the learner said no to the
    poignée, their first card is the decision."""
    deal = record.deal()
    at = hint_decision(deal, learner)
    if at is None:
        return None
    if declined and at is Decision.POIGNEE:
        at = Decision.CARD
    rng = review_rng(record, seed, f"hint {len(deal.moves)}")
    if at is Decision.CARD:
        first = cards_of(deal.legal_plays())[0]
        valued = expected_card(deal, first, rng=rng, samples=samples, more=samples,
                               deadline=deadline)
    elif at in CHOICES:
        return _choice_hint(record, deal, learner, at, rng, samples, deadline)
    else:
        valued = _before_the_cards(deal, learner, record, at, rng, samples, deadline)
    return Hint(at, valued.options, valued.samples, len(deal.tricks), len(deal.moves))


def _before_the_cards(deal: Deal, learner: int, record: DealRecord, at: Decision, rng: Any,
                      samples: int, deadline: Deadline) -> Expectation:
    """A bid or a call valued on deals drawn around the learner's hand (nothing else is seen
    before the chien is shown), each option played out by the bots."""
    kind = Bid if at is Decision.BID else Call
    options = [a for a in deal.legal_actions() if type(a) is kind]
    drawn = redealt_around(record, learner, deal.moves, chien_seen=False)
    sampler = choices_sampler(drawn, learner, [(a,) for a in options], SimpleBot())
    return expectation(at, [(str(a),) for a in options], 0, sampler, rng, samples, samples,
                       deadline)


def _choice_hint(record: DealRecord, deal: Deal, learner: int, at: Decision,
                 rng: random.Random, samples: int, deadline: Deadline) -> Hint:
    """The écart, the chelem or the poignée valued as the review values it, with the fact
    that tells the best option from the next."""
    moment = _moment(record, deal, at)
    options = _choice_options(moment, learner)
    sampler = moment_sampler(record, learner, moment, options, SimpleBot())
    names = [tuple(str(a) for a in o) for o in options]
    valued = expectation(at, names, 0, sampler, rng, samples, samples, deadline)
    why, facts = (None, ()) if len(valued.options) < 2 else compared_why(
        at, moment.before, valued.options[0], valued.options[1])
    return Hint(at, valued.options, valued.samples, len(deal.tricks), len(deal.moves), why,
                facts)


def _moment(record: DealRecord, deal: Deal, at: Decision) -> Moment:
    """Where the decision ``at`` starts: for the écart, the deal before its first discard
    (the cards already put aside can be taken back); else ``deal`` itself."""
    if at is not Decision.ECART:
        return Moment(at, deal, tuple(deal.moves), ())
    start = record.dealt()
    said: list[Action] = []
    for action in record.moves:
        if start.phase is Phase.ECART:
            break
        start.push(action)
        said.append(action)
    return Moment(at, start, tuple(said), ())


def _choice_options(moment: Moment, learner: int) -> list[tuple[Action, ...]]:
    """The options a hint values at ``moment``: the écart's candidates, announce or not, or
    no poignée and each size, before the card SimpleBot would play."""
    if moment.decision is Decision.ECART:
        return ecart_candidates(moment.before)
    if moment.decision is Decision.CHELEM:
        return chelem_options()
    return poignee_options(moment.before, _first_card(moment.before, learner))


def _first_card(deal: Deal, learner: int) -> Play:
    """The card SimpleBot would play first (after the poignée it would show, if any)."""
    played = deal.copy()
    action = SimpleBot().choose(played, learner, random.Random(len(deal.moves)))
    if type(action) is ShowPoignee:
        played.push(action)
        action = SimpleBot().choose(played, learner, random.Random(len(deal.moves)))
    assert type(action) is Play
    return action


def hint_is_for(data: Hint, deal: Deal) -> bool:
    """The hint was computed at the decision ``deal`` is at now (a hint that arrives after
    the learner acted is dropped)."""
    return data.moves == len(deal.moves)


__all__ = ["CHOICES", "HINT_SAMPLES", "Hint", "hint", "hint_decision", "hint_is_for"]
