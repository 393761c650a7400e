"""The learner's own mistakes, to play again: each card the review labelled a mistake or a
blunder, at the position just before it, with what the review needs to judge another try.

A mistake is kept as the review valued it, by what the learner could know
(``tutor.review.expected``): every group of equivalent legal cards with its expected score
(points of the deal's score, the learner's side), the best first, over the same deals of the
hidden cards. Nothing is computed again here: the values are the review's, made on the
analysis workers; only the position is read back from the deal's record (one replay).

A card counts as right at another try when the review valued it as good as the best: less
than the inaccuracy cut-off below it (``TOLERANCE``), the smallest loss it ever labels.

The bid, the call, the écart, the chelem announcement and the poignée labelled a mistake or a
blunder are kept the same way (``OwnDecision``): the deal's record cut to the moves before the
decision (what the learner had seen is replayed from it), the options exactly as the review
valued them (every bid the engine allowed, every card the taker could call, the review's
écart candidates, each poignée size or none, to announce a chelem or not), the learner's
choice and its label; the puzzle offers only those options (``kind: own-decision``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from tutor.engine import (
    Action,
    Card,
    DealRecord,
    format_card,
    format_position,
    parse_card,
    rules_named,
)
from tutor.review.card_why import CardReason
from tutor.review.choices import ChoiceReview, Why, moments
from tutor.review.deal import DealReview, learner_turns
from tutor.review.expected import (
    CUTOFFS,
    Decision,
    Expectation,
    Verdict,
    learner_bid,
    option_cards,
)

# A card within this many points of the best is as good as the best: the inaccuracy cut-off.
TOLERANCE = min(smallest for _, smallest in CUTOFFS)
KEPT = frozenset({Verdict.MISTAKE, Verdict.BLUNDER})  # the labels that become puzzles
PREFIX = "own"
ID_DIGITS = 10  # a game id, deal or trick is below 2**31


@dataclass(frozen=True, slots=True)
class OwnMistake:
    """One card the learner got wrong: ``trick`` (0-based) of deal ``deal`` of game
    ``game_id``, the position before it (``notation``), the card ``played``, its label and
    conservative ``loss``, and every legal group of cards with its value (``options``, the
    best first), over ``samples`` deals of the hidden cards; the review's ``why`` (None in
    one kept before the review said it)."""

    game_id: int
    deal: int
    trick: int
    notation: str
    played: Card
    verdict: Verdict
    loss: float
    options: tuple[tuple[tuple[Card, ...], float], ...]
    samples: int
    why: CardReason | None = None

    @property
    def item(self) -> str:
        """The puzzle's id: one per deal and trick of the learner's game."""
        return item_of(self.game_id, self.deal, self.trick)

    @property
    def best(self) -> tuple[Card, ...]:
        return self.options[0][0]

    def to_data(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "deal": self.deal,
            "trick": self.trick,
            "notation": self.notation,
            "played": format_card(self.played),
            "verdict": self.verdict.value,
            "loss": self.loss,
            "options": [{"cards": [format_card(c) for c in cards], "value": value}
                        for cards, value in self.options],
            "samples": self.samples,
            "why": None if self.why is None else self.why.to_data(),
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> OwnMistake:
        """ValueError for data that is not one."""
        try:
            options = tuple(
                (tuple(parse_card(str(c)) for c in o["cards"]), float(o["value"]))
                for o in data["options"]
            )
            if len(options) < 2 or any(not cards for cards, _ in options):
                raise ValueError("fewer than two options")
            return cls(int(data["game_id"]), int(data["deal"]), int(data["trick"]),
                       str(data["notation"]), parse_card(str(data["played"])),
                       Verdict(data["verdict"]), float(data["loss"]), options,
                       int(data["samples"]),
                       None if data.get("why") is None else CardReason.from_data(data["why"]))
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"not an own mistake: {error}") from error


def item_of(game_id: int, deal: int, trick: int) -> str:
    return f"{PREFIX}-{game_id}-{deal}-{trick}"


def decision_item(game_id: int, deal: int, decision: Decision) -> str:
    """The id of an own decision's puzzle: one per deal and kind of decision."""
    return f"{PREFIX}-{game_id}-{deal}-{decision.value}"


# The decisions besides the cards, as their puzzles' ids name them.
DECISIONS = frozenset(d.value for d in Decision if d is not Decision.CARD)


def _number(part: str) -> bool:
    return part.isdigit() and len(part) <= ID_DIGITS  # bounded: it may be a URL's


def is_own(item: str) -> bool:
    """An id of the learner's own puzzle (made by ``item_of`` or ``decision_item``)."""
    parts = item.split("-")
    return (len(parts) == 4 and parts[0] == PREFIX and _number(parts[1]) and _number(parts[2])
            and (_number(parts[3]) or parts[3] in DECISIONS))


def _options(expected: Expectation) -> tuple[tuple[tuple[Card, ...], float], ...]:
    return tuple((option_cards(o), o.mean) for o in expected.options)


def own_mistakes(record: DealRecord, review: DealReview, game_id: int,
                 deal: int) -> tuple[OwnMistake, ...]:
    """The cards of ``review`` (of ``record``, deal ``deal`` of game ``game_id``) labelled a
    mistake or a blunder by what the learner could know, each at the position before it."""
    positions = {turn.trick: turn.position for turn in learner_turns(record, review.learner)}
    out = []
    for card in review.cards:
        expected = card.expected
        if expected is None or expected.verdict not in KEPT or card.trick not in positions:
            continue
        assert expected.verdict is not None
        out.append(OwnMistake(game_id, deal, card.trick, format_position(positions[card.trick]),
                              card.card, expected.verdict, expected.loss, _options(expected),
                              expected.samples, card.why))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class OwnDecision:
    """One decision besides the cards the learner got wrong: the ``decision`` of deal ``deal``
    of game ``game_id``, the deal's ``record`` cut to the moves before it, the learner's
    ``seat``, the options as the review valued them (``options``: moves in the engine's
    notation and expected score, the best first), the one taken (``chosen``), its label and
    conservative ``loss``, over ``samples`` deals of the hidden cards; the review's ``why``
    and its ``facts`` (``tutor.review.choices.Why``; None for the bid, said by its loss)."""

    game_id: int
    deal: int
    decision: Decision
    record: DealRecord
    seat: int
    options: tuple[tuple[tuple[str, ...], float], ...]
    chosen: int
    verdict: Verdict
    loss: float
    samples: int
    why: Why | None = None
    facts: tuple[tuple[str, int], ...] = ()

    @property
    def item(self) -> str:
        return decision_item(self.game_id, self.deal, self.decision)

    @property
    def best(self) -> tuple[str, ...]:
        return self.options[0][0]

    @property
    def played(self) -> tuple[str, ...]:
        return self.options[self.chosen][0]

    def to_data(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "deal": self.deal,
            "decision": self.decision.value,
            "players": self.record.players,
            "seed": self.record.seed,
            "dealer": self.record.dealer,
            "rules": self.record.rules.name,
            "moves": list(self.record.notation),
            "seat": self.seat,
            "options": [{"moves": list(moves), "value": value} for moves, value in self.options],
            "chosen": self.chosen,
            "verdict": self.verdict.value,
            "loss": self.loss,
            "samples": self.samples,
            "why": None if self.why is None else self.why.value,
            "facts": [[k, v] for k, v in self.facts],
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> OwnDecision:
        """ValueError for data that is not one."""
        try:
            decision = Decision(data["decision"])
            if decision is Decision.CARD:
                raise ValueError("a card is an own mistake, not a decision")
            options = tuple((tuple(str(m) for m in o["moves"]), float(o["value"]))
                            for o in data["options"])
            if len(options) < 2 or any(not moves for moves, _ in options):
                raise ValueError("fewer than two options")
            chosen = int(data["chosen"])
            if not 0 <= chosen < len(options):
                raise ValueError(f"option {chosen} of {len(options)}")
            record = DealRecord.from_notation(
                int(data["players"]), int(data["seed"]), int(data["dealer"]),
                [str(m) for m in data["moves"]], rules_named(str(data["rules"])))
            return cls(int(data["game_id"]), int(data["deal"]), decision, record,
                       int(data["seat"]), options, chosen, Verdict(data["verdict"]),
                       float(data["loss"]), int(data["samples"]),
                       None if data.get("why") is None else Why(data["why"]),
                       tuple((str(k), int(v)) for k, v in data.get("facts", ())))
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"not an own decision: {error}") from error


def is_decision(data: dict[str, Any]) -> bool:
    """Stored own-puzzle data of a decision besides the cards (else of a card)."""
    return "decision" in data


def _kept(record: DealRecord, expected: Expectation, before: tuple[Action, ...], seat: int,
          game_id: int, deal: int, choice: ChoiceReview | None = None) -> OwnDecision | None:
    if expected.verdict not in KEPT:
        return None
    assert expected.verdict is not None
    return OwnDecision(game_id, deal, expected.decision, replace(record, moves=before), seat,
                       tuple((o.moves, o.mean) for o in expected.options), expected.chosen,
                       expected.verdict, expected.loss, expected.samples,
                       None if choice is None else choice.why,
                       () if choice is None else choice.facts)


def own_decisions(record: DealRecord, review: DealReview, game_id: int,
                  deal: int) -> tuple[OwnDecision, ...]:
    """The bid, call, écart, chelem announcement and poignée of ``review`` (of ``record``,
    deal ``deal`` of game ``game_id``) labelled a mistake or a blunder by what the learner
    could know, each at the moment before it."""
    seat = review.learner
    out: list[OwnDecision | None] = []
    found = learner_bid(record, seat)
    if review.bid is not None and found is not None:
        out.append(_kept(record, review.bid, found[0].moves, seat, game_id, deal))
    said = {m.decision: m.said for m in moments(record, seat)} if review.choices else {}
    for choice in review.choices:
        if choice.decision in said:
            out.append(_kept(record, choice.expected, said[choice.decision], seat, game_id,
                             deal, choice))
    return tuple(d for d in out if d is not None)


def own_puzzles_of_review(record: DealRecord, review: DealReview, game_id: int,
                          deal: int) -> tuple[OwnMistake | OwnDecision, ...]:
    """Every decision of ``review`` kept as the learner's own puzzle: the bid and the other
    decisions in the deal's order, then the cards."""
    return (*own_decisions(record, review, game_id, deal),
            *own_mistakes(record, review, game_id, deal))


__all__ = [
    "DECISIONS",
    "KEPT",
    "TOLERANCE",
    "OwnDecision",
    "OwnMistake",
    "decision_item",
    "is_decision",
    "is_own",
    "item_of",
    "own_decisions",
    "own_mistakes",
    "own_puzzles_of_review",
]
