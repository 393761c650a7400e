"""The learner's decisions besides the bid and the cards, valued by what the learner knew:
the call at 5 players, the écart, the chelem announcement and the poignée.

Each is valued as the bid is (``tutor.review.expected``): deals drawn consistently with what
the learner had seen at that moment, every choice played out on the same deals by the bots
and the solver, the conservative loss and its label.

- **The call**: every card the rules let the taker call, over deals drawn around the taker's
  hand and the bids (the chien is not yet seen when the taker calls).
- **The écart**: there are too many écarts to try them all, so the learner's is set against a
  few sensible candidates: the coach's suggested écart (``tutor.practice.advice``) and
  variations of it, each one card changed, every candidate legal by the engine. The deals
  drawn keep the hand and the chien the taker saw. What the review can say is "the best of
  these candidates", never "the best écart".
- **The chelem**: announce or not, when the learner took; deals drawn as for the écart
  (the chien kept when it was turned up, dealt again when nobody saw it).
- **The poignée**: before the learner's first card, with enough trumps to show one: no
  poignée, or each size the rules allow; the learner's first card is the same in every
  choice, and the deals drawn are those of that card (``tutor.bots.sampling``).

Each comes with the fact that explains it in one sentence (``Why``), read from the hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from typing import Any, TypeVar

from tutor.analysis.deadline import NO_DEADLINE, Deadline
from tutor.bots.sampling import sample_deal
from tutor.bots.simple import SimpleBot
from tutor.engine import (
    PLAIN_SUITS,
    SUIT_MASKS,
    TRUMPS_MASK,
    Action,
    AnnounceChelem,
    Call,
    Card,
    ChienFate,
    Deal,
    DealRecord,
    Discard,
    IllegalActionError,
    Phase,
    ShowPoignee,
    cards_of,
    half_points,
    parse_action,
    rank_of,
    suit_of,
)
from tutor.practice.advice import ecart_advice
from tutor.review.expected import (
    MORE_SAMPLES,
    SAMPLES,
    Decision,
    Expectation,
    Option,
    PlayedOn,
    Sampler,
    choices_sampler,
    expectation,
    played_on,
    redealt_around,
)

A = TypeVar("A")

VARIATIONS = 2  # écarts tried besides the learner's and the coach's


class Why(StrEnum):
    """The fact that explains a decision's verdict, in one sentence (``review.why.<code>``)."""

    BEST = "best"  # the learner's choice was the best one tried
    CLOSE = "close"  # another was better on average, by less than the samples can tell
    CALL_ALONE = "call_alone"  # the learner called a card of their own hand: alone
    CALL_SUIT = "call_suit"  # the best call is in a suit of another length in the hand
    CALL_OTHER = "call_other"  # the same length: the play decided it
    ECART_VOIDS = "ecart_voids"  # the best candidate empties more suits
    ECART_POINTS = "ecart_points"  # the best candidate puts more points aside
    ECART_OTHER = "ecart_other"  # same voids and points: the play decided it
    POIGNEE_SHOW = "poignee_show"  # showing it was worth more: the side that took it won
    POIGNEE_HIDE = "poignee_hide"  # not showing: it told the defence, and its bonus went over
    POIGNEE_SIZE = "poignee_size"  # another size was worth more
    CHELEM_ANNOUNCED = "chelem_announced"  # announced, and rarely made in the deals drawn
    CHELEM_MISSED = "chelem_missed"  # not announced, though mostly made in the deals drawn


@dataclass(frozen=True, slots=True)
class ChoiceReview:
    """One decision besides the bid and the cards: valued (``expected``, whose ``decision``
    says which kind), and the fact that explains it (``why``, with the numbers its sentence
    says in ``facts``: ``best`` for the best choice, ``played`` for the learner's)."""

    expected: Expectation
    why: Why
    facts: tuple[tuple[str, int], ...] = ()
    how: PlayedOn | None = None  # labelled: the deal played on from the best choice

    @property
    def decision(self) -> Decision:
        return self.expected.decision

    def to_data(self) -> dict[str, Any]:
        return {"expected": self.expected.to_data(), "why": self.why.value,
                "facts": [[k, v] for k, v in self.facts],
                "how": None if self.how is None else self.how.to_data()}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> ChoiceReview:
        how = data.get("how")
        return cls(Expectation.from_data(data["expected"]), Why(data["why"]),
                   tuple((str(k), int(v)) for k, v in data.get("facts", ())),
                   None if how is None else PlayedOn.from_data(how))


# --- where each decision was ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Moment:
    """A decision of the learner's in the record: the deal just before it, the moves before
    it, and what the learner did (``chosen``: the actions, in order)."""

    decision: Decision
    before: Deal
    said: tuple[Action, ...]
    chosen: tuple[Action, ...]


def moments(record: DealRecord, seat: int) -> list[Moment]:
    """The learner's call, écart, chelem announcement and poignée choice, in the deal's order
    (a decision they did not have is not listed)."""
    deal = record.dealt()
    moves = list(record.moves)
    out: list[Moment] = []
    i = 0
    while i < len(moves):
        action = moves[i]
        ours = deal.current_seat == seat
        if ours and deal.phase is Phase.CALLING:
            out.append(Moment(Decision.CALL, deal.copy(), tuple(moves[:i]), (action,)))
        elif ours and deal.phase is Phase.ECART:
            size = deal.ecart_size
            out.append(Moment(Decision.ECART, deal.copy(), tuple(moves[:i]),
                              tuple(moves[i:i + size])))
            for discard in moves[i:i + size - 1]:
                deal.push(discard)
            i += size - 1
            action = moves[i]
        elif ours and deal.phase is Phase.CHELEM:
            out.append(Moment(Decision.CHELEM, deal.copy(), tuple(moves[:i]), (action,)))
        elif ours and deal.phase is Phase.PLAYING and deal.poignee_choices():
            shown = type(action) is ShowPoignee
            card = moves[i + 1] if shown else action
            out.append(Moment(Decision.POIGNEE, deal.copy(), tuple(moves[:i]),
                              (action, card) if shown else (card,)))
        deal.push(action)
        i += 1
    return out


# --- the options of each decision -----------------------------------------------------------
def call_options(before: Deal) -> list[tuple[Action, ...]]:
    return [(a,) for a in before.legal_actions() if type(a) is Call]


def legal_ecart(before: Deal, cards: Sequence[Card]) -> tuple[Discard, ...] | None:
    """``cards`` as discards in an order the engine takes (trumps last: one is allowed only
    when nothing else may go), or None when the engine refuses that écart."""
    ordered = sorted(cards, key=lambda c: (bool(TRUMPS_MASK >> c & 1), c))
    deal = before.copy()
    try:
        for card in ordered:
            deal.push(Discard(card))
    except IllegalActionError:
        return None
    return tuple(Discard(c) for c in ordered)


def ecart_variations(before: Deal, advised: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The coach's écart with one card changed: its last and its first card in turn kept, and
    in its place the lowest card the engine lets go of another suit (never a trump)."""
    taker = before.taker
    assert taker is not None
    gone = 0
    for card in advised:
        gone |= 1 << card
    spare = before.legal_discards() & ~gone & ~TRUMPS_MASK
    out: list[tuple[Card, ...]] = []
    for kept in dict.fromkeys((advised[-1], advised[0])):
        others = [c for c in cards_of(spare) if suit_of(c) != suit_of(kept)]
        if not others:
            continue
        instead = min(others, key=lambda c: (rank_of(c), c))
        spare &= ~(1 << instead)
        out.append(tuple(instead if c == kept else c for c in advised))
    return out[:VARIATIONS]


def ecart_options(before: Deal, played: Sequence[Discard]) -> list[tuple[Action, ...]]:
    """The learner's écart first, then the coach's and its variations (each once, each legal
    by the engine)."""
    out: list[tuple[Action, ...]] = [tuple(played)]
    seen = {frozenset(d.card for d in played)}
    for candidate in ecart_candidates(before):
        if frozenset(_discarded(candidate)) not in seen:
            seen.add(frozenset(_discarded(candidate)))
            out.append(candidate)
    return out


def ecart_candidates(before: Deal) -> list[tuple[Action, ...]]:
    """The coach's écart and its variations, each once and each legal by the engine, as
    discards (``before``: the deal at the écart, before its first discard)."""
    taker = before.taker
    assert taker is not None
    advised = tuple(c.card for c in ecart_advice(before, taker).cards)
    out: list[tuple[Action, ...]] = []
    seen: set[frozenset[Card]] = set()
    for candidate in (advised, *ecart_variations(before, advised)):
        if frozenset(candidate) in seen:
            continue
        discards = legal_ecart(before, candidate)
        if discards is not None:
            seen.add(frozenset(candidate))
            out.append(discards)
    return out


def _discarded(actions: Sequence[Action]) -> tuple[Card, ...]:
    return tuple(a.card for a in actions if type(a) is Discard)


def poignee_options(before: Deal, card: Action) -> list[tuple[Action, ...]]:
    """No poignée, or each size the rules allow (its trumps as the engine shows them), the
    learner's first card after it."""
    return [(card,)] + [(ShowPoignee(mask), card) for mask in before.poignee_choices().values()]


def chelem_options() -> list[tuple[Action, ...]]:
    return [(AnnounceChelem(False),), (AnnounceChelem(True),)]


def _options(moment: Moment) -> list[tuple[Action, ...]]:
    """Every choice tried at ``moment``, the learner's among them."""
    if moment.decision is Decision.CALL:
        return call_options(moment.before)
    if moment.decision is Decision.ECART:
        return ecart_options(moment.before,
                             [a for a in moment.chosen if type(a) is Discard])
    if moment.decision is Decision.CHELEM:
        return chelem_options()
    options = poignee_options(moment.before, moment.chosen[-1])
    if moment.chosen not in options:  # a poignée of the same size, other trumps shown
        options = [moment.chosen if len(o) == 2 and _shown(o) == _shown(moment.chosen)
                   else o for o in options]
    return options


def _shown(actions: Sequence[Action]) -> int:
    """How many cards a poignée choice shows (0: none)."""
    first = actions[0]
    return first.cards.bit_count() if type(first) is ShowPoignee else 0


# --- the deals drawn ------------------------------------------------------------------------
def moment_sampler(record: DealRecord, seat: int, moment: Moment,
                   options: Sequence[Sequence[Action]], bot: SimpleBot) -> Sampler:
    """The options at ``moment`` played out on deals drawn by what ``seat`` had seen then:
    around their hand and the bids (the chien kept once the taker saw it) before the cards,
    the unseen cards at the first card (the poignée)."""
    if moment.decision is Decision.POIGNEE:
        return in_play_sampler(moment.before, seat, options, bot)
    contract = moment.before.contract
    # the taker saw the chien once it was turned up (prise, garde), after the call
    seen = (moment.decision is not Decision.CALL and contract is not None
            and contract.chien is ChienFate.SHOWN_TAKEN_AND_ECART)
    drawn = redealt_around(record, seat, moment.said, chien_seen=seen)
    return choices_sampler(drawn, seat, options, bot)


def in_play_sampler(before: Deal, seat: int, options: Sequence[Sequence[Action]],
                     bot: SimpleBot) -> Sampler:
    """Deals of the cards the learner could not see at their first card."""
    return choices_sampler(partial(sample_deal, before, seat), seat, options, bot)


# --- why ------------------------------------------------------------------------------------
def _voids(hand: int, cards: Sequence[Card]) -> int:
    """The plain suits an écart of ``cards`` leaves ``hand`` without."""
    kept = hand
    for card in cards:
        kept &= ~(1 << card)
    return sum(1 for s in PLAIN_SUITS if hand & SUIT_MASKS[s] and not kept & SUIT_MASKS[s])


def _ecart_cards(option: Option) -> tuple[Card, ...]:
    out = []
    for move in option.moves:
        action = parse_action(move)
        assert type(action) is Discard
        out.append(action.card)
    return tuple(out)


def _why(moment: Moment, valued: Expectation) -> tuple[Why, tuple[tuple[str, int], ...]]:
    if valued.chosen == 0:
        return Why.BEST, ()
    if valued.verdict is None:
        return Why.CLOSE, ()
    return compared_why(moment.decision, moment.before, valued.best, valued.played)


def compared_why(decision: Decision, before: Deal, best: Option,
                 played: Option) -> tuple[Why, tuple[tuple[str, int], ...]]:
    """The fact that tells ``best`` from ``played`` (another option of ``decision``), read
    from the taker's hand in ``before``, with the numbers its sentence says."""
    taker = before.taker
    assert taker is not None
    hand = before.hands[taker]
    if decision is Decision.CALL:
        if hand >> _action(played, Call).card & 1:
            return Why.CALL_ALONE, ()
        lengths = [(hand & SUIT_MASKS[suit_of(_action(o, Call).card)]).bit_count()
                   for o in (best, played)]
        why = Why.CALL_SUIT if lengths[0] != lengths[1] else Why.CALL_OTHER
        return why, (("best", lengths[0]), ("played", lengths[1]))
    if decision is Decision.ECART:
        voids = [_voids(hand, _ecart_cards(o)) for o in (best, played)]
        if voids[0] > voids[1]:
            return Why.ECART_VOIDS, (("best", voids[0]), ("played", voids[1]))
        aside = [sum(half_points(1 << c) for c in _ecart_cards(o)) // 2 for o in (best, played)]
        if aside[0] > aside[1]:
            return Why.ECART_POINTS, (("best", aside[0]), ("played", aside[1]))
        return Why.ECART_OTHER, ()
    if decision is Decision.CHELEM:
        announced = _action(played, AnnounceChelem).announce
        return (Why.CHELEM_ANNOUNCED if announced else Why.CHELEM_MISSED), ()
    sizes = [_shown(tuple(parse_action(m) for m in o.moves)) for o in (best, played)]
    facts = (("best", sizes[0]), ("played", sizes[1]))
    if not sizes[1]:
        return Why.POIGNEE_SHOW, facts
    return (Why.POIGNEE_HIDE if not sizes[0] else Why.POIGNEE_SIZE), facts


def _action(option: Option, kind: type[A]) -> A:
    action = parse_action(option.moves[0])
    assert isinstance(action, kind)
    return action


# --- the review of each -----------------------------------------------------------------------
def review_choice(
    record: DealRecord,
    seat: int,
    moment: Moment,
    *,
    rng: random.Random,
    samples: int = SAMPLES,
    more: int = MORE_SAMPLES,
    bot: SimpleBot | None = None,
    deadline: Deadline = NO_DEADLINE,
) -> ChoiceReview | None:
    """The decision at ``moment`` valued against its other choices (None: the learner had
    only one)."""
    options = _options(moment)
    if len(options) < 2:
        return None
    chosen = options.index(moment.chosen)
    sampler = moment_sampler(record, seat, moment, options, bot or SimpleBot())
    names = [tuple(str(a) for a in o) for o in options]
    valued = expectation(moment.decision, names, chosen, sampler, rng, samples, more,
                         deadline)
    why, facts = _why(moment, valued)
    how = None if valued.verdict is None else played_on(moment.before, seat, valued.best)
    return ChoiceReview(valued, why, facts, how)


__all__ = [
    "VARIATIONS",
    "ChoiceReview",
    "Moment",
    "Why",
    "call_options",
    "chelem_options",
    "compared_why",
    "ecart_candidates",
    "ecart_options",
    "ecart_variations",
    "in_play_sampler",
    "legal_ecart",
    "moment_sampler",
    "moments",
    "poignee_options",
    "review_choice",
]
