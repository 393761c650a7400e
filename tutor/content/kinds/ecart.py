"""``kind: ecart``: make the écart from the taker's hand with the chien.

Any legal écart is accepted; a legal one is then judged by the principles lesson 6 teaches,
read from the hand by ``tutor.bots.ecart`` (``judge_ecart``): the voids it makes against the
voids the hand allows, and the queens and cavaliers it leaves loose. Nothing is called the
best écart: an authored answer is an example, and no proof ranks écarts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tutor.bots.ecart import loose_honours, plan_ecart, voids_made
from tutor.content.errors import FieldPath
from tutor.content.fields import CardList, ExerciseBase, Position
from tutor.content.kinds.base import Say
from tutor.content.kinds.cards import card_words
from tutor.content.position_checks import Issue, Report, check_position, duplicate_cards
from tutor.content.verdict import RIGHT, Verdict, read_cards
from tutor.engine import (
    CAVALIERS_MASK,
    CHIEN_SIZE,
    KINGS_MASK,
    PLAIN_SUITS,
    QUEENS_MASK,
    SUIT_MASKS,
    Card,
    EcartReason,
    Suit,
    cards_of,
    default_ecart,
    ecart_refusals,
    format_card,
    half_points,
    legal_ecart_exists,
    mask_of,
    suit_of,
    trumps_to_show,
)

# A legal écart that misses a principle its hand allowed (a void, a loose face card saved).
LEGAL_TO_IMPROVE = "legal_ecart_to_improve"


@dataclass(frozen=True, slots=True)
class EcartJudgement:
    """A legal écart read by lesson 6's principles, beside the écart a computer player
    would make from the same hand (``tutor.bots.ecart.plan_ecart``)."""

    voids: tuple[Suit, ...]  # the suits it leaves the hand without
    voids_possible: tuple[Suit, ...]  # the voids the plan makes (kingless short suits)
    loose: tuple[Card, ...]  # queens and cavaliers kept without their king in a short suit
    loose_avoidable: bool  # the plan keeps fewer loose ones
    saved: tuple[Card, ...]  # queens and cavaliers without their king it banks
    points: int  # half-points it puts in the taker's pile
    trumps_shown: tuple[Card, ...]
    is_example: bool  # the écart the exercise gives as its example

    @property
    def void_missed(self) -> bool:
        return len(self.voids) < len(self.voids_possible)

    @property
    def meets_every_principle(self) -> bool:
        return not self.void_missed and not self.loose_avoidable


def _suits_with_a_king(hand: int) -> int:
    """Every card of the plain suits in which ``hand`` holds the king."""
    return sum(
        (SUIT_MASKS[s] for s in PLAIN_SUITS if hand & KINGS_MASK & SUIT_MASKS[s]), start=0
    )


def judge_ecart(hand: int, ecart: int, example: int | None = None,
                called: Card | None = None) -> EcartJudgement:
    """The principles ``ecart`` (a legal écart of ``hand``, the chien included) meets or
    misses, each measured against what the hand allows. At five players the called king's
    suit is no void to aim for: the taker keeps a card of it to reach the partner."""
    reach = SUIT_MASKS[suit_of(called)] if called is not None else 0
    plan = mask_of(plan_ecart(hand & ~reach, ecart.bit_count()))
    loose = loose_honours(hand, ecart)
    unguarded = (QUEENS_MASK | CAVALIERS_MASK) & ~_suits_with_a_king(hand)
    return EcartJudgement(
        voids=voids_made(hand, ecart),
        voids_possible=voids_made(hand, plan),
        loose=loose,
        loose_avoidable=len(loose) > len(loose_honours(hand, plan)),
        saved=tuple(cards_of(ecart & unguarded)),
        points=half_points(ecart),
        trumps_shown=tuple(trumps_to_show(ecart)),
        is_example=example is not None and ecart == example,
    )

ECART_REASONS = {
    EcartReason.NOT_IN_HAND: "it is not in the hand",
    EcartReason.KING: "a king never goes to the écart",
    EcartReason.OUDLER: "an oudler never goes to the écart",
    EcartReason.TRUMP_AVOIDABLE: "a trump goes to the écart only when there are not enough "
                                 "other cards",
    EcartReason.WRONG_SIZE: "wrong number of cards",
}


class EcartExercise(ExerciseBase):
    """Make the écart from the taker's hand with the chien. Any legal écart is accepted
    (correct); it is "right" when it misses none of the principles ``judge_ecart`` reads."""

    kind: Literal["ecart"]
    position: Position
    answer: CardList | None = None  # an example of a legal écart

    @property
    def size(self) -> int:
        return CHIEN_SIZE[self.position.players]

    def expected(self) -> frozenset[Card]:
        """One legal écart: the stated example, else the engine's default."""
        if self.answer is not None:
            return frozenset(self.answer)
        return frozenset(cards_of(default_ecart(self.position.hand_mask, self.size)))

    def judge(self, answer: object) -> Verdict:
        stated, expected = read_cards(answer), self.expected()
        if len(stated) != self.size:
            return Verdict(False, EcartReason.WRONG_SIZE.value, (), expected)
        refused = ecart_refusals(self.position.hand_mask, mask_of(stated), self.size)
        if refused:
            card, reason = min(refused.items())
            return Verdict(False, reason.value, (card,), expected)
        judged = self.judgement(stated)
        code = RIGHT if judged.meets_every_principle else LEGAL_TO_IMPROVE
        return Verdict(True, code, tuple(sorted(stated, reverse=True)), expected)

    def judgement(self, ecart: frozenset[Card]) -> EcartJudgement:
        """A legal écart read by the principles (``judge_ecart``)."""
        example = mask_of(self.answer) if self.answer is not None else None
        return judge_ecart(self.position.hand_mask, mask_of(ecart), example,
                           self.position.called)

    def check(self, at: FieldPath = ()) -> list[Issue]:
        pos = self.position
        issues = check_position(pos, (*at, "position"), "ecart")
        if issues:
            return issues
        r = Report(at)
        size = self.size
        if not legal_ecart_exists(pos.hand_mask, size):
            r.add(("position", "hand"), f"no legal écart: fewer than {size} cards that are "
                                        "neither kings nor oudlers")
            return r.issues
        if self.answer is None:
            return []
        r.extend(duplicate_cards(self.answer, (*at, "answer"), "écart"))
        if len(self.answer) != size:
            r.add(("answer",), f"an écart has {size} cards at {pos.players} players, not "
                               f"{len(self.answer)}")
        if r:
            return r.issues
        refused = ecart_refusals(pos.hand_mask, mask_of(self.answer), size)
        for card, reason in sorted(refused.items()):
            r.add(("answer", self.answer.index(card)),
                  f"card '{format_card(card)}' may not go to the écart: "
                  f"{ECART_REASONS[reason]} ({reason.value})")
        return r.issues

    def answer_text(self, lang: str, say: Say) -> str:
        return card_words(self.expected(), lang)
